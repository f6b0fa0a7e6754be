"""The compound guard: which words next to a keyword change what it names ("sea lion") and which
leave it as it is ("a cookie jar", "a few gulls", "a calming palette"); and a keyword phrase with
an adverb inside it."""

from __future__ import annotations

import pytest

from helpers_checks import verdict
from pytest_atelier.judge import prompt_rules as pr
from pytest_atelier.judge.prompt_decide import decide
from pytest_atelier.suite.models import Checkpoint, PresenceCheck


def present(entity: str) -> PresenceCheck:
    return PresenceCheck(type="presence", entity=entity)


@pytest.mark.parametrize("entity, prompt", [
    ("leaf", "a single sycamore leaf drifting over the pond"),  # a part: whose leaf
    ("petals", "tulip petals scattered across the doorstep"),
    ("jar", "a cookie jar on the kitchen counter"),  # a container: what it holds
    ("basket", "a fruit basket under the oak"),
    ("lake", "a glacier lake at noon, perfectly still"),  # land or water: where it lies
    ("trail", "a gravel trail winding up to the hut"),
    ("ceremony", "a graduation ceremony in the old hall"),  # an occasion: what for
])
def test_a_noun_before_a_relational_noun_fills_its_relation(entity, prompt):
    assert verdict(present(entity), prompt) == "pass"


@pytest.mark.parametrize("entity, prompt", [
    ("lion", "a sea lion basking on the pier"),
    ("dog", "a hot dog with mustard on a paper plate"),
    ("highlights", "copper hair highlights under studio light"),
    ("mouse", "a computer mouse beside the keyboard"),
])
def test_a_noun_before_a_whole_thing_may_rename_it(entity, prompt):
    assert verdict(present(entity), prompt) == "abstain"


@pytest.mark.parametrize("entity, prompt", [
    ("gull", "a few gulls along the wall"),
    ("kites", "multiple kites over the beach"),
])
def test_a_quantifier_before_a_noun_modifies_nothing(entity, prompt):
    assert verdict(present(entity), prompt) == "pass"


@pytest.mark.parametrize("group, prompt", [
    (["fill", "filling"], "the balloons fill most of the sky"),
    (["safe", "secure"], "a garden that feels safe enough for toddlers"),
])
def test_a_quantifier_after_a_word_heads_no_compound(group, prompt):
    assert pr.match_groups([group], prompt)[0] == "pass"


def test_the_verb_of_a_relative_clause_is_no_modifier():
    assert verdict(present("children"), "puppets that amuse children at the fair") == "pass"
    assert verdict(present("boats"), "dolphins which escort boats") == "pass"
    # "that" after a function word is a determiner, and "sea" may still rename the lion
    assert verdict(present("lion"), "a close-up of that sea lion") == "abstain"


def test_an_ing_word_before_a_colour_scheme_describes_it():
    assert pr.match_groups([["calming", "restful"]], "a calming palette of sage and sand")[0] == "pass"
    # a noun before the scheme names colours by a thing, and asks for no such thing
    assert pr.match_groups([["sunset", "dusk"]], "a sunset palette on a ceramic mug")[0] == "abstain"


@pytest.mark.parametrize("group, prompt", [
    (["seating plan"], "a seating plan infographic for a wedding"),
    (["checkout"], "a checkout screen of a bakery app"),
])
def test_a_keyword_before_a_made_picture_says_what_it_shows(group, prompt):
    assert pr.match_groups([group], prompt)[0] == "pass"


@pytest.mark.parametrize("entity, prompt", [
    ("boy", "a boy born at sea, now an old captain"),  # a participle after the noun
    ("moon", "the moon far and small over the ridge"),  # an adjective after the noun
    ("arrows", "crayon arrows on the pavement"),  # a material before the noun
])
def test_a_describing_word_after_or_a_material_before_leaves_the_noun(entity, prompt):
    assert verdict(present(entity), prompt) == "pass"


def test_an_adverb_inside_a_two_word_phrase_keeps_the_phrase():
    assert pr.match_groups([["from above", "overhead"]], "the courtyard seen from directly above") == (
        "pass", "the prompt mentions every keyword group (1)")
    assert verdict(present("steam rising"), "steam slowly rising from the cup") == "pass"
    # a noun or a name in -ly is no adverb, and a clause break ends the phrase
    assert pr.match_groups([["from above"]], "lilies from Emily above the desk")[0] == "abstain"
    assert pr.match_groups([["from above"]], "a gift from, presumably, above")[0] == "abstain"


def test_the_head_of_a_phrase_may_be_said_as_its_noun_in_ing():
    assert pr.match_groups([["side light", "key light"]], "a cellist in soft side lighting")[0] == "pass"
    assert pr.match_groups([["pencil shade"]], "fine pencil shading on the jaw")[0] == "pass"
    # a single word is not its -ing noun: "lighting" asks for no lamp
    assert pr.match_groups([["light", "lamp"]], "moody lighting in a bare room")[0] == "abstain"


def test_on_either_side_says_both():
    cp = Checkpoint(id="c01", prompt="The prompt sets torches on both sides of the gate.", match=[["torches", "torch"]])
    assert decide(cp, "iron torches burn on either side of the gate")[0] == "pass"
    assert decide(cp, "iron torches burn at the gate")[0] == "abstain"
