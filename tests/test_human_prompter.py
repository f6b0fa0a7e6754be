"""``human:FILE``: prompts people wrote in a template from ``atelier human template``, replayed and graded."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from pytest_atelier.cli import main
from pytest_atelier.errors import ConfigError
from pytest_atelier.prompters.human import HumanPrompter, read_prompt_file
from pytest_atelier.suite import load_suite

from .conftest import write_suite

IDEA = Path(__file__).resolve().parents[1] / "task_suites" / "idea-design"
RUN = ["--backend=none", "--judge=offline", "-p", "no:cacheprovider", "--atelier-json=r.json"]


def _fill(path: Path, prompts: dict[str, list[str]], author: str | None = None) -> None:
    """Write prompts into a template, as a person would in a spreadsheet."""
    with path.open(newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        fields, rows = reader.fieldnames, list(reader)
    for row in rows:
        for i, text in enumerate(prompts.get(row["task_id"], []), 1):
            row[f"prompt_{i}"] = text
        if author is not None:
            row["author"] = author
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)


@pytest.fixture
def suite_dir(pytester):
    return write_suite(pytester.path / "mini")


def _runs(pytester) -> dict:
    return {r["task_id"]: r for r in json.loads((pytester.path / "r.json").read_text())["runs"]}


def test_template_lists_every_task_as_a_prompter_sees_it(tmp_path, capsys):
    out = tmp_path / "prompts.csv"
    assert main(["human", "template", str(IDEA), "-o", str(out), "--author", "p01"]) == 0
    n = len(load_suite(IDEA).tasks)
    assert f"{n} tasks to write prompts for" in capsys.readouterr().out
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(rows) == n and {r["author"] for r in rows} == {"p01"}
    story = next(r for r in rows if r["task_id"] == "storyboard_yellow_raincoat")
    assert "Image 4: Frame 4" in story["task"] and "prompt_4" in story
    balloon = next(r for r in rows if r["task_id"] == "composition_balloon_night_sea")  # an image-input case: its inputs, in order
    assert [Path(p).name for p in balloon["input_images"].splitlines()] == ["comp_balloon.jpg", "comp_night_sea.jpg"]
    assert not any(r["prompt_1"] for r in rows)  # nothing written yet: the file replays no prompt
    assert read_prompt_file(out) == []
    assert all("check" not in r["task"] and "reference" not in r["task"].lower() for r in rows)  # never the checklist


def test_written_prompts_are_graded_and_unwritten_tasks_are_not_collected(pytester):
    assert main(["human", "template", str(IDEA), "-o", str(pytester.path / "prompts.csv")]) == 0
    mug = [f"Photograph {n} of a speckled stoneware mug" for n in ("one", "two", "three")]
    _fill(pytester.path / "prompts.csv", {"poster_riverside_jazz": ['A jazz poster reading "BLUE NOTE NIGHTS"'], "product_scenes_stoneware_mug": mug})
    (pytester.path / "idea").symlink_to(IDEA)  # keeps the rootdir, where human: files are found, here
    result = pytester.runpytest("idea", "--prompter=human:prompts.csv", "-k", "poster_riverside_jazz or stoneware_mug or logo_", *RUN)
    runs = _runs(pytester)
    assert runs["poster_riverside_jazz"]["prompts"] == ['A jazz poster reading "BLUE NOTE NIGHTS"']
    assert runs["product_scenes_stoneware_mug"]["prompts"] == mug  # one prompt per output image
    assert runs["poster_riverside_jazz"]["prompter_meta"]["line"] > 1
    assert set(runs) == {"poster_riverside_jazz", "product_scenes_stoneware_mug"}  # the logo_ tasks have no prompt: no items
    assert result.parseoutcomes().get("errors") is None


def test_several_authors_share_a_file(pytester, suite_dir):
    (pytester.path / "prompts.jsonl").write_text(
        "\n".join(json.dumps(r) for r in [
            {"task_id": "oe_garden", "author": "p01", "prompt": "A calm watercolour glasshouse at dawn, no people."},
            {"task_id": "oe_garden", "author": "p02", "prompts": ["glasshouse"]},
            {"task_id": "co_sign", "author": "p02", "prompt": ""},
        ])  # fmt: skip
    )
    result = pytester.runpytest("mini", "--prompter=human:prompts.jsonl", *RUN)
    result.stdout.fnmatch_lines(["*prompts.jsonl:2: task oe_garden already has a prompt on line 1; pick one author with ?author=NAME or a group with ?group=NAME*"])
    result = pytester.runpytest("mini", "--prompter=human:prompts.jsonl?author=p01", "--prompter=human:prompts.jsonl?author=p02", "-k", "oe_garden", *RUN)
    runs = json.loads((pytester.path / "r.json").read_text())["runs"]
    assert {(r["prompter"], r["prompts"][0]) for r in runs} == {
        ("human:prompts.jsonl_author_p01", "A calm watercolour glasshouse at dawn, no people."),
        ("human:prompts.jsonl_author_p02", "glasshouse"),
    }
    result.stdout.fnmatch_lines(["* human:prompts.jsonl_author_p0? *none *", "* human:prompts.jsonl_author_p0? *none *"])


def test_editing_the_file_regrades_the_edited_prompt(pytester, suite_dir):
    path = pytester.path / "p.csv"
    path.write_text("task_id,prompt\noe_garden,A glasshouse\n")
    pytester.runpytest("mini", "--prompter=human:p.csv", "-k", "oe_garden", *RUN[:-1], "--atelier-json=r.json")
    assert _runs(pytester)["oe_garden"]["prompts"] == ["A glasshouse"]
    path.write_text("task_id,prompt\noe_garden,A tranquil watercolour of a glasshouse\n")
    pytester.runpytest("mini", "--prompter=human:p.csv", "-k", "oe_garden", *RUN)
    assert _runs(pytester)["oe_garden"]["prompts"] == ["A tranquil watercolour of a glasshouse"]


@pytest.mark.parametrize(
    "name, text, message",
    [
        ("p.csv", "id,prompt\noe_1,x\n", r"p.csv:1: the header needs a task_id column"),
        ("p.csv", "task_id,prompt\n,x\n", r"p.csv:2: task_id is missing"),
        ("p.jsonl", '{"task_id": "a", "prompt": "x"}\n{oops\n', r"p.jsonl:2: not a JSON object"),
        ("p.jsonl", '{"task_id": "a", "prompts": "x"}\n', r"p.jsonl:1: prompts must be a list of strings"),
        ("p.csv", "task_id,prompt\na,x\na,y\n", r"p.csv:3: task a already has a prompt on line 2; keep one row per task"),
    ],
)
def test_bad_files_name_the_line(tmp_path, name, text, message):
    (tmp_path / name).write_text(text)
    with pytest.raises(ConfigError, match=message):
        HumanPrompter(f"human:{name}", name, tmp_path)


def test_missing_file_and_unknown_author_say_what_to_do(tmp_path):
    with pytest.raises(ConfigError, match=r"no prompt file at .*nope.csv \(make one with: atelier human template"):
        HumanPrompter("human:nope.csv", "nope.csv", tmp_path)
    (tmp_path / "p.csv").write_text("task_id,author,prompt\na,p01,x\n")
    with pytest.raises(ConfigError, match="has no prompts by author 'p09'"):
        HumanPrompter("human:p.csv?author=p09", "p.csv", tmp_path, author="p09")
