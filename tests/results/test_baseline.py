"""Baseline comparison: classification, significance, summary, exit status."""

from __future__ import annotations

import pytest
from helpers_results import items_for, make_results, make_run

from pytest_atelier.results.baseline import checkpoint_outcomes, compare, exit_status, expected_failures
from pytest_atelier.results.records import GateRecord, load_results, write_results
from pytest_atelier.results.stats import holm

ss = pytest.importorskip("scipy.stats")


def _results(table):
    """``table``: (task, prompter, checkpoint) -> image outcome, backend "x"."""
    by_run = {}
    for (task, prompter, cp), outcome in table.items():
        by_run.setdefault((task, prompter), []).append((cp, "image", outcome))
    return make_results([make_run(t, p, "x", outcomes=o) for (t, p), o in sorted(by_run.items())])


def test_every_status_is_classified():
    before = _results({("t1", "p", "a"): "pass", ("t1", "p", "b"): "fail", ("t1", "p", "c"): "fail",
                       ("t1", "p", "d"): "pass", ("t1", "p", "e"): "pass", ("t1", "p", "gone"): "pass",
                       ("t1", "p", "f"): "abstain"})
    after = _results({("t1", "p", "a"): "fail", ("t1", "p", "b"): "fail", ("t1", "p", "c"): "pass",
                      ("t1", "p", "d"): "pass", ("t1", "p", "e"): "error", ("t1", "p", "fresh"): "fail",
                      ("t1", "p", "f"): "fail"})
    comparison = compare(after, before, n_boot=0)
    status = {c.checkpoint: c.status for c in comparison.changes}
    assert status == {"a": "regression", "b": "expected_failure", "c": "improvement", "d": "unchanged",
                      "e": "undecided", "f": "undecided", "gone": "missing", "fresh": "new"}
    (pair,) = comparison.pairs
    assert (pair.n, pair.mcnemar.b, pair.mcnemar.c) == (4, 1, 1)
    assert pair.before_rate == 0.5 and pair.after_rate == 0.5 and not pair.significant
    assert expected_failures(before) == {("t1", "p", "x", "image", "b"), ("t1", "p", "x", "image", "c")}


def test_a_significant_regression_fails_the_run():
    before = {(f"t{t}", "p", f"c{c}"): "pass" for t in range(30) for c in range(4)}
    after = dict(before)
    for t in range(12):
        after[(f"t{t}", "p", "c0")] = "fail"
    after[("t20", "p", "c1")] = "fail"
    comparison = compare(_results(after), _results(before), n_boot=500, seed=1)
    (pair,) = comparison.pairs
    assert (pair.mcnemar.b, pair.mcnemar.c, pair.n, pair.n_tasks) == (13, 0, 120, 30)
    assert pair.mcnemar.p_value == pytest.approx(ss.binomtest(13, 13).pvalue)
    assert pair.significant and comparison.significant == [pair]
    assert pair.diff.estimate == pytest.approx(-13 / 120) and pair.diff.high < 0
    summary = comparison.summary(max_listed=5)
    assert "SIGNIFICANT REGRESSION" in summary and "regressions (13):" in summary
    assert "t0 [p|x] image:c0" in summary and "... and 8 more" in summary
    assert exit_status(0, gating=True, comparison=comparison) == 1


def test_a_small_regression_is_noise():
    before = {(f"t{t}", "p", f"c{c}"): "pass" if c else "fail" for t in range(30) for c in range(4)}
    after = dict(before)
    after[("t1", "p", "c1")] = after[("t2", "p", "c1")] = after[("t3", "p", "c2")] = "fail"
    after[("t4", "p", "c0")] = "pass"
    comparison = compare(_results(after), _results(before), n_boot=0)
    assert comparison.pairs[0].mcnemar.p_value == pytest.approx(ss.binomtest(3, 4).pvalue)
    assert not comparison.significant
    assert len(comparison.by_status("expected_failure")) == 29
    assert exit_status(1, gating=True, comparison=comparison) == 0


def test_holm_correction_across_pairs():
    before, after = {}, {}
    for t in range(20):
        for p, lost in (("a", 8), ("b", 6), ("c", 0)):
            before[(f"t{t}", p, "k")] = "pass"
            after[(f"t{t}", p, "k")] = "fail" if t < lost else "pass"
    comparison = compare(_results(after), _results(before), n_boot=0, alpha=0.05)
    raw = [p.mcnemar.p_value for p in comparison.pairs]
    assert [p.prompter for p in comparison.pairs] == ["a", "b", "c"]
    assert [p.p_adjusted for p in comparison.pairs] == pytest.approx(holm(raw))
    # b alone would pass alpha (p = 0.031) but not after the correction (0.0625)
    assert raw[1] < 0.05 and [p.significant for p in comparison.pairs] == [True, False, False]


def test_items_that_did_not_run_are_missing_not_compared(tmp_path):
    results = _results({("t1", "p", "a"): "pass", ("t1", "p", "b"): "fail"})
    subset = results.model_copy(update={"items": [i for i in results.items if i.checkpoint == "a"]})
    path = write_results(results, tmp_path / "baseline.json")
    comparison = compare(subset, load_results(path), n_boot=0)
    assert {c.checkpoint: c.status for c in comparison.changes} == {"a": "unchanged", "b": "missing"}
    assert checkpoint_outcomes(results.model_copy(update={"items": []})) == checkpoint_outcomes(results)


def test_outcomes_come_from_verdicts_and_xfailed_items_count_as_failures():
    results = make_results([make_run("t1", outcomes=[("a", "image", "fail")])])
    items = [i.model_copy(update={"outcome": "xfailed"}) for i in items_for(results.runs)]
    broken = make_results([make_run("t1")], items=items)  # no verdict: the item outcome decides
    assert checkpoint_outcomes(broken) == {("t1", "p", "b", "image", "a"): "fail"}


def _gate(passed):
    return GateRecord(expression="objective>=0.5", scope="all", value=0.5, passed=passed, n=1)


@pytest.mark.parametrize(
    "pytest_status,kwargs,expected",
    [
        (1, dict(gating=False), 1),
        (0, dict(gating=False), 0),
        (1, dict(gating=True, gates=[_gate(True)]), 0),
        (0, dict(gating=True, gates=[_gate(True), _gate(False)]), 1),
        (0, dict(gating=True, gates=[_gate(True)], n_errors=1), 1),
        (2, dict(gating=True, gates=[_gate(True)]), 2),
        (4, dict(gating=True), 4),
        (5, dict(gating=True, gates=[_gate(False)]), 5),
    ],
)
def test_exit_status_table(pytest_status, kwargs, expected):
    assert exit_status(pytest_status, **kwargs) == expected
