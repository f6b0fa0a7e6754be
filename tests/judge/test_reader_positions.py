"""Positions said by order, by a region word that tells things apart, by an object's position
key, and relations said past a frame region (issue #26)."""

from __future__ import annotations

import json

import pytest

from pytest_atelier.judge.prompt_order import placed_in_order, placed_panels
from pytest_atelier.suite.models import ColorCheck
from tests.judge.helpers_checks import colour, layout, relation, verdict

# --- things listed in order along the frame ------------------------------------------------------

_SHELF = {"shelf": {"order_top_to_bottom": ["jar of honey", "bread box", "tea tin"]}}


@pytest.mark.parametrize("prompt, region, entity", [
    ("On the counter, from left to right: a kettle, a cup, then a spoon.", "left", "kettle"),
    ("On the counter, from left to right: a kettle, a cup, then a spoon.", "right", "spoon"),
    ("- Right to left: a kettle, a cup, a spoon", "right", "kettle"),
    (json.dumps(_SHELF), "top", "jar"),
    (json.dumps(_SHELF), "bottom", "tin"),
])
def test_the_ends_of_a_list_in_order_are_at_the_sides_it_runs_between(prompt, region, entity):
    assert verdict(layout(region, entity), prompt) == "pass"


def test_a_middle_item_of_an_ordered_list_gets_no_side():
    assert verdict(layout("left", "cup"), "From left to right: a kettle, a cup, then a spoon.") == "abstain"


def test_an_item_that_places_itself_keeps_its_own_place():
    assert placed_in_order("Top to bottom: a roof, walls, a door in the middle") == "Top to bottom: a roof at the top, walls, a door in the middle"


@pytest.mark.parametrize("text", [
    "Left to right: a kettle",  # one item has no two ends
    "Left to left: a kettle, a cup",  # not an order between two sides
    "The kettle stands left to right of the cup, a spoon",  # no list after a label
])
def test_without_an_ordered_list_nothing_is_placed(text):
    assert placed_in_order(text) == text


# --- a label that opens with a frame region, then notes ------------------------------------------


@pytest.mark.parametrize("prompt, region, entity", [
    ('## Lettering\n- Bottom, bold condensed, white: banner "OPEN LATE"', "bottom", "banner"),
    ("## Layout\n- Right column, bottom: a tin watering can\n- Left column, top: a trowel", "bottom-right", "watering can"),
    ("## Layout\n- Right column, bottom: a tin watering can\n- Left column, top: a trowel", "top-left", "trowel"),
])
def test_a_label_opening_with_a_region_places_its_line_past_its_notes(prompt, region, entity):
    assert verdict(layout(region, entity), prompt) == "pass"


def test_a_label_that_only_opens_with_a_region_word_of_a_thing_places_nothing():
    assert verdict(layout("top", "boot"), "- Upper, stitched: a boot with laces") == "abstain"


# --- numbered panels of a strip ----------------------------------------------------------------------

_STRIP = "A three-panel strip, side by side. Panel 1: a fox asks. Panel 2: a hare with a lantern. Panel 3: the fox again."


@pytest.mark.parametrize("prompt, region, entity", [
    (_STRIP, "center", "hare"),
    (_STRIP.replace("Panel 3: the fox", "Panel 3: the owl"), "right", "owl"),
    ("Three framed panels stacked vertically.\n- Panel one: a fox asks\n- Panel two: a hare answers", "top", "fox"),
])
def test_numbered_panels_of_a_strip_in_one_row_or_column_are_placed_along_it(prompt, region, entity):
    assert verdict(layout(region, entity), prompt) == "pass"


@pytest.mark.parametrize("text", [
    "Four panels in a 2x2 grid. Panel 1: a fox.",  # a grid has no single row
    "Three panels. Panel 1: a fox.",  # no layout said
    "A four-panel strip in a row. Panel 2: a fox.",  # an inner panel of an even strip
    "A three-panel strip. Panel 2, the middle: a fox.",  # placed already
])
def test_panels_without_a_known_place_are_left_as_they_are(text):
    assert placed_panels(text) == text


# --- a terse region after a noun -------------------------------------------------------------------


