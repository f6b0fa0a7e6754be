"""The offline judge's prompt rules decide on evidence and abstain otherwise
(docs/suite-format.md, "How the offline judge reads the prompt side")."""

import pytest

from pytest_atelier.judge import prompt_evidence as ev
from pytest_atelier.judge import prompt_rules as pr
from pytest_atelier.judge.prompt_decide import decide, judge_check
from pytest_atelier.judge.text_match import NgramEmbedder
from pytest_atelier.suite.models import Checkpoint, ColorCheck, CountCheck, LayoutCheck, StyleCheck


def rule(check, prompt):
    return decide(Checkpoint(id="c", prompt="The prompt asks for it.", check=check), prompt)[0]


def status(prompt, word):
    words = ev.read_words(prompt)
    return [m.status for m in ev.mentions([word], prompt, words)]


@pytest.mark.parametrize(
    "prompt, word, expected",
    [
        ("a street with no people", "people", "negated"),
        ("no people, with a dog in the corner", "dog", "affirmed"),
        ("don't include birds; just the sky", "birds", "negated"),
        ("Do NOT add a frame or border around it", "border", "negated"),
        ("nothing that looks like a clock", "clock", "negated"),
        ("keep tourists and crowds away from the fountain", "crowds", "negated"),
        ("leave out the cars", "cars", "negated"),
        ("a clutter-free desk", "clutter", "negated"),
        ("a knight without armour riding a grey horse", "horse", "affirmed"),
        ("no doubt the finest castle on the Rhine", "castle", "affirmed"),
        ("a no-parking sign on a lamppost", "sign", "affirmed"),
        ("a blue forget-me-not flower by the path", "flower", "affirmed"),  # a name that ends in "not"
        ("nothing but flowers in the field", "flowers", "affirmed"),
        ("no cars and a dog", "dog", "unclear"),
        ("no people, warm light", "light", "unclear"),
        ("no text, logos or watermarks", "watermarks", "negated"),
        ("a bright poster\nNegative prompt: blurry, cats", "cats", "negated"),
        ('a poster whose headline reads "No Text Needed"', "text", ""),  # quoted words are not mentions
        ("a dog-eared paperback", "dog", "unclear"),
        ("the sun hidden behind clouds", "sun", "unclear"),
        ("A calm beach. Text is not allowed.", "text", "negated"),
        ("logos should not appear anywhere", "logos", "negated"),
        ("watermarks are forbidden", "watermarks", "negated"),
        ("A calm beach. People: none.", "people", "negated"),
        ("people not wearing hats", "people", "affirmed"),
    ],
)
def test_negation_scope(prompt, word, expected):
    assert (status(prompt, word) or [""])[0] == expected


def test_text_is_exact_as_a_quoted_unit():
    check = {"type": "text", "text": "Fresh Coffee"}
    assert rule(check, 'A chalkboard that reads “Fresh Coffee”.') == "pass"
    assert rule(check, "A sign, text: Fresh Coffee, chalk lettering") == "pass"
    assert rule(check, 'A chalkboard that reads "Fresh Coffee Daily".') == "fail"  # prefix of a longer text
    assert rule(check, 'A chalkboard that reads "Fresh Cofee".') == "fail"  # typo
    assert rule(check, "A cafe that serves fresh coffee all day.") == "abstain"  # prose: described, not given
    assert rule(check, 'Do not write "Fresh Coffee" anywhere.') == "fail"  # excluded
    assert rule({**check, "case_sensitive": True}, 'reads "FRESH COFFEE"') == "fail"
    assert rule(check, 'top line "FRESH", second line "COFFEE"') == "pass"


