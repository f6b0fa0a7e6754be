"""The LLM steps of `atelier suite from-posts`: what each asks and how its answer is checked.

Each step is one chat call whose answer is checked against a pydantic model; an answer that
does not fit raises :class:`StageError` and is never cached. ``VERSION`` is part of every
cache key: bump it when a prompt or a check changes.
"""

from __future__ import annotations

import json
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..errors import AtelierError
from ..suite.models import TAG_VOCABULARY, Primitive

__all__ = [
    "CLASSIFY",
    "DRAFT",
    "Draft",
    "EXTRACT",
    "RELEVANCE",
    "VERSION",
    "Classification",
    "Relevance",
    "Sample",
    "Samples",
    "StageError",
    "ask",
]

VERSION = "1"


class StageError(AtelierError):
    """An LLM answer that does not fit the step's format."""


class _Reply(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Relevance(_Reply):
    relevance: int = Field(ge=1, le=5)
    reason: str


class Sample(_Reply):
    brief: str
    post_ids: list[str]
    input_images: list[str]
    target_images: list[str]
    feedback: list[str]
    quality: Literal["benchmark", "analysis", "discard"]


class Samples(_Reply):
    samples: list[Sample]


def _without_nulls(value):
    """A strict schema makes optional keys nullable: null means absent in a task file."""
    if isinstance(value, dict):
        return {k: _without_nulls(v) for k, v in value.items() if v is not None}
    return [_without_nulls(v) for v in value] if isinstance(value, list) else value


class Draft(_Reply):
    """The drafted task's fields; the suite's Task model and strict rules check the rest."""

    title: str
    brief: str
    category: Literal["OE", "CO"] | None = None
    constraints: dict[str, list[str]] | None = None
    tags: dict[str, list[str]]
    checkpoints: list[dict] = Field(min_length=1)
    reference_prompt: str

    @field_validator("checkpoints", mode="after")
    @classmethod
    def _absent_nulls(cls, checkpoints: list[dict]) -> list[dict]:
        return _without_nulls(checkpoints)


class Classification(_Reply):
    category: Literal["OE", "CO", "IM", "image_input"]
    reason: str


def _strict(properties: dict) -> dict:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


_STR, _STRS = {"type": "string"}, {"type": "array", "items": {"type": "string"}}


def _nullable(schema: dict) -> dict:
    return {"anyOf": [schema, {"type": "null"}]}

RELEVANCE = {
    "system": (
        "You sort social media posts for a benchmark of text-to-image prompting. Rate how likely it is that the "
        "post is about making a picture with an image generator: it gives a prompt or part of one, shows a generated "
        "picture, corrects or comments on one. 1 = certainly unrelated, 2 = probably unrelated, 3 = unsure, "
        "4 = probably related, 5 = certainly related. Answer in JSON: relevance (1-5) and a one-sentence reason."
    ),
    "schema": _strict({"relevance": {"type": "integer"}, "reason": _STR}),
    "model": Relevance,
}

EXTRACT = {
    "system": (
        "You turn a thread of posts about image generation into self-contained samples. A prompt may be split "
        'over several posts ("prompt in the reply"), corrected later, or shown only as a picture. For each '
        "distinct request someone made, give: brief (the request as one self-contained instruction a person "
        "could hand to an image generator, in the writer's intent and words where possible, without names or "
        "handles), post_ids (every post the sample draws on), input_images (image refs such as POSTID#1 the "
        "request starts from: a photo to edit, a sketch, a reference), target_images (image refs of pictures "
        "the writer shows as the goal to reproduce, if any; results of the generator are NOT targets), "
        "feedback (what people said about the results: praise, complaints, failures), and quality: "
        '"benchmark" for a clear, coherent request with evident intent, "analysis" for partial requests or '
        'commentary, "discard" for anything off topic. Use only refs that appear in the thread. Answer in JSON.'
    ),
    "schema": _strict(
        {
            "samples": {
                "type": "array",
                "items": _strict(
                    {
                        "brief": _STR,
                        "post_ids": _STRS,
                        "input_images": _STRS,
                        "target_images": _STRS,
                        "feedback": _STRS,
                        "quality": {
                            "type": "string",
                            "enum": ["benchmark", "analysis", "discard"],
                        },
                    }
                ),
            },
        }
    ),
    "model": Samples,
}

CLASSIFY = {
    "system": (
        "Put a text-to-image request into one category of a prompting benchmark. OE: an open-ended wish stated "
        "by mood, purpose or audience, with few concrete requirements. CO: a request with many concrete "
        "requirements (counts, colours, positions, exact text, must-haves). IM: reproduce a target picture "
        "the writer shows. image_input: change or build on input pictures the writer provides (edit, restyle, "
        "combine). Answer in JSON: category and a one-sentence reason."
    ),
    "schema": _strict(
        {
            "category": {"type": "string", "enum": ["OE", "CO", "IM", "image_input"]},
            "reason": _STR,
        }
    ),
    "model": Classification,
}

_PRIMITIVES = ", ".join(p.value for p in Primitive)
_TAGS = "; ".join(f"{dim}: {', '.join(tags)}" for dim, tags in TAG_VOCABULARY.items())

DRAFT = {
    "system": (
        "You write one task of a benchmark that grades text-to-image prompters. The prompter will see the brief "
        "(and any input or target image) and write a prompt; a judge then checks a paired checklist: what the "
        "prompt must ask for and what the image must show. Reply with one JSON object with the keys: title (short), "
        "brief (self-contained, written to the prompter as the requester would), constraints (CO only, else null: "
        "an object whose keys are constraint primitives (attribute_binding, spatial_relation, quantity, text, "
        "hard_constraint) and whose values are lists of short requirement phrases), tags (object; allowed tags: "
        f"{_TAGS}; at least one entities and one visual_style tag), checkpoints (list; each with id c01, c02 ..., "
        f"primitive (one of: {_PRIMITIVES}), image (what the image must show), prompt (what the prompt must ask "
        'for), optional check (a machine-checkable kind: {"type": "count", "entity": ..., "count": N}, '
        '{"type": "color", "entity": ..., "color": ...}, {"type": "text", "text": ...}, '
        '{"type": "absence", "entity": ...}, {"type": "presence", "entity": ...}) and optional depends_on '
        "(ids)), and reference_prompt (a strong prompt for this task). Rules of the benchmark: OE tasks use only "
        "the semantic primitives abstract_intent, audience_intent, implicit_style and semantic_negation, 6 to 10 "
        "checkpoints in all. CO tasks use 3 or 4 kinds of semantic primitive and 10 to 18 constraint checkpoints "
        "over at least 2 constraint primitives, each constraint checkpoint matching one entry of constraints. IM "
        "tasks describe the target picture in 3 to 7 semantic checkpoints (abstract_intent, implicit_style) and 7 to "
        "16 constraint checkpoints (attribute_binding, spatial_relation, quantity, text), and never use "
        "audience_intent, semantic_negation or hard_constraint. Every checklist item must follow from the brief or the picture; "
        "invent nothing the requester did not ask for."
    ),
    "schema": _strict(
        {
            "title": _STR,
            "brief": _STR,
            "category": _nullable({"type": "string", "enum": ["OE", "CO"]}),
            "constraints": _nullable(_strict({p: _STRS for p in ("attribute_binding", "spatial_relation", "quantity", "text", "hard_constraint")})),
            "tags": _strict({dim: {"type": "array", "items": {"type": "string", "enum": list(tags)}} for dim, tags in TAG_VOCABULARY.items()}),
            "checkpoints": {
                "type": "array",
                "items": _strict(
                    {
                        "id": _STR,
                        "primitive": {"type": "string", "enum": [p.value for p in Primitive]},
                        "image": _nullable(_STR),
                        "prompt": _nullable(_STR),
                        "check": _nullable(
                            _strict(
                                {
                                    "type": {"type": "string", "enum": ["count", "color", "text", "absence", "presence"]},
                                    "entity": _nullable(_STR),
                                    "count": _nullable({"type": "integer"}),
                                    "color": _nullable(_STR),
                                    "text": _nullable(_STR),
                                }
                            )
                        ),
                        "depends_on": _STRS,
                    }
                ),
            },
            "reference_prompt": _STR,
        }
    ),
    "model": Draft,  # then the suite's own Task model and strict rules
}


def ask(client, step: dict, user: str, images=()) -> dict:
    """One call of ``step``; the answer as a dict that fits the step's model (StageError if not)."""
    reply = client.chat(
        step["system"], user, images, json_schema=step.get("schema"), temperature=0
    )
    data = parse_json_object(reply.text)
    try:
        return step["model"].model_validate(data).model_dump(exclude_none=True)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"])
        raise StageError(
            f"the answer does not fit ({field}: {err['msg']}); it began {reply.text[:160]!r}"
        ) from None


def parse_json_object(text: str) -> dict:
    """The JSON object of an answer, also inside a ```json fence."""
    body = text.strip()
    fence = re.search(r"```(?:json)?\s*(\{.*\})\s*```", body, re.DOTALL)
    if fence:
        body = fence.group(1)
    try:
        data = json.loads(body)
    except json.JSONDecodeError:
        start, end = body.find("{"), body.rfind("}")
        try:
            data = json.loads(body[start : end + 1]) if 0 <= start < end else None
        except json.JSONDecodeError:
            data = None
    if not isinstance(data, dict):
        raise StageError(f"the answer is not a JSON object; it began {text[:160]!r}")
    return data
