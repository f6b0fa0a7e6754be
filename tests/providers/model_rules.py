"""What the public chat APIs refuse, per model: the rules the loopback servers enforce.

Each :class:`Rule` carries the public evidence it rests on (error reports quoting the API's own
answer, or the provider's documentation) and the date it was checked. ``check`` returns the
first rule a request breaks, with the error the API answers; the loopback server answers it with
the API's error shape, so a client is tested against what the API does, not against what this
project sends.
"""

from __future__ import annotations

import dataclasses
import re

__all__ = [
    "Rule", "RULES", "check", "OPENAI_FIELDS", "ANTHROPIC_FIELDS", "GEMINI_FIELDS", "GEMINI_CONFIG_FIELDS", "reads_limit",
    "Server", "SERVERS", "SEED", "OPENAI_OWN",
]  # fmt: skip

CHECKED = "2026-11-28"

OPENAI_OWN = r"(?:gpt-[4-9]|o[1-9]|chatgpt-)[\w.\-]*"  # OpenAI's own model names, served by OpenAI
OPENAI_REASONING = r"(?:gpt-5|o[1-9])[\w.\-]*"  # gpt-5, gpt-5-mini, gpt-5.2, gpt-5.4, o1, o3, o4-mini ...
# Anthropic models from Opus 4.7 on: Opus 4.7 and 4.8, Fable, and the Claude 5 families
ANTHROPIC_NO_SAMPLING = r"claude-(?:opus-4-[78]|opus-5|sonnet-5|haiku-5|fable|mythos)[\w\-]*"

# the request fields each API knows (anything else is refused)
OPENAI_FIELDS = frozenset({
    "model", "messages", "temperature", "top_p", "n", "stream", "stream_options", "stop", "max_tokens", "max_completion_tokens",
    "presence_penalty", "frequency_penalty", "logit_bias", "logprobs", "top_logprobs", "user", "seed", "response_format", "tools",
    "tool_choice", "parallel_tool_calls", "reasoning_effort", "service_tier", "store", "metadata", "modalities", "audio",
    "prediction", "verbosity", "web_search_options", "prompt_cache_key", "safety_identifier",
})  # fmt: skip
ANTHROPIC_FIELDS = frozenset({
    "model", "messages", "max_tokens", "system", "temperature", "top_p", "top_k", "stop_sequences", "stream", "metadata", "tools",
    "tool_choice", "thinking", "service_tier", "container", "mcp_servers", "context_management", "output_config",
})  # fmt: skip
GEMINI_FIELDS = frozenset({
    "contents", "systemInstruction", "system_instruction", "generationConfig", "generation_config", "safetySettings",
    "safety_settings", "tools", "toolConfig", "tool_config", "cachedContent", "cached_content", "labels",
})  # fmt: skip
GEMINI_CONFIG_FIELDS = frozenset({
    "temperature", "topP", "topK", "candidateCount", "maxOutputTokens", "stopSequences", "responseMimeType", "responseSchema",
    "responseJsonSchema", "seed", "presencePenalty", "frequencyPenalty", "responseModalities", "thinkingConfig", "imageConfig",
    "mediaResolution", "responseLogprobs", "logprobs", "speechConfig", "enableEnhancedCivicAnswers",
})  # fmt: skip


@dataclasses.dataclass(frozen=True)
class Rule:
    api: str  # "openai", "anthropic" or "gemini"
    models: str  # a regular expression the model name must match in full
    field: str  # the request field the rule is about; "*" for any field the API does not know
    message: str  # the API's answer; {field} and {value} are filled in
    sources: tuple[str, ...]
    checked: str = CHECKED
    allowed: tuple = ()  # values of the field the API still accepts
    code: str = "unsupported_parameter"  # OpenAI's error code

    def applies(self, api: str, model: str) -> bool:
        return api == self.api and re.fullmatch(self.models, model) is not None


