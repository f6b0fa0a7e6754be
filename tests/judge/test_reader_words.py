"""Words the prompt reader takes as asked for: modifiers of the picture or of a quality, one
word in its closed, hyphenated and open forms, and other forms of a keyword (issue #26)."""

from __future__ import annotations

import json

import pytest

from pytest_atelier.judge import prompt_rules as pr
from pytest_atelier.judge.prompt_words import same_form
from pytest_atelier.suite.models import ColorCheck, CountCheck, LayoutCheck, PresenceCheck, StyleCheck

from tests.judge.helpers_checks import verdict


@pytest.mark.parametrize("groups, prompt", [
    ([["vaporwave"]], "a vaporwave mixtape cover with a lone palm tree"),  # a chain of nouns ending in the picture
    ([["steampunk"]], "steampunk festival poster, brass gears, airship"),
    ([["farmhouse"]], "a kitchen full of farmhouse charm"),  # a noun for how a thing comes across
    ([["blue hour"]], "a blue-hour skyline over the harbour"),  # a term hyphenated as a modifier
    ([["50mm"]], "shot on a 50mm f/2 lens"),  # a lone letter heads nothing
    ([["ghostlike"]], "a ghostlike figure in the mist"),  # "-like" and "-free" make adjectives
    ([["carefree"]], "a carefree picnic by the river"),
])
def test_a_keyword_modifying_the_picture_or_a_quality_is_asked_for(groups, prompt):
    assert pr.match_groups(groups, prompt)[0] == "pass"


@pytest.mark.parametrize("prompt", ["a violin case on a chair", "a violin case leaning on a poster"])
def test_a_noun_modifying_another_thing_still_may_name_something_else(prompt):
    assert pr.match_groups([["violin"]], prompt)[0] == "abstain"


@pytest.mark.parametrize("term, prompt", [
    ("crosshatching", "cross-hatching in the shadows, ink on paper"),
    ("cross-hatching", "crosshatching in the shadows, ink on paper"),
    ("mouth-watering", "a mouthwatering stack of waffles"),
])
def test_one_word_closed_hyphenated_or_open_is_one_term(term, prompt):
    assert pr.match_groups([[term]], prompt)[0] == "pass"


@pytest.mark.parametrize("entity, prompt", [
    ("fox", "a 2D fox on a hill"),  # a measure before the noun ("3D", "4k")
    ("coat", "a knee-length coat on a hook"),  # a hyphenated modifier before the noun
])
def test_a_measure_or_a_hyphenated_modifier_before_a_noun_leaves_it_asked_for(entity, prompt):
    assert verdict(PresenceCheck(type="presence", entity=entity), prompt) == "pass"


@pytest.mark.parametrize("style, prompt", [
    ("film noir", "a film-noir detective under a streetlamp"),
    ("tilt shift", "tilt shift harbour photography at noon"),
])
def test_a_style_modifying_a_noun_or_a_chain_ending_in_the_work_names_the_style(style, prompt):
    assert verdict(StyleCheck(type="style", style=style), prompt) == "pass"


def test_a_negator_in_the_next_list_item_does_not_hide_the_mention():
    assert pr.match_groups([["wistful"]], "wistful, soft rain, hidden koi under the bridge")[0] == "pass"
    assert pr.match_groups([["koi"]], "a pond, the koi hidden under lily pads")[0] == "abstain"


@pytest.mark.parametrize("a, b", [
    ("charming", "charm"), ("tidy", "tidiness"), ("elegance", "elegant"), ("harmony", "harmonious"),
    ("sorrow", "sorrowful"), ("connected", "connection"), ("neat", "neatly"), ("relate", "relatable"),
])
def test_forms_of_one_word_are_one(a, b):
    assert same_form(a, b)


@pytest.mark.parametrize("keyword, word", [("detail", "detailed"), ("light", "lighting"), ("paint", "painted")])
def test_a_participle_does_not_say_its_nouns_keyword(keyword, word):
    assert not same_form(keyword, word)


@pytest.mark.parametrize("a, b", [
    ("animal", "animation"), ("universe", "university"), ("organ", "organic"), ("experiment", "experience"),
    ("even", "evening"), ("box", "boxing"), ("nation", "national"), ("relation", "relative"), ("port", "portion"),
])
def test_words_a_stemmer_conflates_but_that_differ_in_sense_stay_apart(a, b):
    assert not same_form(a, b)


def test_a_keyword_group_is_met_by_another_form_of_its_word():
    assert pr.match_groups([["tidy", "orderly"]], "a workbench showing tidiness and care")[0] == "pass"
    assert pr.match_groups([["graceful"]], "a heron wading with quiet grace")[0] == "pass"
    assert pr.match_groups([["even"]], "a heron wading in the evening")[0] == "abstain"
    # an exclusion still excludes in any form
    assert pr.match_groups([["sad"]], "a bright kitchen, no sadness")[0] == "fail"


# --- a markdown heading that names the thing its bullets describe ---------------------------

def test_a_heading_named_again_in_its_bullets_is_the_subject_of_the_others():
    prompt = "## Lantern\n- One paper lantern, hanging low\n- Crimson shade, gold tassel\n\n## Style\n- Ink wash"
    assert verdict(ColorCheck(type="color", entity="lantern", color="crimson"), prompt) == "pass"


