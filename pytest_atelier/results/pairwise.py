"""Statistics of head-to-head judging: win rates, Bradley-Terry strengths, agreement with scores.

Input is a list of :class:`Comparison`: one decided duel between two prompters' top-1 images on
one task (and backend, and output), with the outcome ``"a"``, ``"b"`` or ``"tie"``. From it:

- :func:`pair_win_rates`: per pair of prompters, wins, losses and ties and the first one's win
  rate (a tie counts half);
- :func:`overall_win_rates`: per prompter, over every duel it took part in;
- :func:`bradley_terry`: Bradley-Terry log-strengths (mean 0) fitted by choix's iterative
  Luce spectral ranking (``choix.ilsr_pairwise``, a small ``alpha`` regularisation so that an
  undefeated prompter keeps a finite strength); a tie enters as half a win each way. Percentile
  bootstrap intervals resample **tasks** (all duels of a task together), like every interval of
  pytest-atelier;
- :func:`agreement`: how often the judge's decisive duels point the same way as the objective
  scores of the same two runs, and the Kendall tau-b between the Bradley-Terry strengths and the
  prompters' score-based rates.

Nothing here calls a model or imports pytest (the duels are run by :mod:`pytest_atelier.judge.pairwise`).
"""

from __future__ import annotations

import dataclasses
import warnings
from collections import defaultdict
from itertools import combinations
from typing import Mapping, Sequence

import numpy as np

from ..errors import require
from .stats import RELIABLE_FROM, kendall_tau_b

__all__ = ["Comparison", "pair_win_rates", "overall_win_rates", "duel_groups", "bradley_terry", "agreement", "summarise"]

ALPHA = 0.01  # choix's regularisation: keeps an undefeated prompter's strength finite


@dataclasses.dataclass(frozen=True)
class Comparison:
    """One duel: ``a`` against ``b`` on ``task`` (``backend``, ``output``); ``outcome`` is ``"a"``,
    ``"b"`` or ``"tie"``; ``votes`` the members' verdicts, ``reason`` the deciding judge's words."""

    task: str
    backend: str
    a: str
    b: str
    outcome: str
    output: int = 1
    votes: tuple[str, ...] = ()
    reason: str = ""

    def __post_init__(self):
        if self.outcome not in ("a", "b", "tie"):
            raise ValueError(f"outcome must be 'a', 'b' or 'tie', not {self.outcome!r}")
        if self.a == self.b:
            raise ValueError(f"a duel needs two different prompters, got {self.a!r} twice")

    def score_of(self, prompter: str) -> float:
        """1 for a win, 0.5 for a tie, 0 for a loss (of ``prompter``, one of the two)."""
        if self.outcome == "tie":
            return 0.5
        return 1.0 if (self.outcome == "a") == (prompter == self.a) else 0.0


def pair_win_rates(duels: Sequence[Comparison]) -> list[dict]:
    """One row per pair of prompters (sorted): ``a``, ``b``, ``wins``, ``losses``, ``ties``, ``n`` and
    ``win_rate`` of ``a`` (ties count half)."""
    table: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0, 0])
    for d in duels:
        first, second = sorted((d.a, d.b))
        s = d.score_of(first)
        table[first, second][0 if s == 1 else 1 if s == 0 else 2] += 1
    rows = []
    for (a, b), (wins, losses, ties) in sorted(table.items()):
        n = wins + losses + ties
        rows.append({"a": a, "b": b, "wins": wins, "losses": losses, "ties": ties, "n": n, "win_rate": (wins + 0.5 * ties) / n})
    return rows


def overall_win_rates(duels: Sequence[Comparison]) -> dict[str, dict]:
    """Per prompter: ``win_rate`` over all its duels (ties half) and ``n``."""
    scores: dict[str, list[float]] = defaultdict(list)
    for d in duels:
        scores[d.a].append(d.score_of(d.a))
        scores[d.b].append(d.score_of(d.b))
    return {p: {"win_rate": float(np.mean(s)), "n": len(s)} for p, s in sorted(scores.items())}


def _fit(choix, index: dict[str, int], duels: Sequence[Comparison]) -> np.ndarray:
    data: list[tuple[int, int]] = []
    for d in duels:
        a, b = index[d.a], index[d.b]
        if d.outcome == "a":
            data += [(a, b), (a, b)]  # each duel weighs two half-wins, so that a tie can be one each way
        elif d.outcome == "b":
            data += [(b, a), (b, a)]
        else:
            data += [(a, b), (b, a)]
    params = choix.ilsr_pairwise(len(index), data, alpha=ALPHA)
    return params - params.mean()


def duel_groups(duels: Sequence[Comparison]) -> list[list[str]]:
    """The prompters split into groups linked by duels (connected components, each sorted, largest first).

    Strengths of prompters in different groups are not comparable: nothing links them.
    """
    parent: dict[str, str] = {}

    def root(p: str) -> str:
        while parent.setdefault(p, p) != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    for d in duels:
        parent[root(d.a)] = root(d.b)
    groups: dict[str, list[str]] = defaultdict(list)
    for p in sorted(parent):
        groups[root(p)].append(p)
    return sorted(groups.values(), key=lambda g: (-len(g), g))


