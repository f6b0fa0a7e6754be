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

__all__ = ["ChatReply", "ChatClient", "estimate_tokens", "dig", "DEFAULT_MAX_OUTPUT"]

# The answer size a budget reserves for a chat call that sets no max_tokens (Anthropic's default here).
DEFAULT_MAX_OUTPUT = 8192


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