def test_count_binds_the_number_to_its_own_noun():
    dogs = {"type": "count", "entity": "dog", "count": 2, "terms": ["dogs"]}
    assert rule(dogs, "three cats beside two dogs") == "pass"
    assert rule(dogs, "two cats beside three dogs") == "fail"
    assert rule(dogs, "a pair of dogs") == "pass"
    assert rule(dogs, "at least two dogs") == "abstain"
    assert rule(dogs, "dogs on a lawn") == "abstain"  # no number is not a wrong number
    assert rule({**dogs, "count": 24}, "two dozen dogs") == "pass"
    assert rule({**dogs, "count": 21}, "twenty-one tiny dogs") == "pass"
    clover = {"type": "count", "entity": "clover", "count": 4}
    assert rule(clover, "a single four-leaf clover") == "fail"  # 'four-leaf' is a modifier; 'a single' counts
    assert rule({**clover, "count": 1}, "a single four-leaf clover") == "pass"
    assert rule({"type": "count", "entity": "bird", "count": 0}, "a sky with no birds") == "pass"
    assert rule({"type": "count", "entity": "cat", "count": 2}, "a cat next to a cat") == "abstain"  # a total
    jets = {"type": "count", "entity": "jet", "count": 2, "terms": ["jets"]}
    # two singular mentions, only one of them with its article read: the total is not 1
    assert rule(jets, "a huge silver twin-engine passenger jet climbs; far behind, a small red jet") == "abstain"
    # 'the jet' refers back, but an article names a jet without counting it (issue #26)
    assert rule({**jets, "count": 1}, "a small red jet over the sea; the jet trails smoke") == "abstain"
    assert rule({**jets, "count": 1}, "one small red jet over the sea; the jet trails smoke") == "pass"
    assert rule({**jets, "count": 2}, "a small red jet over the sea; the jet trails smoke") == "fail"
    # 'owl family' is a family, not one owl
    assert rule({"type": "count", "entity": "owl", "count": 4}, "A snowy owl family of four on a branch") != "fail"


def test_colour_binds_to_its_own_noun_phrase():
    hat = {"type": "color", "color": "blue", "entity": "hat"}
    assert rule(hat, "a red scarf and a blue hat") == "pass"
    assert rule({**hat, "color": "red"}, "a red scarf and a blue hat") == "fail"
    assert rule(hat, "the hat is navy blue") == "pass"
    assert rule(hat, "a hat in bright blue, boots") == "pass"
    assert rule(hat, "red and blue hats") == "pass"
    assert rule({**hat, "color": "green"}, "red and blue hats") == "abstain"  # the binding cannot be told
    assert rule(hat, "a hat on a table") == "abstain"
    assert rule({"type": "color", "color": "green", "entity": "truck"}, "the Green Valley Farms delivery truck") == "abstain"
    assert rule({"type": "color", "color": "red", "entity": "woman"}, "a red-haired woman") == "abstain"
    assert rule(hat, "a blue-and-white hat") == "pass"
    # a shade of the same hue is not evidence of the wrong colour: which shade is drawn cannot be told
    assert rule({**hat, "color": "navy"}, "a deep blue hat") == "abstain"
    assert rule({"type": "color", "color": "maroon", "entity": "coat"}, "a dark red coat") == "abstain"
    assert rule({"type": "color", "color": "silver", "entity": "car"}, "a gray car") == "abstain"
    assert rule({**hat, "color": "navy"}, "a bright green hat") == "fail"
    assert rule({"type": "color", "color": "white", "entity": "cat"}, "a black cat") == "fail"


def test_presence_style_and_absence_abstain_without_evidence():
    assert rule({"type": "presence", "entity": "mountains"}, "alpine peaks at dawn") == "abstain"
    assert rule({"type": "presence", "entity": "fox"}, "snow, not a fox") == "fail"
    assert rule({"type": "absence", "entity": "people"}, "an empty plaza") == "abstain"
    assert rule({"type": "absence", "entity": "people"}, "a plaza full of people") == "fail"
    assert rule({"type": "style", "style": "watercolor"}, "a soft watercolor painting of a fox") == "pass"
    assert rule({"type": "style", "style": "watercolor"}, "tubes of watercolor paint on a desk") == "abstain"
    assert rule({"type": "style", "style": "photo"}, "a fox, not a photo") == "fail"


def test_layout_needs_a_frame_region_and_fails_only_on_a_contradiction():
    logo = {"type": "layout", "entity": "logo", "region": "top"}
    assert rule(logo, "a logo at the top of the poster") == "pass"
    assert rule(logo, "a logo in the top-left corner") == "pass"
    assert rule(logo, "a logo at the bottom of the poster") == "fail"
    assert rule(logo, "a logo above the door") == "abstain"  # relative, not a frame region
    assert rule({"type": "layout", "entity": "cup", "region": "left"}, "a cup in her left hand") == "abstain"
    assert rule({**logo, "entity": "banner", "text": "SALE"}, 'Put "SALE" at the top of the poster') == "pass"  # its text names it


