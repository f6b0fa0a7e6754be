"""Aggregates on small hand-built runs, the IDEA score by hand, and the gap analysis."""

from __future__ import annotations

import json

import pytest
from helpers_results import items_for, make_results, make_run, make_task

from pytest_atelier.results.aggregate import aggregate, idea_call_score


@pytest.fixture
def world():
    tasks = {
        "t1": make_task("t1", "CO", ["a", "b", "c"], tags=["object"], subtask="poster", primitives={"a": "text", "b": "quantity"}),
        "t2": make_task("t2", "OE", ["a", "b"], tags=["character"], primitives={"a": "text"}),
    }
    runs = [
        make_run("t1", "p", "x", category="CO",
                 outcomes=[("a", "prompt", "pass"), ("a", "image", "fail"), ("b", "prompt", "fail"), ("b", "image", "fail"),
                           ("c", "prompt", "abstain"), ("c", "image", "pass")],
                 scores=[("prompt", "clarity", 4), ("prompt", "craft", 2), ("image", "mood", None)]),
        make_run("t2", "p", "x", category="OE",
                 outcomes=[("a", "prompt", "pass"), ("a", "image", "pass"), ("b", "prompt", "error"), ("b", "image", "fail")],
                 scores=[("prompt", "clarity", 5), ("image", "mood", 3)]),
        make_run("t1", "q", "x", category="CO",
                 outcomes=[("a", "prompt", "pass"), ("a", "image", "pass"), ("b", "prompt", "pass"), ("b", "image", "pass"),
                           ("c", "prompt", "pass"), ("c", "image", "pass")]),
    ]
    return tasks, runs


def test_rates_counts_and_scopes(world):
    tasks, runs = world
    agg = aggregate(runs, items_for(runs), tasks, intervals=False)
    p = agg["pairs"]["p|x"]["all"]
    # the headline: passes of all checkpoints (an abstention and an error count as not shown)
    assert p["prompt"] == {"rate": 2 / 5, "low": None, "high": None, "ci_reliable": None,
                           "undecided_share": 2 / 5, "range_low": 2 / 5, "range_high": 4 / 5, "rate_decided": 2 / 3,
                           "n": 5, "n_decided": 3, "n_tasks": 2,
                           "n_pass": 2, "n_fail": 1, "n_skipped": 1, "n_error": 1, "n_parent_failed": 0}
    assert p["image"]["rate"] == pytest.approx(2 / 5) and p["image"]["n"] == 5
    assert p["objective"]["rate"] == pytest.approx(4 / 10) and p["objective"]["n"] == 10
    assert p["objective"]["rate_decided"] == pytest.approx(4 / 8) and p["objective"]["n_decided"] == 8
    assert agg["prompters"]["q"]["all"]["objective"]["rate"] == 1.0
    overall = agg["overall"]
    assert overall["all"]["objective"]["n"] == 16 and overall["all"]["n_tasks"] == 2
    assert overall["category"]["OE"]["objective"]["n"] == 4
    assert overall["category"]["CO"]["image"]["rate"] == pytest.approx(4 / 6)
    text = overall["primitive"]["text"]["objective"]
    assert (text["n_pass"], text["n_fail"]) == (5, 1)
    assert overall["tag"]["character"]["n_tasks"] == 1
    assert set(overall["subtask"]) == {"poster"}
    assert agg["backends"]["x"]["all"]["objective"]["n"] == 16
    json.dumps(agg, allow_nan=False)
    make_results(runs).model_copy(update={"aggregates": agg}).model_dump_json()


def test_subjective_means_skip_missing_scores(world):
    tasks, runs = world
    sub = aggregate(runs, items_for(runs), tasks, intervals=False)["pairs"]["p|x"]["all"]["subjective"]
    assert sub["prompt"]["mean"] == pytest.approx(11 / 3) and sub["prompt"]["n"] == 3
    assert sub["prompt"]["dimensions"] == {"clarity": {"mean": 4.5, "n": 2}, "craft": {"mean": 2.0, "n": 1}}
    assert sub["image"]["mean"] == 3.0 and sub["image"]["n"] == 1 and sub["image"]["n_tasks"] == 1