RULES: tuple[Rule, ...] = (
    Rule(
        "openai", OPENAI_REASONING, "temperature",
        "Unsupported value: 'temperature' does not support {value} with this model. Only the default (1) value is supported.",
        ("https://github.com/gabrii/Cursor-Azure-GPT-5/issues/33 (gpt-5, 2025-09-15)",
         "https://github.com/QwenLM/qwen-code/issues/921 (gpt-5-mini, 2025-10-29)",
         "https://github.com/johny-b/llmcomp/issues/69 (gpt-5.4, 2026-04-20)",
         "https://github.com/OpenHands/OpenHands/issues/4131 (o1-mini)"),
        allowed=(1,), code="unsupported_value",
    ),
    Rule(
        "openai", OPENAI_REASONING, "max_tokens",
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        ("https://github.com/griptape-ai/ComfyUI-Griptape/issues/312 (gpt-5, 2025-08-22)",
         "https://github.com/fish2018/YPrompt/issues/26 (gpt-5.1, 2025-12-22)",
         "https://github.com/koosoli/ESPHomeDesigner/issues/379 (gpt-5.4, 2026-04-10)",
         "https://github.com/teilomillet/gollm/issues/33 (o1, o3-mini)"),
    ),
    Rule(
        "openai", r".*", "*", "Unrecognized request argument supplied: {field}",
        ("https://github.com/coroot/coroot/issues/698 (reasoning_effort, 2025-09-24)",
         "https://github.com/xlinx/sd-webui-decadetw-auto-prompt-llm/issues/29 (top_k)"),
        code="",
    ),
    *(
        Rule(
            "anthropic", ANTHROPIC_NO_SAMPLING, field, f"`{field}` is deprecated for this model.",
            ("https://github.com/sipeed/picoclaw/issues/2939 (claude-opus-4-7, 2026-05-25)",
             "https://github.com/HKUDS/nanobot/issues/4333 (claude-opus-4-8 and Fable, 2026-06-13)",
             "https://github.com/Metaculus/forecasting-tools/pull/308 (Fable and Sonnet 5, 2026-07-02)",
             "https://github.com/github/app/issues/2574 (Opus 5 and Sonnet 5, 2026-08-04)",
             "https://github.com/mario-andreschak/FLUJO/issues/229 (temperature, top_p and top_k from claude-opus-4-7 on)",
             "https://platform.claude.com/docs/en/about-claude/model-deprecations#api-parameter-deprecations"),
        )
        for field in ("temperature", "top_p", "top_k")
    ),
    Rule(
        "anthropic", r".*", "seed", "seed: Extra inputs are not permitted",
        ("https://docs.anthropic.com/en/api/messages (the Messages API has no seed field; checked 2026-11-28)",
         "https://github.com/BerriAI/litellm/issues/6856 (litellm refuses seed for claude-3-5-sonnet, 2024-11-21)"),
    ),
    Rule(
        "anthropic", r".*", "*", "{field}: Extra inputs are not permitted",
        ("https://github.com/amrit110/oli/issues/7 (response_format, 2025-03-17)",
         "https://github.com/Aider-AI/aider/issues/4404 (extra_body, 2025-08-04)"),
    ),
    Rule(
        "gemini", r".*", "*", 'Invalid JSON payload received. Unknown name "{field}": Cannot find field.',
        ("https://github.com/gsilvamartin/dotnet-gemini-sdk/issues/1 (generationconfig, 2024-02-27)",
         "https://github.com/Alishahryar1/free-claude-code/issues/542 (2026-05-24)"),
    ),
)  # fmt: skip



@dataclasses.dataclass(frozen=True)
class Server:
    """An OpenAI-compatible server: the answer-limit fields it reads, first the one that wins
    (a field it does not read it ignores: the answer runs to the model's own maximum), and
    whether it takes ``seed``."""

    reads: tuple[str, ...]
    seed: bool
    sources: tuple[str, ...]
    checked: str = CHECKED


