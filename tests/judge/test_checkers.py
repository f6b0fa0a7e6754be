"""Image-side checkers: palette, blobs, OCR (OCR tests need the ocr extra)."""


import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from pytest_atelier.errors import MissingExtraError
from pytest_atelier.judge import checkers, colors

needs_ocr = pytest.mark.skipif(
    not checkers.ocr_available(), reason="rapidocr-onnxruntime (the ocr extra) is not installed"
)


def save(img, tmp_path, name="img.png"):
    path = tmp_path / name
    img.save(path)
    return path


def circles(tmp_path, n, color="red", background="white", specks=0, name="img.png"):
    img = Image.new("RGB", (400, 300), colors.rgb(background))
    draw = ImageDraw.Draw(img)
    for k in range(n):
        x, y = 40 + (k % 4) * 90, 40 + (k // 4) * 110
        draw.ellipse((x, y, x + 60, y + 60), fill=colors.rgb(color))
    for k in range(specks):
        draw.point((5 + 7 * k, 290), fill=colors.rgb(color))
    return save(img, tmp_path, name)


def text_image(tmp_path, text, xy=(40, 120), size=56, name="text.png"):
    img = Image.new("RGB", (512, 512), "white")
    ImageDraw.Draw(img).text(xy, text, fill="black", font=ImageFont.load_default(size=size))
    return save(img, tmp_path, name)


def test_color_fraction_whole_image_and_region(tmp_path):
    img = Image.new("RGB", (200, 100), colors.rgb("blue"))
    ImageDraw.Draw(img).rectangle((0, 0, 99, 99), fill=colors.rgb("crimson"))
    path = save(img, tmp_path)
    assert checkers.color_fraction(path, "red") == pytest.approx(0.5, abs=0.01)
    assert checkers.color_fraction(path, "red", "left") == pytest.approx(1.0)
    assert checkers.color_fraction(path, "red", "right") == pytest.approx(0.0)
    assert checkers.check_color(path, "red")[0] == "pass"
    assert checkers.check_color(path, "green")[0] == "fail"
    assert checkers.check_color(path, "red", region="right")[0] == "fail"
    outcome, reason = checkers.check_color(path, "red", entity="balloon")
    assert outcome == "abstain" and "balloon" in reason
    outcome, reason = checkers.check_color(path, "red", min_fraction=0.6)
    assert outcome == "abstain" and "small element" in reason  # present, just below the share: not absent


def test_blobs_use_eight_connectivity_and_count_an_outline_with_its_contents_once():
    mask = np.array([[1, 0, 0, 1], [0, 1, 0, 1], [0, 0, 0, 0], [1, 1, 0, 0]], dtype=bool)
    assert [b[0] for b in checkers.blobs(mask)] == [2, 2, 2]  # 4-connectivity would split the diagonal pair
    ring = np.zeros((40, 40), bool)
    ring[5:35, 5:35] = True
    ring[8:32, 8:32] = False
    ring[15:25, 15:25] = True  # a same-colour dot inside the outline
    assert [b[0] for b in checkers.blobs(ring)] == [900]


def test_touching_shapes_are_not_counted(tmp_path):
    img = Image.new("RGB", (200, 120), "white")
    draw = ImageDraw.Draw(img)
    draw.ellipse((20, 30, 80, 90), fill=(220, 30, 40))
    draw.ellipse((70, 30, 130, 90), fill=(220, 30, 40))  # overlaps the first
    draw.ellipse((150, 40, 190, 80), fill=(220, 30, 40))
    path = save(img, tmp_path, "touch.png")
    outcome, reason = checkers.check_count(path, "ball", 2, "red")
    assert outcome == "abstain" and "touch" in reason


def test_a_slanted_one_pixel_stroke_is_a_blob_without_a_dent():
    mask = np.zeros((12, 12), bool)
    mask[np.arange(10), np.arange(10)] = True  # every point on one line: no convex hull
    assert checkers.blobs(mask) == [(10, 0.0, 0.1)]


@pytest.mark.parametrize("n", [1, 3, 7])
def test_count_blobs_ignores_specks(tmp_path, n):
    path = circles(tmp_path, n, specks=5)
    assert checkers.count_blobs(path, "red")[0] == n
    assert checkers.check_count(path, "balloon", n, "red")[0] == "pass"
    outcome, reason = checkers.check_count(path, "balloon", n + 1, "red")
    assert outcome == "fail" and f"counted {n}" in reason


def test_count_without_colour_counts_shapes_on_the_background_and_abstains_on_photos(tmp_path):
    path = circles(tmp_path, 3)
    assert checkers.check_count(path, "balloon", 3, None)[0] == "pass"
    assert checkers.check_count(path, "balloon", 4, None)[0] == "fail"
    noise = np.random.default_rng(0).integers(0, 256, (120, 120, 3), dtype=np.uint8)
    outcome, reason = checkers.check_count(save(Image.fromarray(noise), tmp_path, "noise.png"), "x", 3, "red")
    assert outcome == "abstain" and "flat" in reason
    assert (
        checkers.check_count(circles(tmp_path, 2, color="white", background="red", name="bg.png"), "x", 2, "red")[0]
        == "abstain"
    )


def test_layout_by_colour(tmp_path):
    img = Image.new("RGB", (300, 300), "white")
    ImageDraw.Draw(img).ellipse((220, 10, 290, 80), fill=colors.rgb("gold"))
    path = save(img, tmp_path)
    assert checkers.check_layout(path, "sun", "top-right", color="gold")[0] == "pass"
    assert checkers.check_layout(path, "sun", "bottom", color="gold")[0] == "fail"
    assert checkers.check_layout(path, "sun", "top", color="purple")[0] == "fail"
    assert checkers.check_layout(path, "sun", "top")[0] == "abstain"


def test_absence_by_palette_and_abstention(tmp_path):
    path = circles(tmp_path, 2, color="green")
    assert checkers.check_absence(path, "fire", color="red")[0] == "pass"
    assert checkers.check_absence(path, "grass", color="green")[0] == "fail"
    assert checkers.check_absence(path, "dog")[0] == "abstain"


def test_reading_order_joins_lines_top_to_bottom_left_to_right():
    box = checkers.TextBox
    boxes = [
        box("MARKET", 0.9, (200, 10, 300, 40)),
        box("2026", 0.9, (10, 100, 80, 130)),
        box("NIGHT", 0.9, (10, 12, 120, 42)),
    ]
    assert checkers.reading_order(boxes) == "NIGHT MARKET\n2026"


def test_text_check_abstains_naming_the_extra_when_ocr_is_missing(tmp_path, monkeypatch):
    def missing(module, extra, purpose):
        raise MissingExtraError(module, extra, purpose)

    monkeypatch.setattr(checkers, "require", missing)
    monkeypatch.setattr(checkers, "_ocr_idle", [])
    monkeypatch.setattr(checkers, "_ocr_made", 0)
    monkeypatch.setattr(checkers, "_ocr_cache", {})
    outcome, reason = checkers.check_text(circles(tmp_path, 1), "HELLO")
    assert outcome == "abstain" and "pip install 'pytest-atelier[ocr]'" in reason


def test_threads_waiting_for_an_ocr_engine_wake_when_making_one_fails(tmp_path, monkeypatch):
    """Without the ocr extra every thread must get its abstention: one failing to make the only
    engine allowed used to leave the others waiting for ever (a cold run hung)."""
    import threading
    import time

    def slow_missing(module, extra, purpose):
        time.sleep(0.2)  # the others are waiting by now
        raise MissingExtraError(module, extra, purpose)

    monkeypatch.setattr(checkers, "require", slow_missing)
    monkeypatch.setattr(checkers, "cpu_threads", lambda: 1)
    monkeypatch.setattr(checkers, "_ocr_idle", type(checkers._ocr_idle)())  # empty, whatever holds the idle engines
    monkeypatch.setattr(checkers, "_ocr_made", 0)
    monkeypatch.setattr(checkers, "_ocr_cache", {})
    paths = [circles(tmp_path, n, name=f"{n}.png") for n in range(1, 5)]
    outcomes = {}
    threads = [threading.Thread(target=lambda p=p: outcomes.setdefault(p, checkers.check_text(p, "HELLO")), daemon=True) for p in paths]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    assert not any(t.is_alive() for t in threads), "a thread still waits for an OCR engine"
    assert [outcomes[p][0] for p in paths] == ["abstain"] * 4
    assert checkers._ocr_made == 0


@needs_ocr
def test_images_are_read_side_by_side_by_at_most_one_engine_per_core(tmp_path, monkeypatch):
    from concurrent.futures import ThreadPoolExecutor

    from pytest_atelier.engine.threads import available_cores

    words = ["NIGHT", "MARKET", "HARBOUR", "BAKERY", "GARDEN", "STATION"]
    paths = [text_image(tmp_path, w, xy=(40, 30), name=f"{w}.png") for w in words]
    monkeypatch.setattr(checkers, "_ocr_idle", [])
    monkeypatch.setattr(checkers, "_ocr_made", 0)
    monkeypatch.setattr(checkers, "_ocr_cache", {})
    with ThreadPoolExecutor(6) as pool:
        together = list(pool.map(lambda p: checkers.read_text(p)[0], paths))
    assert 1 <= checkers._ocr_made <= available_cores()
    assert [" ".join(b.text for b in boxes) for boxes in together] == words
    monkeypatch.setattr(checkers, "_ocr_cache", {})
    assert [checkers.read_text(p)[0] for p in paths] == together  # the same, one at a time


@needs_ocr
def test_ocr_reads_text_with_region_and_case(tmp_path):
    path = text_image(tmp_path, "NIGHT MARKET", xy=(40, 30))
    assert checkers.check_text(path, "night   market")[0] == "pass"
    assert checkers.check_text(path, "NIGHT MARKET", region="top")[0] == "pass"
    outcome, reason = checkers.check_text(path, "NIGHT MARKET", region="bottom")
    assert outcome == "fail" and "not in the bottom" in reason
    outcome, reason = checkers.check_text(path, "night market", case_sensitive=True)
    assert outcome == "fail" and "capitalisation" in reason
    outcome, reason = checkers.check_text(path, "DAY MARKET")
    assert outcome == "fail" and "MARKET" in reason  # says what it read
    assert checkers.check_absence(path, "title", text="NIGHT MARKET")[0] == "fail"
    assert checkers.check_layout(path, "title", "top", text="NIGHT MARKET")[0] == "pass"


@needs_ocr
def test_text_read_without_its_accents_abstains(tmp_path):
    path = text_image(tmp_path, "CORNER CAFE", xy=(40, 30))
    outcome, reason = checkers.check_text(path, "CORNER CAFÉ")
    assert outcome == "abstain" and "accents" in reason
    assert checkers.check_text(path, "CORNER CAFE")[0] == "pass"
    assert checkers.check_text(path, "CORNER CAKE")[0] == "fail"  # a near miss in letters still fails


@needs_ocr
def test_ocr_is_cached_by_content(tmp_path):
    a = text_image(tmp_path, "HELLO", name="a.png")
    b = tmp_path / "b.png"
    b.write_bytes(a.read_bytes())
    first = checkers.read_text(a)
    assert checkers.read_text(b) is first
    assert [box.text for box in first[0]] == ["HELLO"] and first[1] == (512, 512)


@needs_ocr
def test_ocr_on_blank_image_reads_nothing(tmp_path):
    outcome, reason = checkers.check_text(save(Image.new("RGB", (256, 256), "white"), tmp_path), "HELLO")
    assert outcome == "fail" and "no text" in reason


def test_text_comparison_folds_ocr_confusions(monkeypatch, tmp_path):
    boxes = [checkers.TextBox("SALE O", 0.9, (10, 10, 200, 40)), checkers.TextBox("NIGHTMARKET!", 0.9, (10, 60, 200, 90))]
    monkeypatch.setattr(checkers, "read_text", lambda path: (boxes, (256, 256)))
    assert checkers.check_text(tmp_path / "x.png", "SALE 0")[0] == "pass"
    assert checkers.check_text(tmp_path / "x.png", "Night Market")[0] == "pass"
    assert checkers.check_text(tmp_path / "x.png", "SALE 1")[0] == "fail"
    assert checkers.check_text(tmp_path / "x.png", "SAL")[0] == "fail"


def test_text_comparison_splits_words_from_numbers(monkeypatch, tmp_path):
    boxes = [checkers.TextBox("COFFEE3 TEA2", 0.9, (10, 10, 200, 40))]
    monkeypatch.setattr(checkers, "read_text", lambda path: (boxes, (256, 256)))
    assert checkers.check_text(tmp_path / "x.png", "coffee")[0] == "pass"
    assert checkers.check_text(tmp_path / "x.png", "TEA 2")[0] == "pass"
    assert checkers.check_text(tmp_path / "x.png", "TEA 3")[0] == "fail"


def test_count_without_colour_abstains_on_shapes_of_different_kinds(tmp_path):
    img = Image.new("RGB", (200, 120), "white")
    draw = ImageDraw.Draw(img)
    draw.rectangle((10, 10, 110, 110), fill=(30, 90, 220))  # a big bowl-like shape ...
    draw.ellipse((140, 20, 160, 40), fill=(220, 30, 40))  # ... and two small things beside it
    draw.ellipse((140, 70, 160, 90), fill=(220, 30, 40))
    outcome, reason = checkers.check_count(save(img, tmp_path, "scene.png"), "chopsticks", 2, None)
    assert outcome == "abstain" and "differ in size" in reason


def _read_as(monkeypatch, *lines):
    """OCR stubbed to read ``lines`` as boxes on the left of a 400x200 image, one per 50 px."""
    boxes = [checkers.TextBox(line, 0.95, (10, 10 + 50 * i, 10 + 20 * len(line), 40 + 50 * i)) for i, line in enumerate(lines)]
    monkeypatch.setattr(checkers, "read_text", lambda path: (boxes, (400, 200)))
    return boxes


def test_a_read_that_stops_short_before_unread_marks_abstains(monkeypatch, tmp_path):
    (box,) = _read_as(monkeypatch, "PLATFORM")
    img = Image.new("RGB", (400, 200), "white")
    ImageDraw.Draw(img).rectangle((box.box[2] + 8, 12, box.box[2] + 24, 38), fill="black")  # the unread "9"
    outcome, reason = checkers.check_text(save(img, tmp_path, "sign.png"), "PLATFORM 9")
    assert outcome == "abstain" and "only part" in reason, reason


def test_a_read_that_stops_short_before_blank_background_fails(monkeypatch, tmp_path):
    _read_as(monkeypatch, "PLATFORM")
    path = save(Image.new("RGB", (400, 200), "white"), tmp_path, "sign.png")
    assert checkers.check_text(path, "PLATFORM 9")[0] == "fail"  # the 9 is not drawn


def test_a_read_with_other_words_in_between_abstains(monkeypatch, tmp_path):
    _read_as(monkeypatch, "Harbor Ipsum Lights")
    outcome, reason = checkers.check_text(save(Image.new("RGB", (400, 200), "white"), tmp_path, "s.png"), "Harbor Lights")
    assert outcome == "abstain" and "other words in between" in reason, reason


@pytest.mark.parametrize("read, text", [
    ("PLATFORM 8", "PLATFORM 9"),  # another word where the text's word should be
    ("SALE 50 OFF", "SALE 30 OFF"),
    ("HARBOUR LIGHTS", "HARBOR LIGHTS"),  # a misspelling
])
def test_a_read_with_another_word_in_place_still_fails(monkeypatch, tmp_path, read, text):
    _read_as(monkeypatch, read)
    assert checkers.check_text(save(Image.new("RGB", (400, 200), "white"), tmp_path, "s.png"), text)[0] == "fail"


def test_a_pale_tint_is_not_an_absent_colour_but_another_hue_is(tmp_path):
    # a pale sky blue falls in the silver/white bins, so the blue bin is empty; it is still blue
    sky = save(Image.new("RGB", (200, 150), (200, 225, 240)), tmp_path, "sky.png")
    assert checkers.color_fraction(sky, "blue") == 0
    assert checkers.check_color(sky, "blue", entity="sky")[0] == "abstain"
    assert checkers.check_background(sky, "blue")[0] == "abstain"
    red = save(Image.new("RGB", (200, 150), (220, 30, 40)), tmp_path, "red.png")
    assert checkers.check_color(red, "blue", entity="sky")[0] == "fail"  # flat graphics, no tint of blue
    assert checkers.check_background(red, "blue")[0] == "fail"


def test_an_entitys_colour_is_not_called_absent_on_a_photo_like_image(tmp_path):
    rng = np.random.default_rng(0)
    noise = np.repeat(rng.integers(90, 140, size=(150, 200, 1), dtype=np.uint8), 3, axis=2)  # grey texture: no flat colours
    photo = save(Image.fromarray(noise), tmp_path, "photo.png")
    assert checkers.check_color(photo, "blue", entity="cup")[0] == "abstain"
    assert checkers.check_color(photo, "blue")[0] == "fail"  # the whole image is not blue anywhere
