"""Specialised metrics on images built with a known answer (pytest_atelier.judge.metrics)."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from pytest_atelier.errors import ConfigError
from pytest_atelier.judge.metrics import MetricSet, parse_metric_specs
from pytest_atelier.judge.metrics.colour import dominant_palette, histogram_distance, palette_drift
from pytest_atelier.judge.metrics.plugins import face_identity, load_callable, object_count
from pytest_atelier.judge.metrics.structure import edge_distance, ssim
from pytest_atelier.judge.metrics.text import best_window_cer, character_error_rate, ocr_cer
from pytest_atelier.suite.models import Task

skcolor = pytest.importorskip("skimage.color")
pytest.importorskip("cv2")
pytest.importorskip("rapidfuzz")


def hue_shifted(degrees: float) -> np.ndarray:
    """Two patches (a 0-60 degree hue ramp and a blue block) with every hue turned by ``degrees``."""
    hue = np.zeros((96, 96))
    hue[:, :48] = np.linspace(0, 60 / 360, 48)[None, :]
    hue[:, 48:] = 200 / 360
    sat = np.full_like(hue, 0.8)
    sat[48:, :] = 0.5
    hsv = np.dstack([(hue + degrees / 360) % 1.0, sat, np.full_like(hue, 0.9)])
    return (skcolor.hsv2rgb(hsv) * 255).round().astype(np.uint8)


SHIFTS = (0, 3, 8, 15, 30, 60, 90)


def test_colour_shift_is_zero_for_identity_and_grows_with_the_hue_shift():
    base = hue_shifted(0)
    hist = [histogram_distance(base, hue_shifted(d)) for d in SHIFTS]
    drift = [palette_drift(base, hue_shifted(d)) for d in SHIFTS]
    assert hist[0] == pytest.approx(0.0, abs=1e-9) and drift[0] == pytest.approx(0.0, abs=1e-9)
    assert all(a < b for a, b in zip(hist, hist[1:]) if a < 0.999), hist  # grows until the histograms no longer overlap
    assert hist[-1] > 0.95
    assert all(a < b for a, b in zip(drift, drift[1:])), drift
    # symmetric, and every histogram method is a distance (0 for identity)
    assert palette_drift(hue_shifted(30), base) == pytest.approx(drift[4], rel=1e-6)
    for method in ("chisqr", "hellinger", "correlation", "intersection"):
        assert histogram_distance(base, base, method) == pytest.approx(0.0, abs=1e-6)
        assert histogram_distance(base, hue_shifted(30), method) > 0.05
    with pytest.raises(ValueError, match="bhattacharyya"):
        histogram_distance(base, base, "emd")


def test_dominant_palette_of_a_two_colour_image_and_a_known_ciede2000():
    img = np.zeros((40, 40, 3), np.uint8)
    img[:, :30] = (255, 0, 0)
    img[:, 30:] = (0, 0, 255)
    centres, shares = dominant_palette(img, k=5)
    assert len(centres) == 2 and shares == pytest.approx([0.75, 0.25], abs=0.02)
    other = img.copy()
    other[:, :30] = (0, 0, 255)  # red turned blue: three quarters of the palette moved red -> blue
    red, blue = skcolor.rgb2lab(np.array([[[1.0, 0, 0]]])), skcolor.rgb2lab(np.array([[[0, 0, 1.0]]]))
    red_to_blue = float(skcolor.deltaE_ciede2000(red, blue)[0, 0])
    # img -> other: red (0.75) is nearest blue; other -> img: all blue, distance 0
    assert palette_drift(img, other) == pytest.approx(0.5 * 0.75 * red_to_blue, rel=0.03)


def scene(dx: int) -> Image.Image:
    img = Image.new("RGB", (128, 128), (240, 240, 240))
    draw = ImageDraw.Draw(img)
    draw.rectangle([30 + dx, 30, 70 + dx, 90], fill=(30, 60, 200))
    draw.ellipse([75 + dx, 20, 110 + dx, 55], fill=(200, 40, 40))
    return img


def test_structure_ssim_drops_and_edge_distance_grows_with_a_known_displacement():
    base = scene(0)
    moves = (0, 1, 2, 4, 8, 16)
    sims = [ssim(base, scene(dx)) for dx in moves]
    edges = [edge_distance(base, scene(dx)) for dx in moves]
    assert sims[0] == pytest.approx(1.0) and edges[0] == pytest.approx(0.0)
    assert all(a > b for a, b in zip(sims, sims[1:])), sims
    assert all(a < b for a, b in zip(edges, edges[1:])), edges
    # a shift by dx pixels moves the vertical outlines by dx: the chamfer distance stays below it
    assert edges[-1] * np.hypot(128, 128) < 16
    blank = Image.new("RGB", (128, 128), "white")
    assert edge_distance(blank, blank) == 0.0 and edge_distance(base, blank) == 1.0
    assert ssim(base, base.resize((256, 256))) > 0.9  # compared at one size


def test_character_error_rate_of_a_known_misspelling():
    assert character_error_rate("HELLO WORLD", "HELO WORLD") == pytest.approx(1 / 11)
    assert character_error_rate("Grand Opening", "grand openinq") == pytest.approx(1 / 13)  # case folded, one substitution
    assert character_error_rate("Grand Opening", "grand opening", case_sensitive=True) == pytest.approx(2 / 13)
    # extra words around the wanted text cost nothing; a missing word costs its characters
    assert best_window_cer("HELLO WORLD", "OPEN 24H\nHELO WORLD  now")[0] == pytest.approx(1 / 11)
    assert best_window_cer("HELLO WORLD", "HELLO")[0] == pytest.approx(6 / 11)
    assert best_window_cer("HELLO", "") == (1.0, "")
    with pytest.raises(ValueError, match="empty"):
        character_error_rate("  ", "x")


def test_ocr_cer_reads_a_rendered_misspelling(tmp_path):
    pytest.importorskip("rapidocr_onnxruntime")
    img = Image.new("RGB", (800, 240), "white")
    ImageDraw.Draw(img).text((40, 70), "BAKERY OPNE", fill="black", font=ImageFont.load_default(size=72))
    img.save(tmp_path / "sign.png")
    value, read = ocr_cer(tmp_path / "sign.png", "BAKERY OPEN")
    assert read == "bakery opne" and value == pytest.approx(2 / 11)  # a swap is two substitutions
    assert ocr_cer(tmp_path / "sign.png", "BAKERY OPNE")[0] == 0.0
    assert ocr_cer(tmp_path / "sign.png", "BAKERY OPNE", region="bottom-right") == (1.0, "")


# --- plug-ins: a face embedder and an object counter built here ---------------------------------

PLUGIN_MODULE = '''
import numpy as np
from scipy import ndimage


def faces(image):
    """A "face" is a saturated square on a white page; its embedding is its mean colour."""
    rgb = np.asarray(image, dtype=float)
    mask = (rgb.max(axis=2) - rgb.min(axis=2)) > 60
    labels, n = ndimage.label(mask)
    return [rgb[labels == k].mean(axis=0) - 128 for k in range(1, n + 1)]


class Counter:
    def __call__(self, image, label):
        rgb = np.asarray(image, dtype=int)
        wanted = {"red": (0,), "blue": (2,)}[label.split()[0]]
        mask = (rgb[:, :, wanted[0]] > 150) & (rgb.sum(axis=2) < 500)
        return int(ndimage.label(mask)[1])
'''


def squares(colours, size=120) -> Image.Image:
    img = Image.new("RGB", (size * max(1, len(colours)), size), "white")
    draw = ImageDraw.Draw(img)
    for i, colour in enumerate(colours):
        draw.rectangle([i * size + 20, 20, i * size + 100, 100], fill=colour)
    return img


@pytest.fixture
def plugin_module(tmp_path):
    (tmp_path / "tiny_plugins.py").write_text(PLUGIN_MODULE, encoding="utf-8")
    return tmp_path


def test_face_identity_through_a_python_spec(plugin_module):
    embed = load_callable("python:tiny_plugins:faces", plugin_module)
    same, _ = face_identity(embed, squares([(200, 30, 30)]), squares([(90, 200, 90), (205, 35, 28)]))
    other, _ = face_identity(embed, squares([(200, 30, 30)]), squares([(30, 30, 200)]))
    assert same > 0.99 and other < same - 0.3
    best, note = face_identity(embed, squares([(30, 30, 200), (200, 30, 30)]), squares([(90, 200, 90), (205, 35, 28)]))
    assert best == pytest.approx(same) and note == "input face 2 of 2 and output face 2 of 2 are closest"  # the best of all pairs
    assert face_identity(embed, squares([]), squares([(200, 30, 30)])) == (None, "no face found in the input image")
    assert face_identity(embed, squares([(200, 30, 30)]), squares([]))[0] is None


def test_object_counts_through_a_class_spec_and_bad_counters(plugin_module):
    count = load_callable("python:tiny_plugins:Counter", plugin_module)  # a class: instantiated
    assert object_count(count, squares([(220, 20, 20)] * 3 + [(20, 20, 220)]), "red apple") == 3
    with pytest.raises(ValueError, match="whole number"):
        object_count(lambda image, label: 2.5, squares([]), "apple")
    with pytest.raises(ConfigError, match="no attribute 'nothing'"):
        load_callable("python:tiny_plugins:nothing", plugin_module)
    with pytest.raises(ConfigError, match="pytest_atelier.metrics group"):
        load_callable("arcface", plugin_module)


def _task(**extra) -> Task:
    data = {
        "id": "im_x", "category": "IM", "brief": "Copy the picture.", "target_image": "t.png",
        "checkpoints": [
            {"id": "c1", "image": "The sign reads HELLO", "check": {"type": "text", "text": "HELLO"}},
            {"id": "c2", "image": "Three red apples", "check": {"type": "count", "entity": "red apple", "count": 3, "color": "red"}},
        ],
    }
    data.update(extra)
    return Task.model_validate(data)


def test_metric_set_measures_what_applies_and_records_failures(plugin_module, tmp_path):
    reference, output = tmp_path / "in.png", tmp_path / "out.png"
    squares([(200, 30, 30)] * 3).save(reference)
    squares([(200, 30, 30)] * 2).save(output)
    metrics = MetricSet(["colour", "structure", "face:python:tiny_plugins:faces", "count:python:tiny_plugins:Counter"], plugin_module)
    found = {(m.name, m.checkpoint): m for m in metrics.measure(_task(), {1: (2, output)}, ["p"], reference)}
    assert set(found) == {("colour.hist", None), ("colour.palette", None), ("structure.ssim", None), ("structure.edges", None),
                          ("face.identity", None), ("count.objects", "c2")}
    assert found[("count.objects", "c2")].value == 2 and "3 expected" in found[("count.objects", "c2")].detail
    assert found[("face.identity", None)].value > 0.99 and all(m.output == 1 and m.image_index == 2 for m in found.values())
    # no reference image: only the per-checkpoint metrics; a broken plug-in leaves an error, not a crash
    broken = MetricSet(["count:python:tiny_plugins:faces"], plugin_module)  # wrong protocol
    (m,) = broken.measure(_task(), {1: (0, output)}, ["p"], None)
    assert m.value is None and m.detail.startswith("error:")


def test_metric_specs_are_checked():
    assert parse_metric_specs(["none"]) == []
    assert [k for k, _ in parse_metric_specs([])] == [k for k, _ in parse_metric_specs(["auto"])]
    assert parse_metric_specs(["colour", "colour", "dino:/m"]) == [("colour", ""), ("dino", "/m")]
    with pytest.raises(ConfigError, match="unknown metric 'colours'"):
        parse_metric_specs(["colours"])
    with pytest.raises(ConfigError, match="alone"):
        parse_metric_specs(["none", "colour"])
    with pytest.raises(ConfigError, match="not a folder"):
        MetricSet(["dino:/no/such/folder"])


def test_a_plug_in_published_through_an_entry_point(plugin_module, monkeypatch):
    from importlib import metadata

    from pytest_atelier.judge.metrics import plugins

    published = metadata.EntryPoint(name="tiny-counter", value="tiny_plugins:Counter", group=plugins.ENTRY_POINT_GROUP)
    monkeypatch.syspath_prepend(str(plugin_module))
    monkeypatch.setattr(plugins.metadata, "entry_points", lambda group: [published] if group == plugins.ENTRY_POINT_GROUP else [])
    count = load_callable("tiny-counter", plugin_module, "object counter")
    assert object_count(count, squares([(220, 20, 20)] * 2), "red apple") == 2
    with pytest.raises(ConfigError, match=r"installed: tiny-counter"):
        load_callable("arcface", plugin_module)
