"""False alarms and power of the baseline gate, by simulation (run by hand; outside the default test run).

    python tests/benchmarks/bench_gate.py [--sims 1000] [--tasks 360] [--checkpoints 22] [--alpha 0.05]
                                          [--seed 0] [--only NAME] [--candidates] [--jobs 1]

Simulates pairs of runs (baseline, current) with :func:`pytest_atelier.results.power.simulate_runs`
(a logistic model with a checkpoint difficulty, an image effect per task and run on the
image side, and a prompt effect per task and run on both sides), turns them into results
files (run records and checkpoint items, as the plugin writes them) and decides each one
as the plugin does: :func:`compare` with the suite's scopes, the ``regression(KIND)`` gate
records and :func:`exit_status`. A setting "alarms" when the exit status is 1; the columns
``regression(category)`` and ``regression(subtask)`` count each gate's own failures (each kind is
its own Holm family, so each keeps its false alarms within alpha; a run with both gates and the
overall test can alarm up to three times as often).

Settings: unchanged systems under independent noise and under task-clustered noise (image
effect sd 0, 1.5, 2.5 x prompt effect sd 0, 1.0), and real drops (5 and 10 points overall,
10 points in one category of 120 tasks, 10 points in one subtask of 36 tasks). Each is
decided with the default gate (the overall test only) and with ``regression(category)``
and ``regression(subtask)`` gates. Printed: the alarm rate with its 95% Clopper-Pearson
interval. ``--candidates`` adds the tests that were considered, on the same draws: exact
McNemar over checkpoints (the old rule), the paired t-test and the sign-flip test on
per-task differences.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from pytest_atelier.results.baseline import compare, exit_status, regression_gate_records
from pytest_atelier.results.gates import parse_gate
from pytest_atelier.results.power import NoiseModel, simulate_runs
from pytest_atelier.results.records import ItemRecord, Results, RunConfig, RunRecord, VerdictRecord
from pytest_atelier.results.stats import mcnemar_exact

CATEGORIES = ("OE", "CO", "IM")
PRIMITIVES = ("abstract_intent", "audience_intent", "implicit_style", "semantic_negation", "text", "quantity")
GATES = ["regression(category)", "regression(subtask)"]
COLUMNS = ["default", "regression(category)", "regression(subtask)", "+category,subtask"]


def layout(n_tasks: int) -> tuple[list[str], list[str]]:
    """Category (three equal blocks) and subtask (36, 36, then the rest of each category) of every task."""
    per = n_tasks // len(CATEGORIES)
    categories, subtasks = [], []
    for t in range(n_tasks):
        c = min(t // per, len(CATEGORIES) - 1)
        within = t - c * per
        categories.append(CATEGORIES[c])
        subtasks.append(f"{CATEGORIES[c].lower()}_{min(within // 36, 2)}")
    return categories, subtasks


def settings(n_tasks: int) -> list[tuple[str, NoiseModel, float, str | None]]:
    """(name, model, drop, where): where is None (everywhere), "category:CO" or "subtask:co_0"."""
    out = []
    for image_sd in (0.0, 1.5, 2.5):
        for prompt_sd in (0.0, 1.0):
            kind = "independent" if image_sd == prompt_sd == 0 else "clustered"
            out.append((f"null {kind} img={image_sd:g} prm={prompt_sd:g}", NoiseModel(image_sd=image_sd, prompt_sd=prompt_sd), 0.0, None))
    drift = NoiseModel(image_sd=1.5, prompt_sd=1.0)
    out += [
        ("drop 5pt overall img=1.5 prm=1", drift, 0.05, None),
        ("drop 10pt overall img=1.5 prm=1", drift, 0.10, None),
        ("drop 10pt in CO (120 tasks)", drift, 0.10, "category:CO"),
        ("drop 10pt in subtask co_0 (36 tasks)", drift, 0.10, "subtask:co_0"),
    ]
    return out


class Fixture:
    """Results files for simulated outcomes, built the way the plugin builds them."""

    def __init__(self, n_tasks: int, n_checkpoints: int):
        self.categories, self.subtasks = layout(n_tasks)
        self.tasks = [f"t{t:04d}" for t in range(n_tasks)]
        self.checkpoints = [f"c{j:02d}" for j in range(n_checkpoints)]
        self.sides = ["prompt" if j < n_checkpoints // 2 else "image" for j in range(n_checkpoints)]
        # Only the scopes a gate configuration gates on: the others are reported, never decide.
        self.scopes = {
            (task, cp): (f"category:{self.categories[t]}", f"subtask:{self.subtasks[t]}")
            for t, task in enumerate(self.tasks) for j, cp in enumerate(self.checkpoints)
        }
        self.config = RunConfig(prompters=["agent"], backends=["reference"], judge="offline", images_per_prompt=4, seed=0,
                                judge_identity="offline/sim", backend_identities={"reference": "reference/sim"})
        # every verdict and item a run can hold, made once: a simulation picks the pass or the fail one
        self.verdicts, self.items = {}, {}
        for t, task in enumerate(self.tasks):
            key = f"agent|reference|{task}"
            for j, (cp, side) in enumerate(zip(self.checkpoints, self.sides)):
                for outcome, item_outcome in (("pass", "passed"), ("fail", "failed")):
                    self.verdicts[(t, j, outcome == "pass")] = VerdictRecord(
                        checkpoint=cp, side=side, outcome=outcome, reason="", decided_by="sim")
                    self.items[(t, j, outcome == "pass")] = ItemRecord(
                        nodeid=f"{key}::{side}-{cp}", run_key=key, task_id=task, prompter="agent", backend="reference",
                        kind="checkpoint", side=side, checkpoint=cp, outcome=item_outcome)

    def affected(self, where: str | None) -> np.ndarray | None:
        if where is None:
            return None
        kind, _, name = where.partition(":")
        labels = self.categories if kind == "category" else self.subtasks
        return np.broadcast_to(np.array([label == name for label in labels])[:, None], (len(self.tasks), len(self.checkpoints)))

    def results(self, passed: np.ndarray) -> Results:
        runs, items = [], []
        for t, task in enumerate(self.tasks):
            row = passed[t].tolist()
            runs.append(RunRecord.model_construct(
                key=f"agent|reference|{task}", suite="sim", task_id=task, category=self.categories[t], prompter="agent",
                backend="reference", judge="offline", final=[self.verdicts[(t, j, ok)] for j, ok in enumerate(row)]))
            items += [self.items[(t, j, ok)] for j, ok in enumerate(row)]
        return Results.model_construct(schema_="pytest-atelier/results", version=2, atelier_version="bench", created="",
                                       suite={"name": "sim", "version": "1"}, config=self.config, runs=runs, items=items,
                                       aggregates={}, gates=[])


def decide(fixture: Fixture, before: np.ndarray, after: np.ndarray, alpha: float, seed: int) -> dict[str, bool]:
    """Alarms through the plugin's own functions: the run's exit status without regression gates ("default")
    and with both ("+category,subtask"), and each gate's own verdict (each kind is its own Holm family)."""
    gates = [parse_gate(e) for e in GATES]
    comparison = compare(fixture.results(after), fixture.results(before), alpha=alpha, scopes=fixture.scopes,
                         gate_kinds=[g.selector for g in gates], seed=seed)
    records = regression_gate_records(gates, comparison)
    out = {"default": exit_status(0, gating=True, comparison=comparison) == 1,
           "+category,subtask": exit_status(0, gating=True, gates=records, comparison=comparison) == 1}
    for gate in gates:
        out[gate.expression] = not all(r.passed for r in records if r.expression == gate.expression)
    return out


