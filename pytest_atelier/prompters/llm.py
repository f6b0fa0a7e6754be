"""LLM prompters over HTTP APIs: ``openai:MODEL``, ``anthropic:MODEL``, ``gemini:MODEL``.

Settings (``openai:gpt-5.2?strategy=novice&temperature=0.7``):

- ``strategy``: ``skilled`` (default; intent, requirement inventory, draft, check, final
  prompt) or ``novice`` (the request and a one-line instruction), read from
  ``instructions/<strategy>.md``;
- ``temperature``, ``max_tokens``: sent when given (the provider's defaults otherwise);
- ``format``: ``text`` (default; the final prompt between ``<prompt>`` tags) or ``json``
  (structured output ``{"analysis": ..., "prompts": [...]}`` where the API supports it);
- and the connection settings of every provider (``base_url``, ``api_key_env``, ...).

The model sees :func:`~.payload.task_payload` (never the checklist or the reference prompt)
and, for IM tasks, the target image; for image-input cases (``input_images``), every input
image in the task's order, as IDEA-Bench's MLLM rephrasing does. The prompts are read from
the answer by :func:`extract_prompts`: tagged blocks, then JSON, then fenced code, then (one
prompt only) the whole answer.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from ..components import PromptRequest, PromptResult
from ..errors import ConfigError, PrompterError
from ..providers.chat import ChatClient, request_identity
from ..providers.clients import CLIENT_SETTINGS, chat_client
from ..providers.factory import check_settings
from .payload import normalise_prompts, task_payload

__all__ = ["LLMPrompter", "render_task", "extract_prompts", "make", "STRATEGIES", "INSTRUCTIONS", "VERSION", "PROMPTS_SCHEMA"]

VERSION = "1"  # bump when render_task or extract_prompts change what is sent or kept
STRATEGIES = ("novice", "skilled")
INSTRUCTIONS = Path(__file__).parent / "instructions"
PROMPTS_SCHEMA = {
    "type": "object",
    "properties": {"analysis": {"type": "string"}, "prompts": {"type": "array", "items": {"type": "string"}}},
    "required": ["analysis", "prompts"],
    "additionalProperties": False,
}
_FIELDS = {
    "attribute_binding": "Attributes",
    "spatial_relation": "Layout",
    "quantity": "Quantities",
    "text": "Text to show",
    "hard_constraint": "Must hold",
}


def render_task(payload: dict, structured: bool) -> str:
    """The user turn: the request, its constraint fields and outputs, and the answer format."""
    title = payload.get("title")
    lines = [f"Request ({title}):" if title else "Request:", payload["brief"].strip()]
    constraints = payload.get("constraints") or {}
    listed = [(label, constraints.get(name) or []) for name, label in _FIELDS.items()]
    if any(values for _, values in listed):
        lines.append("\nRequirements:")
        lines += [f"- {label}: {value}" for label, values in listed for value in values]
    n = payload["n_outputs"]
    if payload.get("outputs"):
        lines.append(f"\nThis request needs {n} images:")
        lines += [f"- Image {i}: {desc.strip()}" for i, desc in enumerate(payload["outputs"], 1)]
    if payload.get("target_image"):
        lines.append("\nThe attached image is the target: the prompt must make the model reproduce it as closely as it can.")
    inputs = payload.get("input_images") or []
    if inputs:
        which = "The attached image is" if len(inputs) == 1 else f"The {len(inputs)} attached images, in order, are"
        lines.append(
            f"\n{which} the input the request refers to. The image model will not see "
            f"{'it' if len(inputs) == 1 else 'them'}: each prompt must describe, in words, whatever it needs to keep from "
            f"{'it' if len(inputs) == 1 else 'them'}."
        )
    if structured:
        lines.append(f'\nAnswer with a JSON object: "analysis" holds your working, "prompts" a list of exactly {n} final prompt(s), in order.')
    elif n == 1:
        lines.append("\nPut the final prompt, and only the final prompt, between <prompt> and </prompt>. Use these tags once.")
    else:
        lines.append(
            f'\nPut the {n} final prompts, one per image and in order, each between <prompt n="1"> and </prompt>, '
            f'<prompt n="2"> and </prompt>, and so on. Use these tags only for the final prompts.'
        )
    return "\n".join(lines)


_TAGGED = re.compile(r"<prompt(?:\s+n\s*=\s*[\"']?(\d+)[\"']?)?\s*>(.*?)</prompt\s*>", re.S | re.I)
_OPEN_TAG = re.compile(r"<prompt(?:\s+n\s*=\s*[\"']?\d+[\"']?)?\s*>", re.I)
_FENCED = re.compile(r"```[\w-]*[ \t]*\n(.*?)```", re.S)
_LABEL = re.compile(r"^\s*(?:\*\*)?(?:final\s+)?prompt(?:\*\*)?\s*:\s*(?:\*\*)?\s*", re.I)


def extract_prompts(text: str, n: int) -> list[str] | None:
    """The ``n`` final prompts in a model's answer, or None when they cannot be told apart."""
    tagged = _TAGGED.findall(text)
    if tagged:
        numbered = {int(k): v.strip() for k, v in tagged if k and v.strip()}
        if n > 1 and all(i in numbered for i in range(1, n + 1)):
            return [numbered[i] for i in range(1, n + 1)]
        bodies = [v.strip() for _, v in tagged if v.strip()]
        if len(bodies) >= n:
            return bodies[-n:]
    found = _from_json(text, n)
    if found is not None:
        return found
    fenced = [block.strip() for block in _FENCED.findall(text) if block.strip()]
    if len(fenced) >= n:
        return fenced[-n:]
    if n == 1:
        opened = list(_OPEN_TAG.finditer(text))
        rest = text[opened[-1].end() :] if opened else text  # an unclosed tag: the answer was cut short
        rest = _LABEL.sub("", rest.strip()).strip().strip('"“”').strip()
        return [rest] if rest else None
    return None


