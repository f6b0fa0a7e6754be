"""Hallucination as a judge skill: elements of an image that were neither asked for nor implied.

A model judge (any :class:`~pytest_atelier.judge.atelier.AtelierJudge`: OpenAI-compatible,
Anthropic, Gemini or local) is shown the request, the prompt and the image, with the
instructions of ``prompts/hallucination.v1.md``, and answers one JSON object:

    {"elements": [{"element": "a watermark", "reason": "no text was requested"}],
     "summary": "faithful apart from the watermark"}

The reply is validated against :data:`SCHEMA` (one retry with a note when it is malformed, as for
every skill). :func:`find_hallucinations` returns the parsed :class:`Hallucinations`; the metric is
the number of elements. The prompt file's hash is part of :data:`IDENTITY`, which the engine puts
in the cache key of each call, so editing the file asks again.
"""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

from ...suite.models import Task

__all__ = ["SCHEMA", "INSTRUCTIONS", "IDENTITY", "Hallucinations", "find_hallucinations", "hallucination_request"]

_FILE = Path(__file__).resolve().parent.parent / "prompts" / "hallucination.v1.md"
INSTRUCTIONS = _FILE.read_text(encoding="utf-8")
IDENTITY = f"hallucination/1@{hashlib.sha256(INSTRUCTIONS.encode()).hexdigest()[:16]}"
SCHEMA: dict = {
    "type": "object",
    "properties": {
        "elements": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"element": {"type": "string"}, "reason": {"type": "string"}},
                "required": ["element", "reason"],
                "additionalProperties": False,
            },
        },
        "summary": {"type": "string"},
    },
    "required": ["elements", "summary"],
    "additionalProperties": False,
}


@dataclasses.dataclass(frozen=True)
class Hallucinations:
    """The unrequested elements a judge found (``(element, reason)`` pairs) and its summary."""

    elements: tuple[tuple[str, str], ...]
    summary: str
    decided_by: str

    @property
    def count(self) -> int:
        return len(self.elements)

    def describe(self) -> str:
        if not self.elements:
            return f"nothing unrequested: {self.summary}"
        listed = "; ".join(f"{e} ({r})" for e, r in self.elements)
        return f"{self.count} unrequested: {listed}"

    def to_dict(self) -> dict:
        return {"elements": [list(e) for e in self.elements], "summary": self.summary, "decided_by": self.decided_by}

    @classmethod
    def from_dict(cls, data: dict) -> "Hallucinations":
        return cls(tuple((str(e), str(r)) for e, r in data["elements"]), str(data["summary"]), str(data["decided_by"]))


def hallucination_request(task: Task, prompt: str) -> str:
    """The user turn of the skill: the request (brief, constraints, outputs) and the prompt."""
    from ..atelier import _block, _task_context

    return f"{_task_context(task)}\n\nThe prompt the image was made from:\n{_block(prompt)}\n\nThe image to review is attached."


def _consistent(data: dict) -> str | None:
    empty = [i for i, e in enumerate(data["elements"], 1) if not e["element"].strip()]
    return f"element {empty[0]} has no name" if empty else None


def find_hallucinations(judge, task: Task, prompt: str, image: Path) -> Hallucinations:
    """Ask ``judge`` (an AtelierJudge) which elements of ``image`` nobody asked for."""
    data = judge.ask(
        f"hallucination on task {task.id}", INSTRUCTIONS, hallucination_request(task, prompt), [Path(image).read_bytes()], SCHEMA, _consistent
    )
    elements = tuple((e["element"].strip(), e["reason"].strip()) for e in data["elements"])
    return Hallucinations(elements, data["summary"].strip(), judge.name)
