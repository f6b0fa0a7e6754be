"""What every chat client (OpenAI-compatible, Anthropic, Gemini) offers prompters and judges.

``client.chat(system, user, images)`` sends one user turn, optionally with images (PNG,
JPEG, GIF or WebP bytes) and a JSON schema the answer must follow, and returns a
:class:`ChatReply`. A refusal or a safety block is a ``ProviderError`` whose message says
which, so it becomes an error item, never a wrong answer.
"""

from __future__ import annotations

import dataclasses
from typing import Protocol, Sequence, runtime_checkable

from ..errors import ProviderError
from .usage import Usage

__all__ = ["ChatReply", "ChatClient", "estimate_tokens", "worst_input_tokens", "output_limit", "cut_short", "dig", "BUDGET_MAX_OUTPUT", "PARAM_SOURCES", "request_identity", "optional_fields", "sent_terms"]

# The answer limit sent (and reserved) under --atelier-max-cost when the spec sets no max_tokens:
# room for a reasoning model's thinking, which counts as output and is billed as output.
BUDGET_MAX_OUTPUT = 32768
# Tokens a budget reserves per input image: above what the APIs bill for one image at the sizes
# sent (Anthropic about w*h/750, at most ~1,600; OpenAI's patch-based models about 1,500-2,500;
# Gemini 3 at high media resolution 1,120).
IMAGE_INPUT_TOKENS = 2500

# Where each optional request parameter comes from, named when an API refuses it.
PARAM_SOURCES = {
    "temperature": "temperature= in the spec",
    "max_tokens": "max_tokens= in the spec",
    "budget_limit": "--atelier-max-cost (under a budget every call carries an output limit: set max_tokens= in the spec to choose it)",
    "seed": "the seed (seed= in a judge's spec; a prompter sends --atelier-seed)",
}


@dataclasses.dataclass(frozen=True)
class ChatReply:
    text: str
    usage: Usage
    model: str
    finish_reason: str | None
    latency_s: float
    attempts: int = 1


@runtime_checkable
class ChatClient(Protocol):
    family: str
    model: str

    def chat(
        self,
        system: str,
        user: str,
        images: Sequence[bytes] = (),
        *,
        json_schema: dict | None = None,
        temperature: float | None = None,
        max_tokens: int | None = None,
        seed: int | None = None,
    ) -> ChatReply: ...


def estimate_tokens(*texts: str, images: int = 0) -> int:
    """A rough input size for rate limiting: 4 characters a token, ~1000 tokens an image."""
    return sum(len(t) for t in texts) // 4 + 1000 * images


def worst_input_tokens(*texts: str, images: int = 0) -> int:
    """The input a budget reserves: one token per 2 bytes of UTF-8 (tokenizers average 3-4 bytes
    a token on English and code, about 3 per CJK character) and ``IMAGE_INPUT_TOKENS`` an image."""
    return sum(len(t.encode("utf-8")) for t in texts) // 2 + 1 + IMAGE_INPUT_TOKENS * images


def output_limit(transport, max_tokens: int | None) -> tuple[int | None, str]:
    """The answer limit to send and where it comes from: the spec's ``max_tokens``; else, under a
    budget, ``BUDGET_MAX_OUTPUT`` (so the limit reserved is the limit sent); else none."""
    if max_tokens is not None:
        return max_tokens, PARAM_SOURCES["max_tokens"]
    if transport.budget.max_cost is not None:
        return BUDGET_MAX_OUTPUT, PARAM_SOURCES["budget_limit"]
    return None, ""


def optional_fields(transport, limit_field: str, temperature: float | None, max_tokens: int | None, seed: int | None,
                    limit_hint: str = "") -> dict[str, tuple[object, str]]:  # fmt: skip
    """The optional fields a request carries (the answer limit in ``limit_field``), each with the
    setting it comes from: only those given, and the limit that :func:`output_limit` chooses."""
    limit, limit_source = output_limit(transport, max_tokens)
    return {
        field: (value, source)
        for field, value, source in (
            ("temperature", temperature, PARAM_SOURCES["temperature"]),
            (limit_field, limit, limit_source + limit_hint),
            ("seed", seed, PARAM_SOURCES["seed"]),
        )
        if value is not None
    }


def cut_short(hit: bool, limit: int | None) -> str:
    """The hint for an empty answer that stopped at its output limit."""
    if not hit:
        return ""
    return (f": the output limit ({limit} tokens) was reached before any answer, a reasoning model's thinking counts "
            "towards it; raise max_tokens= in the spec")


def dig(data: object, *path, what: str):
    """``data[path[0]][path[1]]...``, or a ProviderError saying the answer had another shape."""
    here = data
    for step in path:
        try:
            here = here[step]
        except (KeyError, IndexError, TypeError):
            shown = ".".join(str(p) for p in path)
            raise ProviderError(f"{what}: the answer has no {shown} (unexpected shape: {str(data)[:200]})") from None
    return here


def sent_terms(api: str, client, options: dict[str, tuple[object, str]]) -> dict:
    """An HTTP client's request terms (see :func:`request_identity`): its API, root and model and
    the optional fields it sends, from its ``options``."""
    return {"api": api, "base_url": client.conn.base_url, "model": client.model, **{field: value for field, (value, _) in options.items()}}


def request_identity(client, *, temperature: float | None = None, max_tokens: int | None = None, seed: int | None = None) -> dict:
    """What a client's requests carry besides their messages and schema, as a cache key needs it:
    the API, its root, the model and the optional fields as they are sent (a sampling parameter
    only when given, the output limit in its own field with the value sent, a seed only where the
    API takes one). A client without ``request_terms`` (a plugin's) names what it is given."""
    terms = getattr(client, "request_terms", None)
    if terms is not None:
        return terms(temperature=temperature, max_tokens=max_tokens, seed=seed)
    given = {"temperature": temperature, "max_tokens": max_tokens, "seed": seed}
    return {"api": client.family, "model": client.model, **{k: v for k, v in given.items() if v is not None}}
