"""Counts said over several sentences and a wanted text inside a longer quoted one (issue #26)."""

from __future__ import annotations

import pytest

from pytest_atelier.suite.models import CountCheck, TextCheck

from tests.judge.helpers_checks import count, verdict


@pytest.mark.parametrize("prompt", [
    "Two grey herons wade in the shallows. A heron on the left lifts its head.",
    "Two grey herons wade in the shallows. Behind them the reeds bend, and the heron nearer the bank looks up.",
])
def test_a_thing_said_again_in_a_later_sentence_is_the_same_thing(prompt):
    assert verdict(count("heron", 2), prompt) == "pass"
    assert verdict(count("heron", 3), prompt) == "fail"


def test_a_thing_said_again_in_the_same_sentence_may_be_another():
    assert verdict(count("heron", 2), "two grey herons and a white heron in the shallows") == "abstain"


@pytest.mark.parametrize("prompt, n", [
    ("one tall candle and a shorter one on the sill", 2),
    ("two striped mugs, a chipped one and another on the shelf", 4),
])
def test_a_contrast_by_one_or_another_adds_to_the_count(prompt, n):
    entity = "candle" if "candle" in prompt else "mug"
    assert verdict(count(entity, n), prompt) == "pass"


@pytest.mark.parametrize("prompt", [
    "three kites over the dune, the red one highest",  # "the ... one" points back to one of them
    "three kites over the dune, one yellow tent on the sand",  # "one" counts the next noun
])
def test_one_that_points_back_or_counts_another_noun_adds_nothing(prompt):
    assert verdict(count("kite", 3), prompt) == "pass"


def test_the_with_a_number_points_back_to_things_already_counted():
    prompt = "four lanterns on a string, a moth circling between the two brightest lanterns"
    assert verdict(count("lantern", 4), prompt) == "pass"


def test_each_with_after_a_counted_noun_counts_the_other_thing_per_item():
    prompt = "two canoes, each with three paddles"
    assert verdict(count("canoe", 2), prompt) == "pass"
    assert verdict(count("paddle", 3), prompt) == "abstain"


@pytest.mark.parametrize("text, prompt", [
    ("Tue", 'a forecast strip "Tue 18°" in the corner'),  # beside a number and its unit
    ("FUEL", 'a cockpit gauge reading "FUEL 40%"'),
    ("SPLIT", 'a watch face showing "SPLIT 4:05 /km"'),
])
def test_a_wanted_text_beside_numbers_is_no_evidence_either_way(text, prompt):
    assert verdict(TextCheck(type="text", text=text), prompt) == "abstain"


@pytest.mark.parametrize("text, prompt", [
    ("Night Market", 'a banner "Night Market Tonight"'),
    ("Gate 4", 'a sign that reads "Gate 4 – Departures"'),  # a number inside the wanted text
    ("CLOSED", 'a door sign "CLOSED · back at 2"'),
])
def test_a_wanted_text_inside_one_other_label_fails(text, prompt):
    assert verdict(TextCheck(type="text", text=text), prompt) == "fail"


def test_a_count_of_a_wider_kind_fails_only_when_too_few():
    check = CountCheck(type="count", entity="sleeping cats", count=2, terms=["cats"])
    assert verdict(check, "four cats on a sofa, two of them asleep") == "abstain"  # some of the four may sleep
    assert verdict(check, "one cat on a sofa") == "fail"  # too few of any kind


def test_each_closing_a_fronted_phrase_counts_per_item_but_not_each_of_another_item():
    assert verdict(count("cat", 3), "Three windows in a row. In each, a single cat sits on the sill.") == "abstain"
    assert verdict(count("kayak", 2), "two kayaks, a paddle on each kayak, red kayak in front") == "pass"


def test_one_counting_another_noun_or_after_each_other_adds_nothing():
    prompt = "two rings linked to each other with one gold clasp"
    assert verdict(count("ring", 2), prompt) == "pass"


def test_one_above_another_places_the_counted_things_and_adds_none():
    prompt = "Four wooden crates stacked one on top of another beside the barn door."
    assert verdict(count("crate", 4), prompt) == "pass"
    assert verdict(count("crate", 5), prompt) == "fail"


def test_ones_after_a_later_number_are_that_numbers_members():
    # "a big one, a small one" are two of the four birds, not two more flocks
    prompt = "The birds fly in two flocks: four above the river (a big one, a small one and two more) and three by the hill."
    assert verdict(count("flock", 2), prompt) == "pass"


def test_the_first_few_of_a_counted_group_are_a_part_of_it():
    prompt = "Five paper lamps in a row, the first two lamps lit and glowing amber."
    assert verdict(count("lamp", 5), prompt) == "pass"
    assert verdict(count("lamp", 4), prompt) == "fail"


@pytest.mark.parametrize("prompt, entity, n", [
    ("A four-panel comic strip about a lost umbrella.", "panel", 4),
    ("A two-page spread for a travel magazine.", "page", 2),
    ("A twenty-four-box grid of seed packets.", "box", 24),
])
def test_a_number_hyphen_joined_before_the_parts_of_a_laid_out_picture_counts_them(prompt, entity, n):
    assert verdict(count(entity, n), prompt) == "pass"
    assert verdict(count(entity, n - 1), prompt) == "fail"


