"""How the prompt rules read phrases that agents and people write (issue #26)."""

from __future__ import annotations

import pytest

from pytest_atelier.judge.prompt_decide import decide, judge_check
from pytest_atelier.suite.models import (AbsenceCheck, Checkpoint, ColorCheck, CountCheck, LayoutCheck, PaletteCheck, PresenceCheck,
                                         StyleCheck, TextCheck)

from tests.judge.helpers_checks import verdict


def test_a_free_word_asked_for_is_not_an_exclusion():
    assert verdict(PresenceCheck(type="presence", entity="worry-free"), "a worry-free picnic by the river") == "pass"
    assert verdict(AbsenceCheck(type="absence", entity="litter"), "a litter-free picnic by the river") == "pass"


@pytest.mark.parametrize("prompt", [
    "The cover should not crowd the reader with neon logos.",
    "It must never bury the poem under neon logos.",
    "The page does not fill every corner with neon logos.",
])
def test_a_negated_verb_excludes_what_it_would_bring(prompt):
    assert verdict(AbsenceCheck(type="absence", entity="logo"), prompt) == "pass"


def test_a_comma_after_an_or_list_ends_the_exclusion():
    prompt = "no cups or saucers, vertical format"
    assert verdict(PresenceCheck(type="presence", entity="vertical"), prompt) == "pass"
    assert verdict(AbsenceCheck(type="absence", entity="saucer"), prompt) == "pass"


@pytest.mark.parametrize("prompt", ["portrait orientation, a violin on a chair", "a violin on a chair, portrait format"])
def test_a_format_word_before_format_nouns_is_asked_for(prompt):
    assert verdict(PresenceCheck(type="presence", entity="portrait"), prompt) == "pass"


@pytest.mark.parametrize("prompt, style", [
    ("linocut poster of a fox", "linocut"),
    ("a fox, gouache illustration", "gouache"),
    ("claymation still of a fox", "claymation"),
])
def test_a_style_word_before_a_noun_names_the_style(prompt, style):
    assert verdict(StyleCheck(type="style", style=style), prompt) == "pass"


def test_a_quote_nested_in_a_quote_is_a_text_unit():
    prompt = "a running watch whose screen shows \"split 'KM 12' under the time\""
    assert verdict(TextCheck(type="text", text="KM 12"), prompt) == "pass"


def test_a_region_binds_to_its_own_part_of_the_clause():
    prompt = 'the price "9 EUR" along the bottom and the shop name "KOBO" at the top'
    assert verdict(LayoutCheck(type="layout", entity="shop name", region="top", text="KOBO"), prompt) == "pass"
    assert verdict(LayoutCheck(type="layout", entity="price", region="top", text="9 EUR"), prompt) != "pass"
    # a region after two things joined by "and" still covers both
    both = "the logo and the slogan at the top"
    assert verdict(LayoutCheck(type="layout", entity="logo", region="top"), both) == "pass"


def test_a_short_region_clause_places_what_follows():
    assert verdict(LayoutCheck(type="layout", entity="clock", region="right"), "On the right, a tall clock") == "pass"


@pytest.mark.parametrize("prompt", [
    "two vases: one tall jug and a squat one",
    "one jug, and another beside it",
])
def test_counting_one_by_one_adds_up_to_the_total(prompt):
    assert verdict(CountCheck(type="count", entity="jug", count=2), prompt) == "pass"
    assert verdict(CountCheck(type="count", entity="jug", count=1), prompt) == "fail"


def test_a_number_after_a_comma_is_not_approximate():
    assert verdict(CountCheck(type="count", entity="man", count=1), "shoulders-up, one man laughing") == "pass"


def test_an_article_names_a_thing_without_counting_it():
    assert verdict(CountCheck(type="count", entity="plant", count=1), "a plant on a desk") == "abstain"
    assert verdict(CountCheck(type="count", entity="plant", count=1), "a single plant on a desk") == "pass"
    assert verdict(CountCheck(type="count", entity="plant", count=3), "a plant on a desk") == "fail"


