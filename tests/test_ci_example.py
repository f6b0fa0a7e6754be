"""The CI example (examples/prompt-agent-ci): a harmless change passes, a regression is caught."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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


def test_harmless_change_passes(example):
    _edit(example, '"polished 3D render, soft studio lighting"', '"polished 3D render, soft studio lighting, high detail"')
    result = _evaluate(example)
    assert result.returncode == 0, result.stdout[-3000:]
    assert "no significant regression" in result.stdout


def test_regressing_change_is_caught(example):
    _edit(example, "NEGATIVE_PROMPT = True", "NEGATIVE_PROMPT = False")
    result = _evaluate(example)
    assert result.returncode == 1, result.stdout[-3000:]
    assert "SIGNIFICANT REGRESSION" in result.stdout.upper()
    assert "regressions (8):" in result.stdout


def test_missing_baseline_is_written_and_fails(example):
    (example / "baseline" / "atelier-baseline.json").unlink()
    result = _evaluate(example)
    assert result.returncode == 1
    assert "no baseline at baseline/atelier-baseline.json" in result.stdout
    assert (example / "baseline" / "atelier-baseline.json").exists()
    assert _evaluate(example).returncode == 0