def bradley_terry(duels: Sequence[Comparison], *, n_boot: int = 1000, confidence: float = 0.95, seed: int = 0) -> dict[str, dict]:
    """Per prompter: ``strength`` (log-strength, mean 0 over the prompters) with a percentile
    bootstrap interval ``low``/``high`` over tasks, and ``n`` (its duels). The chance that ``p`` beats
    ``q`` is ``1 / (1 + exp(strength_q - strength_p))``. ``group`` numbers the prompter's
    :func:`duel_groups` group; with more than one group a RuntimeWarning says that strengths
    compare only within a group. ``ci_reliable`` is False below the tasks at which a percentile
    bootstrap covers 93% (docs/gating.md, "Intervals")."""
    choix = require("choix", "pairwise", "Bradley-Terry strengths")
    prompters = sorted({d.a for d in duels} | {d.b for d in duels})
    if len(prompters) < 2:
        return {}
    groups = duel_groups(duels)
    group_of = {p: i for i, g in enumerate(groups) for p in g}
    if len(groups) > 1:
        listed = "; ".join(", ".join(g) for g in groups)
        warnings.warn(f"Bradley-Terry: the duels form {len(groups)} groups that never met ({listed}); strengths "
                      "compare only within a group: add duels between the groups", RuntimeWarning, stacklevel=2)
    index = {p: i for i, p in enumerate(prompters)}
    point = _fit(choix, index, duels)
    by_task: dict[str, list[Comparison]] = defaultdict(list)
    for d in duels:
        by_task[d.task].append(d)
    tasks = sorted(by_task)
    rng = np.random.default_rng(seed)
    samples = []
    for _ in range(n_boot):
        drawn = [d for i in rng.integers(0, len(tasks), len(tasks)) for d in by_task[tasks[i]]]
        present = {d.a for d in drawn} | {d.b for d in drawn}
        if present != set(prompters):  # a prompter absent from the resample has no strength in it
            continue
        samples.append(_fit(choix, index, drawn))
    tail = (1 - confidence) / 2 * 100
    lows, highs = (np.percentile(samples, [tail, 100 - tail], axis=0) if samples else (None, None))
    counts = overall_win_rates(duels)
    return {
        p: {
            "strength": round(float(point[i]), 6),
            "low": None if lows is None else round(float(lows[i]), 6),
            "high": None if highs is None else round(float(highs[i]), 6),
            "n": counts[p]["n"],
            "group": group_of[p],
            "ci_reliable": len(tasks) >= RELIABLE_FROM["bootstrap"],
        }
        for p, i in index.items()
    }


def agreement(duels: Sequence[Comparison], run_scores: Mapping[tuple[str, str, str], float | None],
              prompter_scores: Mapping[str, float | None], strengths: Mapping[str, dict]) -> dict:
    """How far head-to-head judging agrees with the score-based ranking.

    ``run_scores`` maps (prompter, backend, task) to that run's objective score; ``prompter_scores``
    the prompters' score-based rates. ``duels``: among decisive duels whose two runs have different
    scores, the share where the judge preferred the higher-scored run (``agree`` of ``n``; ties of
    either kind are counted apart). ``ranking``: Kendall tau-b between strengths and rates, and how
    many pairs of prompters both order the same way.
    """
    agree = n = judge_ties = score_ties = 0
    for d in duels:
        sa, sb = run_scores.get((d.a, d.backend, d.task)), run_scores.get((d.b, d.backend, d.task))
        if sa is None or sb is None:
            continue
        if d.outcome == "tie":
            judge_ties += 1
        elif sa == sb:
            score_ties += 1
        else:
            n += 1
            agree += (d.outcome == "a") == (sa > sb)
    both = [p for p in sorted(strengths) if prompter_scores.get(p) is not None]
    same = pairs = 0
    for p, q in combinations(both, 2):
        ds, dr = strengths[p]["strength"] - strengths[q]["strength"], prompter_scores[p] - prompter_scores[q]
        if ds and dr:
            pairs += 1
            same += (ds > 0) == (dr > 0)
    tau = kendall_tau_b([strengths[p]["strength"] for p in both], [prompter_scores[p] for p in both]) if len(both) >= 2 else None
    return {
        "duels": {"agree": agree, "n": n, "rate": agree / n if n else None, "judge_ties": judge_ties, "score_ties": score_ties},
        "ranking": {"kendall_tau_b": tau, "same_order": same, "pairs": pairs, "prompters": both},
    }


def summarise(duels: Sequence[Comparison], run_scores, prompter_scores, *, n_boot: int = 1000, seed: int = 0) -> dict:
    """Every figure above in one JSON-safe mapping (what ``atelier pairwise`` writes)."""
    strengths = bradley_terry(duels, n_boot=n_boot, seed=seed)
    return {
        "n": len(duels),
        "pairs": pair_win_rates(duels),
        "overall": overall_win_rates(duels),
        "bradley_terry": strengths,
        "score_rates": {p: prompter_scores.get(p) for p in sorted(strengths)},
        "agreement": agreement(duels, run_scores, prompter_scores, strengths),
        "bootstrap": {"n_boot": n_boot, "confidence": 0.95, "seed": seed, "unit": "task"},
        "groups": duel_groups(duels),  # more than one: strengths compare only within a group
    }
