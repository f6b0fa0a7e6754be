"""``hf:MODEL_ID_OR_PATH``: a local transformers chat model as a prompter.

The same prompter as ``openai:``/``anthropic:``/``gemini:`` (:class:`~.llm.LLMPrompter`: the
``novice``/``skilled`` instructions, the task as :func:`~.llm.render_task` writes it, the
prompts read back by :func:`~.llm.extract_prompts`), over :class:`~pytest_atelier.providers.hf_local.HFChat`
instead of an HTTP API. A text-only model is loaded with ``AutoModelForCausalLM`` and its
chat template; a vision-language model (``AutoModelForImageTextToText``) also sees the
target image of IM tasks and the input images of image-input cases, which a text-only model
cannot do (those runs are errors).

Settings (``hf:Qwen/Qwen2.5-7B-Instruct?strategy=novice&device=cuda:1``): ``strategy``
(``skilled`` by default, or ``novice``), ``format`` (``text`` or ``json``: asked for in the
request, not enforced), ``max_new_tokens`` (default 1024), ``temperature`` (sampling when
above 0), ``do_sample`` (default: greedy unless a temperature is given), ``device`` and
``dtype`` (see :mod:`~pytest_atelier.providers.hf_local`).
"""

from __future__ import annotations

from ..errors import ConfigError
from ..providers.hf_local import CHAT_SETTINGS, chat_from_spec, check_local_settings
from .llm import STRATEGIES, LLMPrompter

__all__ = ["SETTINGS", "make"]

SETTINGS = CHAT_SETTINGS | {"strategy", "format"}


def make(spec, ctx) -> LLMPrompter:
    check_local_settings(spec, SETTINGS)
    strategy = spec.setting("strategy", "skilled")
    if strategy not in STRATEGIES:
        raise ConfigError(f"{spec.raw}: strategy must be one of {', '.join(STRATEGIES)}, got {strategy!r}")
    fmt = spec.setting("format", "text")
    if fmt not in ("text", "json"):
        raise ConfigError(f"{spec.raw}: format must be text or json, got {fmt!r}")
    chat = chat_from_spec(spec, ctx)
    return LLMPrompter(spec, chat, strategy, chat.temperature, chat.max_new_tokens, fmt == "json")