def test_palette_needs_a_restriction():
    check = {"type": "palette", "colors": ["red", "white"]}
    assert rule(check, "a poster in red and white only") == "pass"
    assert rule(check, "a red and white poster") == "abstain"
    assert rule(check, "only red and white, with a blue border") == "fail"
    assert rule(check, "only red and white, at golden hour") == "pass"  # 'golden' names the hour


def test_match_groups_abstain_on_missing_and_fail_on_excluded():
    groups = [["rain", "rainy"], ["umbrella", "umbrellas"]]
    point = Checkpoint(id="c", prompt="The prompt asks for rain and an umbrella.", match=groups)
    assert decide(point, "a street in the rain, a red umbrella")[0] == "pass"
    assert decide(point, "a rainy street, a red umbrella")[0] == "pass"  # an adjective before a noun still asks for it
    assert decide(point, "a rain jacket, a red umbrella")[0] == "abstain"  # "rain jacket" may name only the jacket
    assert decide(point, "a wet street, a red umbrella")[0] == "abstain"
    assert decide(point, "a rainy street, nobody carrying an umbrella")[0] == "fail"


def test_statements_never_fail_and_check_quoted_text_exactly():
    ngram = NgramEmbedder()
    point = Checkpoint(id="c", prompt="The prompt asks for the banner text 'GRAND OPENING'.")
    assert decide(point, 'a banner that reads "GRAND OPENING SALE"', ngram)[0] == "fail"
    assert decide(point, 'a banner that reads "GRAND OPENING"', ngram)[0] == "pass"
    calm = Checkpoint(id="c", prompt="The prompt asks for a calm harbour at dusk.")
    assert decide(calm, "a calm harbour at dusk, boats", ngram)[0] == "pass"
    assert decide(calm, "a busy stock exchange", ngram)[0] == "abstain"


def test_or_other_is_not_an_exception_and_a_mixed_absence_abstains():
    prompt = "young fashion fans in their twenties. Please, no palace gates, temples, fans or other tourist props."
    assert rule({"type": "absence", "entity": "palace gates", "terms": ["fans"]}, prompt) == "pass"
    # "fans" asked for (people) and "fans" in an unclear list item: not evidence that fans are wanted
    assert rule({"type": "absence", "entity": "fans"}, "fashion fans in the street; no gates, fans") == "abstain"


def test_one_keyword_for_a_statement_of_several_qualities_abstains():
    mood = Checkpoint(id="c", prompt="The prompt conveys a hushed, wintry, lonely mood.", match=[["hushed", "quiet", "wintry", "snowy", "lonely", "solitary"]])
    assert pr.match_groups(mood.match, "a quiet field at noon")[0] == "pass"
    assert decide(mood, "a quiet field at noon")[0] == "abstain"  # one term, none of the statement's words
    assert decide(mood, "a hushed, wintry scene of a lonely cabin")[0] == "pass"
    assert decide(mood, "a quiet, snowy night; a solitary lamp")[0] == "pass"  # three terms of the group
    assert decide(mood, "no snow, no quiet: a busy market")[0] == "fail"


def test_a_generic_style_term_does_not_pass_a_more_specific_style():
    style = StyleCheck(type="style", style="watercolour", terms=["painting", "watercolor"])
    loose = Checkpoint(id="c", prompt="The prompt asks for a wet-on-wet botanical watercolour.", check=style)
    assert decide(loose, "a painting of a fern")[0] == "abstain"
    assert decide(loose, "a fern, wet-on-wet botanical watercolour painting")[0] == "pass"
    one_word = Checkpoint(id="c", prompt="The prompt names the watercolour style.", check=style)
    assert decide(one_word, "a painting of a fern")[0] == "pass"  # a term of the check is evidence of a one-word style


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("A lighthouse on a cliff; its lantern room is painted carmine.", "pass"),  # the check cannot tell carmine; the keywords can
        ("A lighthouse with a blue lantern room on a cliff.", "fail"),  # the check fails: the keywords never overrule it
        ("A lighthouse on a cliff.", "abstain"),  # neither has evidence
    ],
)
def test_keywords_pass_only_what_the_check_cannot_tell(prompt, expected):
    checkpoint = Checkpoint.model_validate({
        "id": "c01", "prompt": "The prompt makes the lantern room red.",
        "check": {"type": "color", "color": "red", "entity": "lantern room"},
        "match": [["lantern room"], ["red", "carmine", "scarlet"]],
    })
    assert decide(checkpoint, prompt)[0] == expected


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("a portrait low in the card, with a speech bubble above the figure near the top", "abstain"),  # the bubble's place
        ("a small figure near the top of the card, a bubble below it", "fail"),  # the figure's own place
    ],
)
def test_a_region_after_a_landmark_is_not_the_landmarks(prompt, expected):
    assert judge_check(LayoutCheck(type="layout", entity="figure", region="bottom"), prompt)[0] == expected


