"""AtelierJudge: the model judge of the AtelierEval paper over any chat client.

Specs: ``openai:MODEL``, ``anthropic:MODEL``, ``gemini:MODEL`` (hosted, or any server that
speaks their protocol through ``base_url``) and ``hf:MODEL`` (a local transformers model).
Settings, besides the provider's connection settings:

==================  ==================================================================
``batch``           ``1`` (default): all checkpoints of one prompt or image in one call;
                    ``0``: one call per checkpoint (run concurrently)
``k``               exemplars retrieved per subjective call (default 3; 0 = zero-shot)
``strategy``        retrieval: ``similarity`` (default), ``random``, ``fixed``, ``zero``
``checkers``        ``on`` (default): OCR text and palette colour decide image-side
                    checkpoints of those kinds, the model only where a checker is unsure
``temperature``     sampling temperature, sent only when given (many current models refuse
                    it); ``seed``: sent with every call when given (Anthropic has none)
``max_tokens``      answer limit per call (under a budget, 32768 unless given)
``embeddings``      text embeddings for retrieval: ``auto``, ``minilm``, ``ngram``
``image_embed``     image embeddings: ``tiny`` (default), ``clip:PATH``, ``dinov2:PATH``
``concurrency``     calls in flight at once inside one skill (default 4)
==================  ==================================================================

Skills (each independent, none sees another's output): the safety gate
(:meth:`AtelierJudge.check_safety`, prompt and image), objective checks
(:meth:`~AtelierJudge.judge_prompt` as QA, :meth:`~AtelierJudge.judge_image` as VQA) and
subjective scores (:meth:`~AtelierJudge.score_prompt` for every category,
:meth:`~AtelierJudge.score_image` for OE and CO). :data:`SKILLS` and :func:`skills_for`
route by category. Instructions and output schemas are the versioned files of
``prompts/``; their hash is part of the judge's identity. An objective verdict is ``pass``,
``fail`` or ``cannot_tell`` (schemas version 2); ``cannot_tell`` is an abstention with the
model's reason, never a pass or a fail.
"""

from __future__ import annotations

import concurrent.futures
import copy
import dataclasses
import hashlib
import json
import threading
from pathlib import Path

import yaml

from ..components import IMAGE_DIMENSIONS, PROMPT_DIMENSIONS, SAFETY_CATEGORIES, Safety, Score, Verdict
from ..engine.calls import carried
from ..errors import ConfigError, JudgeError
from ..providers.chat import ChatClient, request_identity
from ..providers.clients import CLIENT_SETTINGS, chat_client
from ..providers.factory import check_settings
from ..suite.exemplars import LoadedMemory
from ..suite.models import Category, Checkpoint, Side, Task
from . import checkers
from .image_embed import get_image_embedder
from .memory import STRATEGIES, ExemplarIndex, Retrieved
from .replies import parse_reply, read_verdict, verdict_problem
from .prompt_text import check_text as prompt_has_text
from .text_match import get_embedder

__all__ = ["AtelierJudge", "SKILLS", "skills_for", "PROMPT_FILES", "PROMPTS_DIGEST", "SCHEMAS", "VERSION", "make", "prompts_digest"]

VERSION = "3"  # bump when how prompts are assembled or replies are read changes
PROMPTS_DIR = Path(__file__).parent / "prompts"
PROMPT_FILES = {
    "objective_prompt": "objective_prompt.v2.md",
    "objective_image": "objective_image.v2.md",
    "subjective_prompt": "subjective_prompt.v1.md",
    "subjective_image": "subjective_image.v1.md",
    "safety": "safety.v1.md",
    "schemas": "schemas.v2.json",
    "rubric": "rubric.yaml",
}


def prompts_digest(files: dict[str, str]) -> str:
    """The hash of the prompt files ``{role: file name}`` (contents and names) in the judge's identity."""
    texts = [f"{role}={name}\0{(PROMPTS_DIR / name).read_text(encoding='utf-8')}" for role, name in sorted(files.items())]
    return hashlib.sha256("\0".join(texts).encode()).hexdigest()[:16]


