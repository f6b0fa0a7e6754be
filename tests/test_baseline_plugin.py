"""Baselines through the plugin: like for like, regression gates, --atelier-sample (pytester runs)."""

from __future__ import annotations

import json

import pytest

from .conftest import write_suite

RUN = ["--prompter=direct", "--backend=none", "-p", "no:cacheprovider", "-q"]


@pytest.fixture
def baseline(pytester):
    write_suite(pytester.path / "mini")
    result = pytester.runpytest_subprocess("mini", "--judge=offline", "--atelier-save-baseline=base.json", *RUN)
    assert result.ret in (0, 1) and (pytester.path / "base.json").exists()
    return pytester.path / "base.json"


def test_the_results_file_records_what_a_comparison_checks(baseline):
    config = json.loads(baseline.read_text())["config"]
    assert config["judge"] == "offline" and config["judge_identity"].startswith("offline/")
    assert config["backend_identities"] == {"none": "none/1"} and config["prompter_identities"] == {"direct": "direct/1"}


def test_a_baseline_written_with_another_judge_is_refused_before_any_call(pytester, baseline):
    result = pytester.runpytest_subprocess("mini", "--judge=offline?k=5", "--atelier-baseline=base.json", *RUN)
    assert result.ret == 4
    result.stderr.fnmatch_lines(["*--atelier-baseline base.json is not like for like: judge: baseline 'offline', "
                                 "this run 'offline?k=5'*--atelier-allow-change judge*"])


def test_an_allowed_judge_change_is_reported_as_a_judge_change(pytester, baseline):
    result = pytester.runpytest_subprocess("mini", "--judge=offline?k=5", "--atelier-baseline=base.json", "--atelier-allow-change=judge", *RUN)
    assert result.ret == 0, result.stdout.str()[-2000:]
    result.stdout.fnmatch_lines(["*JUDGE CHANGE: the differences below measure that change, not the prompter; nothing is gated*"])
    assert "SIGNIFICANT REGRESSION" not in result.stdout.str()


def test_the_same_judge_label_with_another_identity_is_refused(pytester, baseline):
    data = json.loads(baseline.read_text())
    data["config"]["judge_identity"] = "offline/0;prompts@another-hash"  # e.g. its prompt files were edited
    baseline.write_text(json.dumps(data))
    result = pytester.runpytest_subprocess("mini", "--judge=offline", "--atelier-baseline=base.json", *RUN)
    assert result.ret == 4
    result.stdout.fnmatch_lines(["*baseline refused: the baseline is not like for like*judge identity*"])


def test_an_unchanged_run_passes_its_baseline_and_regression_gates(pytester, baseline):
    result = pytester.runpytest_subprocess("mini", "--judge=offline", "--atelier-baseline=base.json", "--atelier-gate=regression(category)",
                                "--atelier-gate=regression(undecided)", *RUN)
    assert result.ret == 0, result.stdout.str()[-2000:]
    result.stdout.fnmatch_lines(["*sign-flip test on per-task differences*", "*gate PASS: regression(category) passed on all pairs pooled*"])


def test_a_regression_gate_needs_a_baseline(pytester):
    write_suite(pytester.path / "mini")
    result = pytester.runpytest_subprocess("mini", "--atelier-gate=regression(primitive)", *RUN)
    assert result.ret == 4
    result.stderr.fnmatch_lines(["*regression(KIND) gate compares with a baseline: give --atelier-baseline PATH*"])


def test_an_older_results_file_is_read_and_its_missing_identities_are_named(pytester, baseline):
    data = json.loads(baseline.read_text())
    data["version"] = 1
    for key in ("judge_identity", "backend_identities", "prompter_identities", "sample"):
        data["config"].pop(key)
    baseline.write_text(json.dumps(data))
    result = pytester.runpytest_subprocess("mini", "--judge=offline", "--atelier-baseline=base.json", *RUN)
    assert result.ret == 0, result.stdout.str()[-2000:]
    result.stdout.fnmatch_lines(["*note: the baseline records no component identities (results version 1)*"])
    data["version"] = 7
    baseline.write_text(json.dumps(data))
    result = pytester.runpytest_subprocess("mini", "--judge=offline", "--atelier-baseline=base.json", *RUN)
    assert result.ret == 4
    result.stderr.fnmatch_lines(["*base.json: results version 7 is not supported*reads versions 1, 2*"])


