"""The results file: one versioned JSON document per evaluation (see docs/results-format.md).

``RunRecord`` is what the engine produces for one (prompter, backend, task); ``ItemRecord``
is the outcome of one pytest item that read it; ``Results`` holds both plus the aggregates
and the gates. All models are plain data and round-trip through JSON.
"""

from __future__ import annotations

import contextlib
import gc
import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .. import __version__
from ..errors import GateError
from ..output_files import write_output

__all__ = [
    "SCHEMA",
    "SCHEMA_VERSION",
    "READABLE_VERSIONS",
    "ImageRecord",
    "VerdictRecord",
    "ScoreRecord",
    "MetricRecord",
    "CallStats",
    "RunRecord",
    "ItemRecord",
    "GateRecord",
    "RunConfig",
    "Results",
    "load_results",
    "paused_gc",
    "write_results",
]

SCHEMA = "pytest-atelier/results"
SCHEMA_VERSION = 4
# version 1 lacks the components' identities, versions 1 and 2 the runs' metrics, versions 1-3 count
# component calls (``made``) where version 4 counts API requests (see docs/results-format.md)
READABLE_VERSIONS = (1, 2, 3, 4)


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ImageRecord(_Record):
    output: int  # 1-based output index (multi-image tasks have several)
    index: int  # 0-based index among the n images of that output
    path: str  # where the PNG lies (content-addressed in the cache)
    sha256: str
    seed: int
    objective_rate: float | None = None  # image-side checkpoints shown satisfied, out of all of them
    top1: bool = False
    flagged: str | None = None  # the safety gate's reason when this image was excluded


class VerdictRecord(_Record):
    checkpoint: str
    side: Literal["prompt", "image"]
    outcome: Literal["pass", "fail", "abstain", "skipped", "error"]
    reason: str
    decided_by: str
    output: int | None = None  # image side: which output ...
    image_index: int | None = None  # ... and which of its images
    votes: list[str] = []  # ensembles: "outcome@rater" per member call (see results/agreement.py)


class ScoreRecord(_Record):
    dimension: str
    side: Literal["prompt", "image"]
    value: float | None
    rationale: str
    decided_by: str
    output: int | None = None
    image_index: int | None = None
    exemplars: list[str] = []  # ids of the exemplars retrieved to calibrate this score


class MetricRecord(_Record):
    """One specialised metric on one top-1 image (see pytest_atelier/judge/metrics and docs/metrics.md)."""

    name: str  # colour.hist, colour.palette, structure.ssim, structure.edges, structure.dino, face.identity, text.cer, count.objects, hallucination
    value: float | None  # None when it could not be measured (``detail`` says why)
    output: int | None = None
    image_index: int | None = None
    checkpoint: str | None = None  # per-checkpoint metrics: the checkpoint measured
    detail: str = ""
    decided_by: str = ""


class CallStats(_Record):
    """What a run asked of model APIs in this session (see pytest_atelier/engine/calls.py)."""

    requests: int = 0  # requests that went out to a model API, every try counted
    retries: int = 0  # of those, the tries after a call's first
    cached: int = 0  # answers of model-calling components reused from the cache
    refused: int = 0  # calls the budget refused (nothing sent)
    spent_usd: float = 0.0  # what the requests sent cost (cached answers cost nothing again)
    by_kind: dict[str, dict[str, int]] = {}

    @model_validator(mode="before")
    @classmethod
    def _before_version_4(cls, data):
        """Versions 1-3 counted component calls as ``made``, rule-based ones too: not requests, so dropped."""
        if isinstance(data, dict) and "made" in data:
            data = {k: v for k, v in data.items() if k != "made"}
            data["by_kind"] = {kind: {"cached": e.get("cached", 0)} for kind, e in (data.get("by_kind") or {}).items()}
        return data


class RunRecord(_Record):
    """Everything one (prompter, backend, task) run produced."""

    key: str
    suite: str
    task_id: str
    category: str
    prompter: str
    backend: str
    judge: str
    prompts: list[str] = []
    prompter_meta: dict = {}
    images: list[ImageRecord] = []
    verdicts: list[VerdictRecord] = []  # every verdict, all images
    final: list[VerdictRecord] = []  # the one that counts per (checkpoint, side): top-1, gated
    scores: list[ScoreRecord] = []  # prompt scores and top-1 image scores
    metrics: list[MetricRecord] = []  # specialised metrics of the top-1 images (version 3)
    calls: CallStats = CallStats()
    timings: dict[str, float] = {}
    cost_usd: float = 0.0
    safety: list[dict] = []  # the gate's findings: side, output, image_index, flagged, categories, reason, decided_by
    excluded: str | None = None  # set when the safety gate excluded the submission (its items skip)
    error: str | None = None  # set when the run could not be produced