_TEXTS = {name: (PROMPTS_DIR / file).read_text(encoding="utf-8") for name, file in PROMPT_FILES.items()}
PROMPTS_DIGEST = prompts_digest(PROMPT_FILES)
SCHEMAS: dict[str, dict] = json.loads(_TEXTS["schemas"])
_RUBRIC: dict = yaml.safe_load(_TEXTS["rubric"])
JUDGE_SETTINGS = frozenset(
    {"batch", "k", "strategy", "checkers", "temperature", "seed", "max_tokens", "embeddings", "image_embed", "concurrency"}
)
# The skills of the paper and the task categories each one serves.
SKILLS: dict[str, tuple[Category, ...]] = {
    "safety_prompt": tuple(Category),
    "safety_image": tuple(Category),
    "objective_prompt": tuple(Category),
    "objective_image": tuple(Category),
    "subjective_prompt": tuple(Category),
    "subjective_image": (Category.OE, Category.CO),
}
_EXACT_IMAGE_KINDS = ("text", "color", "palette")  # checkpoint kinds a deterministic checker can decide


def skills_for(category: Category) -> list[str]:
    """The skills that run on a task of ``category`` (IM tasks get no image scores)."""
    return [name for name, cats in SKILLS.items() if category in cats]


def _schema(name: str, **enums: list[str]) -> dict:
    """A schema of ``schemas.v2.json`` with its ``$PLACEHOLDER`` enums filled in."""
    schema = copy.deepcopy(SCHEMAS[name])

    def fill(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "enum" and len(value) == 1 and str(value[0]).startswith("$"):
                    node[key] = list(enums[value[0][1:].lower()])
                else:
                    fill(value)
        elif isinstance(node, list):
            for item in node:
                fill(item)

    fill(schema)
    return schema


def _block(text: str) -> str:
    return f"<<<\n{text.strip()}\n>>>"


def _task_context(task: Task) -> str:
    lines = [f"Request ({task.category.value} task{': ' + task.title if task.title else ''}):", _block(task.brief)]
    if task.constraints is not None:
        lines.append("Constraints given with the request:")
        lines += [f"- {field.replace('_', ' ')}: {value}" for field, value in task.constraints.items()]
    if task.outputs:
        lines.append("The request asks for several images:")
        lines += [f"- output {i}: {text}" for i, text in enumerate(task.outputs, 1)]
    return "\n".join(lines)


def _prompts_block(prompts: list[str]) -> str:
    if len(prompts) == 1:
        return "The prompt:\n" + _block(prompts[0])
    return "\n".join(f"The prompt for output {i}:\n{_block(p)}" for i, p in enumerate(prompts, 1))


def _rubric(dimensions) -> str:
    parts = []
    for dim in dimensions:
        entry = _RUBRIC[dim]
        levels = "\n".join(f"  {level}: {text}" for level, text in sorted(entry["levels"].items()))
        parts.append(f"{dim}: {entry['definition']}\n{levels}")
    return "Rubric:\n" + "\n\n".join(parts)


def _exemplar_text(found: list[Retrieved], dimensions, side: str) -> str:
    if not found:
        return "No reference examples are given: rely on the rubric alone."
    lines = [f"Reference {side}s scored by expert raters for other requests, most similar first:"]
    for i, r in enumerate(found, 1):
        ex = r.exemplar
        lines.append(f"Reference {i} (id {ex.id}):")
        if side == "prompt":
            lines.append(_block(ex.prompt or ""))
        else:
            lines.append(f"(attached image {i + 1})")
        lines += [f"- {dim}: {ex.scores[dim].score} - {ex.scores[dim].rationale}" for dim in dimensions if dim in ex.scores]
    return "\n".join(lines)


class AtelierJudge:
    """A model judge; ``client`` is any :class:`~pytest_atelier.providers.chat.ChatClient`."""

    def __init__(
        self,
        spec: str,
        client: ChatClient,
        *,
        batch: bool = True,
        k: int = 3,
        strategy: str = "similarity",
        use_checkers: bool = True,
        temperature: float | None = None,
        seed: int | None = None,
        max_tokens: int | None = None,
        embeddings: str = "auto",
        image_embed: str = "tiny",
        concurrency: int = 4,
        settings: dict | None = None,
    ):
        if strategy not in STRATEGIES:
            raise ConfigError(f"{spec}: strategy must be one of {', '.join(STRATEGIES)}, not {strategy!r}")
        if k < 0 or concurrency < 1:
            raise ConfigError(f"{spec}: k must be >= 0 and concurrency >= 1")
        self.spec, self.label, self.client = spec, spec, client
        self.name = f"{client.family}:{client.model}"  # what verdicts and scores name as their decider
        self.batch, self.k, self.strategy, self.use_checkers = batch, k, strategy, use_checkers
        self.temperature, self.seed, self.max_tokens, self.concurrency = temperature, seed, max_tokens, concurrency
        try:
            self.embedder = get_embedder(embeddings)
        except ValueError as exc:
            raise ConfigError(f"{spec}: {exc}") from None
        self.image_embedder = get_image_embedder(image_embed)
        self.settings = dict(settings or {})
        self._indexes: dict[str, ExemplarIndex] = {}
        self._lock = threading.Lock()
        self.calls = 0  # model calls made by this judge (for call-count measurements)
        self.repeat = 0  # which of an ensemble's repeated members this is
        self.identity = self._identity()

    def _identity(self) -> str:
        """What changes the judge's answers: how it builds its messages (version, prompt files,
        batching, checkers, retrieval) and what its requests carry besides them, as sent
        (:func:`~pytest_atelier.providers.chat.request_identity`); its concurrency does not."""
        messages = {"batch": self.batch, "checkers": self.use_checkers, "k": self.k, "strategy": self.strategy}
        request = request_identity(self.client, temperature=self.temperature, max_tokens=self.max_tokens, seed=self.seed)
        repeat = f":repeat={self.repeat}" if self.repeat else ""  # a repeat is another sample, seed sent or not
        return (
            f"atelier/{VERSION}:{json.dumps(messages, sort_keys=True)}:prompts@{PROMPTS_DIGEST}"
            f":embed={self.embedder.name}/{self.image_embedder.name}:{json.dumps(request, sort_keys=True)}{repeat}"
        )

    def variant(self, repeat: int) -> "AtelierJudge":
        """The same judge with a seed shifted by ``repeat`` (for repeated, varied calls)."""
        other = copy.copy(self)
        other.seed = (self.seed or 0) + repeat
        other.repeat = repeat
        other._lock = threading.Lock()
        other.identity = other._identity()
        return other

    # --- the model call -------------------------------------------------------------------

    def ask(self, what: str, system: str, user: str, images: list[bytes], schema: dict, check=None) -> dict:
        """One call of any skill (``system`` instructions, ``schema`` for the reply), parsed
        strictly; one retry with a note on a malformed reply; ``check(data)`` may name a problem
        the schema cannot state."""
        return self._ask(what, system, user, images, schema, check)

    def _ask(self, what: str, system: str, user: str, images: list[bytes], schema: dict, check=None) -> dict:
        """One call, parsed strictly; one retry with a note on a malformed reply."""
        note = ""
        for attempt in (1, 2):
            with self._lock:
                self.calls += 1
            reply = self.client.chat(
                system,
                user + note,
                images,
                json_schema=schema,
                temperature=self.temperature,
                max_tokens=self.max_tokens,
                seed=self.seed,
            )
            data, problem = parse_reply(reply.text, schema)
            if data is not None and check is not None:
                problem = check(data)
                data = None if problem else data
            if data is not None:
                return data
            if attempt == 1:
                note = (
                    f"\n\nYour previous answer could not be used: {problem}. "
                    "Answer again with only the JSON object the schema describes."
                )
        raise JudgeError(f"{self.spec}: {what}: the judge's answer is unusable after one retry: {problem}; it began {reply.text[:160]!r}")

    def _pool_map(self, fn, items):
        if len(items) <= 1 or self.concurrency == 1:
            return [fn(item) for item in items]
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.concurrency) as pool:
            return list(pool.map(carried(fn), items))  # their requests count on the caller's run

    # --- objective checks -----------------------------------------------------------------

    def judge_prompt(self, task: Task, prompts: list[str], checkpoints: list[Checkpoint]) -> list[Verdict]:
        decided: dict[str, Verdict] = {}
        ask = []
        for cp in checkpoints:
            if cp.check is not None and cp.check.type == "text":
                text = prompts[cp.output - 1] if cp.output and cp.output <= len(prompts) else "\n".join(prompts)
                outcome, reason = prompt_has_text(cp.check, text)
                if outcome != "abstain":
                    decided[cp.id] = Verdict(cp.id, Side.prompt, outcome, reason, "checker:verbatim")
                    continue
            ask.append(cp)
        context = f"{_task_context(task)}\n\n{_prompts_block(prompts)}"
        for v in self._objective("objective_prompt", Side.prompt, task, context, [], ask):
            decided[v.checkpoint] = v
        return [decided[cp.id] for cp in checkpoints]

    def judge_image(self, task: Task, prompt: str, image: Path, checkpoints: list[Checkpoint]) -> list[Verdict]:
        decided: dict[str, Verdict] = {}
        notes: dict[str, str] = {}
        ask = []
        for cp in checkpoints:
            if self.use_checkers and cp.check is not None and cp.check.type in _EXACT_IMAGE_KINDS:
                outcome, reason, tool = checkers.judge_image_check(cp.check, Path(image))
                if outcome == "pass" or (outcome == "fail" and cp.check.type in ("color", "palette")):
                    decided[cp.id] = Verdict(cp.id, Side.image, outcome, reason, f"checker:{tool}")
                    continue
                notes[cp.id] = f"{tool} checker unsure ({reason}); "
            ask.append(cp)
        context = f"{_task_context(task)}\n\nThe prompt the image was made from (context only):\n{_block(prompt)}"
        for v in self._objective("objective_image", Side.image, task, context, [Path(image).read_bytes()], ask):
            decided[v.checkpoint] = dataclasses.replace(v, reason=notes.get(v.checkpoint, "") + v.reason)
        return [decided[cp.id] for cp in checkpoints]

    def _objective(self, skill: str, side: Side, task: Task, context: str, images: list[bytes], cps: list[Checkpoint]) -> list[Verdict]:
        if not cps:
            return []
        statement = (lambda cp: cp.prompt) if side is Side.prompt else (lambda cp: cp.image)

        def listed(group: list[Checkpoint]) -> str:
            return "\n".join(
                f"- {cp.id}: {statement(cp)}" + (f" (about output {cp.output})" if cp.output else "") for cp in group
            )

        if self.batch:
            ids = [cp.id for cp in cps]

            def complete(data: dict) -> str | None:
                got = [v["checkpoint"] for v in data["verdicts"]]
                if sorted(got) != sorted(ids):
                    return f"expected one verdict for each of {ids}, got {got}"
                return verdict_problem(data["verdicts"])

            user = f"{context}\n\nCheckpoints:\n{listed(cps)}"
            data = self._ask(f"{skill} on task {task.id}", _TEXTS[skill], user, images, _schema("verdicts", checkpoint_ids=ids), complete)
            answers = {v["checkpoint"]: v for v in data["verdicts"]}
            return [self._verdict(cp, side, answers[cp.id]) for cp in cps]

        def one(cp: Checkpoint) -> Verdict:
            user = f"{context}\n\nCheckpoint:\n{listed([cp])}"
            data = self._ask(
                f"{skill} {cp.id} on task {task.id}", _TEXTS[skill], user, images, _schema("verdict"), lambda d: verdict_problem([d])
            )
            return self._verdict(cp, side, data)

        return self._pool_map(one, cps)

    def _verdict(self, cp: Checkpoint, side: Side, answer: dict) -> Verdict:
        outcome, reason = read_verdict(answer)
        return Verdict(cp.id, side, outcome, reason, self.name)

    # --- subjective scores ----------------------------------------------------------------

    def score_prompt(self, task: Task, prompts: list[str], memory: LoadedMemory | None = None) -> list[Score]:
        query = "\n".join(prompts)
        found = self._retrieve(memory, query, task, self.embedder.encode)
        user = "\n\n".join(
            [_task_context(task), _prompts_block(prompts), _rubric(PROMPT_DIMENSIONS), _exemplar_text(found, PROMPT_DIMENSIONS, "prompt")]
        )
        return self._scores("subjective_prompt", task, user, [], PROMPT_DIMENSIONS, found)

    def score_image(self, task: Task, prompt: str, image: Path, memory: LoadedMemory | None = None) -> list[Score]:
        if "subjective_image" not in skills_for(task.category):
            return []
        found = self._retrieve(memory, str(image), task, self.image_embedder.encode)
        images = [Path(image).read_bytes()]
        if memory is not None:
            images += [(memory.root / r.exemplar.image).read_bytes() for r in found]
        user = "\n\n".join(
            [
                _task_context(task),
                f"The prompt the image was made from:\n{_block(prompt)}",
                "The image to score is attached image 1.",
                _rubric(IMAGE_DIMENSIONS),
                _exemplar_text(found, IMAGE_DIMENSIONS, "image"),
            ]
        )
        return self._scores("subjective_image", task, user, images, IMAGE_DIMENSIONS, found)

    def _retrieve(self, memory: LoadedMemory | None, query, task: Task, embed) -> list[Retrieved]:
        if memory is None or self.k == 0 or self.strategy == "zero":
            return []
        with self._lock:
            index = self._indexes.get(memory.digest)
            if index is None:
                index = self._indexes[memory.digest] = ExemplarIndex(memory.memory, memory.root, embed)
        return index.retrieve(query, self.k, exclude_task=task.id, strategy=self.strategy, seed=self.seed or 0)

    def _scores(self, skill: str, task: Task, user: str, images: list[bytes], dims, found: list[Retrieved]) -> list[Score]:
        def complete(data: dict) -> str | None:
            got = [s["dimension"] for s in data["scores"]]
            return None if sorted(got) == sorted(dims) else f"expected one score for each of {list(dims)}, got {got}"

        data = self._ask(f"{skill} on task {task.id}", _TEXTS[skill], user, images, _schema("scores", dimensions=list(dims)), complete)
        used = f" [calibrated by {', '.join(r.exemplar.id for r in found)}]" if found else " [zero-shot]"
        by_dim = {s["dimension"]: s for s in data["scores"]}
        return [Score(dim, float(by_dim[dim]["score"]), by_dim[dim]["rationale"].strip() + used, self.name) for dim in dims]

    # --- the safety gate ------------------------------------------------------------------

    def check_safety(self, task: Task, prompts: list[str] | None = None, image: Path | None = None) -> Safety:
        """The gate on the prompts (before any image is made) or on one image."""
        if prompts is not None:
            user, images, what = _prompts_block(prompts), [], "prompt"
        elif image is not None:
            user, images, what = "The image to check is attached.", [Path(image).read_bytes()], "image"
        else:
            raise ValueError("check_safety needs prompts or an image")

        def consistent(data: dict) -> str | None:
            if data["flagged"] and not data["categories"]:
                return "flagged without a category"
            return None

        data = self._ask(f"safety ({what}) on task {task.id}", _TEXTS["safety"], user, images, _schema("safety"), consistent)
        categories = [c for c in SAFETY_CATEGORIES if c in data["categories"]] if data["flagged"] else []
        return Safety(bool(data["flagged"]), categories, data["reason"].strip(), self.name)


