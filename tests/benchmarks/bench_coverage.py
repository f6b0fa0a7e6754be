"""Coverage of the printed 95% intervals at small task counts, by simulation (run by hand).

    python tests/benchmarks/bench_coverage.py [--sims 2000] [--tasks 5,10,30,100] [--jobs 1]

Draws runs of ``T`` tasks x 22 checkpoint sides from the gate's noise model
(:func:`pytest_atelier.results.power.simulate_runs`: checkpoint difficulty sd 1.0, an image
effect sd 1.5 per task and run on the image side, a prompt effect sd 1.0 per task and run),
whose expected pass rate is known, and counts how often each interval holds the truth:

- ``rate``: the headline and the rates (:func:`.stats.rate_interval`), at base rates 0.65 and 0.9;
- ``rate, percentile bootstrap``: the interval printed before (2000 resamples of tasks), for comparison;
- ``paired difference``: a baseline comparison's change (:func:`.stats.paired_diff_interval`), a
  5-point drop;
- ``mean score``: a subjective mean (1-5 scores with a task effect; :func:`.stats.ratio_interval`,
  the method of IDEA scores too);
- ``Bradley-Terry``: the strengths of three prompters from one duel per pair and task
  (:func:`.pairwise.bradley_terry`), the truth fixed at log-strengths -0.5, 0, 0.5; each of the
  three printed intervals counts on its own.

Prints a Markdown table (docs/gating.md, "Intervals"): the share of intervals that covered; "(under)"
where it is below 0.93, which the output marks as unreliable below :data:`.stats.RELIABLE_FROM` tasks.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from pytest_atelier.results.power import NoiseModel, simulate_runs  # noqa: E402
from pytest_atelier.results.stats import paired_diff_interval, rate_interval, ratio_interval  # noqa: E402

CHECKPOINTS = 22
SCORE_TRUTH_DRAWS = 2_000_000
STRENGTHS = np.array([-0.5, 0.0, 0.5])


def _percentile_bootstrap(rng, num: np.ndarray, den: np.ndarray, n_boot: int = 2000) -> tuple[float, float]:
    """The interval pytest-atelier printed before: percentiles of the pooled ratio over resampled tasks."""
    drawn = rng.integers(0, num.size, size=(n_boot, num.size))
    low, high = np.percentile(num[drawn].sum(1) / den[drawn].sum(1), [2.5, 97.5])
    return float(low), float(high)


def _rate(rng, n_tasks: int, base: float, bootstrap: bool) -> bool:
    passed, _, _ = simulate_runs(rng, n_tasks, CHECKPOINTS, NoiseModel(base_rate=base))
    num, den = passed.sum(1).astype(float), np.full(n_tasks, float(CHECKPOINTS))
    if bootstrap:
        low, high = _percentile_bootstrap(rng, num, den)
    else:
        ci = rate_interval(num, den)
        low, high = ci.low, ci.high
    return low is not None and low <= base <= high


def _diff(rng, n_tasks: int, drop: float = 0.05) -> bool:
    before, after, _ = simulate_runs(rng, n_tasks, CHECKPOINTS, NoiseModel(), drop=drop)
    den = np.full(n_tasks, float(CHECKPOINTS))
    ci = paired_diff_interval(after.sum(1).astype(float), den, before.sum(1).astype(float), den)
    return ci.low is not None and ci.low <= -drop <= ci.high


def _scores(rng, shape) -> np.ndarray:
    task = rng.normal(0.0, 0.7, size=shape[:1] + (1,))
    return np.clip(np.rint(3.4 + task + rng.normal(0.0, 0.8, size=shape)), 1, 5)


def _mean(rng, n_tasks: int, truth: float) -> bool:
    scores = _scores(rng, (n_tasks, 4))
    ci = ratio_interval(scores.sum(1), np.full(n_tasks, 4.0))
    return ci.low is not None and ci.low <= truth <= ci.high


def _bt(rng, n_tasks: int) -> float:
    """The share of the three printed strength intervals that hold their true strength."""
    from pytest_atelier.results.pairwise import Comparison, bradley_terry

    names = ("p0", "p1", "p2")
    duels = []
    for t in range(n_tasks):
        for i, j in ((0, 1), (0, 2), (1, 2)):
            win = rng.random() < 1 / (1 + np.exp(STRENGTHS[j] - STRENGTHS[i]))
            duels.append(Comparison(f"t{t}", "b", names[i], names[j], "a" if win else "b"))
    fit = bradley_terry(duels, n_boot=200, seed=int(rng.integers(1 << 30)))
    truth = STRENGTHS - STRENGTHS.mean()
    return sum(fit[n]["low"] is not None and fit[n]["low"] <= truth[i] <= fit[n]["high"] for i, n in enumerate(names)) / 3


def _job(args) -> tuple[str, int, int, int]:
    name, n_tasks, sims, seed = args
    rng = np.random.default_rng([seed, n_tasks, sum(map(ord, name))])
    truth = float(_scores(np.random.default_rng(seed), (SCORE_TRUTH_DRAWS, 1)).mean())
    check = {
        "rate (base 0.65)": lambda: _rate(rng, n_tasks, 0.65, False),
        "rate (base 0.9)": lambda: _rate(rng, n_tasks, 0.9, False),
        "rate, percentile bootstrap (base 0.65)": lambda: _rate(rng, n_tasks, 0.65, True),
        "paired difference (5-point drop)": lambda: _diff(rng, n_tasks),
        "mean score (t)": lambda: _mean(rng, n_tasks, truth),
        "Bradley-Terry strengths (bootstrap)": lambda: _bt(rng, n_tasks),
    }[name]
    return name, n_tasks, sum(check() for _ in range(sims)), sims


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sims", type=int, default=2000)
    parser.add_argument("--bt-sims", type=int, default=400, help="simulations for Bradley-Terry (slow: a bootstrap of fits)")
    parser.add_argument("--tasks", default="5,10,30,100")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", default="", help="simulate the intervals whose name contains this")
    args = parser.parse_args(argv)
    sizes = [int(t) for t in args.tasks.split(",")]
    names = ["rate (base 0.65)", "rate (base 0.9)", "rate, percentile bootstrap (base 0.65)",
             "paired difference (5-point drop)", "mean score (t)", "Bradley-Terry strengths (bootstrap)"]
    names = [n for n in names if args.only in n]
    jobs = [(n, t, args.bt_sims if n.startswith("Bradley") else args.sims, args.seed) for n in names for t in sizes]
    with ProcessPoolExecutor(args.jobs) as pool:
        found = {(n, t): (hits, sims) for n, t, hits, sims in pool.map(_job, jobs)}
    print(f"| interval | {' | '.join(f'{t} tasks' for t in sizes)} |")
    print("| --- |" + " --- |" * len(sizes))
    for n in names:
        cells = []
        for t in sizes:
            hits, sims = found[(n, t)]
            cells.append(f"{hits / sims:.3f}" + ("" if hits / sims >= 0.93 else " (under)"))
        print(f"| {n} | {' | '.join(cells)} |")
    print(f"\n{args.sims} simulations per cell ({args.bt_sims} for Bradley-Terry), seed {args.seed}; "
          f"a cell is within +-{2 * np.sqrt(0.95 * 0.05 / args.sims):.3f} of the truth (two standard errors at 0.95).")


if __name__ == "__main__":
    main()
