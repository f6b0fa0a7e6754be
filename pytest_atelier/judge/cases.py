"""Stand-alone labelled judge cases (``atelier meta-eval CASES``): one checkpoint, one
prompt or image, one true/false label.

A cases file (YAML or JSON) needs no suite::

    produced_by: "who or what made the labels"   # required: provenance
    method: "how the labels were made"           # required
    cases:
      - id: p-text-001
        side: prompt                             # prompt | image
        checkpoint:                              # the fields of a suite checkpoint, minus id
          prompt: "The prompt asks for the sign text 'Fresh Coffee'."
          check: {type: text, text: "Fresh Coffee"}
        prompt: 'A chalkboard sign that reads "Fresh Coffee Daily".'
        label: false
        note: "prefix of a longer quoted string"
      - id: i-color-001
        side: image
        checkpoint: {image: "The background is white.", check: {type: color, color: white, entity: background}}
        image: images/dev/i-color-001.png        # relative to the file
        label: true

Each case is judged as a one-checkpoint task (category OE, brief "stand-alone judge case").
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..errors import SuiteError
from ..suite.loader import _compose, _outside, _validate
from ..suite.models import ID_PATTERN, Category, Checkpoint, Task

__all__ = ["Case", "CaseSet", "Cases", "load_cases", "is_cases_file"]


class CaseCheckpoint(Checkpoint):
    """A suite checkpoint whose id comes from its case."""

    id: str = Field("case", pattern=ID_PATTERN)


class Case(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=ID_PATTERN)
    side: Literal["prompt", "image"]
    checkpoint: CaseCheckpoint
    prompt: str | None = None
    image: str | None = None
    label: bool
    note: str = ""

    @model_validator(mode="after")
    def _consistent(self):
        if self.side == "prompt" and (self.prompt is None or not self.checkpoint.prompt):
            raise ValueError("a prompt-side case needs 'prompt' and a checkpoint 'prompt' statement")
        if self.side == "image" and (self.image is None or not self.checkpoint.image):
            raise ValueError("an image-side case needs 'image' and a checkpoint 'image' statement")
        return self


class CaseSet(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    produced_by: str = Field(min_length=1)
    method: str = Field(min_length=1)
    cases: list[Case] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self):
        ids = [c.id for c in self.cases]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"case ids must be unique; repeated: {', '.join(dupes[:5])}")
        return self


@dataclasses.dataclass(frozen=True)
class Cases:
    """A validated case set with each case's one-checkpoint task built."""

    path: Path
    cases: CaseSet

    def task(self, case: Case) -> Task:
        return Task(id=case.id, category=Category.OE, brief="stand-alone judge case", checkpoints=[self.checkpoint(case)])

    @staticmethod
    def checkpoint(case: Case) -> Checkpoint:
        return Checkpoint(**{**case.checkpoint.model_dump(exclude_unset=True), "id": case.id})

    def image(self, case: Case) -> Path | None:
        return (self.path.parent / case.image) if case.image else None


def is_cases_file(path: str | Path) -> bool:
    """Whether a labels file is a cases file (a top-level ``cases`` key)."""
    data, _ = _compose(Path(path))
    return isinstance(data, dict) and "cases" in data


def load_cases(path: str | Path) -> Cases:
    """Load and check a cases file; errors name the file, the case and what to fix."""
    path = Path(path)
    cases = _validate(CaseSet, path)
    root = path.parent.resolve()
    problems = []
    for c in cases.cases:
        if c.image is None:
            continue
        if _outside(root, path.parent, c.image):
            problems.append((None, f"cases.{c.id}.image", f"{c.image} lies outside the folder of the cases file"))
        elif not (path.parent / c.image).is_file():
            problems.append((None, f"cases.{c.id}.image", f"no file {c.image}"))
    if problems:
        raise SuiteError(path, problems)
    return Cases(path, cases)
