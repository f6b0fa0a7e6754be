"""Specialised metrics, reported next to the checkpoint verdicts of a run (one module per idea).

==================  =====================================================  ===================
metric name         what (module)                                          applies to
==================  =====================================================  ===================
``colour.hist``     hue-saturation histogram distance, 0..1 (colour)       image-input tasks
``colour.palette``  CIEDE2000 drift of the dominant palette (colour)       image-input tasks
``structure.ssim``  SSIM, 1 = same structure (structure)                   image-input tasks
``structure.edges`` Canny edge chamfer distance / diagonal (structure)     image-input tasks
``structure.dino``  DINO patch-key Gram distance, user's weights (dino)   image-input tasks
``face.identity``   cosine of face embeddings, user's model (plugins)      image-input tasks
``text.cer``        OCR character error rate per ``text`` check (text)     ``text`` checkpoints
``count.objects``   objects counted by the user's model (plugins)          ``count`` checkpoints
``hallucination``   unrequested elements a model judge finds (hallucination)  every top-1 image
==================  =====================================================  ===================

An *image-input task* is one with an image to start from: an IM task's target image (or the first
input image of a task that has input images); the metric compares it with each output's top-1
image. :class:`MetricSet` is built from the specs of ``--atelier-metric`` (see docs/metrics.md):
``auto`` (the default: ``colour``, ``structure`` and ``text`` where the ``metrics`` and ``ocr``
extras are installed), ``none``, ``colour``, ``structure``, ``text``, ``dino:PATH[@DEVICE]``,
``face:TARGET``, ``count:TARGET`` (TARGET as in :mod:`.plugins`) and ``hallucination``.
A metric that fails on one image is recorded with no value and the error in its ``detail``; it
never fails the run. Nothing here imports pytest.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
from pathlib import Path
from typing import Any, Callable

from ...errors import ConfigError, MissingExtraError
from .colour import histogram_distance, palette_drift
from .dino import DinoGram
from .hallucination import IDENTITY as HALLUCINATION_IDENTITY
from .hallucination import Hallucinations, find_hallucinations
from .plugins import face_identity, load_callable, object_count
from .structure import edge_distance, ssim
from .text import character_error_rate, ocr_cer

__all__ = [
    "MetricSet",
    "Measurement",
    "BUILTIN",
    "parse_metric_specs",
    "histogram_distance",
    "palette_drift",
    "ssim",
    "edge_distance",
    "DinoGram",
    "character_error_rate",
    "ocr_cer",
    "face_identity",
    "object_count",
    "find_hallucinations",
    "Hallucinations",
]

BUILTIN = ("colour", "structure", "text")
VERSION = "1"  # bump when a built-in metric changes what it measures (stored measurements are keyed on it)
_NEEDS = {"colour": ("cv2", "skimage"), "structure": ("cv2", "skimage"), "text": ("rapidfuzz", "rapidocr_onnxruntime")}
_EXTRA = {"cv2": "metrics", "skimage": "metrics", "rapidfuzz": "metrics", "rapidocr_onnxruntime": "ocr"}


@dataclasses.dataclass(frozen=True)
class Measurement:
    """One metric value on one top-1 image (``output``, ``image_index``), for one checkpoint
    where the metric is per checkpoint. ``value`` is None when it could not be measured."""

    name: str
    value: float | None
    output: int | None = None
    image_index: int | None = None
    checkpoint: str | None = None
    detail: str = ""
    decided_by: str = ""


def _missing(kind: str) -> list[str]:
    return [m for m in _NEEDS[kind] if importlib.util.find_spec(m) is None]


def parse_metric_specs(specs: tuple[str, ...] | list[str]) -> list[tuple[str, str]]:
    """``(kind, argument)`` pairs of the specs, ``auto`` expanded; a ConfigError for a bad one."""
    out: list[tuple[str, str]] = []
    specs = [s.strip() for s in specs if s.strip()] or ["auto"]
    if "none" in specs:
        if len(specs) > 1:
            raise ConfigError(f"--atelier-metric none turns every metric off: give it alone, not with {', '.join(s for s in specs if s != 'none')}")
        return []
    for spec in specs:
        kind, _, arg = spec.partition(":")
        if kind == "auto" and not arg:
            out += [(k, "auto") for k in BUILTIN if not _missing(k)]
        elif kind in BUILTIN and not arg:
            missing = _missing(kind)
            if missing:
                raise ConfigError(f"--atelier-metric {kind}: {MissingExtraError(missing[0], _EXTRA[missing[0]], f'The {kind} metrics')}")
            out.append((kind, ""))
        elif kind in ("dino", "face", "count") and arg:
            out.append((kind, arg))
        elif kind == "hallucination" and not arg:
            out.append((kind, ""))
        else:
            raise ConfigError(
                f"unknown metric {spec!r}: give auto, none, colour, structure, text, dino:PATH, face:TARGET, "
                "count:TARGET or hallucination (TARGET: python:module:attr or an entry point name)"
            )
    return list(dict.fromkeys(out))


class MetricSet:
    """The metrics of a session, measured on the top-1 images of each run."""

    def __init__(self, specs: tuple[str, ...] | list[str] = ("auto",), root: str | Path = "."):
        self.kinds = parse_metric_specs(specs)
        self.dino = self.face = self.count = None
        for kind, arg in self.kinds:
            if kind == "dino":
                path, _, device = arg.partition("@")
                self.dino = DinoGram((Path(root) / path) if not Path(path).is_absolute() else path, device or "cpu")
            elif kind == "face":
                self.face = load_callable(arg, root, "face embedder")
            elif kind == "count":
                self.count = load_callable(arg, root, "object counter")
        self.names = [k for k, _ in self.kinds]

    def __bool__(self) -> bool:
        return bool(self.kinds)

    @property
    def identity(self) -> list | None:
        """What a stored measurement depends on besides the images, or None when a plug-in,
        DINO weights or a judge take part (code or weights this process cannot fingerprint:
        measured on every run)."""
        if any(name not in BUILTIN for name in self.names):
            return None
        return [VERSION, self.names]

    def measure(
        self,
        task,
        top1: dict[int, tuple[int, Path]],
        prompts: list[str],
        reference: Path | None,
        judge: Any = None,
        cached: Callable[[str, str, Callable[[], Any]], Any] | None = None,
    ) -> list[Measurement]:
        """Every metric that applies to ``task``: ``top1`` maps output -> (image index, path),
        ``reference`` is the input image of an image-input task (else None), ``judge`` the run's
        judge (for ``hallucination``) and ``cached(kind, key, compute)`` the engine's call cache."""
        out: list[Measurement] = []
        for output, (index, path) in sorted(top1.items()):
            def add(name, fn, checkpoint=None, by="metric"):
                try:
                    value, detail = fn()
                except (MissingExtraError, ConfigError, ValueError, OSError) as exc:
                    value, detail = None, f"error: {exc}"
                out.append(Measurement(name, value, output, index, checkpoint, detail, by))

            if reference is not None:
                self._compare(add, reference, path)
            for cp in task.checkpoints:
                check = cp.check
                if check is None or not cp.image or (cp.output is not None and cp.output != output):
                    continue
                if check.type == "text" and "text" in self.names:
                    add("text.cer", lambda: _cer(path, check), cp.id, "ocr")
                elif check.type == "count" and self.count is not None:
                    add("count.objects", lambda: _count(self.count, path, check), cp.id, "counter")
            if "hallucination" in self.names:
                add("hallucination", lambda: self._hallucinate(judge, task, prompts[output - 1], path, cached), by="judge")
        return out

    def _compare(self, add, reference: Path, path: Path) -> None:
        if "colour" in self.names:
            add("colour.hist", lambda: (histogram_distance(reference, path), "Bhattacharyya distance of H-S histograms"))
            add("colour.palette", lambda: (palette_drift(reference, path), "mean CIEDE2000 between dominant palettes"))
        if "structure" in self.names:
            add("structure.ssim", lambda: (ssim(reference, path), "SSIM of the greyscale images"))
            add("structure.edges", lambda: (edge_distance(reference, path), "Canny edge chamfer distance / diagonal"))
        if self.dino is not None:
            add("structure.dino", lambda: (self.dino.distance(reference, path), f"patch-key Gram distance ({self.dino.name})"))
        if self.face is not None:
            add("face.identity", lambda: face_identity(self.face, reference, path), by="face embedder")

    def _hallucinate(self, judge, task, prompt: str, path: Path, cached) -> tuple[float | None, str]:
        model = _model_judge(judge)
        if model is None:
            return None, "no model judge to ask: hallucination needs a judge such as openai:MODEL"
        sha = hashlib.sha256(Path(path).read_bytes()).hexdigest()

        def compute():
            return find_hallucinations(model, task, prompt, path).to_dict()

        from ...engine.cache import call_key

        key = call_key("hallucination", HALLUCINATION_IDENTITY, model.identity, task.model_dump_json(), prompt, sha)
        found = Hallucinations.from_dict(cached("hallucination", key, compute) if cached else compute())
        return float(found.count), found.describe()


def _model_judge(judge):
    """The judge itself when it can ask a model, else the first ensemble member that can."""
    if judge is None:
        return None
    if hasattr(judge, "ask") and hasattr(judge, "client"):
        return judge
    for _, member in getattr(judge, "members", []):
        if hasattr(member, "ask") and hasattr(member, "client"):
            return member
    return None


def _cer(path: Path, check) -> tuple[float, str]:
    """The mean character error rate over the check's texts (one, or a set)."""
    found = [(text, *ocr_cer(path, text, check.case_sensitive, check.region)) for text in check.texts]
    value = sum(cer for _, cer, _ in found) / len(found)
    return value, "; ".join(f"expected {text!r}, closest OCR reading {read!r}" for text, _, read in found)


def _count(counter, path: Path, check) -> tuple[float, str]:
    found = object_count(counter, path, check.entity)
    return float(found), f"{found} {check.entity} counted, {check.count} expected"
