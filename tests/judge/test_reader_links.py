"""Colours, counts and relations said through quantified or listed subjects, verbs of light and
making, members counted one each, and places between a thing and its relation (issue #26)."""

from __future__ import annotations

import pytest

from tests.judge.helpers_checks import colour, count, relation, verdict

# --- colours said of a whole or of a list of subjects -------------------------------------------


@pytest.mark.parametrize("prompt", [
    "All of the mugs are glossy red.",
    "Each of the mugs is a deep red, and the tray is birch.",
])
def test_a_colour_said_of_all_of_a_set_is_each_members(prompt):
    assert verdict(colour("red", "mug"), prompt) == "pass"


def test_one_of_a_set_is_still_not_all_of_it():
    assert verdict(colour("red", "mug"), "One of the mugs is red.") == "abstain"


@pytest.mark.parametrize("entity", ["lid", "handle", "spout"])
def test_a_copula_after_a_list_of_subjects_colours_each(entity):
    assert verdict(colour("green", entity), "Every lid, handle and spout is olive green; the body is cream.") == "pass"


def test_a_list_after_with_is_not_the_subject_of_the_copula():
    assert verdict(colour("green", "lid"), "A kettle with a lid and a handle is olive green.") == "abstain"


@pytest.mark.parametrize("prompt, entity, wanted", [
    ("- Every tile matte black; every grout line bone white", "tile", "black"),
    ("- Floor tile glossy black\n- Grout pale grey", "tile", "black"),
    ("- Every handle dove grey; every drawer front white", "handle", "gray"),
])
def test_a_shading_word_after_a_noun_makes_no_compound(prompt, entity, wanted):
    assert verdict(colour(wanted, entity), prompt) == "pass"


def test_a_part_named_after_a_noun_is_still_a_compound():
    assert verdict(colour("red", "hat"), "- Hat brim red") == "abstain"


@pytest.mark.parametrize("prompt, wanted", [
    ("A white, slightly glossy vase stands on the sill.", "white"),
    ("- Mostly teal, softly blurred vase", "teal"),
])
def test_a_colour_set_off_by_commas_before_a_noun_is_its(prompt, wanted):
    assert verdict(colour(wanted, "vase"), prompt) == "pass"


@pytest.mark.parametrize("prompt", [
    "The shelf is teal, glossy vase beside it.",  # said of the shelf, not a modifier
    "- Teal, orange vase",  # colours alone: a list, not modifiers
])
def test_a_colour_in_a_clause_that_says_more_is_not_the_next_nouns(prompt):
    assert verdict(colour("teal", "vase"), prompt) != "pass"


def test_a_label_naming_a_things_colour_gives_it():
    assert verdict(colour("blue", "box"), "- Box colour: sky blue\n- Lid: plain") == "pass"


# --- verbs of light and of making ----------------------------------------------------------------


@pytest.mark.parametrize("prompt", [
    "Paper lanterns glow amber above the alley.",
    "Two lanterns, backlit in warm amber, hang over the alley.",
    "- Lanterns backlit in warm amber light",
    "Two lanterns with silk tassels, backlit in warm amber.",
])
def test_a_verb_of_light_gives_the_thing_its_colour(prompt):
    assert verdict(colour("orange", "lanterns"), prompt) == "pass"


@pytest.mark.parametrize("prompt, entity, wanted", [
    ("- The tagline under the logo, in orange", "tagline", "orange"),
    ("The vase by the window, painted teal, stands on a shelf.", "vase", "teal"),
])
def test_a_colour_after_a_place_phrase_and_a_comma_is_the_nouns(prompt, entity, wanted):
    assert verdict(colour(wanted, entity), prompt) == "pass"


def test_a_size_word_between_a_participle_and_in_keeps_the_link():
    assert verdict(colour("blue", "signature"), "The artist's signature is written small in blue in the corner.") == "pass"


@pytest.mark.parametrize("prompt, outcome", [
    ("The caption runs along the bottom in thin, spindly white letters.", "pass"),
    ("The caption sits along the bottom edge in white.", "pass"),
    ("The caption sits beside the banner in white letters.", "abstain"),  # the banner's letters
    ('- Caption "SOLD OUT" along the bottom edge, narrow letters printed in white', "pass"),
    ('The caption "SOLD OUT", thin white capitals, runs along the bottom.', "pass"),
    ("The caption sits beside the banner, white letters.", "abstain"),
])
def test_the_letters_of_a_text_may_follow_its_place(prompt, outcome):
    assert verdict(colour("white", "caption"), prompt) == outcome


# --- members counted one each --------------------------------------------------------------------


@pytest.mark.parametrize("prompt", [
    "Over the fort fly four flags, one yellow, one black, one red and one white.",
    "- Exactly four flags: one yellow, one black, one red, one white",
])
def test_members_listed_one_each_give_the_things_their_colours(prompt):
    assert verdict(colour("red", "flag"), prompt) == "pass"
    assert verdict(count("flag", 4), prompt) == "pass"


def test_a_single_one_is_not_a_list_of_members():
    assert verdict(colour("blue", "cup"), "Two cups, one red and a blue saucer.") == "abstain"


def test_an_article_before_a_compound_counts_the_compound_not_the_thing():
    prompt = "On the slide, a bar chart of exactly seven thin bars."
    assert verdict(count("bar", 7), prompt) == "pass"


# --- relations past a place --------------------------------------------------------------------


@pytest.mark.parametrize("prompt", [
    "A round puddle on the pavement below the bench.",
    "A round puddle lies on the pavement below the bench.",
])
def test_a_relation_after_the_ground_a_thing_lies_on_is_the_things(prompt):
    assert verdict(relation("puddle", "below", "bench"), prompt) == "pass"


@pytest.mark.parametrize("prompt", [
    "Flat stepping stones cross the brook, with moss growing between them.",
    "- Thick moss between the stepping stones",
])
def test_between_places_a_thing_next_to_each_of_the_others(prompt):
    assert verdict(relation("moss", "next_to", "stepping stones"), prompt) == "pass"