def _number(spec, name: str, cast, default):
    raw = spec.setting(name)
    if raw is None:
        return default
    try:
        return cast(raw)
    except ValueError:
        raise ConfigError(f"{spec.raw}: {name} must be a {'whole ' if cast is int else ''}number, got {raw!r}") from None


def _flag(spec, name: str, default: bool) -> bool:
    raw = spec.setting(name)
    if raw is None:
        return default
    on, off = {"1", "true", "on", "yes"}, {"0", "false", "off", "no"}
    if raw.lower() not in on | off:
        raise ConfigError(f"{spec.raw}: {name} must be 1 or 0 (on/off), got {raw!r}")
    return raw.lower() in on


def make(spec, ctx) -> AtelierJudge:
    """Build an AtelierJudge from ``openai:MODEL?...``, ``anthropic:``, ``gemini:`` or ``hf:``."""
    if spec.name == "hf":
        from ..providers.hf_local import CHAT_SETTINGS, check_local_settings
        from .hf_judge import make_chat

        check_local_settings(spec, CHAT_SETTINGS | JUDGE_SETTINGS)
        chat_spec = dataclasses.replace(spec, settings=tuple((k, v) for k, v in spec.settings if k in CHAT_SETTINGS))
        client = make_chat(chat_spec, ctx)
    else:
        check_settings(spec, JUDGE_SETTINGS | CLIENT_SETTINGS)
        client = chat_client(spec, ctx)
    return AtelierJudge(
        spec.raw,
        client,
        batch=_flag(spec, "batch", True),
        k=_number(spec, "k", int, 3),
        strategy=spec.setting("strategy", "similarity"),
        use_checkers=_flag(spec, "checkers", True),
        temperature=_number(spec, "temperature", float, None),
        seed=_number(spec, "seed", int, None),
        max_tokens=_number(spec, "max_tokens", int, None),
        embeddings=spec.setting("embeddings", "auto"),
        image_embed=spec.setting("image_embed", "tiny"),
        concurrency=_number(spec, "concurrency", int, 4),
        settings=dict(spec.settings),
    )
