"""The results as CSV, one row per checkpoint verdict, for people who analyse in pandas.

Every verdict of every run is a row (each image's image-side verdicts included); the
``final`` column marks the verdict that counts (the top-1 image's, gated). A final
verdict that no single image produced (a checkpoint over several outputs) is a row of
its own with empty ``output`` and ``image_index``. Primitive and level come from the
suite when its folder can be loaded, and are empty otherwise.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path

from ..results.records import Results
from .view import load_inputs

__all__ = ["CSV_COLUMNS", "write_csv"]

CSV_COLUMNS = (
    "suite", "task_id", "category", "prompter", "backend", "judge", "run_key", "checkpoint", "primitive", "level",
    "side", "output", "image_index", "outcome", "final", "reason", "decided_by",
)


def _identity(v) -> tuple:
    return (v.checkpoint, v.side, v.outcome, v.reason, v.decided_by, v.output, v.image_index)


def write_csv(results: Results | Sequence[Results], path: str | Path) -> Path:
    """Write every checkpoint verdict of the (merged) results to ``path`` as UTF-8 CSV."""
    loaded = load_inputs([results] if isinstance(results, Results) else list(results), intervals=False)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_COLUMNS)
        for run in loaded.runs:
            task = loaded.tasks.get(run.task_id)
            finals = {_identity(v) for v in run.final}
            given = {_identity(v) for v in run.verdicts}
            rows = [(v, _identity(v) in finals) for v in run.verdicts]
            rows += [(v, True) for v in run.final if _identity(v) not in given]
            for v, final in rows:
                try:
                    cp = task.checkpoint(v.checkpoint) if task else None
                except KeyError:
                    cp = None
                writer.writerow([
                    run.suite, run.task_id, run.category, run.prompter, run.backend, run.judge, run.key, v.checkpoint,
                    cp.primitive.value if cp and cp.primitive else "", cp.level if cp and cp.level else "",
                    v.side, "" if v.output is None else v.output, "" if v.image_index is None else v.image_index,
                    v.outcome, int(final), v.reason, v.decided_by,
                ])
    return path
