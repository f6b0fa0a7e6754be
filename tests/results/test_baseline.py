"""Baseline comparison: classification, significance, summary, exit status."""

from __future__ import annotations

import pytest
from helpers_results import items_for, make_results, make_run

from pytest_atelier.results.baseline import (
    BaselineMismatch,
    checkpoint_outcomes,
    compare,
    exit_status,
    expected_failures,
    regression_gate_records,
)
from pytest_atelier.results.gates import parse_gate
from pytest_atelier.results.records import GateRecord, load_results, write_results
from pytest_atelier.results.stats import holm, mcnemar_exact

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
    comparison = compare(after, before)
    status = {c.checkpoint: c.status for c in comparison.changes}
    assert status == {"a": "regression", "b": "expected_failure", "c": "improvement", "d": "unchanged",
                      "e": "undecided", "f": "undecided", "gone": "missing", "fresh": "new"}
    (pair,) = comparison.pairs
    # the headline: every checkpoint present in both runs; "e" went from shown to undecided, so it is lost
    assert (pair.n, pair.regressed, pair.improved) == (6, 2, 1)
    assert pair.before_rate == 0.5 and pair.after_rate == pytest.approx(1 / 3) and not pair.significant
    # nothing hidden: what was undecided is counted on both sides, among checkpoints present in both
    assert pair.outcomes == {"before": {"pass": 3, "fail": 2, "abstain": 1}, "after": {"pass": 2, "fail": 3, "error": 1}}
    assert expected_failures(before) == {("t1", "p", "x", "image", "b"), ("t1", "p", "x", "image", "c")}


def test_a_significant_regression_fails_the_run():
    before = {(f"t{t}", "p", f"c{c}"): "pass" for t in range(30) for c in range(4)}
    after = dict(before)
    for t in range(12):
        after[(f"t{t}", "p", "c0")] = "fail"
    after[("t20", "p", "c1")] = "fail"
    comparison = compare(_results(after), _results(before))
    (pair,) = comparison.pairs
    assert (pair.regressed, pair.improved, pair.n, pair.n_tasks) == (13, 0, 120, 30)
    # 13 tasks each lost one checkpoint: only 1 of the 2**13 sign assignments is as low (exact, one-sided)
    assert pair.test.exact and pair.test.p_value == pytest.approx(2.0**-13)
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
    comparison = compare(_results(after), _results(before))
    assert comparison.pairs[0].test.p_value == pytest.approx(5 / 16)  # sums -4..-2 of 16 assignments of (-1,-1,-1,+1)
    assert not comparison.significant
    assert len(comparison.by_status("expected_failure")) == 29
    assert exit_status(1, gating=True, comparison=comparison) == 0


def test_holm_correction_across_pairs():
    before, after = {}, {}
    for t in range(20):
        for p, lost in (("a", 8), ("b", 5), ("c", 0)):
            before[(f"t{t}", p, "k")] = "pass"
            after[(f"t{t}", p, "k")] = "fail" if t < lost else "pass"
    comparison = compare(_results(after), _results(before), alpha=0.05)
    raw = [p.test.p_value for p in comparison.pairs]
    assert [p.prompter for p in comparison.pairs] == ["a", "b", "c"]
    assert [p.p_adjusted for p in comparison.pairs] == pytest.approx(holm(raw))
    # b alone would pass alpha (p = 1/32) but not after the correction (0.0625)
    assert raw[1] == pytest.approx(1 / 32) and [p.significant for p in comparison.pairs] == [True, False, False]


def test_a_change_carried_by_a_few_tasks_is_judged_by_its_tasks_not_its_checkpoints():
    # three tasks lose 15 checkpoints each, two gain 10: 45 regressions against 20 improvements
    before = {(f"t{t}", "p", f"c{c}"): "pass" if (t < 3 or c >= 10) else "fail" for t in range(30) for c in range(20)}
    after = dict(before)
    for t in range(3):
        for c in range(15):
            after[(f"t{t}", "p", f"c{c}")] = "fail"
    for t in (3, 4):
        for c in range(10):
            after[(f"t{t}", "p", f"c{c}")] = "pass"
    (pair,) = compare(_results(after), _results(before)).pairs
    assert (pair.regressed, pair.improved) == (45, 20)
    assert mcnemar_exact(45, 20).p_value < 0.01  # checkpoints taken as independent: a false alarm
    # per-task differences (-15, -15, -15, +10, +10): 7 of the 32 sign assignments sum to -25 or less
    assert pair.test.p_value == pytest.approx(7 / 32) and not pair.significant


def _judged(results, judge, identity=None, **config):
    return results.model_copy(update={"config": results.config.model_copy(
        update={"judge": judge, "judge_identity": identity, **config})})


def _dropped():
    before = {(f"t{t}", "p", f"c{c}"): "pass" for t in range(30) for c in range(4)}
    after = {k: "fail" if k[0] < "t2" else v for k, v in before.items()}  # t0, t1, t10..t19 lose everything
    return _results(after), _results(before)