def candidates(before: np.ndarray, after: np.ndarray, alpha: float, seed: int) -> dict[str, bool]:
    """The tests considered, on the same draws (each one-sided for a drop at alpha)."""
    from scipy import stats

    from pytest_atelier.results.stats import sign_flip_test

    b = int((before & ~after).sum())
    c = int((~before & after).sum())
    diffs = after.sum(1).astype(float) - before.sum(1)
    t = stats.ttest_1samp(diffs, 0.0, alternative="less") if diffs.any() else None
    return {
        "McNemar (checkpoints)": mcnemar_exact(b, c).p_value / 2 < alpha and b > c,  # one-sided: half the two-sided p
        "paired t (tasks)": bool(t is not None and t.pvalue < alpha),
        "sign-flip (tasks)": sign_flip_test(diffs, seed=seed).p_value < alpha,
    }


def clopper_pearson(hits: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    from scipy import stats

    result = stats.binomtest(hits, n).proportion_ci(confidence_level=confidence, method="exact")
    return result.low, result.high


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sims", type=int, default=1000, help="simulated pairs of runs per setting")
    parser.add_argument("--tasks", type=int, default=360)
    parser.add_argument("--checkpoints", type=int, default=22, help="checkpoint sides per task (half prompt, half image)")
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default="", help="run the settings whose name contains this")
    parser.add_argument("--candidates", action="store_true", help="also decide with the candidate tests")
    parser.add_argument("--jobs", type=int, default=1, help="settings simulated at once, one process each")
    args = parser.parse_args(argv)

    columns = COLUMNS + (["McNemar (checkpoints)", "paired t (tasks)", "sign-flip (tasks)"] if args.candidates else [])
    print(f"# bench_gate: {args.tasks} tasks x {args.checkpoints} checkpoint sides, {args.sims} simulations per setting, "
          f"alpha {args.alpha:g}, seed {args.seed}")
    print(f"| setting | {' | '.join(columns)} |")
    print("| --- |" + " --- |" * len(columns))
    chosen = [(i, s) for i, s in enumerate(settings(args.tasks)) if not args.only or args.only in s[0]]
    jobs = [(args, columns, index, setting) for index, setting in chosen]
    if args.jobs > 1:
        from multiprocessing import Pool

        with Pool(args.jobs) as pool:
            for row in pool.imap(_row, jobs):
                print(row, flush=True)
    else:
        for job in jobs:
            print(_row(job), flush=True)
    print(f"\nnull rows: false-alarm rate (nominal {args.alpha:g}); drop rows: power. Brackets: 95% Clopper-Pearson intervals.")


def _row(job) -> str:
    """One setting simulated: its table row."""
    args, columns, index, (name, model, drop, where) = job
    fixture = Fixture(args.tasks, args.checkpoints)
    rng = np.random.default_rng([args.seed, index])
    hits = dict.fromkeys(columns, 0)
    start = time.perf_counter()
    for _ in range(args.sims):
        before, after, _ = simulate_runs(rng, args.tasks, args.checkpoints, model, drop=drop, affected=fixture.affected(where))
        decided = decide(fixture, before, after, args.alpha, args.seed)
        if args.candidates:
            decided |= candidates(before, after, args.alpha, args.seed)
        for column, alarmed in decided.items():
            hits[column] += alarmed
    cells = []
    for column in columns:
        low, high = clopper_pearson(hits[column], args.sims)
        cells.append(f"{hits[column] / args.sims:.3f} [{low:.3f}, {high:.3f}]")
    return f"| {name} | {' | '.join(cells)} |  <!-- {time.perf_counter() - start:.0f} s -->"


if __name__ == "__main__":
    main()
