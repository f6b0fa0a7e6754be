"""Every pixel checker on random images (1x1 up, one colour, lines, noise, transparency, CMYK,
16-bit): an outcome and a reason, never an exception (issue 29: a one-pixel diagonal stroke made
the count checker raise QhullError). OCR is left out: it is slow and reads pixels it is given."""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from pytest_atelier.judge import checkers, colors

MODES = ["RGB", "RGBA", "L", "LA", "P", "1", "CMYK", "I;16", "I", "F"]
PALETTE = list(colors.COLOR_WORDS)[:6]


@st.composite
def images(draw) -> Image.Image:
    width, height = draw(st.integers(1, 48)), draw(st.integers(1, 48))
    kind = draw(st.sampled_from(["flat", "lines", "noise", "shapes"]))
    seed = draw(st.integers(0, 2**16))
    rng = np.random.default_rng(seed)
    if kind == "noise":
        image = Image.fromarray(rng.integers(0, 256, (height, width, 4), dtype=np.uint8), "RGBA")
    else:
        image = Image.new("RGBA", (width, height), tuple(int(v) for v in rng.integers(0, 256, 4)))
        pen = ImageDraw.Draw(image)
        for _ in range(draw(st.integers(0 if kind == "flat" else 1, 0 if kind == "flat" else 6))):
            xy = [int(rng.integers(0, width)), int(rng.integers(0, height)), int(rng.integers(0, width)), int(rng.integers(0, height))]
            fill = tuple(int(v) for v in rng.integers(0, 256, 4))
            if kind == "lines":
                pen.line(xy, fill=fill, width=int(rng.integers(1, 3)))
            else:
                pen.ellipse([min(xy[0], xy[2]), min(xy[1], xy[3]), max(xy[0], xy[2]), max(xy[1], xy[3])], fill=fill)
    mode = draw(st.sampled_from(MODES))
    if mode == "I;16":
        return Image.fromarray(np.asarray(image.convert("L"), dtype=np.uint16) * 257).convert("I;16")
    return image.convert(mode)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(image=images(), color=st.sampled_from(PALETTE), count=st.integers(0, 5),
       region=st.sampled_from([None, *checkers.REGION_BOXES]), fmt=st.sampled_from(["PNG", "TIFF", "WEBP"]))  # fmt: skip
def test_pixel_checkers_answer_every_image(image, color, count, region, fmt):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "img"
        try:
            image.save(path, fmt)
        except OSError:  # a mode the format cannot hold (CMYK, float as PNG): TIFF holds every mode
            image.save(path, "TIFF")
        answers = [
            checkers.check_color(path, color, 0.01, region),
            checkers.check_color(path, color, 0.01, None, "background"),
            checkers.check_count(path, "thing", count, color),
            checkers.check_count(path, "thing", count, None),
            checkers.check_background(path, color),
            checkers.check_palette(path, [color]),
            checkers.check_absence(path, "thing", None, color),
            checkers.check_layout(path, "thing", region or "center", None, color),
        ]
        assert 0.0 <= checkers.flat_coverage(path) <= 1.0
    for outcome, reason in answers:
        assert outcome in ("pass", "fail", "abstain") and isinstance(reason, str) and reason
