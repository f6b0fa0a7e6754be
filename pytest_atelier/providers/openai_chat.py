"""OpenAI chat completions, and any server that speaks them (vLLM, Ollama, llama.cpp, OpenRouter).

``POST {base_url}/chat/completions`` with ``Authorization: Bearer KEY`` (omitted for a local
server without a key). Images go as ``image_url`` content parts holding ``data:`` URLs; a
JSON schema goes as ``response_format={"type": "json_schema", ...}`` (strict). A non-null
``message.refusal`` or ``finish_reason == "content_filter"`` is a ProviderError.

Sampling parameters go out only when given. The answer limit goes in the field the model's
server reads (:func:`default_limit_field`): OpenAI's own models (``gpt-5.4``, ``o3``, wherever they are
served) take ``max_completion_tokens`` and refuse ``max_tokens``; other models are served by
OpenAI-compatible servers, which all read ``max_tokens`` (Ollama and LM Studio read only it,
llama.cpp before February 2026 too; vLLM reads both). A proxy that serves an OpenAI reasoning
model under another name needs ``limit_field=max_completion_tokens`` in the spec
(``LIMIT_FIELDS``). ``seed`` goes out when given: every server of this protocol takes it.
"""

from __future__ import annotations

import base64
import re
from typing import Sequence

from ..errors import ProviderError
from .chat import ChatReply, cut_short as _cut_short, dig, estimate_tokens, optional_fields, sent_terms, worst_input_tokens
from .factory import Connection
from .media import sniff_mime
from .usage import Usage

__all__ = ["OpenAIChat", "default_limit_field", "LIMIT_FIELDS"]

LIMIT_FIELDS = ("max_tokens", "max_completion_tokens")

# OpenAI's own model names (a local server's names carry a tag or an organisation: "llama3.1:8b", "Qwen/Qwen3-8B")
_OPENAI_MODEL = re.compile(r"(?:gpt-[4-9]|o[1-9]|chatgpt-)[\w.\-]*")


def default_limit_field(model: str) -> str:
    """The body field of the answer limit for ``model`` when the spec names none."""
    return "max_completion_tokens" if _OPENAI_MODEL.fullmatch(model) else "max_tokens"


class OpenAIChat:
    family = "openai"

    def __init__(self, model: str, connection: Connection, limit_field: str | None = None):
        if limit_field is not None and limit_field not in LIMIT_FIELDS:
            raise ValueError(f"limit_field must be one of {', '.join(LIMIT_FIELDS)}, got {limit_field!r}")
        self.model, self.conn = model, connection
        self.limit_field = limit_field or default_limit_field(model)
        other = LIMIT_FIELDS[1 - LIMIT_FIELDS.index(self.limit_field)]
        # named when the API refuses the field: a server may read the other one under this model name
        self._field_hint = "" if limit_field else f"; its field, {self.limit_field}, follows the model name: set limit_field={other} in the spec if the server takes that one"

    def options(self, temperature: float | None, max_tokens: int | None, seed: int | None) -> dict[str, tuple[object, str]]:
        """The optional body fields sent, each with the setting it comes from."""
        return optional_fields(self.conn.transport, self.limit_field, temperature, max_tokens, seed, self._field_hint)

    def request_terms(self, *, temperature: float | None = None, max_tokens: int | None = None, seed: int | None = None) -> dict:
        """What a request carries besides its messages and schema (see :func:`~.chat.request_identity`)."""
        return sent_terms("openai-chat", self, self.options(temperature, max_tokens, seed))

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
        content: list[dict] = [{"type": "text", "text": user}]
        for data in images:
            url = f"data:{sniff_mime(data)};base64,{base64.b64encode(data).decode()}"
            content.append({"type": "image_url", "image_url": {"url": url}})
        messages = [{"role": "system", "content": system}] if system else []
        messages.append({"role": "user", "content": content})
        body: dict = {"model": self.model, "messages": messages}
        options = self.options(temperature, max_tokens, seed)
        body.update({field: value for field, (value, _) in options.items()})
        params = {field: source for field, (_, source) in options.items()}
        limit = body.get(self.limit_field)
        if json_schema is not None:
            body["response_format"] = {"type": "json_schema", "json_schema": {"name": "answer", "schema": json_schema, "strict": True}}
        headers = {"Authorization": f"Bearer {self.conn.api_key}"} if self.conn.api_key else {}
        what = f"openai chat {self.model}"
        estimate = estimate_tokens(system, user, images=len(images))
        worst = Usage(input_tokens=worst_input_tokens(system, user, images=len(images)), output_tokens=limit or 0)
        reply = self.conn.transport.send(
            "POST", f"{self.conn.base_url}/chat/completions", what=what, json=body, headers=headers, tokens=estimate,
            model=self.model, worst=worst, params=params,
        )
        with self.conn.transport.billed(reply):  # an answer that fails to read was still billed
            choice = dig(reply.data, "choices", 0, what=what)
            message = dig(choice, "message", what=what)
            finish = choice.get("finish_reason")
            if message.get("refusal"):
                raise ProviderError(f"{what} refused the request: {str(message['refusal'])[:300]}")
            if finish == "content_filter":
                raise ProviderError(f"{what}: the answer was blocked by the provider's content filter (finish_reason content_filter)")
            text = message.get("content")
            if isinstance(text, list):  # some compatible servers answer with content parts
                text = "".join(part.get("text", "") for part in text if isinstance(part, dict))
            if not isinstance(text, str) or not text.strip():
                raise ProviderError(f"{what} returned an empty answer (finish_reason {finish}){_cut_short(finish == 'length', limit)}")
            tokens = reply.data.get("usage") or {}
            usage = Usage(input_tokens=int(tokens.get("prompt_tokens") or 0), output_tokens=int(tokens.get("completion_tokens") or 0))
            usage = self.conn.transport.account(self.model, usage, reply, estimate)
        return ChatReply(text, usage, self.model, finish, reply.latency_s, reply.attempts)