@pytest.mark.parametrize("prompt, entity", [("The lobby of a five-star hotel at night.", "star"), ("A ten-minute walk to the pier.", "minute")])
def test_a_number_hyphen_joined_before_another_noun_may_rate_or_measure(prompt, entity):
    assert verdict(count(entity, 5 if entity == "star" else 10), prompt) == "abstain"


def test_the_article_before_a_possessive_counts_the_owner():
    prompt = "The cover shows a bistro's head cook. One cook stands at the pass, sleeves rolled."
    assert verdict(count("cook", 1), prompt) == "pass"
    assert verdict(count("cook", 2), prompt) == "fail"


def test_a_count_per_unit_that_multiplies_out_to_the_total_is_the_same_things():
    prompt = "Twelve glazed tiles on the wall. Three rows, four tiles per row."
    assert verdict(count("tile", 12), prompt) == "pass"
    assert verdict(count("row", 3), prompt) == "pass"  # "per row" names the unit, it counts no row
    assert verdict(count("tile", 12), "Ten glazed tiles on the wall. Three rows, four tiles per row.") == "abstain"
    assert verdict(count("tile", 12), "Twelve glazed tiles on the wall, four tiles per row.") == "abstain"


@pytest.mark.parametrize("prompt", [
    "It has two round, glossy amber eyes.",
    "- Two small, round, glossy, amber-tinted eyes",
    "two small round glossy dark-rimmed eyes",
])
def test_a_number_counts_its_noun_across_commas_and_a_long_run_of_adjectives(prompt):
    assert verdict(count("eye", 2), prompt) == "pass"
    assert verdict(count("eye", 3), prompt) == "fail"


@pytest.mark.parametrize("prompt", ["two owls, round amber eyes", "roughly two small, round eyes"])
def test_a_number_of_another_noun_or_an_approximate_one_counts_nothing_across_commas(prompt):
    assert verdict(count("eye", 2), prompt) == "abstain"


@pytest.mark.parametrize("entity, n, prompt", [
    # a number said to be the whole count decides over the other mentions
    ("kite", 2, "A kite trails a long red tail. Only two kites fly over the dunes."),
    ("kite", 2, "a kite over the pier, a kite over the beach: two kites in total"),
    ("kite", 2, "A striped kite, a plain kite: draw a total of two kites."),
    ("kite", 2, "A striped kite and a plain kite, just the two kites in the sky."),
    # "a" after a verb of choosing or seeking names a kind sought, not one more in the picture
    ("lamp", 2, "A shop page that helps buyers choose a lamp. Two brass lamps stand on a table."),
    ("lamp", 2, "For diners looking for a lamp: two brass lamps on a table."),
    ("lantern", 4, "four brass lanterns, each ringed by a soft glow"),  # "each" opens a clause about them
    ("panel", 4, "(four panel comic strip:1.2), ink wash"),  # a plural number before a singular noun of a layout
    ("cup", 6, "two rows of three cups"),  # a count in groups is their product
    ("cup", 6, "Six cups on a shelf: two rows of three cups."),
    # a number after a noun numbered elsewhere names one of a sequence, not a count of the next noun
    ("dog", 1, "comic, one dog, panel 1 dog asleep, panel 2 dog with a ball, panel 3 dog asleep again"),
])
def test_the_counted_things_are_read_without_another_number(entity, n, prompt):
    assert verdict(count(entity, n), prompt) == "pass"
    assert verdict(count(entity, n - 1), prompt) == "fail"


def test_a_plural_number_before_a_singular_possessive_counts_the_head_noun():
    assert verdict(count("hammer", 2), "two small cobbler's hammers on the bench") == "pass"
    assert verdict(count("toy", 1), "one child's toy on the rug") == "abstain"  # the number may count the child


def test_numbers_after_a_total_that_add_up_to_it_are_its_members_but_never_fail_it():
    prompt = "Two kites over the beach. One striped kite, one plain kite."
    assert verdict(count("kite", 2), prompt) == "pass"
    assert verdict(count("kite", 4), prompt) == "abstain"  # read as a sum, they make four
    assert verdict(count("kite", 3), "Three kites over the beach. One striped kite, one plain kite.") == "abstain"


@pytest.mark.parametrize("prompt", [
    "The six lanterns hang in a line over the canal. Only one lantern, the last, is lit.",
    "A string of six lanterns; only one lantern carries a painted crane.",
])
def test_only_with_fewer_than_another_count_is_some_of_them_not_the_total(prompt):
    # "only one X is lit" beside "six X" restricts a property; reading it as the total failed six
    assert verdict(count("lanterns", 6), prompt) != "fail"


@pytest.mark.parametrize("prompt", [
    "Exactly three tall, smiling snowmen on a hill.",
    "three small, grinning snowmen in a row",
])
def test_a_number_counts_its_noun_across_a_comma_list_ending_in_an_ing_modifier(prompt):
    assert verdict(count("snowmen", 3), prompt) == "pass"


def test_a_comma_before_the_noun_ends_a_run_of_modifiers():
    # "step 2 resting quietly, step ..." gives no count of steps
    assert verdict(count("steps", 3), "three steps: step 1 climbing slowly, step 2 resting quietly, step 3 waving") != "fail"
