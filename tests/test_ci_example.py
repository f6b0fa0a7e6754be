"""The CI example (examples/prompt-agent-ci): a harmless change passes, a regression is caught."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

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


# --- the GitHub workflow, step by step, as a runner would take it -----------------------------------

WORKFLOW = EXAMPLE / ".github" / "workflows" / "prompt-eval.yml"
# the actions the workflow uses, and what stands in for each here
STAND_INS = {"actions/checkout": "a copy of the project's source", "actions/setup-python": "a fresh venv",
             "actions/cache": "no cache (a cold start)", "actions/upload-artifact": "the listed files exist"}


INSTALL = "Install pytest-atelier from this checkout"
UNIT = "Agent unit tests"
EVALUATE = "Evaluate against the baseline (fails on a significant regression or a failed gate)"


def _steps() -> list[dict]:
    (job,) = yaml.safe_load(WORKFLOW.read_text())["jobs"].values()
    return job["steps"]


@pytest.fixture(scope="module")
def runner(tmp_path_factory):
    """A checkout of the repository (the project's source, this example, the suites) and a fresh
    Python environment with nothing of this one: what actions/checkout and setup-python give."""
    root = tmp_path_factory.mktemp("ci") / "checkout"
    shutil.copytree(REPO / "pytest_atelier", root / "pytest_atelier", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, root / name)
    (root / "task_suites").symlink_to(REPO / "task_suites")
    venv = root.parent / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PYTEST", "VIRTUAL_ENV"))}
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}", VIRTUAL_ENV=str(venv))
    installed = _run_steps(root, env, "prompt-agent-ci", names=[INSTALL])
    assert installed[INSTALL] == 0, installed[INSTALL + ":output"]
    return root, env


def _run_steps(root: Path, env: dict, example: str, names=None) -> dict[str, int]:
    """Run the workflow's ``run:`` steps (bash -eo pipefail, in their working-directory) with the
    example at ``examples/<example>``; a failed step skips the rest except ``if: always()`` ones."""
    codes, failed = {}, False
    for step in _steps():
        uses = step.get("uses", "").split("@")[0]
        assert "run" in step or uses in STAND_INS, f"step {step} has no stand-in in this test"
        if "run" not in step or (names is not None and step["name"] not in names):
            continue
        if failed and "always()" not in step.get("if", ""):
            continue
        cwd = root / step.get("working-directory", ".").replace("examples/prompt-agent-ci", f"examples/{example}")
        done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], cwd=cwd, env=env,
                              capture_output=True, text=True, timeout=900)
        codes[step["name"]] = done.returncode
        codes[step["name"] + ":output"] = done.stdout + done.stderr
        failed = failed or done.returncode != 0
    return codes


def _copy_example(root: Path, name: str) -> Path:
    copy = root / "examples" / name
    shutil.copytree(EXAMPLE, copy, ignore=shutil.ignore_patterns(".atelier_cache", "__pycache__", ".pytest_cache", "results.json", "report*", "*.obtained.json"))
    return copy


def test_workflow_installs_from_a_source_the_user_controls():
    installs = [s["run"] for s in _steps() if "run" in s and "pip" in s["run"]]
    assert installs, "the workflow installs nothing"
    for command in installs:
        # the checkout (".") or a VCS URL pinned to a commit: never a bare name from a package index
        args = command.split("install", 1)[1].split()
        assert all(a == "." or a.startswith("-") or re.search(r"git\+https://\S+@[0-9a-f]{40}$", a) for a in args), command


def test_every_workflow_step_passes_as_committed(runner):
    root, env = runner  # the install step ran in the fixture, and passed
    example = _copy_example(root, "prompt-agent-ci")
    codes = _run_steps(root, env, "prompt-agent-ci", names=[n for n in (s.get("name") for s in _steps()) if n != INSTALL])
    assert codes[UNIT] == 0, codes[UNIT + ":output"]
    assert codes[EVALUATE] == 0, codes[EVALUATE + ":output"]
    assert "Unknown config option" not in codes[UNIT + ":output"] + codes[EVALUATE + ":output"]
    # what the upload step collects
    assert (example / "report.html").is_file() and load_results(example / "results.json").exit_status == 0
    assert not (example / "baseline" / "atelier-baseline.obtained.json").exists()


def test_workflow_fails_on_a_regression_the_unit_tests_miss(runner):
    root, env = runner
    example = _copy_example(root, "regressed")
    # a refactor that keeps only the brief's first sentence: the agent's unit tests still pass
    _edit(example, "if not _NEGATION.search(s)]", "if not _NEGATION.search(s)][:1]")
    codes = _run_steps(root, env, "regressed", names=[UNIT, EVALUATE])
    assert codes[UNIT] == 0, codes[UNIT + ":output"]
    assert codes[EVALUATE] == 1, codes[EVALUATE + ":output"]
    # a shorter prompt leaves more checkpoints without evidence: the regression shows as a rise
    # in undecided checkpoints, which the example gates on
    assert "SIGNIFICANT RISE" in codes[EVALUATE + ":output"]
    assert load_results(example / "baseline" / "atelier-baseline.obtained.json").exit_status == 1


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
    # Without the negative prompt the exclusions the offline judge had evidence for are no longer
    # asked for: those checkpoints become undecided, and regression(undecided) catches the rise.
    assert "gate FAIL: regression(undecided)" in result.stdout and "SIGNIFICANT RISE" in result.stdout
    # Like pytest-regressions: the run that regressed is kept next to the baseline, and both are named.
    obtained = example / "baseline" / "atelier-baseline.obtained.json"
    assert f"this run's results were written to {obtained}" in result.stdout
    assert load_results(obtained).exit_status == 1
    assert "regression(undecided) FAILED" in (example / "report.html").read_text()


def test_missing_baseline_is_written_and_fails(example):
    (example / "baseline" / "atelier-baseline.json").unlink()
    result = _evaluate(example)
    assert result.returncode == 1
    assert "no baseline at baseline/atelier-baseline.json" in result.stdout
    assert (example / "baseline" / "atelier-baseline.json").exists()
    assert _evaluate(example).returncode == 0
