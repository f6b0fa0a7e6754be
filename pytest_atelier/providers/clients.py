"""The chat client a spec names: ``openai:MODEL``, ``anthropic:MODEL`` or ``gemini:MODEL``.

``limit_field`` (``openai:`` specs only) names the body field of the answer limit,
``max_tokens`` or ``max_completion_tokens``, for a server that reads another than the model's
name suggests: a proxy serving an OpenAI reasoning model under its own name needs
``max_completion_tokens``. Left out, OpenAI's own model names get ``max_completion_tokens`` and
every other name ``max_tokens`` (``openai_chat.default_limit_field``).
"""

from __future__ import annotations

from ..errors import ConfigError
from .anthropic import AnthropicChat
from .chat import ChatClient
from .factory import connect, model_of
from .gemini import GeminiChat
from .openai_chat import LIMIT_FIELDS, OpenAIChat

__all__ = ["CLIENTS", "CLIENT_SETTINGS", "chat_client"]

CLIENTS = {"openai": OpenAIChat, "anthropic": AnthropicChat, "gemini": GeminiChat}
CLIENT_SETTINGS = frozenset({"limit_field"})  # settings every chat spec may carry, besides the connection's


def chat_client(spec, ctx) -> ChatClient:
    """The client for ``spec`` (its family is ``spec.name``), connected as ``ctx`` says."""
    field = spec.setting("limit_field")
    if field is not None and spec.name != "openai":
        raise ConfigError(f"{spec.raw}: limit_field applies to openai: specs (OpenAI-compatible servers); {spec.name} has one field for its limit")
    if field is not None and field not in LIMIT_FIELDS:
        raise ConfigError(f"{spec.raw}: limit_field must be {' or '.join(LIMIT_FIELDS)}, got {field!r}")
    model, conn = model_of(spec), connect(spec.name, spec, ctx)
    return OpenAIChat(model, conn, limit_field=field) if spec.name == "openai" else CLIENTS[spec.name](model, conn)
