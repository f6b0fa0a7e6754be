"""A stratified, deterministic subset of a suite's tasks (``--atelier-sample N``).

Tasks are grouped by category and by their main challenge primitive (the primitive most
of their checkpoints carry; ties by name). Each group gets a share of the N tasks in
proportion to its size (largest remainders, ties by group name), and within a group the
tasks are taken in the order of a hash of the seed and the task id. The same suite, N and
seed give the same subset on every machine and every xdist worker.
"""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict
from typing import Sequence

from .models import Task

__all__ = ["stratum", "stratified_sample"]


def stratum(task: Task) -> tuple[str, str]:
    """(category, main primitive) of a task; "-" when no checkpoint names a primitive."""
    counts = Counter(cp.primitive.value for cp in task.checkpoints if cp.primitive is not None)
    main = min(counts, key=lambda p: (-counts[p], p)) if counts else "-"
    return task.category.value, main


def _order(seed: int, task_id: str) -> str:
    return hashlib.sha256(f"{seed}:{task_id}".encode()).hexdigest()


def stratified_sample(tasks: Sequence[Task], n: int, seed: int = 0) -> list[str]:
    """The ids of ``n`` tasks (all of them when ``n`` is at least their number), sorted."""
    if n < 1:
        raise ValueError(f"the sample needs at least 1 task, not {n}")
    if n >= len(tasks):
        return sorted(t.id for t in tasks)
    groups: dict[tuple[str, str], list[Task]] = defaultdict(list)
    for t in tasks:
        groups[stratum(t)].append(t)
    quotas = {g: n * len(ts) / len(tasks) for g, ts in groups.items()}
    take = {g: int(q) for g, q in quotas.items()}
    for g in sorted(groups, key=lambda g: (-(quotas[g] - take[g]), g))[: n - sum(take.values())]:
        take[g] += 1
    chosen = []
    for g, ts in groups.items():
        chosen += [t.id for t in sorted(ts, key=lambda t: _order(seed, t.id))[: take[g]]]
    return sorted(chosen)
