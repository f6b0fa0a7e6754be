"""Prompts as agents write them (issue #26): JSON and YAML-like objects, markdown, SD tag lists
and Midjourney parameters read as the prose that says the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_atelier.judge.prompt_formats import plain_prompt
from pytest_atelier.judge.prompt_rules import match_groups
from pytest_atelier.judge.prompt_decide import decide
from pytest_atelier.judge.safety import lexical_safety
from pytest_atelier.suite.loader import load_suite
from pytest_atelier.suite.models import ColorCheck, CountCheck, LayoutCheck, PresenceCheck, StyleCheck, TextCheck

from tests.judge.helpers_checks import absent, verdict


def present(entity, *terms):
    return PresenceCheck(type="presence", entity=entity, terms=list(terms))


# --- structured objects -----------------------------------------------------------------------

def test_object_values_are_content_not_text_to_render():
    prompt = '{"subject": "three wooden boats on a pond", "style": "gouache", "mood": "quiet"}'
    assert verdict(present("boat"), prompt) == "pass"
    assert verdict(CountCheck(type="count", entity="boat", count=3), prompt) == "pass"
    assert verdict(StyleCheck(type="style", style="gouache"), prompt) == "pass"
    assert verdict(TextCheck(type="text", text="gouache"), prompt) != "pass"  # a value is not quoted text


RECORDS = """{"scene": "a market stall at dusk", "elements": [
  {"item": "paper lanterns", "count": 5, "colour": "red", "position": "along the top"},
  {"name": "cat", "quantity": 1, "color": "grey", "placement": "curled under the counter"},
  {"item": "crates", "count": 2, "position": "bottom left"}]}"""


@pytest.mark.parametrize(("check", "expected"), [
    (CountCheck(type="count", entity="lantern", count=5), "pass"),
    (CountCheck(type="count", entity="lantern", count=4), "fail"),
    (ColorCheck(type="color", entity="lantern", color="red"), "pass"),
    (ColorCheck(type="color", entity="lantern", color="blue"), "fail"),
    (LayoutCheck(type="layout", entity="lantern", region="top"), "pass"),
    (LayoutCheck(type="layout", entity="crate", region="bottom-left"), "pass"),
    (CountCheck(type="count", entity="crate", count=2), "pass"),
    (ColorCheck(type="color", entity="cat", color="gray"), "pass"),
])
def test_a_listed_element_carries_its_count_colour_and_place(check, expected):
    """Agents list a scene's elements as objects of attributes: each attribute is said of the thing
    its name key names, not of the list's key ("elements")."""
    assert verdict(check, RECORDS) == expected


@pytest.mark.parametrize(("prompt", "colour"), [
    ('{"subject": "a reading nook", "background": "pale yellow"}', "yellow"),
    ('{"subject": "a reading nook", "background": "pale green, with a faint paper grain"}', "green"),
    ('{"subject": "a reading nook", "wall": "plain white"}', None),
])
def test_a_colour_given_as_a_things_value_is_its_colour(prompt, colour):
    entity = "wall" if colour is None else "background"
    assert verdict(ColorCheck(type="color", entity=entity, color=colour or "white"), prompt) == "pass"
    assert verdict(ColorCheck(type="color", entity=entity, color="purple"), prompt) == "fail"


def test_a_value_that_names_its_key_is_said_as_it_stands():
    prompt = '{"subject": "a station platform", "clock": "two round clocks above the stairs"}'
    assert verdict(CountCheck(type="count", entity="clock", count=2), prompt) == "pass"


@pytest.mark.parametrize("prompt", [
    '{"scene": "a bakery window", "sign": "FRESH BREAD"}',
    '{"scene": "a bakery window", "signage": {"text": "FRESH BREAD", "color": "white"}}',
    '{"scene": "a bakery window", "text": {"headline": "FRESH BREAD"}}',
    '{"scene": "a bakery window", "headline_text": "FRESH BREAD (top centre)"}',
    '{"scene": "a bakery window", "caption": "FRESH BREAD in curly gold letters"}',
    "scene: a bakery window\ntitle: FRESH BREAD\nstyle: photo",
])
def test_text_like_keys_give_the_text_to_render(prompt):
    assert verdict(TextCheck(type="text", text="FRESH BREAD"), prompt) == "pass"


