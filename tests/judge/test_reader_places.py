"""Colours, frame regions and relations said through pronouns, colon lists, materials and verbs of place (issue #26)."""

from __future__ import annotations

import pytest


from tests.judge.helpers_checks import colour, layout, relation, verdict


# --- frame regions ---------------------------------------------------------------------------


@pytest.mark.parametrize("prompt, region", [
    ("Across the bottom stretches a line of paper boats.", "bottom"),
    ("In the upper right hangs a single paper boat.", "top-right"),
    ("At the left sits a paper boat with a blue flag.", "left"),
])
def test_a_fronted_region_before_a_verb_of_place_places_the_thing_after_it(prompt, region):
    assert verdict(layout(region, "boat"), prompt) == "pass"


def test_a_region_word_before_a_noun_still_describes_that_noun():
    assert verdict(layout("right", "boat"), "On the right bank sits a paper boat.") == "abstain"


@pytest.mark.parametrize("prompt", [
    "One cyclist, seen side-on and placed in the left third of the frame, rides past.",
    "A cyclist, lit from behind and standing at the left edge, waits at the light.",
])
def test_coordinated_participles_after_a_noun_both_describe_it(prompt):
    assert verdict(layout("left", "cyclist"), prompt) == "pass"


def test_a_new_thing_after_and_keeps_its_own_region():
    assert verdict(layout("left", "cyclist"), "One cyclist, seen side-on and a van at the left edge.") == "abstain"


# --- colours ---------------------------------------------------------------------------------


@pytest.mark.parametrize("prompt", [
    "The kettle is sky blue.",
    "The kettle is duck-egg blue.",
    "kettle in sky blue.",
    "The kettle is glossy blue enamel.",
    "A kettle made of blue glass.",
    "A kettle in glossy cobalt glaze.",
    "A kettle made of small overlapping patches of blue and grey.",
])
def test_a_colour_said_through_a_thing_or_a_material_is_the_things(prompt):
    assert verdict(colour("blue", "kettle"), prompt) == "pass"


@pytest.mark.parametrize("prompt", [
    "The kettle is not blue.",
    "The kettle holds blue paint.",
    "The kettle sits in blue light.",
    "The kettle is beside sky blue mugs.",
    "A kettle in sky blue light.",
])
def test_a_colour_of_something_else_near_the_thing_is_not_its(prompt):
    assert verdict(colour("blue", "kettle"), prompt) == "abstain"


@pytest.mark.parametrize("prompt", [
    "A kettle waits on the stove. It is blue with a black handle.",
    "A kettle waits on the stove. It has a long spout. It is blue.",
])
def test_it_opening_a_sentence_stands_for_the_subject_before(prompt):
    assert verdict(colour("blue", "kettle"), prompt) == "pass"


def test_it_after_a_sentence_about_another_thing_is_not_read():
    assert verdict(colour("blue", "kettle"), "A kettle waits on the stove. A cat sleeps. It is blue.") == "abstain"


def test_a_chain_of_pronoun_sentences_keeps_the_first_subject():
    prompt = "A heron stands in the reeds. It holds one leg up. Its beak is yellow."
    assert verdict(colour("yellow", "heron beak"), prompt) == "pass"
    assert verdict(colour("yellow", "heron beak"), "A heron stands in the reeds. A frog waits. Its beak is yellow.") == "abstain"


@pytest.mark.parametrize("prompt, expected", [
    ("The same little kettle appears in each panel: blue, squat, steaming gently.", "pass"),
    ("The kettle sits on the stove: blue.", "pass"),
    ("The kettle holds: a blue spoon, a red lid.", "abstain"),
    ("Next to the kettle stands a jug: blue, tall.", "abstain"),
])
def test_a_colour_alone_in_a_colon_list_is_said_of_the_clause_subject(prompt, expected):
    assert verdict(colour("blue", "kettle"), prompt) == expected


# --- relations -------------------------------------------------------------------------------


@pytest.mark.parametrize("prompt", [
    "A brass key lies on the desk to the left of the lamp.",
    "The key rests on an old wooden tray left of the lamp.",
])
def test_a_relation_after_the_surface_a_thing_rests_on_is_the_things(prompt):
    assert verdict(relation("key", "left_of", "lamp"), prompt) == "pass"


