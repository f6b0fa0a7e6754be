"""Exclusions worded as "leave out X" or "nothing that looks like X" (issue #17: oe_020 c07 and
oe_051 c07 were read as asking for X): sentences of those forms other than the suites' own."""

from __future__ import annotations

import pytest

from pytest_atelier.judge.prompt_rules import check_absence, check_presence
from pytest_atelier.suite.models import PresenceCheck

from tests.judge.helpers_checks import absent, colour, verdict


EXCLUDED = [
    ("umbrella", "The scene leaves out umbrellas."),
    ("umbrella", "Leave the umbrellas out."),
    ("umbrella", "I'd leave out umbrellas and parasols."),
    ("parasol", "We want you to leave out umbrellas and parasols."),
    ("awning", "Please leave out any umbrellas, parasols or awnings."),
    ("umbrella", "Leave out umbrellas, parasols, awnings."),
    ("chair", "Please leave out the chairs, the towels and the umbrellas."),
    ("umbrella", "The layout keeps umbrellas out of the shot."),
    ("umbrella", "Skip the umbrellas."),
    ("umbrella", "Nothing that resembles an umbrella."),
    ("umbrella", "nothing which looks like an umbrella"),
    ("umbrella", "There should be nothing that looks even slightly like an umbrella."),
    ("umbrella", "Nothing that could pass for an umbrella."),
    ("umbrella", "Please - nothing that looks like an umbrella."),
    ("umbrella", "Omit anything that looks like an umbrella."),
    ("umbrella", "Avoid anything resembling an umbrella."),
    ("umbrella", "Don't put in anything that looks like an umbrella."),
    ("umbrella", "Exclude anything like umbrellas or parasols."),
    ("people", "People are left out of the frame."),
    ("face", "we never see the face of the stranger"),  # a verb right after the cue belongs to it
    ("place names", "do not put any real place names or text on the map"),  # 'place' here is a noun
    ("dog", "we don't want a dog in the yard"),
    ("car", "The cars should be kept away from the square."),
    ("smoke", "Keep out candles, smoke and open flames."),  # "keep out" before its object
    ("heron", "Do not show a fisherman, a boat, or a heron on the bank."),  # a verb's whole object list
    ("fingerprints", "Avoid glare, dust and fingerprints on the glass."),
    ("logo", "A mug on a desk.\n\n## Keep out\n- logos\n- steam"),  # an exclusion heading
]


@pytest.mark.parametrize("entity, prompt", EXCLUDED)
def test_the_exclusion_is_read(entity, prompt):
    assert check_absence(absent(entity), prompt)[0] == "pass", check_absence(absent(entity), prompt)


def test_a_later_item_of_a_determiner_list_is_not_read_as_asked_for():
    # it was a confident fail: "the umbrellas" read as a new phrase outside the exclusion
    prompt = "Please leave out the chairs, the towels and the umbrellas."
    assert check_absence(absent("umbrella"), prompt)[0] != "fail"


@pytest.mark.parametrize("entity, prompt", [
    ("umbrella", "a beach with umbrellas, leave out the towels"),
    ("umbrella", "Leave out the towels; a red umbrella in the sand."),
    ("umbrella", "no towels, a red umbrella in the sand"),
])
def test_a_thing_asked_for_beside_an_exclusion_still_fails_its_absence(entity, prompt):
    assert check_absence(absent(entity), prompt)[0] == "fail"


@pytest.mark.parametrize("entity, prompt", [
    ("bicycle", "no cars, a bicycle leaning on the wall"),
    ("lamp", "skip the clutter and show a lamp"),
    ("cat", "not a photo, a loose pencil sketch of a cat"),
    ("shadow", "the top left corner falls off into dark shadow"),  # a direction, not "left ... off"
    ("cup", "the cup on the left, the rest drifting off into blur"),
])
def test_what_follows_an_exclusion_is_still_asked_for(entity, prompt):
    assert check_presence(PresenceCheck(type="presence", entity=entity), prompt)[0] == "pass"


@pytest.mark.parametrize("entity, prompt", [
    ("logo", "no laptops with a recognisable logo on them"),  # part of what is excluded
    ("labels", "We will print the labels ourselves in the house typeface, so leave those out."),  # 'those'
])
def test_a_thing_inside_an_excluded_phrase_or_referred_to_is_not_read_as_asked_for(entity, prompt):
    assert check_absence(absent(entity), prompt)[0] == "abstain", check_absence(absent(entity), prompt)


def test_a_pronoun_exclusion_reaches_only_the_clause_before_it():
    prompt = "flat patterned fabrics, jewel colours, gold inscriptions (leave those off), a formal pose"
    assert check_presence(PresenceCheck(type="presence", entity="jewel colours"), prompt)[0] == "pass"



@pytest.mark.parametrize("entity, prompt", [
    ("diagram", "for first-time buyers with no design training: plain diagram, three labels, no arrows or icons"),
    ("stool", "no rug, wooden stool by the wall, never any lamps or shelves"),
])
def test_an_or_list_of_a_later_exclusion_does_not_extend_an_earlier_one(entity, prompt):
    # the "or" closes the later cue's list; the earlier cue's scope stops before that cue
    assert check_absence(absent(entity), prompt)[0] != "pass", check_absence(absent(entity), prompt)
    assert check_presence(PresenceCheck(type="presence", entity=entity), prompt)[0] != "fail"


def test_a_place_after_an_excluded_thing_is_not_excluded():
    # the tablecloth is where the gaps are not; it is asked for, in blue
    prompt = "six cups evenly spaced with no gaps on pale blue tablecloth"
    assert verdict(colour("blue", "tablecloth"), prompt) != "fail"


@pytest.mark.parametrize("entity, prompt", [
    ("ink drawing", "the lighthouse as an ink drawing (no shading), gulls overhead"),
    ("watercolour", "a fox in watercolour (no outlines)"),
])
def test_a_parenthesis_that_excludes_its_own_noun_does_not_exclude_the_thing_before(entity, prompt):
    assert check_presence(PresenceCheck(type="presence", entity=entity), prompt)[0] == "pass"
