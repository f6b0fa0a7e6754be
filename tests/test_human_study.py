"""An ``atelier collect`` study replayed: as groups (novice, skilled) and as participants, with no error items."""

from __future__ import annotations

import json
import re

import pytest

from pytest_atelier.people import CollectConfig, CollectStore

from .conftest import write_suite

RUN = ["mini", "--backend=none", "--judge=offline", "-p", "no:cacheprovider", "--atelier-json=r.json"]
NOVICE = {"frequency": "tried", "work": "no", "syntax": "no"}
SKILLED = {"frequency": "weekly", "work": "yes", "syntax": "yes"}
ANSWERS = {  # what each participant writes, task by task; the novice stops after two tasks
    "P01": {"oe_garden": "a glasshouse in the morning", "co_sign": "bakery sign with circles"},
    "P02": {"oe_garden": "A tranquil watercolour of a glasshouse at dawn. Negative prompt: people, cars.",
            "co_sign": 'A flat sign reading "OPEN" with three red circles.', "im_flag": "Two blue stripes on a white flag."},
}


@pytest.fixture
def study(pytester):
    """Two participants answer through the collect store, as the web app has them do."""
    write_suite(pytester.path / "mini")
    now = [0.0]
    store = CollectStore(pytester.path / "prompts.jsonl", {"OE": ["oe_garden"], "CO": ["co_sign"], "IM": ["im_flag"]},
                         CollectConfig(rounds=3, tasks_per_round=1, min_seconds=1), clock=lambda: now[0])
    for pid, answers in (("P01", NOVICE), ("P02", SKILLED)):
        who = store.join(pid, answers, seed=7)
        while (place := who.current()) is not None and place[2] in ANSWERS[pid]:
            store.show(who, place[2])
            now[0] += 5
            assert store.answer(who, place[2], [ANSWERS[pid][place[2]]])
    return pytester


def _results(pytester) -> dict:
    return json.loads((pytester.path / "r.json").read_text())


def test_a_study_replays_as_two_groups_without_error_items(study):
    result = study.runpytest(*RUN, "--prompter=human:prompts.jsonl?group=novice", "--prompter=human:prompts.jsonl?group=skilled")
    data = _results(study)
    assert not [i for i in data["items"] if i["outcome"] == "error"]
    tasks = {p: sorted({r["task_id"] for r in data["runs"] if r["prompter"] == p}) for p in {r["prompter"] for r in data["runs"]}}
    assert tasks == {"human:prompts.jsonl_group_novice": ["co_sign", "oe_garden"],
                     "human:prompts.jsonl_group_skilled": ["co_sign", "im_flag", "oe_garden"]}
    who = data["aggregates"]["people"]["prompters"]
    assert who["human:prompts.jsonl_group_novice"]["kind"] == "group"
    assert who["human:prompts.jsonl_group_novice"]["participants"] == {"P01": {"group": "novice", "n_tasks": 2}}
    assert who["human:prompts.jsonl_group_skilled"]["participants"] == {"P02": {"group": "skilled", "n_tasks": 3}}
    assert {r["prompter_meta"]["author"] for r in data["runs"] if r["prompter"].endswith("skilled")} == {"P02"}
    scopes = data["aggregates"]["people"]["comparison"]["none"]["scopes"]
    pairs = data["aggregates"]["pairs"]
    assert scopes["all"]["skilled"]["objective"]["rate"] == pairs["human:prompts.jsonl_group_skilled|none"]["all"]["objective"]["rate"]
    assert scopes["all"]["skilled"]["objective"]["rate"] > scopes["all"]["novice"]["objective"]["rate"]
    assert scopes["IM"]["novice"] is None and scopes["IM"]["skilled"]["objective"]["n"] > 0
    result.stdout.fnmatch_lines(["human:prompts.jsonl_group_novice: group novice, 1 participant(s): P01 (2 tasks)",
                                 "novice vs skilled on none *objective novice*objective skilled*", "all *", "CO *", "IM  *n/a*"])


def test_a_study_replays_as_two_participants_without_error_items(study):
    result = study.runpytest(*RUN, "--prompter=human:prompts.jsonl?author=P01", "--prompter=human:prompts.jsonl?author=P02")
    data = _results(study)
    assert not [i for i in data["items"] if i["outcome"] == "error"]
    assert sorted((r["prompter"], r["task_id"]) for r in data["runs"]) == sorted(
        (f"human:prompts.jsonl_author_{pid}", task) for pid, answers in ANSWERS.items() for task in answers
    )
    who = data["aggregates"]["people"]["prompters"]
    assert who["human:prompts.jsonl_author_P01"] == {"kind": "participant", "group": "novice", "n_tasks": 2, "n_answers": 2,
                                                     "participants": {"P01": {"group": "novice", "n_tasks": 2}}}
    assert data["aggregates"]["people"]["comparison"] == {}  # participants, not groups: nothing to set side by side
    result.stdout.fnmatch_lines(["human:prompts.jsonl_author_P02: participant P02 (skilled), 3 tasks answered"])


def test_two_answers_to_one_task_in_a_group_are_not_an_error(pytester):
    write_suite(pytester.path / "mini")
    rows = [{"task_id": "oe_garden", "author": a, "group": "novice", "prompt": p} for a, p in (("P01", "a calm glasshouse"), ("P03", "glasshouse"))]
    (pytester.path / "prompts.jsonl").write_text("\n".join(json.dumps(r) for r in rows))
    result = pytester.runpytest(*RUN, "--prompter=human:prompts.jsonl?group=novice")
    runs = _results(pytester)["runs"]
    assert [(r["task_id"], r["prompter_meta"]["author"], r["prompter_meta"]["answers"]) for r in runs] == [("oe_garden", "P01", 2)]
    result.stdout.fnmatch_lines(["*group novice, 1 participant(s): P01 (1 tasks); 1 further answers to tasks already answered are not replayed"])


def test_the_report_names_the_people_and_sets_novice_beside_skilled(study):
    study.runpytest(*RUN, "--prompter=human:prompts.jsonl?group=novice", "--prompter=human:prompts.jsonl?group=skilled",
                    "--atelier-report=r.html")
    html = (study.path / "r.html").read_text()
    people = html[html.index('<section id="people">'):html.index('<section id="matrix">')]
    assert "P01 · novice · 2" in people and "P02 · skilled · 3" in people
    assert "Novice vs skilled on" in people
    rows = re.findall(r"<tr><td>(\w+)</td>", people[people.index("people-comparison"):])
    assert rows == ["all", "CO", "IM", "OE"]
    assert ">novice group<" in html and ">skilled group<" in html  # the short names say who they are