@pytest.mark.parametrize("prompt", [
    "A key on the desk to the left of the lamp.",
    "A key lies on the desk, and a pen to the left of the lamp.",
])
def test_without_a_verb_of_place_the_relation_may_be_the_surfaces(prompt):
    assert verdict(relation("key", "left_of", "lamp"), prompt) == "abstain"


@pytest.mark.parametrize("prompt", [
    "One lighthouse keeper, full figure, on the left",
    "lighthouse keeper at left.",
    "a lighthouse keeper holding a lamp up high, at the left of the frame",
])
def test_a_region_clause_in_the_description_after_a_noun_places_it(prompt):
    assert verdict(layout("left", "keeper"), prompt) == "pass"


@pytest.mark.parametrize("prompt", [
    "One lighthouse keeper, full figure, a gull on the left",
    "a keeper holds a lamp in his left hand.",
    "a keeper watching a gull, a boat at the left",
])
def test_a_region_of_another_thing_or_of_a_hand_does_not_place_it(prompt):
    assert verdict(layout("left", "keeper"), prompt) == "abstain"


def test_and_with_a_verb_of_place_goes_on_with_the_clause_subject():
    prompt = "Its round shell is glossy, ridged at the top, and sits centred in the frame."
    assert verdict(layout("center", "shell"), prompt) == "pass"
    assert verdict(layout("center", "shell"), "The round shell is glossy, and a crab sits centred in the frame.") == "abstain"


def test_a_labelled_thing_is_the_subject_of_the_relation_opening_its_value():
    assert verdict(relation("lockers", "next_to", "kitchen"), "lockers: six, right next to the kitchen.") == "pass"
    assert verdict(relation("lockers", "next_to", "kitchen"), "lockers: six, a bench next to the kitchen.") == "abstain"


@pytest.mark.parametrize("prompt", [
    "On the right stands the tall lamp. To its left is a short lamp.",
    "The tall lamp stands on the right, with a pleated shade. To its left and a bit further back is a short lamp.",
])
def test_its_stands_for_the_subject_of_a_place_sentence_before(prompt):
    assert verdict(relation("short lamp", "left_of", "tall lamp"), prompt) == "pass"


def test_a_phrase_with_a_thing_of_its_own_is_not_passed_over():
    prompt = "The tall lamp stands on the right. To its left and a cat further back is a short lamp."
    assert verdict(relation("short lamp", "left_of", "tall lamp"), prompt) == "abstain"


def test_it_opening_a_sentence_is_placed_for_the_subject_before():
    assert verdict(layout("left", "kettle"), "A kettle waits on the stove. It sits at the far left.") == "pass"
    assert verdict(layout("left", "kettle"), "A kettle waits on the stove. It sits at the right.") == "fail"


def test_a_with_phrase_of_the_thing_before_its_verb_is_passed_over():
    assert verdict(relation("cart", "below", "awning"), "A cart with two red wheels stands just below the awning.") == "pass"
    assert verdict(relation("cart", "below", "awning"), "A cart with two red wheels below the awning.") == "abstain"
    assert verdict(relation("cart", "below", "awning"), "A cart with a dog that stands below the awning.") == "abstain"


@pytest.mark.parametrize("prompt, expected", [
    ("sky: hazy, still, blue-toned.", "pass"),
    ("sky: hazy, out-of-focus blue.", "pass"),
    ("sky: hazy, with blue kites.", "abstain"),
    ("sky: hazy, a blue kite.", "abstain"),
])
def test_a_label_value_list_item_that_is_only_a_colour_colours_the_label(prompt, expected):
    assert verdict(colour("blue", "sky"), prompt) == expected


@pytest.mark.parametrize("prompt, expected", [
    ("Panel 2, the middle: the lighthouse keeper waves.", "pass"),
    ("The middle: the keeper, waving.", "pass"),
    ("the keeper walks down the middle of the road.", "abstain"),
])
def test_the_and_a_region_word_alone_is_a_frame_region(prompt, expected):
    assert verdict(layout("center", "keeper"), prompt) == expected


@pytest.mark.parametrize("prompt, expected", [
    ("Above the door, a wooden board with two brass hooks.", "pass"),
    ("Above the door: board with two hooks, both brass", "pass"),
    ("Above the door, a board and two hooks.", "abstain"),
    ("Above the door, a board, with two hooks on the wall.", "abstain"),
])
def test_what_a_fronted_subject_holds_with_it_shares_its_relation(prompt, expected):
    assert verdict(relation("hooks", "above", "door"), prompt) == expected
