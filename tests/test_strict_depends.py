"""Strict validation refuses a checkpoint that depends on an exact count (issue #26): one
miscount would skip the colour, text and place checks after it, and the rate would silently
leave them out. A dependency on the thing existing is fine."""

from __future__ import annotations

from pytest_atelier.suite import load_suite
from pytest_atelier.suite.strict import strict_suite_problems

from .conftest import CO_TASK, write_suite


def _problems(tmp_path, task):
    suite = load_suite(write_suite(tmp_path / "s", {"co_sign": task}))
    return [p for _, p in strict_suite_problems(suite) if "an exact count" in p]


def test_a_child_of_a_count_is_refused(tmp_path):
    assert "depends_on: [c02]" in CO_TASK  # c03 (the circles are red) hangs on c02 (exactly three circles)
    (problem,) = _problems(tmp_path, CO_TASK)
    assert "checkpoint c03" in problem and "c02" in problem


def test_a_child_of_its_thing_or_of_nothing_passes(tmp_path):
    assert _problems(tmp_path, CO_TASK.replace("    depends_on: [c02]\n", "")) == []
    assert _problems(tmp_path, CO_TASK.replace("depends_on: [c02]", "depends_on: [c01]")) == []


def test_the_shipped_suite_has_none():
    from pathlib import Path

    suite = load_suite(Path(__file__).resolve().parents[1] / "task_suites" / "atelier")
    assert [p for _, p in strict_suite_problems(suite) if "an exact count" in p] == []
