"""How often the baseline gate catches a drop, and how many tasks it needs: by simulation.

The model (docs/gating.md, "What a comparison can see") draws every checkpoint outcome of
a run from a logistic model with three sources of variation:

- the checkpoint's difficulty, fixed across runs (sd ``difficulty_sd`` on the logit);
- the image: one effect per task and run on the image-side checkpoints (sd ``image_sd``),
  since one top-1 image decides all of them;
- the prompt: one effect per task and run on both sides (sd ``prompt_sd``), since one
  prompt feeds all of them.

With both effects at 0, checkpoints are independent given their difficulty (what McNemar
assumed). A drop of ``drop`` multiplies the pass probability of the affected checkpoints in
the second run by ``1 - drop / base_rate``, so their expected rate falls by ``drop``
points. The decision is the gate's: the sign-flip test on per-task differences in passes
(:func:`.stats.sign_flip_test`), one-sided, at ``alpha``. ``tests/benchmarks/bench_gate.py``
runs the same model through :func:`.baseline.compare` itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from .stats import sign_flip_test

__all__ = ["NoiseModel", "simulate_runs", "gate_power", "Power", "tasks_needed", "power_table"]


@dataclass(frozen=True)
class NoiseModel:
    """The simulation model: the base pass rate and the spread of each source of variation."""

    base_rate: float = 0.65
    image_sd: float = 1.5
    prompt_sd: float = 1.0
    difficulty_sd: float = 1.0

    def __post_init__(self):
        if not 0 < self.base_rate < 1:
            raise ValueError(f"base_rate must lie strictly between 0 and 1, not {self.base_rate}")
        if min(self.image_sd, self.prompt_sd, self.difficulty_sd) < 0:
            raise ValueError("standard deviations must be non-negative")

    def intercept(self, image_side: bool) -> float:
        """The logit intercept that makes one side's mean pass probability ``base_rate``."""
        sd = math.hypot(self.difficulty_sd, self.prompt_sd, self.image_sd if image_side else 0.0)
        return _intercept(self.base_rate, sd)


@lru_cache(maxsize=64)
def _intercept(base_rate: float, sd: float) -> float:
    # E[expit(mu + sd Z)] = base_rate, solved by bisection on Gauss-Hermite quadrature
    nodes, weights = np.polynomial.hermite_e.hermegauss(80)
    weights = weights / weights.sum()
    low, high = -20.0, 20.0
    for _ in range(100):
        mid = (low + high) / 2
        mean = float((weights / (1 + np.exp(-(mid + sd * nodes)))).sum())
        low, high = (mid, high) if mean < base_rate else (low, mid)
    return (low + high) / 2


