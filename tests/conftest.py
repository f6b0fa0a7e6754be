"""Shared test helpers: a small suite written into a temporary folder."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import scipy.ndimage  # noqa: F401  loaded once here: pytester's in-process runs cannot load it again
import scipy.spatial  # noqa: F401
from PIL import Image, ImageDraw

from pytest_atelier.providers import factory

MANIFEST = """\
name: mini
version: "0.1"
license: CC0-1.0
tasks: ["tasks/*.yaml"]
"""

OE_TASK = """\
id: oe_garden
category: OE
brief: >-
  My aunt runs a small herb nursery and wants a calm picture of her glasshouse at dawn
  for the shop wall. Nothing modern, please: no cars and no people.
tags: {entities: [environment], visual_style: [traditional_media], theme: [retro_vintage]}
primitives: {abstract_intent: 1, semantic_negation: 1, implicit_style: 1}
checkpoints:
  - id: c01
    primitive: abstract_intent
    image: The scene feels calm.
    prompt: The prompt asks for a calm mood.
    match: [[calm, tranquil, serene, peaceful]]
  - id: c02
    primitive: semantic_negation
    image: No people appear.
    prompt: The prompt excludes people.
    check: {type: absence, entity: people, terms: [person, figures]}
  - id: c03
    primitive: implicit_style
    image: It looks like a watercolour.
    prompt: The prompt names a watercolour look.
    check: {type: style, style: watercolor, terms: [watercolour]}
reference_prompt: 'A tranquil watercolour of a glasshouse at dawn. Negative prompt: people, cars.'
"""

CO_TASK = """\
id: co_sign
category: CO
brief: A shop sign for a bakery. Warm and friendly.
constraints:
  text: ['The sign reads "OPEN"']
  quantity: ['three red circles']
  attribute_binding: ['the circles are red']
tags: {entities: [typography, object], visual_style: [vector_flat], theme: [cute_pop]}
primitives: {text: 1, quantity: 1, attribute_binding: 1}
checkpoints:
  - id: c01
    primitive: text
    image: The sign reads "OPEN".
    prompt: The prompt gives the text "OPEN".
    check: {type: text, text: OPEN}
  - id: c02
    primitive: quantity
    image: Exactly three circles.
    prompt: The prompt asks for three circles.
    check: {type: count, entity: circle, count: 3, color: red}
  - id: c03
    primitive: attribute_binding
    depends_on: [c02]
    image: The circles are red.
    prompt: The prompt makes the circles red.
    check: {type: color, color: red, entity: circles}
reference_prompt: 'A flat sign reading "OPEN" with three red circles.'
"""

IM_TASK = """\
id: im_flag
category: IM
brief: Write a prompt that reproduces this image. The client remembers it as three red stripes.
target_image: flag.png
tags: {entities: [object], visual_style: [vector_flat]}
primitives: {quantity: 1, attribute_binding: 1}
checkpoints:
  - id: c01
    primitive: quantity
    image: Two blue stripes.
    prompt: The prompt asks for two stripes.
    check: {type: count, entity: stripe, count: 2, color: blue}
  - id: c02
    primitive: attribute_binding
    image: The stripes are blue.
    prompt: The prompt makes the stripes blue.
    check: {type: color, color: blue, entity: stripes}
reference_prompt: Two blue stripes on a white flag.
"""


@pytest.fixture(autouse=True)
def no_api_limits_from_other_tests(monkeypatch):
    """Each test starts with no API's limits registered: a loopback server may get the port of an
    earlier test's server, and the limits that test set for its URL must not reach this one."""
    monkeypatch.setattr(factory, "_limits", {})


def write_suite(root: Path, tasks: dict[str, str] | None = None, manifest: str = MANIFEST) -> Path:
    """Write the mini suite (or the given task files) under ``root`` and return the suite folder."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "suite.yaml").write_text(manifest)
    (root / "tasks").mkdir(exist_ok=True)
    tasks = tasks if tasks is not None else {"oe_garden": OE_TASK, "co_sign": CO_TASK, "im_flag": IM_TASK}
    for name, text in tasks.items():
        (root / "tasks" / f"{name}.yaml").write_text(textwrap.dedent(text))
    image = Image.new("RGB", (128, 96), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 10, 127, 30], fill=(20, 40, 220))
    draw.rectangle([0, 60, 127, 80], fill=(20, 40, 220))
    image.save(root / "tasks" / "flag.png")
    return root


LAKE_TASK = """\
id: t{n:03d}
category: OE
brief: A calm lake at dusk for task {n}, with no people.
tags: {{entities: [environment]}}
primitives: {{abstract_intent: 1}}
checkpoints:
  - id: c01
    primitive: abstract_intent
    image: The picture feels calm.
    prompt: The prompt asks for calm.
    match: [[calm, serene]]
  - id: c02
    primitive: abstract_intent
    image: The picture shows a lake.
    prompt: The prompt asks for a lake.
    match: [[lake]]
"""


def write_lake_suite(root: Path, tasks: int) -> Path:
    """A suite of ``tasks`` alike OE tasks (2 checkpoints each: 5 items per run), for scale tests."""
    return write_suite(root, {f"t{n:03d}": LAKE_TASK.format(n=n) for n in range(tasks)})


@pytest.fixture
def mini_suite(tmp_path) -> Path:
    return write_suite(tmp_path / "mini")