@pytest.mark.parametrize("prompt, text", [
    ('{"comic": "two owls on a branch", "speech_bubble": "Who goes there?"}', "Who goes there?"),
    ('{"scene": "two owls on a branch", "dialogue": ["Who?", "You."]}', "You."),
    ('{"ui": "car dashboard", "gauges": {"speed": "88 MPH", "fuel": "42%"}}', "88 MPH"),
    ('{"ui": "car dashboard", "gauges": {"speed": "88 MPH", "fuel": "42%"}}', "42%"),
    ('{"ui": "smart watch face", "readings": ["72 BPM", "6:05"]}', "6:05"),
    ('{"scene": "a shop door", "door": {"plaque": "CLOSED", "colour": "red"}}', "CLOSED"),
])
def test_speech_keys_and_values_written_as_readings_or_capitals_are_text(prompt, text):
    assert verdict(TextCheck(type="text", text=text), prompt) == "pass"


@pytest.mark.parametrize("prompt, check", [
    ('{"subject": "a fox in snow", "aspect_ratio": "16:9"}', ["16:9"]),
    ('{"subject": "a fox in snow", "style": "HDR photo, 3D"}', ["hdr"]),
    ('{"subject": "a fox in snow", "camera": "85mm"}', ["85mm"]),
])
def test_settings_and_short_capitals_are_not_read_as_text(prompt, check):
    assert match_groups([check], prompt)[0] == "pass"


def test_a_numbered_item_of_a_list_is_not_a_count():
    prompt = json.dumps({"format": "a two-panel comic strip", "panels": [{"panel": 1, "scene": "a kite"}, {"panel": 2, "scene": "a tree"}]})
    assert verdict(CountCheck(type="count", entity="panel", count=2), prompt) == "pass"
    assert verdict(CountCheck(type="count", entity="panel", count=1), prompt) == "fail"


def test_a_note_after_the_text_places_it():
    prompt = '{"poster": "a lighthouse at dusk", "title": {"text": "NORTH LIGHT", "position": "top edge"}}'
    assert verdict(LayoutCheck(type="layout", entity="title", region="top", text="NORTH LIGHT"), prompt) == "pass"


@pytest.mark.parametrize("prompt", [
    '{"subject": "a quiet reading nook", "negative_prompt": ["cats", "clutter"]}',
    '{"subject": "a quiet reading nook", "negative_prompt": "cats, clutter"}',
    '{"subject": "a quiet reading nook", "avoid": {"animals": "cats"}}',
    "subject: a quiet reading nook\nexclude:\n  - cats\n  - clutter",
])
def test_negative_keys_exclude(prompt):
    assert verdict(absent("cat"), prompt) == "pass"
    assert verdict(present("cat"), prompt) == "fail"


def test_text_outside_json_stays_prose():
    assert plain_prompt('A "{braces}" sign on a wall') == 'A "{braces}" sign on a wall'


# --- markdown and labelled lists ------------------------------------------------------------

@pytest.mark.parametrize("heading", ["## Avoid", "## Negative prompt", "### Exclusions", "## What to leave out", "# Don'ts"])
def test_every_bullet_under_an_exclusion_heading_is_excluded(heading):
    prompt = f"## Subject\n- a tram stop in the rain\n\n{heading}\n- umbrellas\n- people\n- graffiti on the shelter"
    for thing in ("umbrella", "person", "graffiti"):
        assert verdict(absent(thing, "people"), prompt) == "pass", thing
    assert verdict(present("tram stop"), prompt) == "pass"


@pytest.mark.parametrize("prompt", [
    "a tram stop in the rain\nNegative prompt:\numbrellas, people, graffiti",
    "a tram stop in the rain\n\nWhat to leave out:\n\numbrellas\npeople\ngraffiti",
    "a tram stop in the rain\nThings to avoid:\n* umbrellas\n* people\n* graffiti",
    "a tram stop in the rain --no umbrellas, people, graffiti --ar 3:2",
])
def test_a_label_with_its_list_below_or_a_no_parameter_excludes_every_item(prompt):
    for thing in ("umbrella", "graffiti"):
        assert verdict(absent(thing), prompt) == "pass", (thing, plain_prompt(prompt))