def simulate_runs(
    rng: np.random.Generator,
    n_tasks: int,
    n_checkpoints: int,
    model: NoiseModel,
    *,
    drop: float = 0.0,
    affected: np.ndarray | None = None,
    image_share: float = 0.5,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Two runs of ``n_tasks`` x ``n_checkpoints`` outcomes (True = pass), and the image-side mask.

    The last ``image_share`` of each task's checkpoints (rounded down) is the image side,
    the rest the prompt side. ``affected`` (tasks x checkpoints, bool) says where the drop
    applies (everywhere when None).
    """
    if not 0 <= drop < model.base_rate:
        raise ValueError(f"drop must lie in [0, base_rate), not {drop}")
    image = np.zeros(n_checkpoints, bool)
    image[n_checkpoints - int(n_checkpoints * image_share) :] = True
    intercept = np.where(image, model.intercept(True), model.intercept(False))
    fixed = intercept + model.difficulty_sd * rng.standard_normal((n_tasks, n_checkpoints))
    runs = []
    for _ in range(2):
        logit = fixed + model.prompt_sd * rng.standard_normal((n_tasks, 1))
        logit = logit + image * (model.image_sd * rng.standard_normal((n_tasks, 1)))
        runs.append(1.0 / (1.0 + np.exp(-logit)))
    p_before, p_after = runs
    if drop:
        shrink = np.full(p_after.shape, 1.0 - drop / model.base_rate)
        if affected is not None:
            shrink = np.where(affected, shrink, 1.0)
        p_after = p_after * shrink
    before = rng.random(p_before.shape) < p_before
    after = rng.random(p_after.shape) < p_after
    return before, after, np.broadcast_to(image, before.shape)


def gate_power(
    n_tasks: int,
    *,
    checkpoints_per_task: float = 22.0,
    model: NoiseModel = NoiseModel(),
    drop: float = 0.05,
    alpha: float = 0.05,
    n_sim: int = 1000,
    seed: int = 0,
    image_share: float = 0.5,
) -> float:
    """Simulated probability that the gate flags a drop of ``drop`` on ``n_tasks`` tasks
    (with ``drop=0``: the false-alarm rate)."""
    if n_tasks < 1:
        raise ValueError(f"n_tasks must be at least 1, not {n_tasks}")
    n_checkpoints = max(1, int(round(checkpoints_per_task)))
    rng = np.random.default_rng(seed)
    hits = 0
    for _ in range(n_sim):
        before, after, _ = simulate_runs(rng, n_tasks, n_checkpoints, model, drop=drop, image_share=image_share)
        diffs = after.sum(1).astype(float) - before.sum(1)
        test = sign_flip_test(diffs, alternative="less")  # exact: differences of pass counts
        hits += test.p_value < alpha and test.statistic < 0
    return hits / n_sim


@dataclass(frozen=True)
class Power:
    """What :func:`tasks_needed` found: the smallest ``n_tasks`` reaching ``target`` power."""

    n_tasks: int | None  # None: beyond max_tasks
    power: float | None
    checkpoints_per_task: float
    drop: float
    model: NoiseModel
    alpha: float
    target: float
    n_sim: int
    seed: int
    curve: list[tuple[int, float]] = field(default_factory=list)  # every (n_tasks, power) evaluated


def tasks_needed(
    drop: float = 0.05,
    *,
    checkpoints_per_task: float = 22.0,
    model: NoiseModel = NoiseModel(),
    alpha: float = 0.05,
    target: float = 0.8,
    n_sim: int = 1000,
    seed: int = 0,
    max_tasks: int = 5000,
    image_share: float = 0.5,
) -> Power:
    """Smallest number of tasks at which the gate detects ``drop`` with ``target`` power.

    Doubles the number of tasks until the simulated power reaches the target, then bisects;
    every evaluation uses the same seed, so the search is deterministic.
    """
    params = dict(checkpoints_per_task=checkpoints_per_task, model=model, drop=drop, alpha=alpha, n_sim=n_sim, seed=seed,
                  image_share=image_share)
    curve: dict[int, float] = {}

    def power_at(n: int) -> float:
        if n not in curve:
            curve[n] = gate_power(n, **params)
        return curve[n]

    meta = dict(checkpoints_per_task=checkpoints_per_task, drop=drop, model=model, alpha=alpha, target=target, n_sim=n_sim, seed=seed)
    low, high = 1, 2
    while power_at(high) < target:
        low, high = high, high * 2
        if high > max_tasks:
            return Power(None, None, **meta, curve=sorted(curve.items()))
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (low, mid) if power_at(mid) >= target else (mid, high)
    return Power(high, curve[high], **meta, curve=sorted(curve.items()))


# (row label, checkpoint sides per task, image share) of docs/gating.md's table
TABLE_ROWS = (("`atelier`, both sides", 23.0, 0.5), ("`atelier`, image side only", 11.5, 1.0),
              ("`idea-design`, both sides", 12.0, 0.5))
TABLE_MODELS = (("independent", NoiseModel(image_sd=0.0, prompt_sd=0.0)),
                ("image 1.5, prompt 1.0", NoiseModel(image_sd=1.5, prompt_sd=1.0)),
                ("image 2.5, prompt 1.0", NoiseModel(image_sd=2.5, prompt_sd=1.0)))


def _cell(args) -> str:
    drop, sides, share, model, alpha, target, n_sim, seed = args
    found = tasks_needed(drop, checkpoints_per_task=sides, model=model, alpha=alpha, target=target, n_sim=n_sim,
                         seed=seed, image_share=share)
    return f"{found.n_tasks} tasks" if found.n_tasks else "more than 5000"


def power_table(drop: float = 0.05, *, alpha: float = 0.05, target: float = 0.8, n_sim: int = 400, seed: int = 0,
                jobs: int = 1) -> str:
    """docs/gating.md's table: tasks the gate needs to catch ``drop`` with ``target`` power, as Markdown
    (``jobs`` cells computed at once, one process each)."""
    cells = [(drop, sides, share, model, alpha, target, n_sim, seed) for _, sides, share in TABLE_ROWS for _, model in TABLE_MODELS]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(jobs) as pool:
            found = list(pool.map(_cell, cells))
    else:
        found = [_cell(c) for c in cells]
    lines = [f"| suite (checkpoint sides per task) | {' | '.join(name for name, _ in TABLE_MODELS)} |",
             "| --- |" + " --- |" * len(TABLE_MODELS)]
    for r, (label, sides, _) in enumerate(TABLE_ROWS):
        lines.append(f"| {label} ({sides:g}) | {' | '.join(found[r * len(TABLE_MODELS):(r + 1) * len(TABLE_MODELS)])} |")
    return "\n".join(lines)


if __name__ == "__main__":
    import sys

    print(power_table(jobs=int(sys.argv[1]) if len(sys.argv) > 1 else 1))
