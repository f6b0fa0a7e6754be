"""Strict validation refuses a `layout` check (a region of the frame) whose prompt statement places
its thing relative to another thing: that is a `relation` check (issue #17: "sign above the awning"
checked as "top of the frame"). The image statement may add where else the thing stands."""

from __future__ import annotations

import pytest

from pytest_atelier.judge.prompt_evidence import relative_placements
from pytest_atelier.suite import load_suite
from pytest_atelier.suite.strict import strict_suite_problems

from .conftest import CO_TASK, write_suite

LAYOUT = """  - id: c04
    primitive: spatial_relation
    image: {image}
    prompt: {prompt}
    check: {check}
"""


def _problems(tmp_path, image, prompt="The prompt places the sign.", check="{type: layout, entity: sign, region: top}"):
    task = CO_TASK.replace("reference_prompt:", LAYOUT.format(image=image, prompt=prompt, check=check) + "reference_prompt:")
    task = task.replace("attribute_binding: 1}", "attribute_binding: 1, spatial_relation: 1}")
    task = task.replace("constraints:\n", "constraints:\n  spatial_relation: ['the sign placement']\n")
    suite = load_suite(write_suite(tmp_path / "s", {"co_sign": task}))
    return [p for _, p in strict_suite_problems(suite) if "relative to another thing" in p]


@pytest.mark.parametrize("image", [
    "The sign hangs above the awning.",
    "The cup stands left of the plate.",
    "A dog sleeps behind the fence.",
    "The lamp is next to the bed.",
    "The title sits to the right of the logo.",
    "The moon hangs over the old barn.",
])
def test_a_relation_written_as_a_region_is_refused(tmp_path, image):
    (problem,) = _problems(tmp_path, "The sign is in its place.", prompt=image)
    assert "checkpoint c04" in problem and "type: relation" in problem


@pytest.mark.parametrize("image", [
    "The sign sits at the top of the frame.",
    "The sign sits on the left side of the poster.",
    "The sign sits left of centre.",
    "The sign lies in the top left of the sky.",  # a region named through what fills it
    "The sign glows at the top right, between the two towers.",  # among others: the region places it
    "The word ARRIVALS is on the left side of the sign.",  # a part of the one thing
    "The sign is below the frame's midline.",
])
def test_a_frame_region_passes(tmp_path, image):
    assert _problems(tmp_path, image, prompt=image) == []


def test_the_prompt_statement_decides_and_a_relation_check_is_fine(tmp_path):
    assert len(_problems(tmp_path, "The sign is at the top.", prompt="The prompt puts the sign above the awning.")) == 1
    # the image statement adds a neighbour to the frame region the prompt statement asks for
    assert _problems(tmp_path, "The sign sits at the top, above the awning.", prompt="The prompt puts the sign at the top.") == []
    check = "{type: relation, subject: sign, relation: above, object: awning}"
    assert _problems(tmp_path, "The sign hangs above the awning.", prompt="The prompt puts the sign above the awning.", check=check) == []


def test_the_phrase_and_its_object_are_named():
    assert [p for p, _ in relative_placements("A sign hangs just above the striped awning.")] == ["above the striped awning"]