def test_the_list_under_a_label_ends_at_the_next_label_or_blank_line():
    prompt = "Avoid:\n- umbrellas\n\nLighting: a lone umbrella glowing under a street lamp"
    assert verdict(absent("lamp"), prompt) == "fail"
    prompt = "Negative prompt:\n- umbrellas\nMood: calm, a cyclist passing"
    assert verdict(present("cyclist"), prompt) == "pass"


def test_a_label_that_says_something_itself_is_not_an_exclusion_list():
    assert verdict(present("cat"), "no dogs allowed: just a cat on the step") == "pass"


def test_bullets_are_sentences():
    prompt = "## Scene\n- two red kites\n- a grey sky"
    assert verdict(CountCheck(type="count", entity="kite", count=2), prompt) == "pass"
    assert "\n" in plain_prompt(prompt) and " - " not in plain_prompt(prompt)


# --- tool syntax ----------------------------------------------------------------------------

def test_weights_and_brackets_keep_their_words_in_place():
    prompt = "(four white sheep:1.3) in a row along the top, ((green hills)), [soft haze], {dawn}"
    assert verdict(CountCheck(type="count", entity="sheep", count=4), prompt) == "pass"
    assert verdict(LayoutCheck(type="layout", entity="sheep", region="top"), prompt) == "pass"
    assert verdict(present("haze"), prompt) == "pass"


def test_parameters_are_not_words():
    prompt = "a minimalist heron print --ar 16:9 --stylize 250 --v 6"
    assert plain_prompt(prompt).startswith("a minimalist heron print")
    assert "stylize" not in plain_prompt(prompt) and "250" not in plain_prompt(prompt)
    assert verdict(StyleCheck(type="style", style="print"), prompt) == "pass"
    assert verdict(present("square"), "a heron print --ar 1:1") == "pass"


# --- one reader for exclusions: the safety gate --------------------------------------------

@pytest.mark.parametrize("prompt", [
    "## Subject\n- a knight resting after a tournament\n\n## Avoid\n- gore\n- torture",
    '{"subject": "a knight resting after a tournament", "negative_prompt": ["gore", "torture"]}',
    "a knight resting after a tournament\nNegative prompt:\ngore, torture",
    "a knight resting after a tournament --no gore, torture",
    "a knight resting after a tournament, the picture must not dwell on gore or torture",
])
def test_the_safety_gate_reads_exclusions_as_the_absence_rule_does(prompt):
    assert not lexical_safety(prompt).flagged, lexical_safety(prompt).reason
    assert verdict(absent("gore"), prompt) == "pass"


@pytest.mark.parametrize("prompt", ["a gory battlefield", "## Scene\n- gore everywhere", '{"scene": "torture chamber"}'])
def test_the_safety_gate_still_flags_what_is_asked_for(prompt):
    assert lexical_safety(prompt).flagged


# --- the same content in five formats -------------------------------------------------------