SERVERS: dict[str, Server] = {
    "openai": Server(
        ("max_completion_tokens", "max_tokens"), True,
        ("https://platform.openai.com/docs/api-reference/chat/create (max_tokens deprecated for max_completion_tokens; seed, "
         "beta, best effort), as quoted in https://github.com/simonw/llm/issues/724",
         "https://github.com/BerriAI/litellm/issues/5685 (seed taken by o1-preview and o1-mini, 2024-09-13)"),
    ),
    "ollama": Server(
        ("max_tokens",), True,
        ("https://docs.ollama.com/api/openai-compatibility (supported request fields: max_tokens and seed, no "
         "max_completion_tokens)",
         "https://github.com/ollama/ollama/issues/7125 (max_completion_tokens ignored; comment of 2026-08-21, Ollama 0.32.5)"),
    ),
    "lmstudio": Server(
        ("max_tokens",), True,
        ("https://lmstudio.ai/docs/developer/openai-compat/chat-completions (supported payload parameters: max_tokens, "
         "seed; no max_completion_tokens)",),
    ),
    "llama.cpp": Server(
        ("max_completion_tokens", "max_tokens"), True,
        ("https://github.com/ggml-org/llama.cpp/pull/19831 (max_completion_tokens read from 2026-02-23; before, only "
         "max_tokens: https://github.com/ggml-org/llama.cpp/issues/13700)",
         "https://github.com/ggerganov/llama.cpp/blob/master/examples/server/README.md (seed)"),
    ),
    "vllm": Server(
        ("max_completion_tokens", "max_tokens"), True,
        ("https://github.com/vllm-project/vllm/pull/9837 (max_completion_tokens added, taking precedence; max_tokens "
         "deprecated but read, 2024-10-30)",
         "https://docs.vllm.ai/en/latest/serving/openai_compatible_server.html (every OpenAI parameter, seed included)"),
    ),
}  # fmt: skip

# Which chat APIs take a seed (checked 2026-11-28). The project uses OpenAI's Chat Completions, not
# its Responses API (whose request has no seed field).
SEED = {
    "openai": "seed, every model (SERVERS['openai'])",
    "ollama": "seed", "lmstudio": "seed", "llama.cpp": "seed", "vllm": "seed",  # SERVERS
    "anthropic": "none: refused as an extra input (RULES)",
    # a top-level seed is refused by the unknown-field rule
    "gemini": "generationConfig.seed (https://github.com/pydantic/pydantic-ai/pull/2842, 2025-09-09; "
              "https://googleapis.github.io/java-genai/javadoc/google-genai/com.google.genai.types/-generation-config/-builder/seed.html)",
}  # fmt: skip


def reads_limit(api: str, model: str, body: dict, server: str = "ollama") -> int | None:
    """The answer limit the server honours for this request (None: the model's own maximum);
    ``server`` is the OpenAI-compatible server that serves a model whose name is not OpenAI's."""
    if api == "anthropic":
        return body.get("max_tokens")
    if api == "gemini":
        return (body.get("generationConfig") or {}).get("maxOutputTokens")
    reads = SERVERS["openai" if re.fullmatch(OPENAI_OWN, model) else server].reads
    return next((body[field] for field in reads if field in body), None)


def _fields(api: str, body: dict) -> list[tuple[str, object]]:
    """The (field, value) pairs a rule may be about; Gemini's sampling fields live in generationConfig."""
    pairs = list(body.items())
    if api == "gemini":
        config = body.get("generationConfig") or body.get("generation_config") or {}
        pairs += [(f"generationConfig.{k}", v) for k, v in config.items()]
    return pairs


def _known(api: str, field: str) -> bool:
    if api == "openai":
        return field in OPENAI_FIELDS
    if api == "anthropic":
        return field in ANTHROPIC_FIELDS
    if field.startswith("generationConfig."):
        name = field.split(".", 1)[1]
        return name in GEMINI_CONFIG_FIELDS or re.sub(r"_(\w)", lambda m: m.group(1).upper(), name) in GEMINI_CONFIG_FIELDS
    return field in GEMINI_FIELDS


def check(api: str, model: str, body: dict) -> tuple[Rule, str, object] | None:
    """The first rule the request breaks, with the field and value; None if it breaks none."""
    for rule in RULES:
        if not rule.applies(api, model):
            continue
        for field, value in _fields(api, body):
            leaf = field.rsplit(".", 1)[-1]
            if rule.field == "*" and not _known(api, field):
                return rule, leaf, value
            if rule.field in (field, leaf) and value not in rule.allowed:
                return rule, leaf, value
    return None