def test_more_of_a_kind_is_not_the_thing_meant():
    check = ColorCheck(type="color", color="orange", entity="trees")
    prompt = "Orange trees fill the left side; a dark spruce stands in the middle with more golden trees beside it."
    assert judge_check(check, prompt)[0] == "pass"
    assert judge_check(check, "A dark spruce with more golden trees beside it.")[0] == "abstain"  # only others are said


@pytest.mark.parametrize(
    ("check", "prompt", "expected"),
    [
        # a label's description says what the labelled thing is, in any format
        ({"color": "brown", "entity": "table"}, "- Table: old brown oak slab with iron legs", "pass"),
        ({"color": "brown", "entity": "table"}, '{"scene": "a kitchen", "table": "scrubbed brown pine, by the window"}', "pass"),
        ({"color": "green", "entity": "scarf"}, '{"outfit": {"coat": "black", "scarf": "one, green, loosely tied"}}', "pass"),
        ({"color": "white", "entity": "table"}, "- Table: old brown oak slab with iron legs", "fail"),
        ({"color": "white", "entity": "vase"}, "- Vase: tall glass with a white lily", "abstain"),  # the lily's colour
        ({"color": "white", "entity": "vase"}, "Vase: a tall one, white lily inside", "abstain"),  # a later part names another thing
        # a quoted text between a noun and its colour is what the noun says
        ({"color": "gold", "entity": "banner"}, 'a banner "GRAND OPENING" in gold across the shop front', "pass"),
        ({"color": "gold", "entity": "banner"}, '(banner "GRAND OPENING" in gold:1.2), balloons', "pass"),
        # colours joined by "and" before a noun are all the noun's, under either reading
        ({"color": "yellow", "entity": "umbrella"}, "a striped yellow and green umbrella on the sand", "pass"),
        ({"color": "blue", "entity": "umbrella"}, "a yellow and green umbrella", "abstain"),  # one umbrella or several: cannot tell
        ({"color": "yellow", "entity": "umbrella"}, "the towel is yellow and green umbrellas line the beach", "abstain"),
    ],
)
def test_colour_said_in_a_label_a_quoted_text_or_a_joined_list(check, prompt, expected):
    assert judge_check(ColorCheck(type="color", **check), prompt)[0] == expected


def test_a_paint_key_gives_its_owner_a_colour():
    prompt = '{"figures": {"heron": {"count": 1, "ink": "indigo", "position": "left"}, "sky": {"ink": "thin washes"}}}'
    assert judge_check(ColorCheck(type="color", color="navy", entity="heron"), prompt)[0] == "pass"
    assert judge_check(ColorCheck(type="color", color="blue", entity="sky"), prompt)[0] == "abstain"  # not a colour


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("One lone heron, painted in grey, standing on the left of the frame.", "pass"),
        ("- Heron: tall, wading on the left", "pass"),
        ("A lone heron standing on the right of the frame.", "fail"),
        # a place far from the noun may be another thing's ("chasing a frog on the right"): it never fails
        ("One lone heron, painted in grey, standing on the right of the frame.", "abstain"),
        ("One lone heron, a fish, a frog jumping on the left.", "abstain"),  # the frog's place
    ],
)
def test_a_place_said_in_clauses_that_go_on_describing_a_thing(prompt, expected):
    assert judge_check(LayoutCheck(type="layout", entity="heron", region="left"), prompt)[0] == expected


