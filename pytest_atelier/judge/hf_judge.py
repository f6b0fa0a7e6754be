"""Local transformers models for judges: ``hf:MODEL_ID_OR_PATH`` as the judge's chat model.

Only the model plumbing: :func:`make_chat` turns a judge spec into a warm
:class:`~pytest_atelier.providers.hf_local.HFChat` (``complete(messages, images)`` and the
:class:`~pytest_atelier.providers.chat.ChatClient` call ``chat(system, user, images)``) with
a judge's defaults: greedy decoding, 512 new tokens. Image-side judging needs a
vision-language model. Settings: ``device``, ``dtype``, ``max_new_tokens``, ``temperature``,
``do_sample`` (see :mod:`~pytest_atelier.providers.hf_local`).
"""

from __future__ import annotations

from ..providers.hf_local import (
    CHAT_SETTINGS,
    HFChat,
    chat_from_spec,
    check_local_settings,
)

__all__ = ["JUDGE_MAX_NEW_TOKENS", "make_chat"]

JUDGE_MAX_NEW_TOKENS = 512


def make_chat(spec, ctx) -> HFChat:
    """The chat model of an ``hf:`` judge spec, loaded on its first call."""
    check_local_settings(spec, CHAT_SETTINGS)
    return chat_from_spec(spec, ctx, max_new_tokens=JUDGE_MAX_NEW_TOKENS)