def test_reasons_never_say_no_mention_of_a_word_in_the_prompt():
    outcome, reason = judge_check(PresenceCheck(type="presence", entity="moss"), "a thick moss carpet over the stones")
    assert outcome == "abstain" and "no mention" not in reason and "moss carpet" in reason


def test_a_compound_with_a_number_before_a_noun_is_a_modifier():
    assert verdict(PresenceCheck(type="presence", entity="fair"), "a bustling three-day fair by the docks") == "pass"
    assert verdict(PresenceCheck(type="presence", entity="shift"), "nurses at the end of a 12-hour shift") == "pass"


@pytest.mark.parametrize("prompt, word", [
    ("a kite of vivid teal against the sky", "teal"),
    ("stripes that run diagonally across the flag", "diagonally"),
    ("a teal-coloured jug", "teal"),
    ("a navy-blue scarf", "navy"),
])
def test_a_describing_word_is_asked_for_whatever_comes_before_it(prompt, word):
    assert verdict(PresenceCheck(type="presence", entity=word), prompt) == "pass"


def test_a_colour_named_after_a_thing_does_not_ask_for_the_thing():
    assert verdict(PresenceCheck(type="presence", entity="lemon"), "a lemon-yellow raincoat") != "pass"


def test_an_exception_after_beyond_makes_the_exclusion_partial():
    prompt = "## Avoid\n- any colour beyond blue and white"
    assert verdict(PaletteCheck(type="palette", colors=["blue", "white"]), prompt) != "fail"


def test_a_typed_check_decides_before_keyword_groups():
    cp = Checkpoint(id="c01", prompt="The prompt asks for a red kite.", match=[["kite"]],
                    check={"type": "color", "entity": "kite", "color": "red"})
    assert decide(cp, "a blue kite over the dunes")[:3:2] == ("fail", "check:color")


def test_a_keyword_pass_needs_the_colour_the_statement_names():
    cp = Checkpoint(id="c01", prompt="The prompt asks for an orange kite.", match=[["kite"]])
    assert decide(cp, "a kite over the dunes")[0] == "abstain"
    assert decide(cp, "an orange kite over the dunes")[0] == "pass"


# --- words around a noun that do not make a compound of it ---------------------------------

@pytest.mark.parametrize("prompt", [
    "a tin soldier shown from the side on a shelf",  # an irregular participle follows
    "the kites drift over the dunes",  # a plural noun followed by its verb
    "a kite higher than the gulls",  # a comparative follows
    "two kites aloft over a beach",  # an adverb follows
    "a paper kite over a beach",  # a material before it
    "a Balinese kite over a beach",  # a proper adjective before it
])
def test_words_beside_a_noun_that_describe_it_leave_it_asked_for(prompt):
    entity = "soldier" if "soldier" in prompt else "kite"
    assert verdict(PresenceCheck(type="presence", entity=entity), prompt) == "pass"


@pytest.mark.parametrize("prompt, entity", [
    ("a portrait of a bored violin teacher", "violin teacher"),
    ("a weary harbour cartographer at her desk", "cartographer"),
])
def test_a_word_before_a_named_kind_narrows_it(prompt, entity):
    assert verdict(PresenceCheck(type="presence", entity=entity), prompt) == "pass"


@pytest.mark.parametrize("prompt", ["a baseball bat on the grass", "a bat house on a fence post"])
def test_a_noun_before_or_after_still_makes_a_compound(prompt):
    assert verdict(PresenceCheck(type="presence", entity="bat"), prompt) == "abstain"


# --- colours said after the noun, and a colour that may be shared ---------------------------