def _from_json(text: str, n: int) -> list[str] | None:
    candidates = [text.strip(), *(b.strip() for b in _FENCED.findall(text))]
    start, end = text.find("{"), text.rfind("}")
    if 0 <= start < end:
        candidates.append(text[start : end + 1])
    for candidate in candidates:
        try:
            data = json.loads(candidate)
        except ValueError:
            continue
        if isinstance(data, dict):
            value = data.get("prompts", data.get("prompt"))
            value = [value] if isinstance(value, str) else value
            if isinstance(value, list) and len(value) == n and all(isinstance(v, str) and v.strip() for v in value):
                return [v.strip() for v in value]
    return None


class LLMPrompter:
    """Asks a chat model for the prompts of a task, following one strategy's instructions."""

    def __init__(self, spec, client: ChatClient, strategy: str, temperature: float | None, max_tokens: int | None, structured: bool):
        path = INSTRUCTIONS / f"{strategy}.md"
        self.instructions = path.read_text(encoding="utf-8").strip()
        self.spec, self.label, self.client = spec.raw, spec.label, client
        self.strategy, self.temperature, self.max_tokens, self.structured = strategy, temperature, max_tokens, structured
        digest = hashlib.sha256(self.instructions.encode()).hexdigest()[:16]
        # the seed (--atelier-seed) is in the engine's key where it is sent, and only there
        request = request_identity(client, temperature=temperature, max_tokens=max_tokens)
        self.uses_seed = "seed" in request_identity(client, temperature=temperature, max_tokens=max_tokens, seed=0)
        fmt = "json" if structured else "text"
        self.identity = f"llm/{VERSION}:{strategy}:{path.name}@{digest}:{fmt}:{json.dumps(request, sort_keys=True)}"

    def write_prompt(self, request: PromptRequest) -> PromptResult:
        payload = task_payload(request)
        n = request.task.n_outputs
        images = [Path(request.target_image).read_bytes()] if request.target_image else []
        images += [Path(p).read_bytes() for p in request.input_images]
        reply = self.client.chat(
            self.instructions,
            render_task(payload, self.structured),
            images,
            json_schema=PROMPTS_SCHEMA if self.structured else None,
            temperature=self.temperature,
            max_tokens=self.max_tokens,
            seed=request.seed,
        )
        prompts = extract_prompts(reply.text, n)
        if prompts is None:
            raise PrompterError(
                f"{self.spec}: could not find {n} final prompts in the answer to task {request.task.id} "
                f'(expected <prompt n="1">...</prompt> blocks); the answer began: {reply.text[:200]!r}'
            )
        meta = {
            "model": reply.model,
            "strategy": self.strategy,
            "finish_reason": reply.finish_reason,
            "latency_s": round(reply.latency_s, 4),
            "attempts": reply.attempts,
            **reply.usage.to_meta(),
            "answer": reply.text,
        }
        return PromptResult(prompts=normalise_prompts(prompts, n, self.spec), meta=meta)


def make(spec, ctx) -> LLMPrompter:
    check_settings(spec, {"strategy", "temperature", "max_tokens", "format"} | CLIENT_SETTINGS)
    strategy = spec.setting("strategy", "skilled")
    if strategy not in STRATEGIES:
        raise ConfigError(f"{spec.raw}: strategy must be one of {', '.join(STRATEGIES)}, got {strategy!r}")
    fmt = spec.setting("format", "text")
    if fmt not in ("text", "json"):
        raise ConfigError(f"{spec.raw}: format must be text or json, got {fmt!r}")
    try:
        temperature = float(spec.setting("temperature")) if spec.setting("temperature") is not None else None
        max_tokens = int(spec.setting("max_tokens")) if spec.setting("max_tokens") is not None else None
    except ValueError:
        raise ConfigError(f"{spec.raw}: temperature must be a number and max_tokens an integer") from None
    client = chat_client(spec, ctx)
    return LLMPrompter(spec, client, strategy, temperature, max_tokens, fmt == "json")