class ItemRecord(_Record):
    """The outcome of one pytest item."""

    nodeid: str
    run_key: str
    task_id: str
    prompter: str
    backend: str
    kind: Literal["checkpoint", "subjective"]
    side: Literal["prompt", "image"] | None = None
    checkpoint: str | None = None
    outcome: Literal["passed", "failed", "skipped", "error", "xfailed"]
    reason: str = ""
    duration_s: float = 0.0


class GateRecord(_Record):
    expression: str
    scope: str  # what it was evaluated on, e.g. "all", "direct|reference"
    value: float | None
    passed: bool
    n: int
    message: str = ""


class RunConfig(_Record):
    prompters: list[str]
    backends: list[str]
    judge: str
    images_per_prompt: int
    seed: int
    workers: int = 0
    # What a baseline comparison checks (version 2; None or empty in version 1 files):
    judge_identity: str | None = None  # the judge's cache identity: model, settings, prompt-file hash
    backend_identities: dict[str, str] = {}  # backend label -> identity
    prompter_identities: dict[str, str] = {}  # prompter label -> identity (recorded, never checked)
    sample: dict | None = None  # --atelier-sample: n, of, seed, tasks, power


class Results(_Record):
    schema_: str = Field(SCHEMA, alias="schema")
    version: int = SCHEMA_VERSION
    atelier_version: str
    created: str  # ISO 8601, UTC
    wall_s: float = 0.0
    suite: dict  # name, version, license, scoring, root
    config: RunConfig
    runs: list[RunRecord] = []
    items: list[ItemRecord] = []
    aggregates: dict = {}
    gates: list[GateRecord] = []
    exit_status: int | None = None
    pairwise: dict | None = None  # head-to-head judging, added by `atelier pairwise` (version 3; docs/pairwise.md)

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    def run(self, key: str) -> RunRecord:
        for run in self.runs:
            if run.key == key:
                return run
        raise KeyError(key)


@contextlib.contextmanager
def paused_gc():
    """No cyclic garbage collection inside: building a million small objects that all stay alive
    otherwise triggers a full collection again and again (4x the time of loading 10,000 runs)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def write_results(results: Results, path: str | Path) -> Path:
    return write_output(path, results.model_dump_json(by_alias=True, indent=1), "results file")


def load_results(path: str | Path) -> Results:
    """Read a results file, with an error that names the file and the bad field.

    A good file is parsed and validated in one pass by pydantic's JSON parser (no intermediate
    Python dicts: about twice as fast, and a fraction of the memory, at 10,000 runs); a file that
    fails it is read again the slow way only to say precisely what is wrong.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise GateError(f"{path}: cannot read results: {exc}") from exc
    with paused_gc():
        try:
            results = Results.model_validate_json(raw)
        except ValidationError:
            results = None
        if (results is not None and {"schema_", "version"} <= results.model_fields_set
                and results.schema_ == SCHEMA and results.version in READABLE_VERSIONS):
            _resolve_relative_paths(results, path.resolve().parent)
            return results
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise GateError(f"{path}: cannot read results: {exc}") from exc
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise GateError(f"{path}: not a pytest-atelier results file (missing \"schema\": \"{SCHEMA}\")")
    if data.get("version") not in READABLE_VERSIONS:
        raise GateError(
            f"{path}: results version {data.get('version')!r} is not supported: this pytest-atelier "
            f"{__version__} reads versions {', '.join(map(str, READABLE_VERSIONS))}; write the file again "
            "with this version (or upgrade pytest-atelier to read a newer one)"
        )
    try:
        results = Results.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first["loc"])
        raise GateError(f"{path}: {loc}: {first['msg']}") from exc
    _resolve_relative_paths(results, path.resolve().parent)
    return results


def _resolve_relative_paths(results: Results, base: Path) -> None:
    """Relative image paths and suite roots (a moved or shipped results file) read from its folder."""
    root = results.suite.get("root")
    if root and not Path(root).is_absolute():
        results.suite["root"] = str((base / root).resolve())
    for run in results.runs:
        for image in run.images:
            if not Path(image.path).is_absolute():
                image.path = str((base / image.path).resolve())
