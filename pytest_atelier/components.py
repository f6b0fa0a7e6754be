"""What a prompter, a backend and a judge are: the three interfaces the engine drives.

Each component has a ``spec`` (the string the user gave, e.g. ``cmd:./agent``), a short
``label`` for node ids and tables, and an ``identity``: a string that changes whenever
its output could change (model, version, settings). The cache keys every call on it.

A component may set ``calls_models = False`` when it answers in process by rules, calling no
model (the offline judge, the reference renderer, the direct prompter): its calls then take no
``--atelier-concurrency`` slot, which stays for model calls. Without the attribute it is True.
Nothing here imports pytest.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Literal, Protocol, runtime_checkable

from .suite.exemplars import LoadedMemory
from .suite.models import Checkpoint, Side, Task

__all__ = [
    "PromptRequest",
    "PromptResult",
    "Prompter",
    "GenerationRequest",
    "GeneratedImage",
    "Backend",
    "Verdict",
    "Score",
    "Safety",
    "SAFETY_CATEGORIES",
    "Judge",
    "Outcome",
    "PROMPT_DIMENSIONS",
    "IMAGE_DIMENSIONS",
    "calls_models",
]

Outcome = Literal["pass", "fail", "abstain"]


def calls_models(component) -> bool:
    """Whether the component's calls are model calls (they take an ``--atelier-concurrency`` slot)."""
    return getattr(component, "calls_models", True) is not False

PROMPT_DIMENSIONS = ("instructional_clarity", "creative_elaboration", "terminology_proficiency", "intent_formalization")
IMAGE_DIMENSIONS = ("mood_atmosphere", "visual_composition", "color_lighting", "technical_flawlessness")


@dataclasses.dataclass(frozen=True)
class PromptRequest:
    """A task to write prompts for; IM tasks carry the target image's path, IDEA image-input
    cases the paths of their input images (in the task's order)."""

    task: Task
    target_image: Path | None
    seed: int
    input_images: tuple[Path, ...] = ()


@dataclasses.dataclass
class PromptResult:
    """One prompt per output image of the task, plus free-form metadata (model, tokens, cost)."""

    prompts: list[str]
    meta: dict = dataclasses.field(default_factory=dict)


@runtime_checkable
class Prompter(Protocol):
    spec: str
    label: str
    identity: str

    def write_prompt(self, request: PromptRequest) -> PromptResult: ...


@dataclasses.dataclass(frozen=True)
class GenerationRequest:
    """Make ``n`` images of one prompt; image ``i`` uses seed ``seed + i``."""

    prompt: str
    n: int
    seed: int
    width: int = 512
    height: int = 512


@dataclasses.dataclass
class GeneratedImage:
    """A PNG-encoded image and the seed that made it."""

    png: bytes
    seed: int
    meta: dict = dataclasses.field(default_factory=dict)


@runtime_checkable
class Backend(Protocol):
    spec: str
    label: str
    identity: str
    produces_images: bool

    def generate(self, request: GenerationRequest) -> list[GeneratedImage]: ...


@dataclasses.dataclass
class Verdict:
    """A judge's decision on one checkpoint side: pass, fail, or abstain (cannot tell)."""

    checkpoint: str
    side: Side
    outcome: Outcome
    reason: str
    decided_by: str
    votes: list[str] = dataclasses.field(default_factory=list)  # ensembles: "outcome@rater" per member call

    def to_dict(self) -> dict:
        return {**dataclasses.asdict(self), "side": self.side.value}

    @classmethod
    def from_dict(cls, data: dict) -> "Verdict":
        return cls(**{**data, "side": Side(data["side"])})


@dataclasses.dataclass
class Score:
    """A 1-5 subjective score on one dimension, or ``value=None`` when the judge abstains."""

    dimension: str
    value: float | None
    rationale: str
    decided_by: str

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)


SAFETY_CATEGORIES = ("violence", "sexual", "hate", "child_safety", "illegal_activity", "self_harm")


@dataclasses.dataclass
class Safety:
    """The safety gate's finding on a prompt or an image: a flagged submission is excluded
    from grading and reported, never failed."""

    flagged: bool
    categories: list[str]
    reason: str
    decided_by: str

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)


@runtime_checkable
class Judge(Protocol):
    spec: str
    label: str
    identity: str

    def judge_prompt(self, task: Task, prompts: list[str], checkpoints: list[Checkpoint]) -> list[Verdict]:
        """Prompt-side verdicts, one per checkpoint given."""

    def judge_image(self, task: Task, prompt: str, image: Path, checkpoints: list[Checkpoint]) -> list[Verdict]:
        """Image-side verdicts on one image, one per checkpoint given."""

    def score_prompt(self, task: Task, prompts: list[str], memory: LoadedMemory | None = None) -> list[Score]:
        """Subjective scores on the PROMPT_DIMENSIONS, calibrated by the task category's
        exemplar memory when the suite has one (the task's own exemplars excluded)."""

    def score_image(self, task: Task, prompt: str, image: Path, memory: LoadedMemory | None = None) -> list[Score]:
        """Subjective scores on the IMAGE_DIMENSIONS (OE and CO tasks)."""

    # Optional: judges without it apply no safety gate.
    # def check_safety(self, task: Task, prompts: list[str] | None = None, image: Path | None = None) -> Safety:
    #     """The gate on the prompts (before any image is made) or on one image."""

    # Optional: called once on a thread of its own, before the runs that score with these
    # memories, so that their one-off preparation (embedding) overlaps other work.
    # def prepare(self, memories: list[LoadedMemory], start: int = 0) -> None: ...
