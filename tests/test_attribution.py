"""Image attribution: the loader reads images/attribution/*.yaml with located errors, strict
validation wants a complete entry under an allowed licence for every target image, refuses
entries whose file is gone, and a NOTICE that matches the entries."""

from __future__ import annotations

import shutil
import textwrap

import pytest

from pytest_atelier.cli import main
from pytest_atelier.errors import SuiteError
from pytest_atelier.suite import load_suite
from pytest_atelier.suite.attribution import attribution_problems, load_attributions, render_notice, write_notice
from pytest_atelier.suite.strict import strict_suite_problems

from .conftest import IM_TASK, write_suite

ENTRY = """\
- file: flag.png
  source: debian:example-wallpapers
  version: "1.0-1"
  original: /usr/share/backgrounds/flag.png
  author: Ada Example
  license: CC-BY-SA-4.0
  changes: resized to 128x96
"""


def _suite(tmp_path, entries: str | None = ENTRY, notice: bool = True):
    root = write_suite(tmp_path / "s", {"im_flag": IM_TASK.replace("target_image: flag.png", "target_image: ../images/flag.png")})
    (root / "images" / "attribution").mkdir(parents=True)
    shutil.move(root / "tasks" / "flag.png", root / "images" / "flag.png")
    if entries is not None:
        (root / "images" / "attribution" / "main.yaml").write_text(textwrap.dedent(entries))
    if notice and entries is not None:
        write_notice(load_suite(root))
    return root


def _problems(root) -> list[str]:
    problems = [f"{where}: {problem}" for where, problem in attribution_problems(load_suite(root))]
    strict = [f"{where}: {problem}" for where, problem in strict_suite_problems(load_suite(root))]
    assert set(problems) <= set(strict), "strict validation reports every attribution problem"
    return problems


def test_a_complete_entry_with_a_current_notice_is_valid(tmp_path):
    root = _suite(tmp_path)
    assert _problems(root) == []
    notice = (root / "NOTICE").read_text()
    assert "flag.png" in notice and "Ada Example" in notice and "debian:example-wallpapers 1.0-1" in notice
    assert "CC-BY-SA-4.0: Creative Commons Attribution-ShareAlike 4.0" in notice
    assert "https://creativecommons.org/licenses/by-sa/4.0/legalcode" in notice


def test_a_target_without_an_entry_is_reported_at_its_task(tmp_path):
    root = _suite(tmp_path, entries=None)
    (problem,) = _problems(root)
    assert "im_flag.yaml" in problem and "target_image: images/flag.png has no entry" in problem


@pytest.mark.parametrize("field", ["author", "license", "source", "version", "original", "changes"])
def test_a_missing_field_is_named(tmp_path, field):
    entries = "\n".join(line for line in ENTRY.splitlines() if not line.strip().startswith(f"{field}:"))
    problems = _problems(_suite(tmp_path, entries))
    assert any(f"missing {field}" in p and "main.yaml:1" in p for p in problems), problems


def test_a_composed_image_needs_every_part_complete(tmp_path):
    composed = """\
    - file: flag.png
      license: CC-BY-SA-4.0
      changes: the flag photo with a DejaVu Sans caption
      parts:
      - {source: debian:example-wallpapers, version: "1.0-1", original: /usr/share/flag.png, author: Ada, license: CC0-1.0}
      - {source: debian:fonts-dejavu-core, version: "2.37-6", original: /usr/share/fonts/DejaVuSans.ttf, license: Bitstream-Vera}
    """
    problems = _problems(_suite(tmp_path, composed))
    assert any("missing parts.1.author" in p for p in problems), problems
    assert any("licence 'Bitstream-Vera' is not allowed" in p for p in problems), problems


@pytest.mark.parametrize("licence", ["CC-BY-NC-4.0", "CC-BY-ND-4.0", "proprietary"])
def test_a_licence_outside_the_list_is_refused(tmp_path, licence):
    problems = _problems(_suite(tmp_path, ENTRY.replace("CC-BY-SA-4.0", licence)))
    (problem,) = [p for p in problems if "not allowed" in p]
    assert licence in problem and "main.yaml:1" in problem
    assert ("NonCommercial" in problem) == ("-N" in licence)


