"""How the prompt rules bind colours, frame regions and relations to the things a prompt names (issue #26)."""

from __future__ import annotations

import pytest

from pytest_atelier.suite.models import ColorCheck

from tests.judge.helpers_checks import colour, layout, relation, verdict


# --- frame regions ---------------------------------------------------------------------------


@pytest.mark.parametrize("prompt, region", [
    ("a lantern hangs at the very top", "top"),
    ("a lantern sits in the exact centre", "center"),
    ("Dead centre, a paper lantern glows.", "center"),
    ("a lantern at the far right", "right"),
])
def test_a_word_that_sharpens_a_region_keeps_it(prompt, region):
    assert verdict(layout(region, "lantern"), prompt) == "pass"


@pytest.mark.parametrize("prompt", [
    "Along the left edge, half in shadow, a tall lantern leans on the wall.",
    "Off to the left, slightly blurred, a lantern glows.",
    "On the left, under the eaves, hangs a paper lantern.",
])
def test_a_fronted_region_reaches_past_an_adverbial_clause(prompt):
    assert verdict(layout("left", "lantern"), prompt) == "pass"


def test_the_thing_an_adverbial_clause_names_is_not_placed_by_the_fronted_region():
    prompt = "Along the bottom, below the lantern, runs a row of small flags."
    assert verdict(layout("bottom", "flags"), prompt) == "pass"
    assert verdict(layout("bottom", "lantern"), prompt) == "abstain"


def test_a_noun_clause_between_is_not_adverbial():
    assert verdict(layout("left", "lantern"), "On the left, a red kite, and a lantern by the door.") == "abstain"


def test_a_region_in_a_clause_on_both_of_them_places_them():
    assert verdict(layout("top-right", "oars"), "a boat with two long oars, both pointing toward the upper right.") == "pass"


# --- colours ---------------------------------------------------------------------------------


@pytest.mark.parametrize("prompt", [
    "The kettle is a glossy enamel red.",
    "The kettle is a squat enamel red pot with a wooden handle.",
    "The kettle is cast iron painted a deep red.",
    "an old kettle painted a deep red",
])
def test_a_colour_in_what_the_copula_or_a_participle_says_the_thing_is(prompt):
    assert verdict(colour("red", "kettle"), prompt) == "pass"


@pytest.mark.parametrize("prompt", [
    "The setting sun tints the kettle red, with a long shadow.",
    "Paint the kettle red for the poster.",
])
def test_a_colouring_verb_gives_its_object_the_colour_after_it(prompt):
    assert verdict(colour("red", "kettle"), prompt) == "pass"


@pytest.mark.parametrize("prompt", [
    "Three ribbons in red, gold and white hang from the gate.",
    "three ribbons coloured red, gold and white",
])
def test_the_first_colour_of_a_list_is_not_read_as_a_participle(prompt):
    # "red" ends like a participle ("lit orange"); it was skipped, leaving only gold and white
    assert verdict(colour("red", "ribbon", "ribbons"), prompt) == "pass"


def test_a_region_of_another_of_the_things_does_not_fail_the_coloured_ones_place():
    check = ColorCheck(type="color", color="yellow", entity="tile", region="right")
    assert verdict(check, "a blue tile (far left), a yellow tile, a grey tile") == "abstain"
    assert verdict(check, "a yellow tile at the far left") == "fail"  # only one tile: it is placed elsewhere


def test_a_colour_after_a_colouring_verb_and_another_noun_is_that_nouns():
    assert verdict(colour("red", "kettle"), "Paint the kettle lid red.") == "abstain"


def test_the_copula_after_a_prepositional_phrase_is_said_of_the_head_noun():
    prompt = "the kettle on the stove is red"
    assert verdict(colour("red", "kettle"), prompt) == "pass"
    assert verdict(colour("red", "stove"), prompt) == "abstain"


def test_the_object_of_a_fronted_preposition_is_not_what_the_copula_describes():
    prompt = "Beside the stove is a red kettle."
    assert verdict(colour("red", "kettle"), prompt) == "pass"
    assert verdict(colour("red", "stove"), prompt) == "abstain"


@pytest.mark.parametrize("prompt", [
    "The postcard is printed on thick card. Its border is a thin teal line.",
    "The postcard lies face up, its border teal.",
])
def test_its_part_is_the_part_of_the_subject_it_follows(prompt):
    assert verdict(colour("teal", "postcard border"), prompt) == "pass"


def test_its_part_after_another_subject_is_not_read_as_the_owners():
    prompt = "A stamp sits on the postcard. Its border is teal."
    assert verdict(colour("teal", "postcard border"), prompt) == "abstain"


# --- relations -------------------------------------------------------------------------------


@pytest.mark.parametrize("prompt", [
    "Behind the teapot, toward the back, stands a tall vase.",
    "Behind the teapot, and slightly out of focus, stands a tall vase.",
])
def test_a_fronted_relation_reaches_past_an_adverbial_clause(prompt):
    assert verdict(relation("vase", "behind", "teapot"), prompt) == "pass"


