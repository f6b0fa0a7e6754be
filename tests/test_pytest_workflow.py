"""pytest's own workflow on atelier items: --lf, --ff, --sw, -k and node ids pasted back."""

from __future__ import annotations

import re

import pytest

from .conftest import write_suite

ARGS = ["mini", "--prompter=direct", "--judge=offline", "--backend=none"]


@pytest.fixture
def suite_dir(pytester):
    write_suite(pytester.path / "mini")
    return pytester.path / "mini"


def _ids(result, outcome: str) -> list[str]:
    """The node ids -rA lists with this outcome."""
    return sorted(m[1] for m in re.finditer(rf"^{outcome} (\S+::\S+)", result.stdout.str(), re.M))


def test_last_failed_reruns_exactly_the_failed_items(pytester, suite_dir):
    first = pytester.runpytest(*ARGS, "-rA")
    failed = _ids(first, "FAILED")
    assert failed and len(failed) < len(_ids(first, "PASSED")) + len(failed)
    rerun = pytester.runpytest(*ARGS, "-rA", "--lf")
    rerun.stdout.fnmatch_lines([f"run-last-failure: rerun previous {len(failed)} failure*"])
    assert _ids(rerun, "FAILED") == failed
    assert _ids(rerun, "PASSED") == []
    first_failed = pytester.runpytest(*ARGS, "-rA", "--ff", "-x")
    assert _ids(first_failed, "FAILED") == failed[:1]


def test_stepwise_stops_at_the_first_failure_and_resumes_there(pytester, suite_dir):
    failed = _ids(pytester.runpytest(*ARGS, "-rA"), "FAILED")
    first = pytester.runpytest(*ARGS, "-rA", "--sw")
    assert _ids(first, "FAILED") == failed[:1]
    second = pytester.runpytest(*ARGS, "-rA", "--sw")
    second.stdout.fnmatch_lines(["stepwise: skipping * already passed items*"])
    assert _ids(second, "FAILED")[:1] == failed[:1]


def test_a_pasted_node_id_and_k_select_the_item(pytester, suite_dir):
    failed = _ids(pytester.runpytest(*ARGS, "-rA"), "FAILED")
    pasted = pytester.runpytest(*ARGS[1:], failed[0], "-rA")
    assert _ids(pasted, "FAILED") == failed[:1] and _ids(pasted, "PASSED") == []
    name = failed[0].rsplit("::", 1)[1]
    by_k = pytester.runpytest(*ARGS, "-rA", "-k", name.split("[")[0])
    assert failed[0] in _ids(by_k, "FAILED")
