"""Colours read through tints, ranges, left-out heads, shared modifiers, parentheses, groups and
the colour keys of JSON objects (issue #26): the same content decided alike in every format."""

from __future__ import annotations

import json

import pytest

from pytest_atelier.judge.colour_links import colour_of
from tests.judge.helpers_checks import colour, count, verdict

# --- "-ish" tints and ranges --------------------------------------------------------------------


@pytest.mark.parametrize("word, hue", [("reddish", "red"), ("bluish", "blue"), ("whitish", "white"), ("purplish", "purple"),
                                       ("greyish", "gray"), ("tannish", "beige")])
def test_an_ish_word_of_a_colour_is_a_tint_of_it(word, hue):
    assert colour_of(word) == hue


@pytest.mark.parametrize("word", ["finish", "radish", "polish", "garnish", "lavish"])
def test_other_ish_words_are_no_colour(word):
    assert colour_of(word) is None


def test_a_tinted_thing_has_the_tints_colour():
    assert verdict(colour("black", "scarf"), "A blackish wool scarf hangs on the hook.") == "pass"


def test_a_tint_joined_to_a_colour_shades_it():
    prompt = "- Two greenish-yellow pears on a plate"
    assert verdict(colour("yellow", "pears"), prompt) == "pass"
    assert verdict(colour("green", "pears"), prompt) == "fail"


@pytest.mark.parametrize("wanted", ["gray", "black"])
def test_a_range_of_colours_gives_the_thing_both(wanted):
    assert verdict(colour(wanted, "cat"), "- A light grey to black cat curled on a cushion") == "pass"
    assert verdict(colour(wanted, "cat"), "The cat is light grey to black, curled on a cushion.") == "pass"


def test_to_before_a_place_is_no_range():
    assert verdict(colour("blue", "kettle"), "The kettle is red to the left of the sink.") == "fail"


@pytest.mark.parametrize("wanted", ["red", "gold"])
def test_colours_joined_after_a_place_preposition_are_the_nouns(wanted):
    assert verdict(colour(wanted, "leaves"), "A fox naps in red and gold leaves by the fence.") == "pass"


def test_colours_joined_after_a_copula_are_said_of_the_subject():
    assert verdict(colour("red", "umbrellas"), "The towel is red and gold umbrellas shade it.") != "pass"


# --- a head left out after "then" ------------------------------------------------------------------


@pytest.mark.parametrize("wanted", ["red", "white"])
def test_a_colour_after_then_stands_for_another_of_the_noun(wanted):
    prompt = "Three kites in a row: a yellow kite on the left, then red, then white."
    assert verdict(colour(wanted, "kite"), prompt) == "pass"


def test_then_after_an_uncoloured_noun_names_no_other():
    assert verdict(colour("red", "sky"), "At dusk the sky turns pink, then red.") != "pass"
    assert verdict(colour("red", "kite"), "Three kites fly over the hill, then red.") == "abstain"


# --- modifiers joined by "and" that share a noun ---------------------------------------------------


def test_a_colour_before_joined_modifiers_binds_their_noun():
    assert verdict(colour("red", "needles"), "Two thin red second and minute needles sweep the dial.") == "pass"
    assert verdict(colour("blue", "overalls"), "He wears blue work and garden overalls.") == "pass"


def test_a_colour_before_joined_modifiers_never_fails_the_noun():
    assert verdict(colour("green", "needles"), "Two thin red second and minute needles sweep the dial.") == "abstain"


def test_a_noun_joined_alone_is_not_coloured_by_the_first():
    assert verdict(colour("red", "bike"), "A red car and bike stand by the gate.") == "abstain"


# --- parentheses -----------------------------------------------------------------------------------


def test_a_parenthesis_of_describing_words_and_a_colour_is_the_nouns():
    assert verdict(colour("yellow", "kettle"), "- Back row: kettle (satin yellow)\n- Front: two mugs") == "pass"


def test_a_parenthesis_of_colours_glosses_the_modifier_before_the_noun():
    assert verdict(colour("gray", "wall"), "- A smooth pewter (blue-grey) wall behind the desk") == "pass"


@pytest.mark.parametrize("prompt", ["- A kettle (next to the yellow cup)", "- A kettle (yellow handle)"])
def test_a_parenthesis_with_a_place_or_a_noun_is_not_the_nouns(prompt):
    assert verdict(colour("yellow", "kettle"), prompt) == "abstain"


# --- a label whose value opens with quoted text, text across the full width, groups -------------------


def test_a_label_value_opening_with_quoted_text_reads_on():
    assert verdict(colour("green", "sign"), '- Sign: "OPEN DAILY" in green, hand-painted') == "pass"


def test_text_across_the_full_width_keeps_its_letters_colour():
    prompt = 'Along the bottom the caption "SEE YOU SOON" runs across the full width in white capitals.'
    assert verdict(colour("white", "caption"), prompt) == "pass"


def test_the_colour_of_a_group_is_its_members():
    assert verdict(colour("yellow", "plates"), "On the shelf, a yellow stack of plates.") == "pass"


# --- JSON objects ----------------------------------------------------------------------------------


def _json(value) -> str:
    return json.dumps(value, indent=2)


def test_an_ink_key_under_a_text_object_is_its_colour_not_its_words():
    prompt = _json({"style": "flat poster", "title": {"text": "MARKET DAY", "position": "top", "ink": "green"}})
    assert verdict(colour("green", "title"), prompt) == "pass"


def test_a_finish_opening_with_a_colour_is_the_things():
    prompt = _json({"style": "product photo", "items": [{"item": "toaster", "count": 1, "finish": "brushed silver with black dials"}]})
    assert verdict(colour("silver", "toaster"), prompt) == "pass"


def test_a_finish_that_opens_with_a_material_gives_no_colour_to_the_thing():
    prompt = _json({"style": "product photo", "items": [{"item": "toaster", "count": 1, "finish": "oak with red trim"}]})
    assert verdict(colour("red", "toaster"), prompt) == "abstain"


def test_an_objects_colour_is_that_of_the_shapes_it_is_drawn_as():
    prompt = _json({"style": "flat logo", "mark": {"position": "left", "shapes": "two overlapping circles", "color": "orange"}})
    assert verdict(colour("orange", "circles"), prompt) == "pass"
    assert verdict(colour("orange", "mark"), prompt) == "pass"


def test_a_category_key_names_the_thing_an_object_counts_and_colours():
    prompt = _json({"genre": "nature photo", "subject": {"animal": "hare", "count": 1, "coat": "brown with a white tail"}})
    assert verdict(count("hare", 1), prompt) == "pass"
    assert verdict(colour("brown", "hare"), prompt) == "pass"
