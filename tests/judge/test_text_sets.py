"""A text check naming a set of texts passes only when every text is given (prompt) or read (image)."""

import pytest
from PIL import Image, ImageDraw, ImageFont

from pytest_atelier.errors import SuiteError
from pytest_atelier.judge import checkers
from pytest_atelier.judge.prompt_text import check_text
from pytest_atelier.suite.models import TextCheck

SET = TextCheck(type="text", text="North", also=["South"])
NEEDS_OCR = pytest.mark.skipif(not checkers.ocr_available(), reason="rapidocr-onnxruntime (the ocr extra) is not installed")


def north_sign(tmp_path):
    img = Image.new("RGB", (640, 320), "white")
    ImageDraw.Draw(img).text((40, 120), "NORTH", fill="black", font=ImageFont.load_default(size=64))
    img.save(tmp_path / "sign.png")
    return tmp_path / "sign.png"


def test_every_text_of_the_set_must_be_given_in_the_prompt():
    assert check_text(SET, 'Signposts read "North" and "South".')[0] == "pass"
    outcome, reason = check_text(SET, 'A signpost reads "North" and another "East".')
    assert outcome == "fail" and "'South'" in reason and "'North'" not in reason
    outcome, reason = check_text(SET, 'A signpost reads "North", the other points South.')
    assert outcome == "abstain" and "'South'" in reason


def test_a_text_check_without_a_set_reads_as_before():
    assert check_text(TextCheck(type="text", text="North"), 'A signpost reads "North".')[0] == "pass"


@NEEDS_OCR
def test_every_text_of_the_set_must_be_read_in_the_image(tmp_path):
    path = north_sign(tmp_path)
    outcome, reason, tool = checkers.judge_image_check(SET, path)
    assert tool == "ocr" and outcome != "pass" and "'South'" in reason
    assert checkers.judge_image_check(TextCheck(type="text", text="North"), path)[0] == "pass"


def test_an_empty_text_in_the_set_is_refused():
    with pytest.raises((SuiteError, ValueError)):
        TextCheck(type="text", text="North", also=[""])


@NEEDS_OCR
def test_the_character_error_rate_of_a_set_covers_every_text(tmp_path):
    from pytest_atelier.judge.metrics import _cer

    path = north_sign(tmp_path)
    alone, _ = _cer(path, TextCheck(type="text", text="North"))
    both, detail = _cer(path, SET)
    assert alone == 0 and both >= 0.1 and "'South'" in detail
