"""Suite files are validated when the suite loads (issue 29): NUL bytes in any path, empty
keyword groups, and images or exemplar images that are text, empty, truncated or bombs are
errors naming the file, line and field, in `validate` and `--co`, never a traceback."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image

from pytest_atelier.cli import main
from pytest_atelier.errors import SuiteError
from pytest_atelier.suite import load_suite

from .conftest import IM_TASK, MANIFEST, OE_TASK, write_suite


def _png(width: int, height: int) -> bytes:
    buffer = io.BytesIO()
    Image.effect_noise((width, height), 60).convert("RGB").save(buffer, "PNG")
    return buffer.getvalue()


def _bomb(width: int = 30000, height: int = 30000) -> bytes:
    """A small PNG whose header declares ``width`` x ``height`` pixels."""
    data = bytearray(_png(8, 8))
    ihdr = bytearray(data[12:29])  # chunk type and data
    ihdr[4:12] = struct.pack(">II", width, height)
    data[12:29] = ihdr
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(ihdr)))
    return bytes(data)


BAD_IMAGES = {
    "text": (b"hello, I am not a picture\n", "not an image"),
    "empty": (b"", "not an image"),
    "truncated": (_png(64, 64)[:2000], "cannot be decoded"),
    "bomb": (_bomb(), "decompression bomb"),
}


@pytest.mark.parametrize("kind", sorted(BAD_IMAGES))
def test_a_bad_target_image_is_a_located_error_at_load_validate_and_collect(tmp_path, pytester, capsys, kind):
    data, problem = BAD_IMAGES[kind]
    root = write_suite(tmp_path / "s")
    (root / "tasks" / "flag.png").write_bytes(data)
    with pytest.raises(SuiteError, match=rf"im_flag\.yaml:4: target_image: flag\.png .*{problem}"):
        load_suite(root)
    assert main(["suite", "validate", str(root)]) == 1
    assert "im_flag.yaml:4: target_image" in capsys.readouterr().err
    write_suite(pytester.path / "mini")
    (pytester.path / "mini" / "tasks" / "flag.png").write_bytes(data)
    result = pytester.runpytest("mini", "--co", "-q", "-p", "no:cacheprovider")
    out = result.stdout.str()
    assert result.ret != 0 and "im_flag.yaml:4: target_image" in out and "Traceback" not in out


def test_a_bad_input_image_is_a_located_error(tmp_path):
    root = write_suite(tmp_path / "s", {"oe_garden": OE_TASK.replace("category: OE", "category: OE\ninput_images: [flag.png, note.png]")})
    (root / "tasks" / "note.png").write_text("not a picture")
    with pytest.raises(SuiteError, match=r"input_images\.1: note\.png is not an image"):
        load_suite(root)


@pytest.mark.parametrize("where", ["target_image", "input_images", "tasks", "exemplars"])
def test_a_nul_byte_in_any_suite_path_is_a_located_error(tmp_path, where):
    manifest, task = MANIFEST, IM_TASK
    if where == "target_image":
        task = IM_TASK.replace("target_image: flag.png", 'target_image: "fl\\0ag.png"')
    elif where == "input_images":
        task = OE_TASK.replace("category: OE", 'category: OE\ninput_images: ["in\\0put.png"]')
    elif where == "tasks":
        manifest = MANIFEST.replace('tasks: ["tasks/*.yaml"]', 'tasks: ["tasks/*.yaml", "tasks/\\0*.yaml"]')
    else:
        manifest = MANIFEST + 'exemplars: {OE: "ex\\0.yaml"}\n'
    root = write_suite(tmp_path / "s", {"task": task}, manifest=manifest)
    with pytest.raises(SuiteError, match=r"NUL byte"):
        load_suite(root)


@pytest.mark.parametrize("match", ["[[]]", "[[calm], []]", "[['']]"])
def test_an_empty_keyword_group_is_a_located_error_not_a_judge_crash(tmp_path, match):
    task = IM_TASK.replace("    prompt: The prompt asks for two stripes.\n", f"    prompt: The prompt asks for two stripes.\n    match: {match}\n")
    root = write_suite(tmp_path / "s", {"im_flag": task})
    with pytest.raises(SuiteError, match=r"im_flag\.yaml:\d+: checkpoints\.0\.match"):
        load_suite(root)


MEMORY = """\
name: OE
side: image
dimensions: [aesthetics]
exemplars:
  - id: m1
    task_id: im_flag
    image: {image}
    scores: {{aesthetics: {{score: 3, rationale: fine}}}}
"""


@pytest.mark.parametrize("kind", ["text", "bomb", "missing"])
def test_a_bad_exemplar_image_is_an_error_when_the_suite_loads(tmp_path, kind):
    root = write_suite(tmp_path / "s", manifest=MANIFEST + "exemplars: {OE: exemplars/oe.yaml}\n")
    (root / "exemplars").mkdir()
    (root / "exemplars" / "oe.yaml").write_text(MEMORY.format(image="pic.png"))
    if kind != "missing":
        (root / "exemplars" / "pic.png").write_bytes(BAD_IMAGES[kind][0])
    with pytest.raises(SuiteError, match=r"oe\.yaml: exemplars\.0\.image: (pic\.png|file not found)"):
        load_suite(root)


def test_the_shipped_suites_still_load(tmp_path):
    for suite in sorted(Path(__file__).resolve().parents[1].glob("task_suites/*/suite.yaml")):
        load_suite(suite.parent)