def test_only_items_that_ran_count(world):
    tasks, runs = world
    chosen = [i for i in items_for(runs, subjective=False) if i.checkpoint == "a"]
    agg = aggregate(runs, chosen, tasks, intervals=False)
    assert agg["overall"]["all"]["objective"]["n"] == 6
    assert agg["overall"]["all"]["subjective"]["prompt"]["n"] == 0
    assert aggregate(runs, None, tasks, intervals=False)["overall"]["all"]["objective"]["n"] == 16


def test_an_item_without_a_verdict_counts_by_its_own_outcome(world):
    tasks, _ = world
    broken = make_run("t2", "p", "x", category="OE")  # the run failed: no verdicts
    items = [i.model_copy(update={"run_key": broken.key, "outcome": "error"})
             for i in items_for([make_run("t2", "p", "x", outcomes=[("a", "prompt", "pass")])], subjective=False)]
    fig = aggregate([broken], items, tasks, intervals=False)["overall"]["all"]["prompt"]
    assert (fig["n_error"], fig["n"], fig["n_decided"], fig["rate"], fig["rate_decided"]) == (1, 1, 0, 0.0, None)
    assert (fig["range_low"], fig["range_high"]) == (0.0, 1.0)  # undecided: it could be anything


def test_gap_splits_image_failures_by_the_prompt_side(world):
    tasks, runs = world
    gap = aggregate(runs, items_for(runs), tasks, intervals=False)["prompters"]["p"]["all"]["gap"]
    # image failures: t1.a (prompt passed), t1.b (prompt failed), t2.b (prompt errored)
    assert gap == {"image_failures": 3, "prompt_failed": 1, "prompt_passed": 1, "prompt_undecided": 1,
                   "prompter_share": 0.5, "backend_share": 0.5, "n": 2}


def test_confidence_intervals_are_present_and_contain_the_rate(world):
    tasks, runs = world
    fig = aggregate(runs, items_for(runs), tasks)["overall"]["all"]["objective"]
    assert fig["low"] <= fig["rate"] <= fig["high"]
    assert fig["ci_reliable"] is False  # two tasks: fewer than the interval's method covers 93% at


def test_a_task_missing_from_the_suite_still_counts(world):
    _, runs = world
    overall = aggregate(runs, items_for(runs), {}, intervals=False)["overall"]
    assert overall["all"]["objective"]["n"] == 16
    assert set(overall["category"]) == {"CO", "OE"} and overall["primitive"] == {} and overall["tag"] == {}


@pytest.mark.parametrize(
    "levels,expected",
    [
        ({1: ["pass", "pass"], 2: ["pass", "pass"], 3: ["pass", "pass"]}, (1.0, 1.0)),
        ({1: ["pass", "pass"], 2: ["pass", "fail"], 3: ["pass", "pass"]}, (3 / 6, 5 / 6)),
        ({1: ["pass", "fail"], 2: ["pass", "pass"], 3: ["pass", "pass"]}, (1 / 6, 5 / 6)),
        ({1: ["pass", "pass"], 2: ["pass", "pass"], 3: ["fail", "fail"]}, (4 / 6, 4 / 6)),
        ({1: ["pass", "skipped"], 2: ["pass", "pass"], 3: ["pass", "pass"]}, (1 / 6, 5 / 6)),
        ({1: ["fail", "fail"], 2: ["pass", "pass"], 3: ["pass", "pass"]}, (0.0, 4 / 6)),
    ],
)
def test_idea_call_score_by_hand(levels, expected):
    assert idea_call_score(levels) == pytest.approx(expected)


