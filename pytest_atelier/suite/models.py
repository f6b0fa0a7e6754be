"""The suite format: a manifest, tasks, and paired checkpoints (pydantic models).

A suite is a folder with ``suite.yaml`` (a :class:`SuiteManifest`) and task files
(``tasks/**/*.yaml``, each one :class:`Task`). Every model forbids unknown fields so
that a typo in a task file is an error naming the file and line, not a silent default.
"""

from __future__ import annotations

import enum
from typing import Annotated, Literal, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from ..errors import FieldError
from ..judge.colors import COLOR_NAMES, canonical

__all__ = [
    "Category",
    "Primitive",
    "SEMANTIC_PRIMITIVES",
    "CONSTRAINT_PRIMITIVES",
    "TAG_VOCABULARY",
    "Side",
    "TextCheck",
    "ColorCheck",
    "CountCheck",
    "AbsenceCheck",
    "PresenceCheck",
    "StyleCheck",
    "LayoutCheck",
    "PaletteCheck",
    "RelationCheck",
    "RELATIONS",
    "Check",
    "Checkpoint",
    "Constraints",
    "Tags",
    "Task",
    "SuiteManifest",
    "REGIONS",
]

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"
REGIONS = ("top", "bottom", "left", "right", "center", "top-left", "top-right", "bottom-left", "bottom-right")
Region = Literal["top", "bottom", "left", "right", "center", "top-left", "top-right", "bottom-left", "bottom-right"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Category(str, enum.Enum):
    """Task categories of the AtelierEval paper."""

    OE = "OE"  # open-ended creation
    CO = "CO"  # constrained creation
    IM = "IM"  # imitation of a target image


class Primitive(str, enum.Enum):
    """Challenge primitives: four semantic, five constraint."""

    abstract_intent = "abstract_intent"
    audience_intent = "audience_intent"
    implicit_style = "implicit_style"
    semantic_negation = "semantic_negation"
    attribute_binding = "attribute_binding"
    spatial_relation = "spatial_relation"
    quantity = "quantity"
    text = "text"
    hard_constraint = "hard_constraint"


SEMANTIC_PRIMITIVES = (
    Primitive.abstract_intent,
    Primitive.audience_intent,
    Primitive.implicit_style,
    Primitive.semantic_negation,
)
CONSTRAINT_PRIMITIVES = (
    Primitive.attribute_binding,
    Primitive.spatial_relation,
    Primitive.quantity,
    Primitive.text,
    Primitive.hard_constraint,
)

# Application-context tags, by dimension (AtelierEval appendix B).
TAG_VOCABULARY: dict[str, tuple[str, ...]] = {
    "entities": ("object", "character", "environment", "typography", "data_element"),
    "structure": (
        "portrait_closeup",
        "full_body_shot",
        "schematic_diagram",
        "knolling_layout",
        "sequential_panel",
        "ui_interface",
        "isometric_view",
    ),
    "visual_style": ("photorealistic", "traditional_media", "vector_flat", "3d_render", "cel_shaded"),
    "theme": (
        "corporate_clean",
        "scifi_cyberpunk",
        "fantasy_mythic",
        "abstract_conceptual",
        "cute_pop",
        "retro_vintage",
        "horror_dark",
    ),
}


class Side(str, enum.Enum):
    """Which artefact a checkpoint verdict is about."""

    prompt = "prompt"
    image = "image"


# --- machine-readable checkpoint kinds -------------------------------------------------


class TextCheck(_Model):
    """Exact text that must appear (image: by OCR; prompt: quoted or verbatim). ``also`` holds
    the other texts of a set the same statement names ("Research" and "Launch"): every one of
    them must appear too."""

    type: Literal["text"]
    text: str = Field(min_length=1)
    also: list[Annotated[str, Field(min_length=1)]] = Field(default_factory=list)
    case_sensitive: bool = False
    region: Region | None = None

    @property
    def texts(self) -> list[str]:
        """Every text the check asks for, ``text`` first."""
        return [self.text, *self.also]


def _known_colour(word: str) -> str:
    """A colour the judge can read on both sides, or an error naming the ones it knows."""
    if canonical(word) is None:
        raise ValueError(f"unknown colour {word!r}: the judge could never decide this check; "
                         f"use a palette colour ({', '.join(COLOR_NAMES)}) or one of its synonyms")
    return word


ColourName = Annotated[str, AfterValidator(_known_colour)]


class ColorCheck(_Model):
    """An entity (or the whole image when ``entity`` is empty) carries a named colour."""

    type: Literal["color"]
    color: ColourName
    entity: str = ""
    terms: list[str] = []  # other names of the entity for the prompt side
    region: Region | None = None
    min_fraction: float = Field(0.01, gt=0, le=1)


class CountCheck(_Model):
    """Exactly ``count`` instances of an entity (image side needs ``color`` to count blobs)."""

    type: Literal["count"]
    entity: str = Field(min_length=1)
    count: int = Field(ge=0)
    terms: list[str] = []
    color: ColourName | None = None


class AbsenceCheck(_Model):
    """Something must not appear: a concept (prompt side), and text or a colour (image side)."""

    type: Literal["absence"]
    entity: str = Field(min_length=1)
    terms: list[str] = []
    text: str | None = None
    color: ColourName | None = None


class PresenceCheck(_Model):
    """An entity must appear."""

    type: Literal["presence"]
    entity: str = Field(min_length=1)
    terms: list[str] = []


class StyleCheck(_Model):
    """A style or medium (photograph, watercolour, flat vector, ...)."""

    type: Literal["style"]
    style: str = Field(min_length=1)
    terms: list[str] = []


class LayoutCheck(_Model):
    """An entity sits in a region of the frame (image side needs ``text`` or ``color``)."""

    type: Literal["layout"]
    entity: str = Field(min_length=1)
    region: Region
    terms: list[str] = []
    text: str | None = None
    color: ColourName | None = None


class PaletteCheck(_Model):
    """Only these colours: every listed colour is used and the pixels of all other palette
    colours together cover at most ``tolerance`` of the image."""

    type: Literal["palette"]
    colors: list[ColourName] = Field(min_length=1)
    tolerance: float = Field(0.05, ge=0, lt=1)


RELATIONS = ("above", "below", "left_of", "right_of", "in_front_of", "behind", "on", "inside", "next_to")


class RelationCheck(_Model):
    """``subject`` stands in ``relation`` to ``object`` ("the sign above the door"): a position
    relative to another thing, not a region of the frame (that is :class:`LayoutCheck`).
    ``terms`` and ``object_terms`` are other names of the two for the prompt side."""

    type: Literal["relation"]
    subject: str = Field(min_length=1)
    relation: Literal[RELATIONS]  # type: ignore[valid-type]
    object: str = Field(min_length=1)
    terms: list[str] = []
    object_terms: list[str] = []


Check = Annotated[
    Union[TextCheck, ColorCheck, CountCheck, AbsenceCheck, PresenceCheck, StyleCheck, LayoutCheck, PaletteCheck, RelationCheck],
    Field(discriminator="type"),
]


class Checkpoint(_Model):
    """One paired checklist item: what the image must show and what the prompt must ask for.

    ``match`` lists keyword groups for the offline prompt-side matcher: every group must be
    present in the prompt (any one alternative per group), outside a negation.
    """

    id: str = Field(pattern=ID_PATTERN)
    primitive: Primitive | None = None
    image: str | None = Field(None, min_length=1)
    prompt: str | None = Field(None, min_length=1)
    check: Check | None = None
    match: list[Annotated[list[Annotated[str, Field(min_length=1)]], Field(min_length=1)]] = []  # no empty group or word
    depends_on: list[str] = []
    level: int | None = Field(None, ge=1, le=3)  # IDEA-style hierarchy level
    output: int | None = Field(None, ge=1)  # which output image, for multi-image tasks

    @model_validator(mode="after")
    def _has_a_side(self):
        if self.image is None and self.prompt is None:
            raise ValueError("a checkpoint needs an 'image' statement, a 'prompt' statement, or both")
        return self

    def sides(self) -> list[Side]:
        return [s for s, text in ((Side.prompt, self.prompt), (Side.image, self.image)) if text]


class Constraints(_Model):
    """Structured constraint fields of a CO task, one list of instances per primitive."""

    attribute_binding: list[str] = []
    spatial_relation: list[str] = []
    quantity: list[str] = []
    text: list[str] = []
    hard_constraint: list[str] = []

    def items(self) -> list[tuple[str, str]]:
        return [(name, value) for name in type(self).model_fields for value in getattr(self, name)]


class Tags(_Model):
    """Application-context tags in four dimensions."""

    entities: list[str] = []
    structure: list[str] = []
    visual_style: list[str] = []
    theme: list[str] = []

    def all(self) -> list[str]:
        return [*self.entities, *self.structure, *self.visual_style, *self.theme]

    @field_validator("entities", "structure", "visual_style", "theme")
    @classmethod
    def _identifiers(cls, value: list[str]):
        for tag in value:
            if not tag.replace("_", "").isalnum():
                raise ValueError(f"tag {tag!r} must be letters, digits and underscores")
        return value


class Task(_Model):
    """One benchmark task.

    ``outputs`` describes each image of a multi-image task (one prompt per output); a
    single-image task leaves it empty. ``target_image`` is relative to the task file.
    ``input_images`` (IDEA-style image-input cases: I2I, Is2I, I(s)2Is) lists the images the
    prompter is shown with the brief, each relative to the task file and inside the suite.
    """

    id: str = Field(pattern=ID_PATTERN)
    category: Category
    brief: str = Field(min_length=1)
    title: str = ""
    subtask: str = ""
    constraints: Constraints | None = None
    target_image: str | None = None
    input_images: list[str] = []
    outputs: list[str] = []
    tags: Tags = Tags()
    primitives: dict[Primitive, int] = {}
    checkpoints: list[Checkpoint] = Field(min_length=1)
    reference_prompt: str | list[str] | None = None
    sources: list[str] = []  # where the task comes from, e.g. ``post:ID`` for a suite made from posts

    @model_validator(mode="after")
    def _consistent(self):
        seen: dict[str, int] = {}
        for i, cp in enumerate(self.checkpoints):
            if cp.id in seen:
                raise FieldError(f"checkpoint id {cp.id!r} is already used by checkpoint {seen[cp.id]}; ids must be unique",
                                 ("checkpoints", i, "id"))
            seen[cp.id] = i
        for i, cp in enumerate(self.checkpoints):
            for j, dep in enumerate(cp.depends_on):
                if dep not in seen:
                    raise FieldError(f"checkpoint {cp.id!r} depends on unknown checkpoint {dep!r}", ("checkpoints", i, "depends_on", j))
                if dep == cp.id:
                    raise FieldError(f"checkpoint {cp.id!r} depends on itself", ("checkpoints", i, "depends_on", j))
            if cp.output is not None and cp.output > max(1, len(self.outputs)):
                raise FieldError(f"checkpoint {cp.id!r} names output {cp.output}, the task has {max(1, len(self.outputs))}",
                                 ("checkpoints", i, "output"))
        _check_acyclic(self.checkpoints)
        if self.category is Category.IM and not self.target_image:
            raise FieldError("an IM task needs a 'target_image'", ("category",))
        if self.category is not Category.IM and self.target_image:
            raise FieldError("only IM tasks take a 'target_image'", ("target_image",))
        if self.category is Category.IM and self.input_images:
            raise FieldError("an IM task's image is its 'target_image'; 'input_images' is for image-input (IDEA) cases", ("input_images",))
        for i, rel in enumerate(self.input_images):
            if not rel.strip():
                raise FieldError("an input image path is empty", ("input_images", i))
            if rel in self.input_images[:i]:
                raise FieldError(f"input image {rel!r} is listed twice", ("input_images", i))
        if self.category is Category.CO and self.constraints is None:
            raise FieldError("a CO task needs 'constraints'", ("category",))
        if self.category is not Category.CO and self.constraints is not None:
            raise FieldError("only CO tasks take 'constraints'", ("constraints",))
        if len(self.outputs) == 1:
            raise FieldError("'outputs' lists two or more images; leave it out for a single image", ("outputs",))
        if isinstance(self.reference_prompt, list) and len(self.reference_prompt) != self.n_outputs:
            raise FieldError(f"'reference_prompt' needs one prompt per output ({self.n_outputs})", ("reference_prompt",))
        return self

    @property
    def n_outputs(self) -> int:
        return max(1, len(self.outputs))

    def checkpoint(self, checkpoint_id: str) -> Checkpoint:
        for cp in self.checkpoints:
            if cp.id == checkpoint_id:
                return cp
        raise KeyError(checkpoint_id)

    def keywords(self) -> list[str]:
        """Words pytest's ``-k`` can select this task by: category, tags, subtask (items add
        their checkpoint's primitive and side)."""
        words = {self.category.value.lower(), *self.tags.all()}
        if self.subtask:
            words.add(self.subtask)
        return sorted(words)


def _check_acyclic(checkpoints: list[Checkpoint]) -> None:
    """Refuse a dependency cycle, located at the checkpoint that closes it (iterative: any depth)."""
    deps = {cp.id: cp.depends_on for cp in checkpoints}
    index = {cp.id: i for i, cp in enumerate(checkpoints)}
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for start in deps:
        if state.get(start):
            continue
        path, stack = [start], [iter(deps[start])]
        state[start] = 1
        while stack:
            dep = next(stack[-1], None)
            if dep is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(dep) == 1:
                cycle = path[path.index(dep):] + [dep]
                raise FieldError("checkpoint dependencies form a cycle: " + " -> ".join(cycle), ("checkpoints", index[path[-1]], "depends_on"))
            elif not state.get(dep):
                state[dep] = 1
                path.append(dep)
                stack.append(iter(deps[dep]))


class SuiteManifest(_Model):
    """``suite.yaml``: what the suite is and how it is scored.

    ``scoring`` is ``atelier`` (paired checkpoints, per-checkpoint pass rate) or ``idea``
    (IDEA-Bench: checkpoints in three levels; a failed level zeroes the levels above it).
    ``exemplars`` maps a memory name (``OE``, ``CO``, ``IM`` ...) to a file of scored prompts.
    """

    name: str = Field(pattern=ID_PATTERN)
    version: str = Field(min_length=1)
    license: str = Field(min_length=1)
    description: str = ""
    scoring: Literal["atelier", "idea"] = "atelier"
    tasks: list[str] = ["tasks/**/*.yaml"]
    exemplars: dict[str, str] = {}