@pytest.mark.parametrize("prompt", [
    "## Lantern\n- Crimson shade, gold tassel",  # the heading is never named again: a section title
    "## Palette\n- One paper lantern\n- Crimson shade",  # a word for a part of the prompt
])
def test_a_heading_that_may_be_a_section_title_describes_nothing(prompt):
    assert verdict(ColorCheck(type="color", entity="lantern", color="crimson"), prompt) == "abstain"


def test_a_heading_that_asks_for_something_itself_is_read():
    prompt = "## Secret clues\n- a key under the mat\n- a note in the hedge"
    assert pr.match_groups([["secret", "hidden"], ["clues"]], prompt)[0] == "pass"
    assert pr.match_groups([["mood"]], "## Mood\n- calm")[0] == "abstain"  # a part of the prompt
    layers = "## Strata (exactly five, stacked)\n- sand\n- clay"
    assert verdict(CountCheck(type="count", entity="strata", count=5), layers) == "pass"


# --- a JSON key that names the thing its values describe -------------------------------------

@pytest.mark.parametrize("data, color", [
    ({"kettle": {"handle": "black", "spout": "curved"}, "style": "photo"}, "black"),  # "kettle: black handle"
    ({"kettle": {"body_colour": "teal, enamel"}, "style": "photo"}, "teal"),  # "kettle: teal body, enamel"
])
def test_a_key_naming_a_thing_is_the_subject_of_its_values(data, color):
    assert verdict(ColorCheck(type="color", entity="kettle", color=color), json.dumps(data)) == "pass"


def test_a_key_for_a_part_of_the_prompt_is_no_subject():
    prompt = json.dumps({"lighting": {"key": "warm amber"}, "kettle": "a kettle on a stove"})
    assert verdict(ColorCheck(type="color", entity="lighting", color="amber"), prompt) != "pass"


def test_a_position_in_an_object_places_its_description():
    prompt = json.dumps({"subject": {"description": "a paper crane", "position": "upper right of the frame"}})
    assert verdict(LayoutCheck(type="layout", entity="crane", region="top-right"), prompt) == "pass"


# --- words around a keyword that do not make a compound of it -------------------------------

@pytest.mark.parametrize("groups, prompt", [
    ([["lantern"]], "the lantern she carries lights the path"),  # a pronoun after it heads nothing
    ([["gradient"]], "a bottle on a gradient backdrop"),  # a part of the picture after it
    ([["marble"]], "a perfume flacon against a marble background"),
    ([["poster"]], "a jazz night festival poster"),  # a made picture keeps its sense after any noun
    ([["reflection"]], "a mountain reflection on the still lake"),  # a noun made from a verb takes its object first
    ([["mirroring"]], "a pond mirroring the evening sky"),  # a verb with its object
    ([["behind"]], "a hill with the sea behind"),  # a function word
    ([["hikers"]], "a trail sign designed to guide hikers"),  # a verb after "to"
    ([["pebble"]], "a smooth pebble on wet sand"),  # a common adjective before it
])
def test_a_keyword_beside_a_word_that_cannot_rename_it_is_asked_for(groups, prompt):
    assert pr.match_groups(groups, prompt)[0] == "pass"


@pytest.mark.parametrize("prompt", ["a baseball bat leaning on the fence", "a hot dog stand at the fair"])
def test_a_noun_that_may_rename_the_keyword_still_abstains(prompt):
    entity = "bat" if "bat" in prompt else "dog"
    assert verdict(PresenceCheck(type="presence", entity=entity), prompt) == "abstain"


def test_a_typeface_named_before_its_font_noun_is_a_style():
    prompt = "a concert poster, the headline set in a blackletter typeface"
    assert verdict(StyleCheck(type="style", style="blackletter"), prompt) == "pass"


@pytest.mark.parametrize("style, prompt", [
    ("linocut", "A two-panel linocut comic strip about a heron"),  # before a kind of made picture
    ("punk", "A gritty punk zine cover, photocopied and stapled"),
    ("zine", "A gritty punk zine, photocopied and stapled"),
    ("linocut", "a gig poster made to look like an old hand-pulled linocut"),  # after "like" and describing words
    ("cel shading", "flat colour fills, clean cel shading, bold outlines"),  # a list item with an adjective
    ("hokusai", "a wave over a fishing village in the bold style of Katsushika Hokusai, flat colours"),
    ("risograph", "a gig flyer in the look of a cheap two-colour risograph, bold type"),  # whose manner it follows
    ("ink sketch", "quick loose ink sketches of a market, one per page"),  # a style noun in the plural
    ("blender", "- Rendered in Eevee, Blender 4, soft studio light"),  # a version after a tool's name
])
def test_a_style_word_opening_a_made_picture_or_after_like_names_the_style(style, prompt):
    assert verdict(StyleCheck(type="style", style=style), prompt) == "pass"


@pytest.mark.parametrize("style, prompt", [
    ("linocut", "a boy reading a linocut comic strip on a bench"),
    ("zine", "a desk covered with a stack of zines and a stapler"),
    ("risograph", "the look of a risograph machine in a print shop"),  # the look of a thing, not its manner
])
def test_a_made_picture_that_something_is_done_with_is_a_thing_in_the_picture(style, prompt):
    assert verdict(StyleCheck(type="style", style=style), prompt) == "abstain"
