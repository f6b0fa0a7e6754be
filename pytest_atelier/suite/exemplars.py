"""Exemplar memories: scored prompts (or images) that calibrate the subjective judge.

A memory file is YAML::

    name: OE
    side: prompt                   # prompt or image
    dimensions: [instructional_clarity, creative_elaboration, terminology_proficiency, intent_formalization]
    exemplars:
      - id: oe_mem_001
        task_id: oe_014            # the task it was written for (excluded when judging that task)
        prompt: "..."              # side: prompt
        image: images/x.png        # side: image (relative to the memory file)
        scores:
          instructional_clarity: {score: 4, rationale: "..."}
"""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..errors import SuiteError
from .image_files import image_problem
from .loader import _outside, _validate

__all__ = ["DimensionScore", "Exemplar", "ExemplarMemory", "LoadedMemory", "load_memory", "load_memory_with_source"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DimensionScore(_Model):
    score: int = Field(ge=1, le=5)
    rationale: str = Field(min_length=1)


class Exemplar(_Model):
    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
    task_id: str
    prompt: str | None = None
    image: str | None = None
    scores: dict[str, DimensionScore]

    @field_validator("image")
    @classmethod
    def _inside(cls, value: str | None):
        """An exemplar image is read and may be sent to a judge's API: never an absolute path."""
        if value is not None and "\0" in value:
            raise ValueError(f"{value!r} contains a NUL byte, which no file name can hold")
        if value is not None and (Path(value).is_absolute() or value.startswith("~")):
            raise ValueError(f"{value!r} must be a path relative to the memory file")
        return value


class ExemplarMemory(_Model):
    name: str
    side: Literal["prompt", "image"]
    dimensions: list[str] = Field(min_length=1)
    exemplars: list[Exemplar] = Field(min_length=1)

    @model_validator(mode="after")
    def _complete(self):
        ids = [e.id for e in self.exemplars]
        if len(ids) != len(set(ids)):
            raise ValueError("exemplar ids must be unique")
        for ex in self.exemplars:
            if set(ex.scores) != set(self.dimensions):
                raise ValueError(f"exemplar {ex.id!r} must score exactly {self.dimensions}")
            if (ex.prompt if self.side == "prompt" else ex.image) is None:
                raise ValueError(f"exemplar {ex.id!r} needs a '{self.side}'")
        return self


@dataclasses.dataclass(frozen=True)
class LoadedMemory:
    """A memory with where it came from: ``root`` resolves image paths, ``digest`` keys caches."""

    memory: ExemplarMemory
    root: Path
    digest: str


def load_memory(path: str | Path) -> ExemplarMemory:
    """Load and validate a memory file; errors name the file, line and field."""
    return _validate(ExemplarMemory, Path(path))


def load_memory_with_source(path: str | Path, within: str | Path | None = None) -> LoadedMemory:
    """The memory, its folder (for image paths) and the file's digest (for cache keys).

    With ``within`` (a suite's folder), every exemplar image must lie inside it (a suite
    cannot make the judge read, or send to an API, a file from elsewhere) and be an image
    the judge can read."""
    path = Path(path)
    memory = load_memory(path)
    if within is not None:
        root = Path(within).resolve()
        outside = [
            (None, f"exemplars.{i}.image", f"{ex.image!r} lies outside the suite folder {root}; keep exemplar images inside the suite")
            for i, ex in enumerate(memory.exemplars)
            if ex.image and _outside(root, path.parent, ex.image)
        ]
        if outside:
            raise SuiteError(path, outside)
        unreadable = []
        for i, ex in enumerate(memory.exemplars):
            image = path.parent / ex.image if ex.image else None
            problem = None if image is None else image_problem(image) if image.is_file() else f"file not found: {ex.image}"
            if problem:
                unreadable.append((None, f"exemplars.{i}.image", problem))
        if unreadable:
            raise SuiteError(path, unreadable)
    return LoadedMemory(memory, path.parent, hashlib.sha256(path.read_bytes()).hexdigest())