@pytest.mark.parametrize(
    ("prompt", "count", "expected"),
    [
        ('{"desk": {"lamp": "one, brass, angled down"}}', 1, "pass"),
        ("- Lamp: exactly two, both brass", 2, "pass"),
        ("- Lamp: exactly two, both brass", 1, "fail"),
        ("- Lamp: two-tone brass", 2, "abstain"),  # a compound, not a number
        ("- Lamp: brass, with two bulbs", 2, "abstain"),  # the bulbs' number
    ],
)
def test_a_number_opening_a_labels_description_counts_the_label(prompt, count, expected):
    assert judge_check(CountCheck(type="count", entity="lamp", count=count), prompt)[0] == expected


@pytest.mark.parametrize(
    ("groups", "prompt", "expected"),
    [
        ([["smoke", "haze"], ["rising", "curling"]], "a chimney with smoke curling into the dusk", "pass"),
        ([["smoke", "haze"], ["rising", "curling"]], "a chimney, (rising smoke:1.2), dusk", "pass"),
        ([["kit", "spec"]], "a spec kit for the new camera", "pass"),  # two words of one request
        ([["moonlight", "silver light"]], "a faint moonlight glow on the tiles", "abstain"),
        ([["moonlight", "soft glow"]], "a faint moonlight glow on the tiles", "pass"),  # a word of a longer term
        ([["smoke", "haze"]], "a smoke alarm on the ceiling", "abstain"),  # 'alarm' is no word of the request
        ([["smoke"], ["rising"]], "no smoke rising from the chimney", "fail"),
    ],
)
def test_a_compound_of_the_requests_own_words_is_asked_for(groups, prompt, expected):
    assert pr.match_groups(groups, prompt)[0] == expected


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("a tabby curled asleep on the windowsill", "pass"),  # "a" says one
        ("two tabbies asleep on the windowsill", "abstain"),
        ("tabbies, asleep", "abstain"),
    ],
)
def test_one_in_a_statement_is_said_by_an_article(prompt, expected):
    checkpoint = Checkpoint(id="c", prompt="The prompt asks for one sleeping tabby.", match=[["tabby"], ["asleep", "sleeping"]])
    assert decide(checkpoint, prompt)[0] == expected


@pytest.mark.parametrize(
    ("check", "prompt", "expected"),
    [
        ({"color": "white", "entity": "flag"}, "a flag in white edged with gold braid", "pass"),  # a participle opens the next phrase
        ({"color": "gold", "entity": "flag"}, "a flag in white edged with gold braid", "fail"),
        ({"color": "orange", "entity": "tractor"}, "a battered orange tractor hard at work in the mud", "pass"),  # 'hard' heads no compound
    ],
)
def test_a_colour_before_a_participle_or_an_adjective_after_the_noun(check, prompt, expected):
    assert judge_check(ColorCheck(type="color", **check), prompt)[0] == expected


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("three small red clip-on lamps along the shelf", "pass"),  # a hyphenated modifier is one modifier
        ("three small red clip-on desk lamps", "abstain"),  # four modifiers: the number may count something else
    ],
)
def test_a_hyphenated_modifier_counts_once_between_a_number_and_its_noun(prompt, expected):
    assert judge_check(CountCheck(type="count", entity="lamps", count=3), prompt)[0] == expected


@pytest.mark.parametrize(
    ("prompt", "count", "expected"),
    [
        ("two blue kites over the dunes, and further off two yellow kites", 4, "abstain"),  # two groups, not one said twice
        ("two blue kites over the dunes, and further off two yellow kites", 2, "abstain"),
        ("two kites over the dunes; the two blue kites fly high", 2, "pass"),  # the same kites said again
    ],
)
def test_counted_groups_of_different_colours_are_not_one_group(prompt, count, expected):
    assert judge_check(CountCheck(type="count", entity="kites", count=count), prompt)[0] == expected


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("an orchard at harvest, horizontal 16:9", "pass"),  # the ratio itself states the format
        ("an orchard at harvest, --ar 16:9", "pass"),
        ("an orchard at harvest, horizontal", "abstain"),  # 'horizontal' alone may describe a thing
        ("a horizontal branch across an orchard, 4:3", "abstain"),  # another ratio than the one asked for
        ("an orchard at harvest. Negative prompt: horizontal 16:9", "fail"),
    ],
)
def test_a_written_ratio_states_the_pictures_shape(prompt, expected):
    groups = [["16:9", "horizontal", "widescreen"], ["format", "ratio", "frame"]]
    assert pr.match_groups(groups, prompt)[0] == expected
