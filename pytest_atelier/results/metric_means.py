"""The specialised metrics (docs/metrics.md) per prompter and backend: mean and interval over tasks.

A run measures its top-1 images (one value per output, or per checkpoint for ``text.cer`` and
``count.objects``); a task's values are averaged first, so a task with many text checkpoints
weighs as much as one with a single one, and the interval is Student's t over those task means
(tasks are the unit, as for the other figures). ``aggregates["metrics"]`` holds the result.
"""

from __future__ import annotations

from collections import defaultdict
from statistics import fmean
from typing import Sequence

from scipy import stats

from .aggregate import pair_label
from .records import RunRecord

__all__ = ["metric_means"]


def metric_means(runs: Sequence[RunRecord], confidence: float = 0.95) -> dict:
    """pair label -> metric name -> {mean, low, high, n, n_tasks}; empty when nothing was measured.
    ``low``/``high`` are None with fewer than two tasks, or when every task gives the same value."""
    values: dict[tuple[str, str], dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for run in runs:
        for m in run.metrics:
            if m.value is not None:
                values[(pair_label(run.prompter, run.backend), m.name)][run.task_id].append(m.value)
    out: dict[str, dict[str, dict]] = defaultdict(dict)
    for (pair, name), by_task in sorted(values.items()):
        means = [fmean(v) for v in by_task.values()]
        mean = fmean(means)
        low = high = None
        if len(means) >= 2 and len(set(means)) > 1:
            low, high = (float(x) for x in stats.t.interval(confidence, len(means) - 1, loc=mean, scale=stats.sem(means)))
        out[pair][name] = {"mean": mean, "low": low, "high": high, "n": sum(map(len, by_task.values())), "n_tasks": len(means)}
    return dict(out)
