"""The shipped suites: strictly valid, reference prompts pass, targets satisfy their own checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_atelier.judge.offline import make as make_offline
from pytest_atelier.registry import ComponentContext, parse_spec
from pytest_atelier.suite import load_suite
from pytest_atelier.suite.strict import strict_suite_problems

SUITES = Path(__file__).resolve().parents[1] / "task_suites"


@pytest.fixture(scope="module")
def judge():
    return make_offline(parse_spec("offline"), ComponentContext(root=SUITES))


@pytest.mark.parametrize("name", ["atelier", "idea-design"])
def test_suite_is_strictly_valid(name):
    suite = load_suite(SUITES / name)
    assert strict_suite_problems(suite) == []


@pytest.mark.parametrize("name", ["atelier", "idea-design"])
def test_no_reference_prompt_fails_its_prompt_side(name, judge):
    suite = load_suite(SUITES / name)
    failures = []
    for task in suite.tasks:
        prompts = task.reference_prompt if isinstance(task.reference_prompt, list) else [task.reference_prompt]
        verdicts = judge.judge_prompt(task, prompts, [cp for cp in task.checkpoints if cp.prompt])
        failures += [f"{task.id}/{v.checkpoint}: {v.reason}" for v in verdicts if v.outcome == "fail"]
    assert failures == []


def test_target_images_pass_their_own_deterministic_checks(judge):
    suite = load_suite(SUITES / "atelier")
    failures = []
    for task in suite.tasks:
        target = suite.target_image_path(task)
        if target is None:
            continue
        verdicts = judge.judge_image(task, "", target, [cp for cp in task.checkpoints if cp.image])
        failures += [f"{task.id}/{v.checkpoint}: {v.reason}" for v in verdicts if v.outcome == "fail"]
    assert failures == []
