"""Frame regions said through quoted text, region headings and keys, and bare region tags; styles said as a time of day (issue #26)."""

from __future__ import annotations

import json

import pytest

from pytest_atelier.judge.prompt_formats import plain_prompt
from pytest_atelier.judge.prompt_words import read_words
from tests.judge.helpers_checks import colour, count, layout, verdict


# --- quoted text -------------------------------------------------------------------------------


@pytest.mark.parametrize("prompt", [
    'A shop sign "WAIT, LOOK!" hangs along the top.',
    'banner "NO. 7 DOCK" at the top, a crane below it',
])
def test_punctuation_inside_quoted_text_does_not_end_the_clause_that_places_it(prompt):
    assert verdict(layout("top", "sign" if "sign" in prompt else "banner"), prompt) == "pass"


def test_a_stop_that_closes_a_quoted_sentence_still_ends_the_sentence():
    words = read_words('The clerk says "We are closed." A van waits outside.')
    assert words[-1].sentence > words[0].sentence
    assert verdict(layout("left", "clerk"), 'The clerk says "Not today." On the left, a van.') == "abstain"


# --- region headings and keys --------------------------------------------------------------------


def test_a_markdown_heading_that_names_a_part_of_the_frame_places_every_bullet_under_it():
    prompt = "# Kitchen scene\n\n### Right half\n- A tall fridge\n- Green kettle on the counter\n\n### Left half\n- One cat sleeping on a chair\n"
    assert verdict(layout("right", "fridge"), prompt) == "pass"
    assert verdict(layout("right", "kettle"), prompt) == "pass"
    assert verdict(layout("left", "cat"), prompt) == "pass"
    assert verdict(layout("left", "fridge"), prompt) != "pass"


@pytest.mark.parametrize("prompt", ["Left side: Green kettle on the counter", "### Left half\n- Green kettle"])
def test_a_capital_that_opens_a_labelled_line_is_no_name(prompt):
    assert verdict(colour("green", "kettle"), prompt) == "pass"


def test_a_heading_that_names_a_thing_places_nothing():
    prompt = "### Right whale\n- A tall fridge\n"
    assert verdict(layout("right", "fridge"), prompt) == "abstain"


def test_an_object_under_a_region_key_is_placed_there_whatever_its_depth():
    prompt = json.dumps({"scene": {"right": {"lamp": "one brass lamp", "shade": "cream"}, "left": {"dog_count": 1, "dog": "a sleeping dog"}}})
    assert verdict(layout("right", "lamp"), prompt) == "pass"
    assert verdict(layout("left", "dog"), prompt) == "pass"
    assert verdict(layout("left", "lamp"), prompt) != "pass"


def test_a_region_key_places_the_text_under_it_not_its_parent_key():
    prompt = json.dumps({"panels": {"bottom_left": {"label": "SUNDAY", "scene": "a cat on a sofa"}}})
    assert verdict(layout("bottom-left", "label"), prompt) == "pass"


def test_upper_alone_is_a_part_of_a_thing_not_of_the_frame():
    prompt = json.dumps({"boot": {"upper": "tan suede", "sole": "black"}})
    assert verdict(layout("top", "suede"), prompt) == "abstain"


def test_a_text_object_with_a_role_says_that_role_and_its_place():
    prompt = json.dumps({"copy": [{"content": "OPEN LATE", "role": "tagline", "position": "bottom"},
                                  {"content": "CAFE NOVA", "role": "shop name", "position": "top left"}]})
    assert verdict(layout("bottom", "tagline"), prompt) == "pass"
    assert verdict(layout("top-left", "shop name"), prompt) == "pass"
    assert verdict(layout("top", "tagline"), prompt) == "fail"


def test_a_type_key_of_the_whole_prompt_is_not_a_texts_role():
    prompt = json.dumps({"type": "greeting card", "text": "Get well soon", "illustration": "a bear with a balloon"})
    assert 'greeting card "Get well soon"' not in plain_prompt(prompt)


def test_a_count_key_names_the_thing_its_object_places():
    prompt = json.dumps({"layout": {"kettle_count": 1, "position": "centered", "angle": "side view"}})
    assert verdict(layout("center", "kettle"), prompt) == "pass"
    assert verdict(count("kettle", 1), prompt) == "pass"
