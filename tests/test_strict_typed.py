"""Strict validation refuses a checkpoint decided by keyword groups alone whose prompt statement
names a colour, a count, a position or an exclusion (issue 26: "a blue hard hat" passed a
checkpoint for a red one, because `match` only found "hard hat")."""

from __future__ import annotations

import pytest

from pytest_atelier.suite import load_suite
from pytest_atelier.suite.statement_kinds import named_kinds
from pytest_atelier.suite.strict import strict_suite_problems

from .conftest import CO_TASK, write_suite

EXTRA = """  - id: c04
    primitive: attribute_binding
    image: The baker wears a hat.
    prompt: {prompt}
{decider}
"""


def _problems(tmp_path, prompt, decider="    match: [[hat, cap]]"):
    task = CO_TASK.replace("reference_prompt:", EXTRA.format(prompt=prompt, decider=decider) + "reference_prompt:")
    task = task.replace("attribute_binding: 1}", "attribute_binding: 2}")
    task = task.replace("attribute_binding: ['the circles are red']", "attribute_binding: ['the circles are red', 'the hat']")
    root = write_suite(tmp_path / "s", {"co_sign": task})
    found = [(f, p) for f, p in strict_suite_problems(load_suite(root)) if "keyword groups cannot decide" in p]
    line = task.splitlines().index("  - id: c04") + 1
    return [(f.replace(f"co_sign.yaml:{line}", "co_sign.yaml:<line of c04>"), p) for f, p in found]


@pytest.mark.parametrize(("prompt", "kind", "check"), [
    ("The prompt asks for a red hard hat.", "colour", "type: color"),
    ("The prompt asks for two hats.", "count", "type: count"),
    ("The prompt puts the hat at the top left.", "position", "type: layout"),
    ("The prompt puts the hat behind the counter.", "position", "type: relation"),
    ("The prompt keeps hats out of the picture.", "exclusion", "type: absence"),
])
def test_a_keyword_checkpoint_that_names_what_keywords_cannot_decide_is_refused_at_its_line(tmp_path, prompt, kind, check):
    (found,) = _problems(tmp_path, prompt)
    where, problem = found
    assert where.endswith("co_sign.yaml:<line of c04>")
    assert f"names {kind}" in problem and check in problem and problem.startswith("checkpoint c04:")


def test_the_same_statement_with_a_typed_check_passes(tmp_path):
    typed = "    check: {type: color, color: red, entity: hard hat, terms: [hat]}"
    assert _problems(tmp_path, "The prompt asks for a red hard hat.", typed) == []


@pytest.mark.parametrize("prompt", [
    "The prompt asks for a baker's hat.",
    "The prompt asks for a 16:9 format.",  # a ratio, not a count
    "The prompt asks for a 45-degree angle.",  # a measure
    "The prompt addresses children aged eight to twelve.",  # an age range
    'The prompt gives the text "TWO FOR ONE" verbatim.',  # text to render
    "The prompt asks for golden hour light.",  # a time of day
    "The prompt asks for glossy shapes lit from the upper left.",  # a direction of light
    "The prompt asks for a top-down view.",
    "The prompt has the knight facing left.",
    "The prompt asks for a cool blue and orange palette.",  # colours bound to no thing
])
def test_statements_without_such_a_requirement_pass(tmp_path, prompt):
    assert named_kinds(prompt) == []
    assert _problems(tmp_path, prompt) == []


def test_every_kind_is_named_in_order():
    kinds = named_kinds("The prompt puts two red cups on the left, without saucers.")
    assert kinds == [("colour", "red"), ("count", "two"), ("position", "left"), ("exclusion", "without")]


def test_a_statement_without_keyword_groups_is_read_whole_and_passes(tmp_path):
    # no `match`, no `check`: the judge reads the statement itself (every word, exclusions inside one)
    assert _problems(tmp_path, "The prompt asks for a red hard hat.", decider="") == []