def test_a_baseline_judged_by_another_judge_is_refused():
    after, before = _dropped()
    with pytest.raises(BaselineMismatch) as refused:
        compare(_judged(after, "openai:gpt-5.4"), _judged(before, "offline"))
    message = str(refused.value)
    assert "judge: baseline 'offline', this run 'openai:gpt-5.4'" in message and "--atelier-allow-change judge" in message
    # the same label with other settings or prompt files is another judge too
    with pytest.raises(BaselineMismatch, match="judge identity"):
        compare(_judged(after, "offline", "offline/2;k=5"), _judged(before, "offline", "offline/2;k=3"))
    for field, value in (("images_per_prompt", 4), ("backend_identities", {"x": "reference/3"})):
        with pytest.raises(BaselineMismatch):
            compare(_judged(after, "offline", **{field: value}), _judged(before, "offline", backend_identities={"x": "reference/2"}))
    other_suite = before.model_copy(update={"suite": {"name": "s", "version": "0.2"}})
    with pytest.raises(BaselineMismatch, match="suite version"):
        compare(after, other_suite)


def test_an_allowed_judge_change_is_reported_as_such_and_never_fails_the_run():
    after, before = _dropped()
    comparison = compare(_judged(after, "openai:gpt-5.4"), _judged(before, "offline"), allow=["judge"])
    (pair,) = comparison.pairs
    assert pair.regressed == 48 and pair.test.p_value < 0.001  # the drop is measured ...
    assert not pair.significant and comparison.significant == []  # ... but it is not the prompter's regression
    assert pair.dropped  # worded as what it is, not as "no significant regression"
    assert "JUDGE CHANGE" in comparison.summary() and "significant drop (not gated: judge change)" in comparison.summary()
    assert "no significant regression" not in comparison.summary()
    assert exit_status(0, gating=True, comparison=comparison) == 0
    assert comparison.to_dict()["changed"][0]["kind"] == "judge"


def test_a_drop_confined_to_one_category_is_found_and_gated_with_holm():
    before, after = {}, {}
    for t in range(60):
        category = "CO" if t < 20 else "OE"
        for c in range(5):
            before[(f"t{t:02d}", category, f"c{c}")] = "pass"
            gained = category == "OE" and t < 32 and c == 0  # 12 OE tasks gain a checkpoint ...
            lost = category == "CO" and t < 12 and c == 0  # ... while 12 CO tasks lose one
            after[(f"t{t:02d}", category, f"c{c}")] = "pass" if not lost else "fail"
            if gained:
                before[(f"t{t:02d}", category, f"c{c}")] = "fail"
    def results(table):
        runs = {}
        for (task, category, cp), outcome in table.items():
            runs.setdefault((task, category), []).append((cp, "image", outcome))
        return make_results([make_run(t, "p", "x", category=cat, outcomes=o) for (t, cat), o in sorted(runs.items())])
    gate = parse_gate("regression(category)")
    plain = compare(results(after), results(before))
    assert not plain.significant  # gains elsewhere mask it overall
    co = next(t for t in plain.tests if (t.kind, t.scope) == ("category", "CO"))
    assert co.significant and not co.gated and co.test.p_value == pytest.approx(2.0**-12)
    gated = compare(results(after), results(before), gate_kinds=["category"])
    records = regression_gate_records([gate], gated)
    assert [(r.scope, r.passed) for r in records] == [("p|x", False), ("all", False)]
    assert "category:CO" in records[0].message and "SIGNIFICANT DROP" in records[0].message
    # Holm within the gate's own family (CO, OE); the overall test keeps its level in its own family
    family = sorted(t.test.p_value for t in gated.tests if t.family == "category")
    assert len(family) == 2
    assert sorted(t.p_adjusted for t in gated.tests if t.family == "category") == pytest.approx(holm(family))
    assert [t.p_adjusted for t in gated.tests if t.kind == "overall"] == [t.p_adjusted for t in plain.tests if t.kind == "overall"]
    assert exit_status(0, gating=True, gates=records, comparison=gated) == 1


def test_a_rise_in_abstentions_is_reported_and_gateable():
    before = {(f"t{t}", "p", f"c{c}"): "pass" if c else "fail" for t in range(20) for c in range(4)}
    after = {k: "abstain" if k[2] == "c1" and k[0] < "t2" else v for k, v in before.items()}  # t0, t1, t10..t19
    comparison = compare(_results(after), _results(before), gate_kinds=["undecided"])
    (pair,) = comparison.pairs
    # a pass that became undecided is no longer shown: the headline drops (the old rate on decided did not move) ...
    assert pair.significant and pair.regressed == 12 and pair.test.p_value == pytest.approx(2.0**-12)
    assert pair.undecided.before == 0 and pair.undecided.after == pytest.approx(12 / 80)
    assert pair.undecided.significant and pair.undecided.test.p_value == pytest.approx(2.0**-12)  # ... and says why
    assert "abstain 0 -> 12" in comparison.summary() and "SIGNIFICANT RISE" in comparison.summary()
    (record, pooled) = regression_gate_records([parse_gate("regression(undecided)")], comparison)
    assert not record.passed and not pooled.passed