@pytest.mark.parametrize("workers", [[], ["-n", "2"]])
def test_a_stratified_sample_runs_part_of_the_suite_and_prints_the_gate_power(pytester, workers):
    write_suite(pytester.path / "mini")
    result = pytester.runpytest_subprocess("mini", "--judge=offline", "--atelier-sample=2", "--atelier-json=r.json", *workers, *RUN)
    result.stdout.fnmatch_lines(["*sample: 2 of 3 tasks (stratified by category and primitive, seed 0); power of the "
                                 "baseline gate to catch a 5-point drop at alpha 0.05: *"])
    data = json.loads((pytester.path / "r.json").read_text())
    sample = data["config"]["sample"]
    assert sample["n"] == 2 and sample["of"] == 3 and 0 <= sample["power"] <= 1
    assert {r["task_id"] for r in data["runs"]} == set(sample["tasks"])


COLLAPSE_TASK = """\
id: t{n:02d}
category: OE
brief: A calm lake at dusk for task {n}.
subtask: s{subtask}
tags: {{entities: [{entity}], structure: [{structure}], visual_style: [{style}], theme: [{theme}]}}
primitives: {{abstract_intent: 1, implicit_style: 1}}
checkpoints:
  - id: c01
    primitive: abstract_intent
    image: The picture feels calm.
    prompt: The prompt asks for calm.
    match: [[calm, serene]]
  - id: c02
    primitive: implicit_style
    image: The picture shows a lake.
    prompt: The prompt asks for a lake.
    match: [[lake]]
"""


def test_a_total_collapse_fails_the_gate_through_the_plugin_whatever_regression_gates_are_added(pytester):
    from pytest_atelier.suite.models import TAG_VOCABULARY

    vocabulary = {dim: TAG_VOCABULARY[dim] for dim in ("entities", "structure", "visual_style", "theme")}
    tasks = {f"t{n:02d}": COLLAPSE_TASK.format(n=n, subtask=n % 6, **{key: values[n % len(values)] for key, values in (
        ("entity", vocabulary["entities"]), ("structure", vocabulary["structure"]), ("style", vocabulary["visual_style"]),
        ("theme", vocabulary["theme"]))}) for n in range(10)}
    write_suite(pytester.path / "lakes", tasks)
    names = [f"w{i}" for i in range(7)]
    pytester.makepyfile(agent="import os\n" + "".join(
        f"def {name}(task):\n    return 'A calm lake at dusk.' if os.environ.get('GOOD') else 'Something.'\n" for name in names))
    prompters = [f"--prompter=python:agent:{name}" for name in names]
    common = ["lakes", "--judge=offline", "--backend=none", "-p", "no:cacheprovider", "-q", *prompters]
    pytester.syspathinsert()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GOOD", "1")
        saved = pytester.runpytest_subprocess(*common, "--atelier-save-baseline=base.json")
    assert saved.ret == 0 and (pytester.path / "base.json").exists(), saved.stdout.str()[-2000:]
    gates = ["regression(category)", "regression(primitive)", "regression(subtask)", "regression(tag)", "regression(undecided)"]
    result = pytester.runpytest_subprocess(*common, "--atelier-baseline=base.json", "--atelier-cache-dir=fresh",
                                           *(f"--atelier-gate={g}" for g in gates))  # a fresh cache: the prompter is asked again
    out = result.stdout.str()
    assert result.ret == 1, out[-3000:]
    assert out.count("|none: objective 1.000 -> 0.000 (diff -1.000") == 7 and out.count("SIGNIFICANT REGRESSION") == 7, out[-3000:]
    data = json.loads((pytester.path / "base.obtained.json").read_text())
    scopes = [s for s in data["aggregates"]["baseline"]["scopes"] if s["gated"]]
    # per pair: 1 category, 2 primitives, 6 subtasks, 5 + 7 + 5 + 7 tags and the undecided share: 238 gated scopes
    assert len(scopes) == 7 * (1 + 2 + 6 + 24 + 1)
