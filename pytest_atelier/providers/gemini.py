"""Gemini ``generateContent``: ``POST {base_url}/models/{model}:generateContent``.

The key goes in the ``x-goog-api-key`` header (never the URL). Images are ``inline_data``
parts; a JSON schema sets ``responseMimeType: application/json`` and ``responseJsonSchema``.
A ``promptFeedback.blockReason`` or a candidate that finished for SAFETY (or another block
reason) is a ProviderError. ``generate`` is shared with the image model (``gemini_image``).
"""

from __future__ import annotations

import base64
from typing import Sequence

from ..errors import ProviderError
from .chat import ChatReply, cut_short, dig, estimate_tokens, optional_fields, sent_terms, worst_input_tokens
from .factory import Connection
from .media import sniff_mime
from .transport import Reply
from .usage import Usage

__all__ = ["GeminiChat", "generate", "BLOCK_REASONS", "gemini_usage"]

BLOCK_REASONS = frozenset(
    {"SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY", "IMAGE_PROHIBITED_CONTENT", "IMAGE_RECITATION"}
)


def generate(conn: Connection, model: str, body: dict, what: str, tokens: int = 0, worst: Usage | None = None,
             params: dict[str, str] | None = None) -> tuple[Reply, dict]:  # fmt: skip
    """POST a generateContent body; returns the reply and its first candidate, or raises on a block."""
    headers = {"x-goog-api-key": conn.api_key} if conn.api_key else {}
    reply = conn.transport.send(
        "POST", f"{conn.base_url}/models/{model}:generateContent", what=what, json=body, headers=headers, tokens=tokens, model=model,
        worst=worst, params=params,
    )
    with conn.transport.billed(reply):  # an answer that fails to read was still billed
        feedback = reply.data.get("promptFeedback") or {} if isinstance(reply.data, dict) else {}
        if feedback.get("blockReason"):
            raise ProviderError(f"{what}: the request was blocked by the provider's safety system ({feedback['blockReason']})")
        candidate = dig(reply.data, "candidates", 0, what=what)
        finish = candidate.get("finishReason")
        if finish in BLOCK_REASONS:
            raise ProviderError(f"{what}: the answer was blocked by the provider's safety system (finishReason {finish})")
    return reply, candidate


def gemini_usage(data: dict) -> Usage:
    meta = data.get("usageMetadata") or {}
    out = int(meta.get("candidatesTokenCount") or 0) + int(meta.get("thoughtsTokenCount") or 0)
    return Usage(input_tokens=int(meta.get("promptTokenCount") or 0), output_tokens=out)


class GeminiChat:
    family = "gemini"

    def __init__(self, model: str, connection: Connection):
        self.model, self.conn = model, connection

    def options(self, temperature: float | None, max_tokens: int | None, seed: int | None) -> dict[str, tuple[object, str]]:
        """The ``generationConfig`` fields sent, each with the setting it comes from (thinking
        tokens count towards ``maxOutputTokens``)."""
        return optional_fields(self.conn.transport, "maxOutputTokens", temperature, max_tokens, seed)

    def request_terms(self, *, temperature: float | None = None, max_tokens: int | None = None, seed: int | None = None) -> dict:
        """What a request carries besides its contents and schema (see :func:`~.chat.request_identity`)."""
        return sent_terms("gemini-generateContent", self, self.options(temperature, max_tokens, seed))

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
        parts: list[dict] = [{"text": user}]
        parts += [{"inline_data": {"mime_type": sniff_mime(d), "data": base64.b64encode(d).decode()}} for d in images]
        body: dict = {"contents": [{"role": "user", "parts": parts}]}
        if system:
            body["systemInstruction"] = {"parts": [{"text": system}]}
        options = self.options(temperature, max_tokens, seed)
        config: dict = {field: value for field, (value, _) in options.items()}
        params = {f"generationConfig.{field}": source for field, (_, source) in options.items()}
        limit = config.get("maxOutputTokens")
        if json_schema is not None:
            config.update(responseMimeType="application/json", responseJsonSchema=json_schema)
        if config:
            body["generationConfig"] = config
        what = f"gemini generateContent {self.model}"
        estimate = estimate_tokens(system, user, images=len(images))
        worst = Usage(input_tokens=worst_input_tokens(system, user, images=len(images)), output_tokens=limit or 0)
        reply, candidate = generate(self.conn, self.model, body, what, estimate, worst, params)
        with self.conn.transport.billed(reply):  # an answer that fails to read was still billed
            text = "".join(
                p.get("text", "") for p in (candidate.get("content") or {}).get("parts") or [] if isinstance(p, dict) and not p.get("thought")
            )
            if not text.strip():
                finish = candidate.get("finishReason")
                raise ProviderError(f"{what} returned an empty answer (finishReason {finish}){cut_short(finish == 'MAX_TOKENS', limit)}")
            usage = self.conn.transport.account(self.model, gemini_usage(reply.data), reply, estimate)
        return ChatReply(text, usage, self.model, candidate.get("finishReason"), reply.latency_s, reply.attempts)