@pytest.mark.parametrize("prompt", [
    "The soup is thick, creamy orange and steaming.",  # adjectives between the link and the colour
    "The wall behind is a deep orange plane.",  # "is a <colour> <noun>"
    "Front door orange, window frames white",  # a colour closing the noun's clause
    "a door with its panels drawn in orange",  # an irregular participle with "in"
    '{"house": "a cottage", "door_colour": "orange"}',  # a colour key with an owner in its name
])
def test_a_colour_said_after_the_noun_is_bound_to_it(prompt):
    entity = "soup" if "soup" in prompt else "wall" if "wall" in prompt else "door"
    check = ColorCheck(type="color", color="orange", entity=entity, terms=["panels"] if "panels" in prompt else [])
    assert verdict(check, prompt) == "pass"


def test_a_colour_before_a_coordinated_modifier_may_share_the_noun():
    prompt = "green hedge and grey stone walls around the yard"
    assert verdict(ColorCheck(type="color", color="green", entity="walls"), prompt) == "abstain"
    assert verdict(ColorCheck(type="color", color="green", entity="walls"), "a green gate and grey walls") == "fail"


# --- counts ----------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    "A calendar page split into exactly six boxes. Every box has a thin grey border.",
    "Six boxes in two rows; the second box holds a stamp.",
    '{"layout": "a calendar page", "boxes": 6}',
])
def test_a_mention_of_one_of_the_group_does_not_hide_the_total(prompt):
    assert verdict(CountCheck(type="count", entity="box", count=6), prompt) == "pass"


def test_a_number_in_another_clause_is_not_the_count():
    prompt = 'Shelf 1 "JAMS", shelf 2 "PICKLES", three shelves in all'
    assert verdict(CountCheck(type="count", entity="shelf", count=2), prompt) != "pass"


# --- another of the noun, and a colour's region ----------------------------------------------

def test_one_after_a_contrast_carries_the_noun_and_its_colour():
    prompt = "a green kite rides the wind over the dunes and a purple one dips toward the sea"
    assert verdict(ColorCheck(type="color", color="purple", entity="kite"), prompt) == "pass"
    assert verdict(ColorCheck(type="color", color="purple", entity="kite"), "a green kite over the dunes and one of the gulls") == "fail"


def test_other_instances_of_the_noun_are_not_the_one_meant():
    prompt = "one tall sunflower fills the left half, a haze of other flowers at the bottom right"
    check = LayoutCheck(type="layout", entity="flower", terms=["sunflower"], region="left")
    assert verdict(check, prompt) == "pass"
    assert verdict(LayoutCheck(type="layout", entity="flower", region="left"), "a haze of other flowers at the bottom right") == "abstain"


@pytest.mark.parametrize("prompt, outcome", [
    ("a red barn in the lower left, wheat fields around it", "pass"),
    ("a red barn, wheat fields around it", "abstain"),  # the colour is said, the place is not
    ("a red barn at the top right, wheat fields around it", "fail"),
    ("a white barn in the lower left", "fail"),
])
def test_a_colour_with_a_region_needs_both(prompt, outcome):
    assert verdict(ColorCheck(type="color", color="red", entity="barn", region="bottom-left"), prompt) == outcome


@pytest.mark.parametrize("prompt, outcome", [
    ("Exactly one orange moon, top left", "pass"),  # a bare region clause after the thing
    ("pine forest, one orange moon top left, mist", "pass"),  # a two-word region closing a tag
    ("Night sky, upper left, one orange moon over the pines", "pass"),  # a bare region clause before it
    ("one orange moon, bottom right", "fail"),
    ("one orange moon turning left, mist", "abstain"),  # one region word is not a place in the frame
])
def test_a_bare_region_in_a_list_places_its_thing(prompt, outcome):
    assert verdict(LayoutCheck(type="layout", entity="moon", region="top-left"), prompt) == outcome


def test_a_region_of_a_possessed_thing_is_not_the_frames():
    prompt = "a tall lighthouse fills the left third; a gull perches on the lighthouse's right railing"
    assert verdict(LayoutCheck(type="layout", entity="lighthouse", region="left"), prompt) == "pass"
    assert verdict(LayoutCheck(type="layout", entity="gull", region="right"), prompt) == "abstain"
