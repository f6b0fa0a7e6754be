"""The specialised metrics per prompter and backend: task means first, then mean and t interval over tasks."""

from __future__ import annotations

import pytest

from pytest_atelier.results.metric_means import metric_means
from pytest_atelier.results.records import MetricRecord, RunRecord


def _run(task: str, prompter: str, values: dict[str, list[float | None]]) -> RunRecord:
    metrics = [MetricRecord(name=name, value=v) for name, vs in values.items() for v in vs]
    return RunRecord(key=f"{task}-{prompter}", suite="s", task_id=task, category="IM", prompter=prompter, backend="b", judge="j",
                     metrics=metrics)


def test_tasks_weigh_alike_and_the_interval_is_students_t_over_tasks():
    runs = [
        _run("t1", "p", {"text.cer": [0.0, 2.0], "structure.ssim": [0.5]}),  # two checkpoints: task mean 1.0
        _run("t2", "p", {"text.cer": [2.0], "structure.ssim": [None]}),  # a value that could not be measured is left out
        _run("t3", "p", {"text.cer": [3.0]}),
        _run("t4", "p", {"text.cer": [4.0]}),
        _run("t1", "q", {"text.cer": [1.0]}),
    ]
    out = metric_means(runs)
    cer = out["p|b"]["text.cer"]
    # task means 1, 2, 3, 4 -> mean 2.5, sd 1.29099, t(0.975, 3) = 3.18245 (tables): 2.5 -/+ 2.05431
    assert cer["mean"] == 2.5 and cer["n"] == 5 and cer["n_tasks"] == 4
    assert cer["low"] == pytest.approx(0.44569, abs=1e-4) and cer["high"] == pytest.approx(4.55431, abs=1e-4)
    assert out["p|b"]["structure.ssim"] == {"mean": 0.5, "low": None, "high": None, "n": 1, "n_tasks": 1}
    assert out["q|b"] == {"text.cer": {"mean": 1.0, "low": None, "high": None, "n": 1, "n_tasks": 1}}


def test_nothing_measured_is_empty():
    assert metric_means([_run("t1", "p", {"colour.hist": [None]})]) == {}