def test_idea_score_in_the_aggregates():
    levels = {f"q{i}": 1 + i // 2 for i in range(6)}
    task = make_task("i1", "OE", list(levels), levels=levels)
    outcomes = {"q0": "pass", "q1": "pass", "q2": "fail", "q3": "pass", "q4": "pass", "q5": "pass"}
    runs = [make_run("i1", outcomes=[(c, "image", o) for c, o in outcomes.items()])]
    agg = aggregate(runs, items_for(runs), {"i1": task}, scoring="idea", intervals=False)
    idea = agg["overall"]["all"]["idea"]["image"]
    assert idea["score"] == pytest.approx(3 / 6) and idea["pass_rate"] == pytest.approx(5 / 6)
    assert (idea["n"], idea["n_questions"], idea["n_undecided"]) == (1, 6, 0)
    assert agg["overall"]["all"]["idea"]["prompt"]["n"] == 0  # no prompt verdicts: not measured
    assert agg["overall"]["all"]["idea"]["prompt"]["score"] is None
    assert "idea" not in aggregate(runs, items_for(runs), {"i1": task}, intervals=False)["overall"]["all"]


def test_rankings_win_rates_and_consistency():
    tasks = {t: make_task(t, "OE", ["a", "b"]) for t in ("t1", "t2")}
    good = [("a", "image", "pass"), ("b", "image", "pass")]
    bad = [("a", "image", "fail"), ("b", "image", "pass")]
    runs = [make_run(t, p, b, outcomes=good if p == "strong" else bad)
            for t in tasks for p in ("strong", "weak") for b in ("b1", "b2")]
    rankings = aggregate(runs, items_for(runs), tasks, intervals=False)["rankings"]
    assert rankings["by_backend"]["b1"]["win_rates"] == {"strong": {"win_rate": 1.0, "n": 2}, "weak": {"win_rate": 0.0, "n": 2}}
    assert rankings["consistency"]["spearman"] == [{"a": "b1", "b": "b2", "rho": 1.0, "n": 2}]
    assert rankings["consistency"]["kendall_w"]["w"] == pytest.approx(1.0)


def test_rates_with_and_without_dependency_gating():
    from pytest_atelier.results.records import VerdictRecord

    task = make_task("g1", "CO", ["a", "b", "c"])
    run = make_run("g1", outcomes=[("a", "prompt", "fail"), ("b", "prompt", "pass"), ("c", "prompt", "pass")])
    run.final.append(VerdictRecord(checkpoint="d", side="prompt", outcome="skipped", reason="parent failed: a", decided_by="engine"))
    prompt = aggregate([run], None, {"g1": task}, intervals=False)["overall"]["all"]["prompt"]
    # the skipped child counts as not shown in the headline; the decided rate leaves it out
    assert prompt["rate"] == pytest.approx(2 / 4) and prompt["n_parent_failed"] == 1
    assert prompt["rate_decided"] == pytest.approx(2 / 3)


def test_the_image_side_of_the_none_backend_is_not_measured_so_it_is_left_out_of_the_headline():
    tasks = {"t1": make_task("t1", "OE", ["a", "b"])}
    runs = [make_run("t1", "p", backend, outcomes=[("a", "prompt", "pass"), ("b", "prompt", "pass")]) for backend in ("none", "real")]
    items = [i.model_copy(update={"side": side, "nodeid": f"{i.nodeid}::{side}", "outcome": "skipped" if side == "image" else i.outcome})
             for i in items_for(runs, subjective=False) for side in ("prompt", "image")]
    agg = aggregate(runs, items, tasks, intervals=False)
    none, real = agg["pairs"]["p|none"]["all"], agg["pairs"]["p|real"]["all"]
    assert (none["image"]["n"], none["objective"]["rate"]) == (0, 1.0)  # no images by design: nothing to show
    assert (real["image"]["n"], real["objective"]["rate"]) == (2, 0.5)  # a backend that should draw: not shown