@pytest.mark.parametrize("prompt", ["(yellow kite far left:1.2), green kite second", "three kites, the yellow kite far left, then a green one"])
def test_a_sharpened_region_closing_a_phrase_places_its_noun(prompt):
    assert verdict(layout("left", "yellow kite"), prompt) == "pass"


@pytest.mark.parametrize("prompt, region", [("A lamp in the lower left-hand corner.", "bottom-left"), ("- Lamp on the right-hand side", "right")])
def test_a_left_hand_or_right_hand_part_of_the_frame_is_a_frame_region(prompt, region):
    assert verdict(layout(region, "lamp"), prompt) == "pass"


# --- a region word that tells several of a thing apart --------------------------------------------


def test_contrasting_region_words_before_one_noun_place_each_at_its_side():
    prompt = "A row of three huts: the left hut holds a goat, the middle hut a hen, the right hut a donkey."
    assert verdict(layout("left", "goat"), prompt) == "pass"
    assert verdict(layout("right", "donkey"), prompt) == "pass"


@pytest.mark.parametrize("prompt", [
    "The left hut holds a goat.",  # nothing told apart
    "In her left hand a goat toy, in her right hand a bell.",  # a body's own sides
])
def test_a_region_word_before_a_noun_without_contrast_is_no_frame_region(prompt):
    assert verdict(layout("left", "goat"), prompt) == "abstain"


# --- an object's position key -------------------------------------------------------------------

_CARDS = json.dumps({"cards": [
    {"position": "left", "portrait": "a boy with a red scarf"},
    {"position": "right", "portrait": "a girl with a blue scarf"},
]})


def test_a_bare_position_key_places_all_its_object_says():
    assert verdict(layout("left", "boy"), _CARDS) == "pass"
    assert verdict(ColorCheck(type="color", color="blue", entity="scarf", region="right"), _CARDS) == "pass"
    assert verdict(colour("red", "scarf"), _CARDS) == "pass"


def test_a_place_clause_after_a_noun_and_its_with_phrase_places_the_noun():
    assert verdict(layout("right", "boy"), "A boy with a red scarf, on the right. A dog sleeps.") == "pass"


def test_a_position_key_that_is_a_relation_places_all_its_object_says():
    prompt = json.dumps({"clock": {"face": "white"}, "shelf_area": {"position": "below the clock", "jars": ["SALT", "FLOUR"]}})
    assert verdict(relation("jars", "below", "clock"), prompt) == "pass"


def test_a_position_value_that_is_a_relation_is_read_as_one():
    prompt = json.dumps({"items": [{"item": "stool", "count": 1, "position": "right of the desk"}, {"item": "desk", "position": "centre"}]})
    assert verdict(relation("stool", "right_of", "desk"), prompt) == "pass"


# --- a relation said past the thing's frame region ---------------------------------------------


@pytest.mark.parametrize("prompt, rel", [
    ("A wall clock at top right above the doorway.", "above"),
    ("wall clock top right above the doorway, potted fern", "above"),
    ("A wall clock in the upper right corner above the doorway.", "above"),
    ("A wall clock at the very top above the doorway.", "above"),
    ("a wall clock hanging right of centre above the doorway", "above"),
])
def test_a_frame_region_between_a_thing_and_its_relation_keeps_the_relation_its(prompt, rel):
    assert verdict(relation("clock", rel, "doorway"), prompt) == "pass"


def test_a_place_of_another_thing_between_them_is_no_frame_region():
    assert verdict(relation("clock", "above", "doorway"), "A wall clock on the left side of the shelf above the doorway.") == "abstain"


@pytest.mark.parametrize("prompt, check", [
    ("A brass bell, mouth down, at the top, and below it a clay jug.", ("jug", "below", "bell")),
    ("A brass bell hangs high, dull grey; below it a clay jug.", ("jug", "below", "bell")),
    ("Two candles standing upright, each with a blue wick; beside them a clay jug.", ("jug", "next_to", "candles")),
])
def test_a_pronoun_after_short_descriptions_stands_for_the_thing_they_describe(prompt, check):
    assert verdict(relation(*check), prompt) == "pass"