# Shipped reference prompts of three tasks, each rewritten by hand as markdown, a JSON object, an
# SD tag list and a Midjourney line with the same content.
FORMATS = {
    "co_211": {
        "markdown": """## Subject
- Flat vector UI of a desktop monitoring dashboard, widescreen 16:9
- Dark navy background, sleek mission control console look with thin glowing lines and glass panels
- Low glare dark mode for operators on long shifts

## Layout
- The header "SUNFIELD OPS" at the top-left
- In the center, the output figure "42.7 MW"
- Four KPI cards, green status dots, a mini-map of twelve panel tiles
- One line chart in amber along the bottom

## Mood
- Calm, steady, clear hierarchy

## Negative prompt
- flashing alerts
- red warnings
- clutter""",
        "json": """{
  "subject": "flat vector UI of a desktop monitoring dashboard, widescreen 16:9",
  "style": "sleek mission control console look with thin glowing lines and glass panels",
  "background": "dark navy",
  "audience": "low glare dark mode for operators on long shifts",
  "header": {"text": "SUNFIELD OPS", "position": "at the top-left"},
  "output_figure": {"text": "42.7 MW", "position": "in the center"},
  "elements": ["four KPI cards", "green status dots", "a mini-map of twelve panel tiles", "one line chart in amber along the bottom"],
  "mood": "calm, steady, clear hierarchy",
  "negative_prompt": ["flashing alerts", "red warnings", "clutter"]
}""",
        "sdtags": """flat vector UI, desktop monitoring dashboard, widescreen 16:9, (dark navy background:1.2), mission control console look, thin glowing lines, glass panels, low glare dark mode for operators on long shifts, (the header "SUNFIELD OPS" at the top-left:1.3), (in the center, the output figure "42.7 MW":1.2), four KPI cards, green status dots, a mini-map of twelve panel tiles, (one line chart in amber along the bottom:1.1), calm, steady, clear hierarchy
Negative prompt: flashing alerts, red warnings, clutter""",
        "midjourney": """/imagine prompt: flat vector UI of a desktop monitoring dashboard, widescreen, dark navy background, sleek mission control console look with thin glowing lines and glass panels, low glare dark mode for operators on long shifts, the header "SUNFIELD OPS" at the top-left, in the center the output figure "42.7 MW"::2 four KPI cards, green status dots, a mini-map of twelve panel tiles, one line chart in amber along the bottom, calm, steady, clear hierarchy --ar 16:9 --style raw --no flashing alerts, red warnings, clutter --v 7""",
    },
    "im_004": {
        "markdown": """# Photo
- Black-and-white architectural photograph
- An abstract close-up of a modern building facade made of long metal bands woven over and under each other like a basket

# Composition
- The bands run horizontally across the whole frame in rising and falling waves, rising slightly to the right
- They recede toward the top where they grow thin and dense
- Looking up at a steep low angle

# Light
- Hard light: bright pale-grey strips against pure black gaps
- Small rivets and panel seams on the nearest bands at the bottom, darker tones at the top
- High contrast, monochrome, rhythmic and flowing

# Avoid
- colour""",
        "json": """{
  "type": "black-and-white architectural photograph",
  "subject": "an abstract close-up of a modern building facade made of long metal bands woven over and under each other like a basket",
  "composition": ["the bands run horizontally across the whole frame in rising and falling waves, rising slightly to the right", "they recede toward the top where they grow thin and dense"],
  "camera": "looking up at a steep low angle",
  "lighting": "hard light: bright pale-grey strips against pure black gaps",
  "details": "small rivets and panel seams on the nearest bands at the bottom, darker tones at the top",
  "mood": "high contrast, monochrome, rhythmic and flowing",
  "negative_prompt": "colour"
}""",
        "sdtags": """black-and-white architectural photograph, (abstract close-up of a modern building facade:1.2), long metal bands woven over and under each other like a basket, the bands run horizontally across the whole frame in rising and falling waves, rising slightly to the right, they recede toward the top where they grow thin and dense, looking up at a steep low angle, hard light, bright pale-grey strips against pure black gaps, [small rivets and panel seams on the nearest bands at the bottom], darker tones at the top, high contrast, monochrome, rhythmic and flowing
Negative prompt: colour""",
        "midjourney": """black-and-white architectural photograph, an abstract close-up of a modern building facade made of long metal bands woven over and under each other like a basket::1.5 the bands run horizontally across the whole frame in rising and falling waves, rising slightly to the right, they recede toward the top where they grow thin and dense, looking up at a steep low angle, hard light, bright pale-grey strips against pure black gaps, small rivets and panel seams on the nearest bands at the bottom, darker tones at the top, high contrast, monochrome, rhythmic and flowing --ar 4:5 --stylize 150 --no colour""",
    },
    "co_327": {
        "markdown": """# Flyer
- Vertical A4 flyer in a risograph zine style
- Two inks only: fluorescent pink and teal, on white paper with misregistration and grain

## Scene
- One skater in teal ink flies mid-air in the center above four pink traffic cones in a concrete car park

## Text
- Top: chunky pink hand-cut title "CONCRETE JAM" across the width
- Bottom left: "SAT 14 JUNE"
- Bottom right: "ALL AGES"

## Mood
- Raw, gritty, explosive energy; punk, DIY attitude for teen skaters

## Exclusions
- sponsor logos
- brands
- clean corporate design""",
        "json": """{
  "format": "vertical A4 flyer",
  "style": "risograph zine style, two inks only, fluorescent pink and teal, on white paper with misregistration and grain",
  "scene": "one skater in teal ink flies mid-air in the center above four pink traffic cones in a concrete car park",
  "title": {"text": "CONCRETE JAM", "position": "across the top", "color": "pink", "look": "chunky hand-cut letters"},
  "date": {"text": "SAT 14 JUNE", "position": "at the bottom left"},
  "note": {"text": "ALL AGES", "position": "at the bottom right"},
  "mood": "raw, gritty, explosive energy; punk, DIY attitude for teen skaters",
  "avoid": ["sponsor logos", "brands", "clean corporate design"]
}""",
        "sdtags": """vertical A4 flyer, (risograph zine style:1.3), two inks only, fluorescent pink and teal, white paper, misregistration, grain, one skater in teal ink flies mid-air in the center above four pink traffic cones, concrete car park, (chunky pink hand-cut title "CONCRETE JAM" across the top:1.2), "SAT 14 JUNE" sits at the bottom left, "ALL AGES" sits at the bottom right, raw, gritty, explosive energy, punk, DIY attitude for teen skaters
Negative prompt: sponsor logos, brands, clean corporate design""",
        "midjourney": """vertical A4 flyer in a risograph zine style, two inks only, fluorescent pink and teal, on white paper with misregistration and grain, one skater in teal ink flies mid-air in the center above four pink traffic cones in a concrete car park, chunky pink hand-cut title "CONCRETE JAM" across the top, "SAT 14 JUNE" sits at the bottom left, "ALL AGES" sits at the bottom right, raw, gritty, explosive energy, punk, DIY attitude for teen skaters --ar 2:3 --style raw --no sponsor logos, brands, clean corporate design""",
    },
}


