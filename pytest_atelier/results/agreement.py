"""Agreement between the judges of an ensemble, and between repeated calls of one judge.

An ensemble verdict carries ``votes`` such as ``["pass@openai:a#1", "fail@openai:a#2"]``:
outcome, ``@``, rater; a rater named ``LABEL#N`` is repeat N of judge LABEL. From the votes
of every checkpoint side (every image, not only the top-1) :func:`agreement` reports

- ``judges``: between judges (each judge's majority over its repeats): percent agreement
  (mean pairwise), the share of unanimous units, and Cohen's kappa for two judges or
  Fleiss' kappa for more;
- ``repeats``: per judge with several repeats, the same figures with Fleiss' kappa;
- ``split``: the checkpoints on which the votes were not unanimous.

Categories are ``pass``, ``fail`` and ``abstain``. A kappa is None when chance agreement is
total (every vote the same category).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from itertools import combinations
from typing import Sequence

from .records import RunRecord

__all__ = ["cohen_kappa", "fleiss_kappa", "pairwise_agreement", "agreement", "parse_vote"]

_REPEAT = re.compile(r"^(.*)#(\d+)$")
CATEGORIES = ("pass", "fail", "abstain")


def parse_vote(vote: str) -> tuple[str, str, int]:
    """``"pass@openai:a#2"`` -> ``("pass", "openai:a", 2)`` (repeat 1 when unnumbered)."""
    outcome, _, rater = vote.partition("@")
    m = _REPEAT.match(rater)
    return (outcome, m.group(1), int(m.group(2))) if m else (outcome, rater, 1)


def cohen_kappa(a: Sequence[str], b: Sequence[str]) -> float | None:
    """Cohen's kappa of two raters' labels on the same units."""
    if len(a) != len(b) or not a:
        raise ValueError("cohen_kappa needs two label sequences of the same, non-zero length")
    n = len(a)
    observed = sum(x == y for x, y in zip(a, b)) / n
    ca, cb = Counter(a), Counter(b)
    expected = sum(ca[c] * cb[c] for c in set(ca) | set(cb)) / (n * n)
    return None if expected == 1 else (observed - expected) / (1 - expected)


def fleiss_kappa(table: Sequence[Sequence[int]]) -> float | None:
    """Fleiss' kappa of a units x categories count table (the same number of ratings per unit)."""
    rows = [list(r) for r in table]
    if not rows:
        raise ValueError("fleiss_kappa needs at least one unit")
    n = sum(rows[0])
    if n < 2 or any(sum(r) != n for r in rows):
        raise ValueError("fleiss_kappa needs the same number (>= 2) of ratings for every unit")
    big_n = len(rows)
    p_i = [(sum(c * c for c in r) - n) / (n * (n - 1)) for r in rows]
    p_bar = sum(p_i) / big_n
    p_j = [sum(r[j] for r in rows) / (big_n * n) for j in range(len(rows[0]))]
    expected = sum(p * p for p in p_j)
    return None if expected == 1 else (p_bar - expected) / (1 - expected)


def pairwise_agreement(units: Sequence[Sequence[str]]) -> float:
    """Mean share of agreeing rater pairs per unit (for two raters: the share of units agreed)."""
    shares = []
    for labels in units:
        pairs = list(combinations(labels, 2))
        shares.append(sum(x == y for x, y in pairs) / len(pairs))
    return sum(shares) / len(shares)


def _figures(units: list[dict[str, str]], raters: list[str]) -> dict:
    """Agreement among ``raters`` on the units every one of them rated."""
    full = [[u[r] for r in raters] for u in units if all(r in u for r in raters)]
    if not full:
        return {"n": 0, "raters": raters, "percent_agreement": None, "unanimous": None, "kappa": None, "kappa_kind": None}
    if len(raters) == 2:
        kappa, kind = cohen_kappa([u[0] for u in full], [u[1] for u in full]), "cohen"
    else:
        kappa = fleiss_kappa([[labels.count(c) for c in CATEGORIES] for labels in full])
        kind = "fleiss"
    return {
        "n": len(full),
        "raters": raters,
        "percent_agreement": round(100 * pairwise_agreement(full), 2),
        "unanimous": round(100 * sum(len(set(u)) == 1 for u in full) / len(full), 2),
        "kappa": None if kappa is None else round(kappa, 4),
        "kappa_kind": kind,
    }


def _majority(labels: list[str]) -> str:
    tally = Counter(x for x in labels if x in ("pass", "fail"))
    if tally["pass"] == tally["fail"]:
        return "abstain"
    return "pass" if tally["pass"] > tally["fail"] else "fail"


def agreement(runs: Sequence[RunRecord]) -> dict | None:
    """The ``aggregates["agreement"]`` entry, or None when no verdict carries votes."""
    per_judge_units: list[dict[str, list[str]]] = []  # judge -> its votes in repeat order
    split = []
    for run in runs:
        for v in run.verdicts:
            if not v.votes:
                continue
            by_judge: dict[str, list[tuple[int, str]]] = defaultdict(list)
            for vote in v.votes:
                outcome, judge, repeat = parse_vote(vote)
                by_judge[judge].append((repeat, outcome))
            per_judge_units.append({j: [o for _, o in sorted(vs)] for j, vs in by_judge.items()})
            if len({parse_vote(x)[0] for x in v.votes}) > 1:
                split.append(
                    {
                        "task_id": run.task_id,
                        "prompter": run.prompter,
                        "backend": run.backend,
                        "checkpoint": v.checkpoint,
                        "side": v.side,
                        "output": v.output,
                        "image_index": v.image_index,
                        "votes": list(v.votes),
                    }
                )
    if not per_judge_units:
        return None
    judges = sorted({j for u in per_judge_units for j in u})
    entry: dict = {"n_units": len(per_judge_units), "judges": None, "repeats": {}, "split": split}
    if len(judges) >= 2:
        entry["judges"] = _figures([{j: _majority(vs) for j, vs in u.items()} for u in per_judge_units], judges)
    for judge in judges:
        depth = max(len(u.get(judge, [])) for u in per_judge_units)
        if depth >= 2:
            names = [f"#{r}" for r in range(1, depth + 1)]
            units = [dict(zip(names, u[judge])) for u in per_judge_units if len(u.get(judge, [])) == depth]
            figures = _figures(units, names)
            if depth == 2:  # repeats are exchangeable: Fleiss, even for two
                table = [[[u[n] for n in names].count(c) for c in CATEGORIES] for u in units]
                kappa = fleiss_kappa(table)
                figures.update(kappa=None if kappa is None else round(kappa, 4), kappa_kind="fleiss")
            entry["repeats"][judge] = figures
    return entry
