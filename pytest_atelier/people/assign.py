"""Which tasks a participant writes prompts for, in which rounds and order.

The algorithm (documented in docs/people.md):

1. The rounds take the configured categories in turn (``OE, CO, IM, OE, CO, IM`` for 6 rounds),
   so each round holds tasks of one category; a category with ``r`` rounds needs
   ``r * tasks_per_round`` distinct tasks.
2. For each category the participant gets the tasks assigned least often so far to the
   participants before them; ties are broken by a shuffle seeded with the participant's seed.
   Over any number of participants, the counts of a category's tasks differ by at most one.
3. The participant's rounds are shuffled, then the tasks within each round, with the same seed
   (``order_plan``): the recorded seed and task set reproduce the order exactly.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

__all__ = ["CollectConfig", "Plan", "plan_participant", "order_plan", "needed_per_category"]


@dataclasses.dataclass(frozen=True)
class CollectConfig:
    """How a collection is run: ``CollectConfig(rounds=6, tasks_per_round=5, min_seconds=30)``.

    ``categories`` are the task categories the rounds cycle through (all the suite's when empty).
    """

    rounds: int = 6
    tasks_per_round: int = 5
    categories: tuple[str, ...] = ()
    min_seconds: float = 30.0

    def __post_init__(self):
        if self.rounds < 1 or self.tasks_per_round < 1:
            raise ValueError(f"rounds ({self.rounds}) and tasks per round ({self.tasks_per_round}) must be at least 1")
        if self.min_seconds < 0:
            raise ValueError(f"the minimum time per task must be 0 or more seconds, not {self.min_seconds}")


@dataclasses.dataclass(frozen=True)
class Plan:
    """A participant's rounds: ``rounds[i]`` is the list of task ids of round ``i + 1``, in order."""

    seed: int
    rounds: tuple[tuple[str, ...], ...]

    @property
    def tasks(self) -> list[str]:
        return [task for round_ in self.rounds for task in round_]


def round_categories(config: CollectConfig, categories: list[str]) -> list[str]:
    """The category of each round before shuffling: the categories in turn."""
    return [categories[i % len(categories)] for i in range(config.rounds)]


def needed_per_category(config: CollectConfig, categories: list[str]) -> Counter:
    return Counter({c: n * config.tasks_per_round for c, n in Counter(round_categories(config, categories)).items()})


def plan_participant(tasks_by_category: dict[str, list[str]], assigned: Counter, seed: int, config: CollectConfig) -> Plan:
    """Choose and order a new participant's tasks; ``assigned`` counts each task's earlier assignments."""
    categories = list(config.categories) or sorted(tasks_by_category)
    rng = random.Random(seed)
    rounds: list[list[str]] = []
    chosen: dict[str, list[str]] = {}
    for category, need in needed_per_category(config, categories).items():
        pool = sorted(tasks_by_category.get(category, []))
        if len(pool) < need:
            raise ValueError(f"category {category} has {len(pool)} tasks; {need} are needed "
                             f"({config.tasks_per_round} per round); use fewer rounds or tasks per round")  # fmt: skip
        rng.shuffle(pool)
        chosen[category] = sorted(pool, key=lambda t: assigned[t])[:need]  # stable: ties keep the seeded order
    for category in round_categories(config, categories):
        rounds.append(chosen[category][: config.tasks_per_round])
        chosen[category] = chosen[category][config.tasks_per_round :]
    return order_plan([sorted(r) for r in rounds], seed)


def order_plan(rounds: list[list[str]], seed: int) -> Plan:
    """Shuffle the rounds, then each round's tasks, with ``seed``; ``rounds`` come in a canonical order."""
    rng = random.Random(f"order:{seed}")
    ordered = [sorted(r) for r in rounds]
    ordered.sort()
    rng.shuffle(ordered)
    for round_ in ordered:
        rng.shuffle(round_)
    return Plan(seed, tuple(tuple(r) for r in ordered))
