"""Which items (runs of a results file) each rater labels, and in which order.

The algorithm (documented in docs/people.md):

1. The items are put in a canonical order (by id) and shuffled with the plan's seed.
2. The first ``round(share * N)`` of them (at least one when the share is above 0 and there are
   two raters or more) are **shared** items, each rated by ``min(overlap, raters)`` raters; every
   other item is rated by one rater.
3. Items are dealt in that order, shared ones first: each goes to the raters holding the fewest
   items so far, ties broken by a seeded order of the raters. Every rater ends up with the same
   number of items give or take one, and the shared items rotate over the raters.
4. Each rater's items are then shuffled with a seed drawn from the plan's seed and the rater's
   id, so raters meet items in different orders (order effects do not line up).

The plan is a pure function of (items, raters, share, overlap, seed), recorded at the start.
"""

from __future__ import annotations

import dataclasses
import random

__all__ = ["LabelPlan", "plan_labels"]


@dataclasses.dataclass(frozen=True)
class LabelPlan:
    """``items[rater]`` lists the item ids the rater labels, in order; ``shared`` the items given to several."""

    seed: int
    share: float
    overlap: int
    raters: tuple[str, ...]
    items: dict[str, tuple[str, ...]]
    shared: frozenset[str]

    def raters_of(self, item: str) -> list[str]:
        return [r for r in self.raters if item in self.items[r]]


def plan_labels(items: list[str], raters: list[str], share: float = 0.2, overlap: int = 2, seed: int = 0) -> LabelPlan:
    """Deal ``items`` to ``raters`` so that a ``share`` of them is rated by ``overlap`` raters."""
    if not raters or len(set(raters)) != len(raters):
        raise ValueError(f"raters must be one or more distinct ids, not {raters}")
    if not 0 <= share <= 1:
        raise ValueError(f"the share of items rated by several raters must lie in 0-1, not {share}")
    if overlap < 2:
        raise ValueError(f"an item rated by several raters needs at least 2 of them, not {overlap}")
    rng = random.Random(seed)
    order = sorted(items)
    rng.shuffle(order)
    many = min(overlap, len(raters))
    n_shared = 0 if many < 2 or share == 0 else min(len(order), max(1, round(share * len(order))))
    rater_order = list(raters)
    rng.shuffle(rater_order)
    rank = {r: i for i, r in enumerate(rater_order)}
    dealt: dict[str, list[str]] = {r: [] for r in raters}
    for n, item in enumerate(order):
        width = many if n < n_shared else 1
        for rater in sorted(raters, key=lambda r: (len(dealt[r]), rank[r]))[:width]:
            dealt[rater].append(item)
    for rater in raters:
        random.Random(f"{seed}:{rater}").shuffle(dealt[rater])
    return LabelPlan(seed, share, many, tuple(raters), {r: tuple(v) for r, v in dealt.items()}, frozenset(order[:n_shared]))