def test_a_fronted_relation_reaches_past_a_place_phrase():
    assert verdict(relation("vase", "below", "shelf"), "A shelf runs across the wall, and below it on the floor is a tall vase.") == "pass"


@pytest.mark.parametrize("prompt", [
    "A teapot sits on the left of the tray, and to its right a tall vase leans.",
    "A round teapot sits on the tray. To its right stands a tall vase.",
])
def test_a_fronted_pronoun_phrase_places_what_follows_by_the_thing_before(prompt):
    assert verdict(relation("vase", "right_of", "teapot"), prompt) == "pass"
    assert verdict(relation("teapot", "right_of", "vase"), prompt) == "fail"


def test_a_pronoun_never_stands_for_the_subject_of_its_own_clause():
    prompt = "A potter leans over a kiln, and behind him stands a second kiln."
    assert verdict(relation("potter", "in_front_of", "kiln"), prompt) == "pass"


def test_a_relation_phrase_that_holds_its_pronoun_takes_no_object_after_it():
    prompt = "A round teapot sits on the tray, and to its left a cup on a saucer."
    assert verdict(relation("cup", "left_of", "teapot"), prompt) == "pass"
    assert verdict(relation("teapot", "left_of", "saucer"), prompt) == "abstain"


def test_a_fronted_pronoun_stands_only_for_the_subject_of_the_clause_before():
    prompt = "A pond lies in the valley; a meadow fills the middle, and behind it rises a dark wood."
    assert verdict(relation("wood", "behind", "pond"), prompt) == "abstain"
    assert verdict(relation("wood", "behind", "meadow"), prompt) == "pass"


@pytest.mark.parametrize("prompt", [
    "a teal pencil sketch of a heron on cream paper",
    "a teal hand-drawn line-art style sketch of a heron",
])
def test_the_colour_of_a_picture_of_a_thing_is_the_things(prompt):
    assert verdict(colour("teal", "heron"), prompt) == "pass"


def test_a_things_own_colour_wins_over_its_pictures():
    assert verdict(colour("teal", "heron"), "a teal sketch of a grey heron") == "fail"


@pytest.mark.parametrize("prompt, outcome", [
    ("a single pear, isolated on black", "pass"),
    ("a pear against black, lit from the side", "pass"),
    ("a pear on black velvet", "abstain"),
])
def test_a_colour_named_as_the_ground_is_the_backgrounds(prompt, outcome):
    assert verdict(colour("black", "background", "black"), prompt) == outcome


@pytest.mark.parametrize("prompt, outcome", [
    ("On the left, a tall vase. On the right, partly cut off, a round teapot.", "pass"),
    ("a vase in the top left corner and a teapot at the bottom right", "pass"),
    ("a teapot on the left and a vase on the left as well", "abstain"),
    ("a vase at the top and a teapot in the centre", "abstain"),
])
def test_frame_regions_on_opposite_sides_imply_the_relation(prompt, outcome):
    assert verdict(relation("vase", "left_of", "teapot"), prompt) == outcome


def test_a_relation_clause_closing_the_sentence_places_the_subject_of_the_clause_before():
    prompt = "A round teapot with a chipped spout, to the right of the vase."
    assert verdict(relation("vase", "left_of", "teapot"), prompt) == "pass"
    assert verdict(relation("vase", "left_of", "teapot"), "A shelf holds a round teapot with a chipped spout, to the right of the vase.") == "abstain"


@pytest.mark.parametrize("prompt", [
    "Curving across the upper left of the poster, a ribbon of paper lanterns hangs.",
    "On the left, swaying in the wind, hangs a paper lantern.",
])
def test_a_fronted_participle_clause_describes_the_subject_after_it(prompt):
    assert verdict(layout("left", "lantern"), prompt) == "pass"


@pytest.mark.parametrize("prompt, outcome", [
    ('the title "LATE BLOOM" in tall thin green capitals', "pass"),
    ("the caption in small green type", "pass"),
    ("a crate in green letters", "abstain"),  # a thing set in letters is not their colour
])
def test_a_text_set_in_coloured_letters_has_their_colour(prompt, outcome):
    entity = prompt.split()[1]
    assert verdict(colour("green", entity), prompt) == outcome


def test_a_pose_word_closing_the_clause_leaves_the_colour_after_it_bound():
    assert verdict(colour("teal", "diver"), "one diver mid-air, printed in teal") == "pass"


def test_a_colour_phrase_after_a_hyphened_shade_is_still_asked_for():
    prompt = "A tall lime-green carafe stands in front; the goblet is to its left."
    assert verdict(relation("goblet", "left_of", "green carafe"), prompt) == "pass"


@pytest.mark.parametrize("prompt", ["the tiles on the roof are weathered and green", "the tiles are celadon and green"])
def test_coordinated_predicates_are_all_said_of_the_noun(prompt):
    assert verdict(colour("green", "tiles"), prompt) == "pass"
