"""The CI example (examples/prompt-agent-ci): a harmless change passes, a regression is caught."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_atelier.results.records import load_results

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "prompt-agent-ci"


@pytest.fixture
def example(tmp_path) -> Path:
    copy = tmp_path / "examples" / "prompt-agent-ci"
    shutil.copytree(EXAMPLE, copy, ignore=shutil.ignore_patterns(".atelier_cache", "__pycache__", "results.json", "report*"))
    (tmp_path / "task_suites").symlink_to(REPO / "task_suites")
    return copy


def _pytest(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=cwd, capture_output=True, text=True)


def _evaluate(cwd: Path) -> subprocess.CompletedProcess:
    return _pytest(cwd, "--atelier-suite=../../task_suites/idea-design", "-q")


def _edit(example: Path, old: str, new: str) -> None:
    agent = example / "agent" / "poster_agent.py"
    text = agent.read_text()
    assert old in text
    agent.write_text(text.replace(old, new))


def test_agent_unit_tests_pass(example):
    assert _pytest(example, "-q").returncode == 0


def test_unchanged_agent_matches_its_baseline(example):
    result = _evaluate(example)
    assert result.returncode == 0, result.stdout[-3000:]
    assert "0 regressed" in result.stdout and "xfailed" in result.stdout
    assert not (example / "baseline" / "atelier-baseline.obtained.json").exists()


def test_harmless_change_passes(example):
    _edit(example, '"polished 3D render, soft studio lighting"', '"polished 3D render, soft studio lighting, high detail"')
    result = _evaluate(example)
    assert result.returncode == 0, result.stdout[-3000:]
    assert "no significant regression" in result.stdout


def test_regressing_change_is_caught(example):
    _edit(example, "NEGATIVE_PROMPT = True", "NEGATIVE_PROMPT = False")
    result = _pytest(example, "--atelier-suite=../../task_suites/idea-design", "-q", "--atelier-report=report.html")
    assert result.returncode == 1, result.stdout[-3000:]
    assert "SIGNIFICANT REGRESSION" in result.stdout.upper()
    assert "regressions (8):" in result.stdout
    # Like pytest-regressions: the run that regressed is kept next to the baseline, and both are named.
    obtained = example / "baseline" / "atelier-baseline.obtained.json"
    assert f"this run's results were written to {obtained}" in result.stdout
    assert load_results(obtained).exit_status == 1
    # The report lists each regression, linked to its task.
    table = (example / "report.html").read_text().split('id="baseline-changes"')[1].split("</table>")[0]
    assert table.count("<td>regression</td>") == 8 and 'href="#task-' in table


def test_missing_baseline_is_written_and_fails(example):
    (example / "baseline" / "atelier-baseline.json").unlink()
    result = _evaluate(example)
    assert result.returncode == 1
    assert "no baseline at baseline/atelier-baseline.json" in result.stdout
    assert (example / "baseline" / "atelier-baseline.json").exists()
    assert _evaluate(example).returncode == 0