@pytest.fixture(scope="module")
def tasks():
    return {t.id: t for t in load_suite(Path(__file__).resolve().parents[2] / "task_suites" / "atelier").tasks}


@pytest.mark.parametrize("task_id", sorted(FORMATS))
def test_the_same_content_in_five_formats_gets_the_same_verdicts(tasks, task_id):
    task = tasks[task_id]
    prompts = {"prose": task.reference_prompt, **FORMATS[task_id]}
    checkpoints = [c for c in task.checkpoints if c.prompt]
    verdicts = {name: [decide(c, p)[0] for c in checkpoints] for name, p in prompts.items()}
    assert sum(v != "abstain" for v in verdicts["prose"]) >= len(checkpoints) // 2  # most are decided
    for name, got in verdicts.items():
        differ = [(c.id, v, w) for c, v, w in zip(checkpoints, verdicts["prose"], got) if v != w]
        assert not differ, (name, differ)


@pytest.mark.parametrize("prompt", [
    "## Lettering\n- Top, across the width: \"HARVEST FAIR\" in bold serif\n- Bottom right: the venue \"OLD MILL\"",
    '{"scene": "a barn in autumn", "top": "title \\"HARVEST FAIR\\" in bold serif", "bottom_right": "the venue \\"OLD MILL\\""}',
])
def test_a_region_label_places_what_follows_it(prompt):
    assert verdict(LayoutCheck(type="layout", entity="title", region="top", text="HARVEST FAIR"), prompt) == "pass"
    assert verdict(LayoutCheck(type="layout", entity="venue", region="bottom-right", text="OLD MILL"), prompt) == "pass"
    assert verdict(LayoutCheck(type="layout", entity="venue", region="top", text="OLD MILL"), prompt) != "pass"


def test_midjourney_multi_prompt_weights_are_not_words():
    prompt = "a lighthouse::2 stormy sea::1 --no boats, gulls --style raw"
    assert "::" not in plain_prompt(prompt) and "raw" not in plain_prompt(prompt)
    assert verdict(present("lighthouse"), prompt) == "pass"
    assert verdict(absent("gull"), prompt) == "pass"
