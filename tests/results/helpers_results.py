"""Builders for tasks, runs and items used by the results tests."""

from __future__ import annotations

from pytest_atelier.results.records import ItemRecord, RunConfig, Results, RunRecord, ScoreRecord, VerdictRecord
from pytest_atelier.suite.models import Task

__all__ = ["make_task", "make_run", "items_for", "make_results"]


def make_task(task_id, category="OE", checkpoints=("a",), *, tags=(), subtask="", primitives=None, levels=None):
    """A task whose checkpoints have both sides; ``primitives``/``levels`` map checkpoint id -> value."""
    extra = {"constraints": {}} if category == "CO" else {"target_image": "t.png"} if category == "IM" else {}
    cps = []
    for cp in checkpoints:
        spec = {"id": cp, "image": f"shows {cp}", "prompt": f"asks for {cp}"}
        if primitives and cp in primitives:
            spec["primitive"] = primitives[cp]
        if levels and cp in levels:
            spec["level"] = levels[cp]
        cps.append(spec)
    return Task(id=task_id, category=category, brief="a brief", tags={"entities": list(tags)}, subtask=subtask,
                checkpoints=cps, **extra)


def make_run(task_id, prompter="p", backend="b", *, category="OE", outcomes=(), scores=()):
    """``outcomes``: (checkpoint, side, outcome); ``scores``: (side, dimension, value)."""
    return RunRecord(
        key=f"{prompter}|{backend}|{task_id}",
        suite="s",
        task_id=task_id,
        category=category,
        prompter=prompter,
        backend=backend,
        judge="offline",
        final=[VerdictRecord(checkpoint=c, side=s, outcome=o, reason="r", decided_by="t") for c, s, o in outcomes],
        scores=[ScoreRecord(dimension=d, side=s, value=v, rationale="", decided_by="t") for s, d, v in scores],
    )


_ITEM = {"pass": "passed", "fail": "failed", "abstain": "skipped", "skipped": "skipped", "error": "error"}


def items_for(runs, *, subjective=True):
    """One item per final verdict (its outcome mirrored) plus one subjective item per run."""
    items = []
    for run in runs:
        for v in run.final:
            items.append(ItemRecord(nodeid=f"{run.key}::{v.side}::{v.checkpoint}", run_key=run.key, task_id=run.task_id,
                                    prompter=run.prompter, backend=run.backend, kind="checkpoint", side=v.side,
                                    checkpoint=v.checkpoint, outcome=_ITEM[v.outcome]))
        if subjective:
            items.append(ItemRecord(nodeid=f"{run.key}::subjective", run_key=run.key, task_id=run.task_id,
                                    prompter=run.prompter, backend=run.backend, kind="subjective", outcome="passed"))
    return items


def make_results(runs, items=None):
    prompters = sorted({r.prompter for r in runs})
    backends = sorted({r.backend for r in runs})
    return Results(atelier_version="0", created="2025-01-01T00:00:00Z", suite={"name": "s"},
                   config=RunConfig(prompters=prompters, backends=backends, judge="offline", images_per_prompt=1, seed=0),
                   runs=list(runs), items=items_for(runs) if items is None else items)
