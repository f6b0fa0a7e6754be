"""The objective headline can never reward saying less: properties over random verdicts (hypothesis).

Showing one more checkpoint satisfied never lowers a prompter's headline nor its ranking; losing one
(to a fail or to undecided) never raises them; a fail that becomes undecided changes nothing.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from helpers_results import items_for, make_run, make_task

from pytest_atelier.results.aggregate import aggregate

PROMPTERS = ("a", "b", "c")
OUTCOMES = ("pass", "fail", "abstain", "skipped", "error")
UNDECIDED = ("abstain", "skipped", "error")


@st.composite
def worlds(draw):
    n_tasks = draw(st.integers(2, 4))
    n_cps = draw(st.integers(1, 3))
    cells = [(p, t, c, side) for p in PROMPTERS for t in range(n_tasks) for c in range(n_cps) for side in ("prompt", "image")]
    grid = dict(zip(cells, draw(st.lists(st.sampled_from(OUTCOMES), min_size=len(cells), max_size=len(cells)))))
    target = draw(st.sampled_from([k for k in cells if k[0] == "a"]))
    return n_tasks, n_cps, grid, target


def _figures(n_tasks: int, n_cps: int, grid: dict) -> dict:
    """Prompter a's headline (both sides, each side), leaderboard position, win rate and Friedman mean rank."""
    tasks = {f"t{t}": make_task(f"t{t}", "OE", [f"c{c}" for c in range(n_cps)]) for t in range(n_tasks)}
    runs = [make_run(f"t{t}", p, "x", outcomes=[(f"c{c}", side, grid[(p, t, c, side)])
                                                 for c in range(n_cps) for side in ("prompt", "image")])
            for p in PROMPTERS for t in range(n_tasks)]
    agg = aggregate(runs, items_for(runs, subjective=False), tasks, intervals=False)
    rates = {p: agg["prompters"][p]["all"]["objective"]["rate"] for p in PROMPTERS}
    ranking = agg["rankings"]["by_backend"]["x"]
    mine = agg["prompters"]["a"]["all"]
    return {
        "objective": rates["a"],
        "prompt": mine["prompt"]["rate"],
        "image": mine["image"]["rate"],
        "pair": agg["pairs"]["a|x"]["all"]["objective"]["rate"],
        "beaten_by": sum(rates[p] > rates["a"] for p in PROMPTERS),  # the leaderboard's rank, less one
        "win_rate": ranking["win_rates"]["a"]["win_rate"],
        "mean_rank": (ranking["friedman"] or {}).get("mean_ranks", {}).get("a"),
    }


def _no_worse(after: dict, before: dict) -> None:
    for key in ("objective", "prompt", "image", "pair", "win_rate", "mean_rank"):
        assert after[key] >= before[key] - 1e-12, key
    assert after["beaten_by"] <= before["beaten_by"]


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(worlds())
def test_showing_one_more_checkpoint_never_lowers_the_headline_or_the_ranking(world):
    n_tasks, n_cps, grid, target = world
    if grid[target] == "pass":
        return
    _no_worse(_figures(n_tasks, n_cps, {**grid, target: "pass"}), _figures(n_tasks, n_cps, grid))


@SETTINGS
@given(worlds(), st.sampled_from(("fail",) + UNDECIDED))
def test_losing_a_shown_checkpoint_never_raises_the_headline_or_the_ranking(world, lost):
    n_tasks, n_cps, grid, target = world
    if grid[target] != "pass":
        return
    _no_worse(_figures(n_tasks, n_cps, grid), _figures(n_tasks, n_cps, {**grid, target: lost}))


@SETTINGS
@given(worlds(), st.sampled_from(UNDECIDED))
def test_saying_less_instead_of_failing_changes_nothing(world, undecided):
    n_tasks, n_cps, grid, target = world
    if grid[target] != "fail":
        return
    before, after = _figures(n_tasks, n_cps, grid), _figures(n_tasks, n_cps, {**grid, target: undecided})
    assert {k: after[k] for k in ("objective", "pair", "beaten_by", "win_rate", "mean_rank")} == \
           {k: before[k] for k in ("objective", "pair", "beaten_by", "win_rate", "mean_rank")}


def test_a_vague_prompter_with_few_decided_checkpoints_ranks_below_a_thorough_one():
    # the case: the novice's few decided checkpoints pass, most are undecided; the old rate ranked it first
    tasks = {"t1": make_task("t1", "OE", [f"c{i}" for i in range(10)])}
    thorough = make_run("t1", "strong", "x", outcomes=[(f"c{i}", "prompt", "pass" if i < 8 else "fail") for i in range(10)])
    vague = make_run("t1", "novice", "x", outcomes=[(f"c{i}", "prompt", "pass" if i < 2 else "abstain") for i in range(10)])
    agg = aggregate([thorough, vague], None, tasks, intervals=False)
    strong, novice = (agg["prompters"][p]["all"]["prompt"] for p in ("strong", "novice"))
    assert novice["rate_decided"] == 1.0 > strong["rate_decided"]  # what the headline used to be
    assert strong["rate"] == 0.8 > novice["rate"] == 0.2
    assert (novice["undecided_share"], novice["range_low"], novice["range_high"]) == (0.8, 0.2, 1.0)
