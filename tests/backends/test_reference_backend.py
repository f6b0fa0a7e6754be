"""The ``reference`` renderer: what the prompt literally says, read back by the checkers."""

import io

import pytest
from PIL import Image

from pytest_atelier.backends.reference import ReferenceBackend, ShapeGroup, TextItem, parse_prompt
from pytest_atelier.components import Backend, GenerationRequest
from pytest_atelier.judge import checkers
from pytest_atelier.registry import ComponentContext, Registry

needs_ocr = pytest.mark.skipif(
    not checkers.ocr_available(), reason="rapidocr-onnxruntime (the ocr extra) is not installed"
)
BACKEND = ReferenceBackend()


def render(prompt, tmp_path, n=1, seed=0, width=512, height=512):
    images = BACKEND.generate(GenerationRequest(prompt, n, seed, width, height))
    paths = []
    for i, image in enumerate(images):
        paths.append(tmp_path / f"{i}.png")
        paths[-1].write_bytes(image.png)
    return images, paths


def test_registry_makes_it(tmp_path):
    backend = Registry().make("backend", "reference", ComponentContext(root=tmp_path))
    assert isinstance(backend, Backend) and backend.produces_images and backend.identity.startswith("reference/")


def test_parse_prompt_reads_counts_colours_text_and_layout():
    scene = parse_prompt(
        "Three crimson circles at the top, 2 blue squares in the bottom-left corner, "
        'the word "OPEN" in gold at the right, on a teal background'
    )
    assert scene.background == "teal"
    assert scene.shapes == (
        ShapeGroup("circle", 3, "red", "top", "circles"),
        ShapeGroup("square", 2, "blue", "bottom-left", "squares"),
    )
    assert scene.texts == (TextItem("OPEN", "gold", "right"),)


def test_parse_prompt_binds_a_colour_named_after_the_noun():
    scene = parse_prompt(
        "Three circles in red, two squares painted teal at the left, a star that is gold. "
        "Five lanterns, all crimson. Four dots in the green field."
    )
    assert [(g.noun, g.color) for g in scene.shapes] == [
        ("circles", "red"), ("squares", "teal"), ("star", "gold"), ("lanterns", "red"), ("dots", None),
    ]  # fmt: skip
    assert scene.accents == ("green",)  # "in the green field" names no colour of the dots


def test_parse_prompt_other_things_negations_and_accents():
    scene = parse_prompt("golden light, a pair of green lanterns, a red circle, no stars, zero dots, 2026 fireworks")
    assert [(g.shape, g.count, g.color) for g in scene.shapes] == [("circle", 2, "green"), ("circle", 1, "red")]
    assert scene.accents == ("gold",)
    assert parse_prompt("a cozy room, one of the best").shapes == ()


def test_deterministic_for_prompt_and_seed_and_varies_per_image(tmp_path):
    prompt = "five yellow stars on a navy background"
    first = BACKEND.generate(GenerationRequest(prompt, 3, 7))
    again = BACKEND.generate(GenerationRequest(prompt, 3, 7))
    assert [i.png for i in first] == [i.png for i in again]
    assert [i.seed for i in first] == [7, 8, 9]
    assert len({i.png for i in first}) == 3
    shifted = BACKEND.generate(GenerationRequest(prompt, 2, 8))
    assert shifted[0].png == first[1].png  # image i uses seed + i
    assert first[0].meta["scene"]["background"] == "navy"


def test_size_follows_the_request(tmp_path):
    images, _ = render("a red circle", tmp_path, width=320, height=200)
    assert Image.open(io.BytesIO(images[0].png)).size == (320, 200)


@pytest.mark.parametrize(
    "count, word, color", [(1, "a single", "red"), (3, "three", "blue"), (6, "6", "green"), (12, "twelve", "purple")]
)
def test_rendered_counts_are_counted_back(tmp_path, count, word, color):
    _, paths = render(f"{word} {color} circles and 2 orange stars on a white background", tmp_path, n=2)
    for path in paths:
        assert checkers.count_blobs(path, color)[0] == count
        assert checkers.count_blobs(path, "orange")[0] == 2
        assert checkers.check_count(path, "thing", count, color)[0] == "pass"


def test_a_colour_after_the_noun_colours_the_counted_shapes(tmp_path):
    _, (path,) = render("four stars that are purple, and three lanterns, all orange, on a white background", tmp_path)
    assert checkers.count_blobs(path, "purple")[0] == 4
    assert checkers.count_blobs(path, "orange")[0] == 3


def test_background_and_layout_are_found_by_the_palette(tmp_path):
    _, (path,) = render("a gold star in the top-left corner on a teal background, scarlet accents", tmp_path)
    assert checkers.check_color(path, "teal", min_fraction=0.5)[0] == "pass"
    assert checkers.check_layout(path, "star", "top-left", color="gold")[0] == "pass"
    assert checkers.color_fraction(path, "red") > 0.02  # unbound colours show as a frame


@needs_ocr
def test_rendered_text_is_read_back_by_ocr(tmp_path):
    _, paths = render(
        'A poster: the headline "NIGHT MARKET" at the top and "OPEN 2026" at the bottom, three red circles',
        tmp_path,
        n=2,
    )
    for path in paths:
        assert checkers.check_text(path, "NIGHT MARKET", region="top")[0] == "pass"
        assert checkers.check_text(path, "OPEN 2026", region="bottom")[0] == "pass"
        assert checkers.count_blobs(path, "red")[0] == 3


@needs_ocr
def test_long_quoted_text_wraps_and_stays_legible(tmp_path):
    _, (path,) = render("“Grand opening sale today only at the corner shop”", tmp_path)
    assert checkers.check_text(path, "Grand opening sale today only at the corner shop")[0] == "pass"


def test_parse_prompt_skips_ratios_units_and_reads_opening_regions():
    scene = parse_prompt('A 16:9 banner, 85 x 55 mm. In the lower part, below the art, the title "DEV SUMMIT".')
    assert scene.shapes == ()
    assert scene.texts == (TextItem("DEV SUMMIT", None, "bottom"),)


def test_regions_that_share_cells_do_not_overlap(tmp_path):
    prompt = 'The header "STEPS" at the top. Four navy icons on the left. "INES" in the top-left corner.'
    _, (path,) = render(prompt, tmp_path)
    assert checkers.count_blobs(path, "navy")[0] == 4
    assert checkers.check_layout(path, "icons", "left", color="navy")[0] == "pass"
    if checkers.ocr_available():
        assert checkers.check_text(path, "STEPS", region="top")[0] == "pass"
        assert checkers.check_text(path, "INES", region="top-left")[0] == "pass"
