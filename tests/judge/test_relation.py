"""The relation checkpoint kind: a thing placed relative to another thing, read from the prompt
(pass on the relation, fail only on a contradicting one between the same two, abstain otherwise)
and left to model judges on the image side."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from pytest_atelier.errors import SuiteError
from pytest_atelier.judge.checkers import judge_image_check
from pytest_atelier.judge.prompt_decide import decide
from pytest_atelier.judge.relation_rule import check_relation
from pytest_atelier.suite import load_suite
from pytest_atelier.suite.models import Checkpoint, RelationCheck

from tests.conftest import CO_TASK, write_suite


def R(subject, relation, obj, **kw) -> RelationCheck:
    return RelationCheck(type="relation", subject=subject, relation=relation, object=obj, **kw)


GOLDFISH = {"terms": ["goldfish"]}

PASS = [
    (R("sign", "above", "door"), "A painted wooden sign hangs above the front door."),
    (R("sign", "above", "door"), "A painted wooden sign hangs over the old door."),
    (R("sign", "above", "door"), "The door sits below a hand-lettered sign."),  # the converse
    (R("sign", "above", "door"), "Above the blue door hangs a small sign."),  # fronted
    (R("sign", "above", "door"), 'the shop sign "OPEN LATE" above the door'),  # its text is skipped
    (R("cup", "left_of", "plate"), "a white cup to the left of a round plate"),
    (R("cup", "left_of", "plate"), "the plate sits to the right of the cup"),
    (R("dog", "in_front_of", "fence"), "a dog standing in front of a picket fence"),
    (R("cat", "on", "mat"), "a ginger cat curled up on a striped mat"),
    (R("fish", "inside", "bowl", **GOLDFISH), "a goldfish swimming inside a glass bowl"),
    (R("lamp", "next_to", "bed"), "a brass lamp beside the bed"),
    (R("lamp", "next_to", "bed"), "Beside the bed stands a brass lamp."),
    (R("moon", "above", "mountains"), "a full moon rising over snowy mountains"),
    (R("book", "on", "shelf"), "books on a shelf and a cat on the floor"),
    (R("clock", "above", "fireplace"), "a clock above the fireplace"),
    (R("car", "behind", "tree"), "a car parked behind an oak tree"),
    (R("mug", "right_of", "laptop"), "Laptop in the middle; to the right of the laptop sits a steaming mug."),
    (R("vase", "above", "table"), "a vase on top of the table"),  # on top of states above too
    (R("kite", "above", "lighthouse", object_terms=["beacon"]), "a red kite flying high over the beacon"),
    # a pronoun stands for the thing named before the clause's own subject, in its sentence or the one before
    (R("kite", "above", "lighthouse"), "An old stone lighthouse on the cliff. A red kite floats high over it."),
    (R("teapot", "right_of", "cup"), "A chipped blue cup on the table; the teapot stands to its right."),
    (R("owl", "below", "branch"), "a bare branch with a small owl perched beneath it"),
]

FAIL = [
    (R("sign", "above", "door"), "A sign beneath the door."),
    (R("cup", "left_of", "plate"), "a white cup to the right of a round plate"),
    (R("dog", "in_front_of", "fence"), "a dog behind a picket fence"),
    (R("cat", "on", "mat"), "a ginger cat sleeping under the mat"),
    (R("fish", "inside", "bowl", **GOLDFISH), "a goldfish outside the bowl, flopping on the table"),
    (R("lamp", "next_to", "bed"), "a brass lamp far from the bed"),
    (R("car", "behind", "tree"), "an oak tree behind a parked car"),  # the converse contradicts
    (R("mug", "right_of", "laptop"), "On the left of the laptop, a steaming mug."),
    (R("car", "behind", "tree"), "a car, a tree behind it"),  # 'it' is the car: the tree is the one behind
    (R("teapot", "left_of", "cup"), "A chipped blue cup on the table; the teapot stands to its right."),
]

ABSTAIN = [
    (R("sign", "above", "door"), "A shop front with a sign and a green door."),  # no relation stated
    (R("sign", "above", "door"), "No sign above the door."),  # inside an exclusion
    (R("sign", "above", "door"), "A cat above the door, a sign on the wall."),  # the cat is above it
    (R("sign", "above", "door"), "A weathered shop front at dusk."),  # neither mentioned
    (R("cup", "left_of", "plate"), "A plate, and a cup on the left side of the frame"),  # a frame region
    (R("cat", "on", "mat"), "a cat on the sofa next to a mat"),
    (R("fish", "inside", "bowl"), "a goldfish swimming inside a glass bowl"),  # 'fish' not named
    (R("dog", "below", "table"), "a dog chasing a ball under the table"),  # the ball is
    (R("dog", "below", "table"), "the dog's bowl under the table"),
    (R("cat", "on", "shelf"), "books on a shelf and a cat on the floor"),
    (R("bird", "above", "tree"), "do not put the bird above the tree"),
    (R("clock", "above", "fireplace"), "the clock should sit right below the mantel of the fireplace"),
    (R("kite", "above", "lighthouse"), "A lighthouse. A gull. A beach. A kite flies over it."),  # named too far back
]


@pytest.mark.parametrize("check, prompt", PASS)
def test_a_stated_relation_passes(check, prompt):
    assert check_relation(check, prompt)[0] == "pass", check_relation(check, prompt)


@pytest.mark.parametrize("check, prompt", FAIL)
def test_a_contradicting_relation_between_the_same_two_fails(check, prompt):
    assert check_relation(check, prompt)[0] == "fail", check_relation(check, prompt)


@pytest.mark.parametrize("check, prompt", ABSTAIN)
def test_without_evidence_the_rule_abstains(check, prompt):
    assert check_relation(check, prompt)[0] == "abstain", check_relation(check, prompt)


def test_decide_routes_the_kind_and_names_the_method():
    cp = Checkpoint(id="c01", image="The sign hangs above the door.", prompt="The prompt puts the sign above the door.",
                    check=R("sign", "above", "door"))
    outcome, reason, method = decide(cp, "a sign above the door")
    assert (outcome, method) == ("pass", "check:relation") and "'above'" in reason


def test_a_relation_pass_needs_the_colour_the_statement_names_too():
    cp = Checkpoint(id="c01", image="A red sign hangs above the door.", prompt="The prompt puts a red sign above the door.",
                    check=R("sign", "above", "door"))
    outcome, reason, method = decide(cp, "a sign above the door")
    assert (outcome, method) == ("abstain", "check:relation") and "'red'" in reason
    assert decide(cp, "a red sign above the door")[0] == "pass"


def test_the_image_side_abstains_with_a_reason(tmp_path: Path):
    Image.new("RGB", (32, 32), "white").save(tmp_path / "x.png")
    outcome, reason, tool = judge_image_check(R("cup", "left_of", "plate"), tmp_path / "x.png")
    assert outcome == "abstain" and tool == "none"
    assert "cup" in reason and "left of the plate" in reason and "model judge" in reason


def test_an_unknown_relation_is_a_located_error(tmp_path):
    task = CO_TASK.replace("check: {type: count, entity: circle, count: 3, color: red}",
                           "check: {type: relation, subject: circle, relation: beneath, object: sign}")
    assert task != CO_TASK
    with pytest.raises(SuiteError) as info:
        load_suite(write_suite(tmp_path / "s", {"co_sign": task}))
    assert "relation" in str(info.value) and "'left_of'" in str(info.value)


def test_a_participle_after_a_comma_still_places_the_thing():
    check = RelationCheck(type="relation", subject="lamp", relation="behind", object="armchair")
    assert check_relation(check, "Brass floor lamp, standing behind the armchair")[0] == "pass"
    assert check_relation(check, "Brass floor lamp, leaning in front of the armchair")[0] == "fail"
    assert check_relation(check, "Brass floor lamp, then a rug behind the armchair")[0] == "abstain"
