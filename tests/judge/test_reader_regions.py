"""Frame regions said through quoted text, region headings and keys, and bare region tags; styles said as a time of day (issue #26)."""

from __future__ import annotations

import json

import pytest

from pytest_atelier.judge import prompt_rules as pr
from pytest_atelier.judge.prompt_formats import plain_prompt
from pytest_atelier.judge.prompt_words import read_words
from pytest_atelier.suite.models import StyleCheck
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


# --- region phrases ------------------------------------------------------------------------------


@pytest.mark.parametrize("prompt", [
    "A red kite hangs just left of centre in a pale sky.",
    "One kite, string trailing, positioned left of the center.",
])
def test_beside_the_centre_is_a_frame_region_near_the_centre(prompt):
    assert verdict(layout("left", "kite"), prompt) == "pass"
    assert verdict(layout("center", "kite"), prompt) == "pass"
    assert verdict(layout("right", "kite"), prompt) != "pass"


def test_beside_the_centre_says_nothing_of_the_height():
    prompt = "A rope crosses the red kite right of centre; the red kite sits in the lower right quarter of the frame."
    assert verdict(layout("bottom-right", "red kite"), prompt) == "pass"
    assert verdict(layout("bottom-right", "kite"), "A kite hangs just right of centre.") == "abstain"


def test_a_thing_that_fills_a_part_of_the_frame_is_there():
    assert verdict(layout("bottom", "reeds"), "a pond at dawn, tall reeds filling the bottom") == "pass"
    assert verdict(layout("top", "canopy"), "The leafy canopy covers the top, dappling the path.") == "pass"


@pytest.mark.parametrize("prompt, placed", [
    ("A wooden jetty enters from the right and reaches toward a small boat.", True),
    ("forest stream, (jetty running from the bottom right into the mist:1.2)", True),
    ("A wooden jetty, lit from the right, reaches toward a small boat.", False),
    ("A wooden jetty seen from the right.", False),
    ("On the left, a wooden jetty runs from left to right across the lake.", False),
])
def test_a_thing_coming_into_the_frame_from_a_side_is_there_not_one_lit_or_seen_from_it(prompt, placed):
    assert (verdict(layout("right", "jetty"), prompt) == "pass") is placed


def test_a_side_of_a_depth_of_the_scene_is_a_frame_side():
    assert verdict(layout("left", "lantern"), "A brass lantern in the left foreground, a barn behind.") == "pass"


def test_a_part_of_the_flat_thing_the_picture_is_is_the_frames():
    prompt = "A hand-drawn treasure map for a children's party. A big red X sits in the middle of the map."
    assert verdict(layout("center", "x"), prompt) == "pass"
    held = "A pirate holding a treasure map. A big red X sits in the middle of the map."
    assert verdict(layout("center", "x"), held) == "abstain"


def test_a_bare_region_after_short_attributes_is_the_things():
    assert verdict(layout("bottom-right", "logo"), 'Logo "KITE CO": small, white, bottom right') == "pass"
    assert verdict(layout("bottom-right", "logo"), 'Logo "KITE CO": small, a tree beside it, bottom right') == "abstain"


@pytest.mark.parametrize("prompt", [
    "The kite, bright yellow with a long tail, hangs at the top.",
    "Exactly one kite, tail fully visible, placed at the top.",
])
def test_a_description_between_a_thing_and_its_place_keeps_the_place_the_things(prompt):
    assert verdict(layout("top", "kite"), prompt) == "pass"


def test_a_place_said_of_another_like_thing_does_not_fail_one_placed_in_part():
    prompt = "Two kites: a small kite in the left foreground; a large kite just right of centre."
    assert verdict(layout("bottom-left", "kite"), prompt) == "abstain"
    assert verdict(layout("bottom-left", "kite"), "One kite in the top right corner.") == "fail"


def test_a_json_position_that_is_a_list_of_notes_keeps_its_region_phrase():
    prompt = json.dumps({"items": [{"object": "lantern", "position": "large, in the left foreground"}]})
    assert verdict(layout("left", "lantern"), prompt) == "pass"


# --- styles --------------------------------------------------------------------------------------


@pytest.mark.parametrize("prompt", [
    "A harbour photographed at golden hour.",
    '{"sky": "amber, golden hour glow"}',
    "## Light\n- Golden hour / late sunset",
])
def test_a_time_of_day_names_how_the_picture_is_lit(prompt):
    check = StyleCheck(type="style", style="golden hour", terms=["sunset"])
    assert verdict(check, prompt) == "pass"


# --- words before a keyword ----------------------------------------------------------------------


@pytest.mark.parametrize("groups, prompt", [
    ([["lanterns"]], "a courtyard at night with a few lanterns glowing"),  # a quantifier renames nothing
    ([["lanterns"]], "several lanterns hang from the eaves"),
    ([["leaves"]], "a porch strewn with birch leaves"),  # a wood or tree narrows its leaves
    ([["lines"]], "thick chalk lines mark the court"),  # a medium narrows what is drawn in it
    ([["pond"]], "a still meadow pond at noon"),  # a setting narrows the thing there
])
def test_a_quantifier_medium_wood_or_setting_before_a_keyword_leaves_it_asked_for(groups, prompt):
    assert pr.match_groups(groups, prompt)[0] == "pass"


def test_a_noun_that_may_rename_its_keyword_still_abstains():
    assert pr.match_groups([["lion"]], "a sea lion on the rocks")[0] == "abstain"


@pytest.mark.parametrize("prompt, styled", [
    ('{"style": "thick gouache, visible brush strokes", "subject": "a hen"}', True),
    ('{"style": {"medium": "gouache on rough paper"}, "subject": "a hen"}', True),
    ("# Hen\n\n## Style\n- Thick gouache with visible brush strokes\n", True),
    ("A hen by a barn.\nArt style: thick gouache, visible brush strokes", True),
    ("# Hen\n\n## Props\n- A tube of gouache beside the easel\n", False),
    ('{"style": "flat, a tube of gouache on the table"}', False),
])
def test_a_line_labelled_as_the_style_or_medium_names_the_style_not_a_thing_held_in_it(prompt, styled):
    assert verdict(StyleCheck(type="style", style="gouache"), prompt) == ("pass" if styled else "abstain")