def test_items_that_did_not_run_are_missing_not_compared(tmp_path):
    results = _results({("t1", "p", "a"): "pass", ("t1", "p", "b"): "fail"})
    subset = results.model_copy(update={"items": [i for i in results.items if i.checkpoint == "a"]})
    path = write_results(results, tmp_path / "baseline.json")
    comparison = compare(subset, load_results(path))
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


def _collapse(n_tasks=40, pairs=7):
    """Every checkpoint of every pair passed in the baseline and fails now; with the scopes of a suite shaped
    like task_suites/atelier: 3 categories, 6 primitives, 20 tags, 7 subtasks (36 per pair, 37 with undecided)."""
    primitives = ("text", "quantity", "abstract_intent", "audience_intent", "implicit_style", "semantic_negation")
    scopes = {}
    for t in range(n_tasks):
        base = (f"category:{('OE', 'CO', 'IM')[t % 3]}", f"tag:tag{t % 20}", f"tag:tag{(t + 7) % 20}", f"subtask:s{t % 7}")
        for c in range(6):
            scopes[(f"t{t:02d}", f"c{c}")] = base + (f"primitive:{primitives[c]}",)

    def results(outcome):
        return make_results([make_run(f"t{t:02d}", f"p{p}", "x", outcomes=[(f"c{c}", "image", outcome) for c in range(6)])
                             for p in range(pairs) for t in range(n_tasks)])

    return results("pass"), results("fail"), scopes


@pytest.mark.parametrize("kinds", [(), ("category",), ("category", "primitive", "tag"),
                                   ("category", "primitive", "subtask", "tag", "undecided")])
def test_a_total_collapse_fails_the_gate_whatever_regression_gates_are_added(kinds):
    before, after, scopes = _collapse()
    comparison = compare(after, before, scopes=scopes, gate_kinds=kinds)
    gates = [parse_gate(f"regression({k})") for k in kinds]
    records = regression_gate_records(gates, comparison)
    assert len(comparison.pairs) == 7 and all(p.before_rate == 1.0 and p.after_rate == 0.0 for p in comparison.pairs)
    assert len(comparison.tests) == 7 * 38  # per pair: the overall test, undecided, 36 scopes (259 with undecided)
    assert sum(t.gated for t in comparison.tests) == 7 + 7 * sum({"category": 3, "primitive": 6, "tag": 20, "subtask": 7,
                                                                   "undecided": 1}[k] for k in kinds)
    assert len(comparison.significant) == 7  # every pair, at the overall test's own level
    assert all(p.test.exact and p.test.p_value == pytest.approx(2.0**-40) for p in comparison.pairs)
    assert [p.p_adjusted for p in comparison.pairs] == pytest.approx([7 * 2.0**-40] * 7)  # Holm over the 7 pairs only
    assert exit_status(0, gating=True, gates=records, comparison=comparison) == 1
    assert "SIGNIFICANT REGRESSION" in comparison.summary()


def test_more_gates_never_change_what_fewer_decide():
    before, after, scopes = _collapse(n_tasks=12, pairs=3)
    decided = {}
    for kinds in [(), ("category",), ("category", "tag"), ("category", "tag", "subtask", "primitive", "undecided")]:
        comparison = compare(after, before, scopes=scopes, gate_kinds=kinds)
        for t in comparison.tests:
            if t.kind == "overall" or t.kind in kinds:
                decided.setdefault((t.kind, t.scope, t.pair), set()).add((t.p_adjusted, t.significant))
    assert all(len(outcomes) == 1 for outcomes in decided.values())


@pytest.mark.parametrize("kind,lacks", [("subtask", "no task declares a `subtask:`"), ("tag", "no task declares `tags:`"),
                                        ("primitive", "declares a challenge primitive")])
def test_a_regression_gate_with_nothing_to_test_fails_and_says_what_the_suite_lacks(kind, lacks):
    before, after, scopes = _collapse(n_tasks=6, pairs=1)
    only_categories = {k: tuple(s for s in v if s.startswith("category:")) for k, v in scopes.items()}
    comparison = compare(before, before, scopes=only_categories, gate_kinds=[kind])
    (record,) = regression_gate_records([parse_gate(f"regression({kind})")], comparison)
    assert not record.passed and record.n == 0
    assert record.message.startswith(f"regression({kind}) FAILED: nothing to test") and lacks in record.message
    assert exit_status(0, gating=True, gates=[record], comparison=comparison) == 1
