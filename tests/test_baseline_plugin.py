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