def test_an_entry_whose_file_is_gone_is_reported(tmp_path):
    root = _suite(tmp_path, ENTRY + ENTRY.replace("file: flag.png", "file: old_drawing.png"))
    (gone,) = [p for p in _problems(root) if "old_drawing.png" in p]
    assert "does not exist" in gone and "main.yaml:8:" in gone  # at the second entry's line


def test_a_file_attributed_twice_is_reported(tmp_path):
    problems = _problems(_suite(tmp_path, ENTRY + ENTRY))
    assert any("already attributed at" in p for p in problems), problems


def test_a_stale_or_missing_notice_names_the_command_to_run(tmp_path, capsys):
    root = _suite(tmp_path)
    (root / "images" / "attribution" / "main.yaml").write_text(ENTRY.replace("Ada Example", "Ada Other"))
    (problem,) = _problems(root)
    assert "NOTICE" in problem and "stale" in problem and f"atelier suite notice {root}" in problem
    assert main(["suite", "validate", "--strict", str(root)]) == 1
    assert "atelier suite notice" in capsys.readouterr().err
    assert main(["suite", "notice", str(root)]) == 0
    assert "Ada Other" in (root / "NOTICE").read_text()
    assert _problems(root) == []
    (root / "NOTICE").unlink()
    (problem,) = _problems(root)
    assert "missing" in problem and "atelier suite notice" in problem


def test_unknown_fields_and_wrong_shapes_are_located(tmp_path, capsys):
    root = _suite(tmp_path, notice=False)
    loaded = load_suite(root)
    assert [a.entry.author for a in loaded.attributions] == ["Ada Example"]
    (root / "images" / "attribution" / "main.yaml").write_text(ENTRY.replace("  author:", "  autor:"))
    with pytest.raises(SuiteError) as info:
        load_suite(root)  # the loader reads the attribution files with the tasks
    ((line, field, msg),) = info.value.problems
    assert (line, field) == (5, "0.autor") and "unknown field" in msg
    assert main(["suite", "validate", str(root)]) == 1
    assert "main.yaml:5: 0.autor: unknown field" in capsys.readouterr().err
    (root / "images" / "attribution" / "main.yaml").write_text("file: flag.png\n")
    with pytest.raises(SuiteError, match="expected a list of attribution entries"):
        load_attributions(root)
    problems = attribution_problems(loaded)  # a file broken after loading is reported, not raised
    assert any("main.yaml:1" in where and "expected a list" in p for where, p in problems)


def test_mit_and_bsd_texts_travel_in_the_notice(tmp_path):
    root = _suite(tmp_path, ENTRY.replace("CC-BY-SA-4.0", "MIT"))
    notice = render_notice("s", load_attributions(root))
    assert "Copyright (c) Ada Example" in notice and "THE SOFTWARE IS PROVIDED" in notice


def test_the_shipped_suite_attributes_every_target():
    from pathlib import Path

    suite = load_suite(Path(__file__).resolve().parents[1] / "task_suites" / "atelier")
    files = {a.entry.file for a in load_attributions(suite.root)}
    targets = {suite.target_image_path(t).name for t in suite.tasks if t.target_image}
    assert targets <= files


def test_share_alike_and_copyleft_images_are_listed_as_such_in_the_notice(tmp_path):
    parts = ENTRY.replace("flag.png", "flag.png\n  parts:\n    - {source: debian:x, version: '1', original: /a.svg, author: Bo, license: GPL-3.0-or-later}", 1)
    root = _suite(tmp_path, parts)
    notice = (root / "NOTICE").read_text()
    section = notice.split("Share-alike and copyleft images\n", 1)[1].split("\nLicences\n", 1)[0]
    assert "flag.png: CC-BY-SA-4.0, GPL-3.0-or-later" in section
    assert _problems(root) == []
    (root / "NOTICE").write_text(notice.replace("flag.png: CC-BY-SA-4.0, GPL-3.0-or-later\n", "flag.png: CC-BY-SA-4.0\n"))
    problems = _problems(root)
    assert any("flag.png is under GPL-3.0-or-later but NOTICE does not list it" in p for p in problems), problems


def test_a_permissive_image_has_no_share_alike_section(tmp_path):
    root = _suite(tmp_path, ENTRY.replace("CC-BY-SA-4.0", "CC-BY-4.0"))
    assert "Share-alike" not in (root / "NOTICE").read_text() and _problems(root) == []
