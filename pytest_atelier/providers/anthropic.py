"""Anthropic Messages API: ``POST {base_url}/messages``.

Headers ``x-api-key`` and ``anthropic-version: 2023-06-01``; images are ``image`` content
blocks with a base64 ``source``; ``max_tokens`` is required (default 8192: Claude thinks only
when asked, which this client never does). ``temperature`` is sent only when the spec gives one
(Claude Opus 4.7 and later models refuse it). The API has no schema-constrained output here, so
a JSON schema is stated in the system prompt instead. ``stop_reason == "refusal"`` is a
ProviderError. Anthropic has no ``seed``.
"""

from __future__ import annotations

import base64
import json
from typing import Sequence

from ..errors import ProviderError
from .chat import PARAM_SOURCES, ChatReply, cut_short, dig, estimate_tokens, sent_terms, worst_input_tokens
from .factory import Connection
from .media import sniff_mime
from .usage import Usage

__all__ = ["AnthropicChat", "API_VERSION", "DEFAULT_MAX_TOKENS"]

API_VERSION = "2023-06-01"
DEFAULT_MAX_TOKENS = 8192


class AnthropicChat:
    family = "anthropic"

    def __init__(self, model: str, connection: Connection):
        self.model, self.conn = model, connection

    def options(self, temperature: float | None, max_tokens: int | None, seed: int | None) -> dict[str, tuple[object, str]]:
        """The optional body fields sent, each with the setting it comes from (``max_tokens`` is
        required: its default when the spec gives none; no ``seed``, which the API does not take)."""
        sent = {"max_tokens": (max_tokens or DEFAULT_MAX_TOKENS, PARAM_SOURCES["max_tokens"] if max_tokens is not None else "")}
        if temperature is not None:
            sent["temperature"] = (temperature, PARAM_SOURCES["temperature"])
        return sent

    def request_terms(self, *, temperature: float | None = None, max_tokens: int | None = None, seed: int | None = None) -> dict:
        """What a request carries besides its messages and schema (see :func:`~.chat.request_identity`)."""
        return sent_terms("anthropic-messages", self, self.options(temperature, max_tokens, seed))

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
    ) -> ChatReply:
        content: list[dict] = [
            {"type": "image", "source": {"type": "base64", "media_type": sniff_mime(data), "data": base64.b64encode(data).decode()}}
            for data in images
        ]
        content.append({"type": "text", "text": user})
        if json_schema is not None:
            system = f"{system}\n\nAnswer with one JSON object only, following this JSON schema:\n{json.dumps(json_schema)}".strip()
        options = self.options(temperature, max_tokens, seed)
        body: dict = {"model": self.model, "messages": [{"role": "user", "content": content}]}
        body.update({field: value for field, (value, _) in options.items()})
        params = {field: source for field, (_, source) in options.items() if source}
        if system:
            body["system"] = system
        headers = {"anthropic-version": API_VERSION}
        if self.conn.api_key:
            headers["x-api-key"] = self.conn.api_key
        what = f"anthropic messages {self.model}"
        estimate = estimate_tokens(system, user, images=len(images))
        reply = self.conn.transport.send(
            "POST", f"{self.conn.base_url}/messages", what=what, json=body, headers=headers, tokens=estimate,
            model=self.model, worst=Usage(input_tokens=worst_input_tokens(system, user, images=len(images)), output_tokens=body["max_tokens"]),
            params=params,
        )
        with self.conn.transport.billed(reply):  # an answer that fails to read was still billed
            stop = reply.data.get("stop_reason") if isinstance(reply.data, dict) else None
            if stop == "refusal":
                raise ProviderError(f"{what} refused the request (stop_reason refusal)")
            blocks = dig(reply.data, "content", what=what)
            text = "".join(b.get("text", "") for b in blocks if isinstance(b, dict) and b.get("type") == "text")
            if not text.strip():
                raise ProviderError(f"{what} returned an empty answer (stop_reason {stop}){cut_short(stop == 'max_tokens', body['max_tokens'])}")
            tokens = reply.data.get("usage") or {}
            inputs = sum(int(tokens.get(k) or 0) for k in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"))
            usage = self.conn.transport.account(self.model, Usage(inputs, int(tokens.get("output_tokens") or 0)), reply, estimate)
        return ChatReply(text, usage, self.model, stop, reply.latency_s, reply.attempts)
