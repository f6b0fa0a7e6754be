"""Results version 3: runs carry their metrics; files of versions 1 and 2 still load.

``results_v1.json`` is cut from the version-1 recording of ``multi.json`` (commit 7484d6b): the three
im_001 runs without images and their items, aggregates dropped."""

from __future__ import annotations

import json
from pathlib import Path

from pytest_atelier.results.records import SCHEMA_VERSION, MetricRecord, load_results, write_results

from helpers_results import items_for, make_results, make_run

V1 = Path(__file__).parents[2] / "fixtures" / "results" / "results_v1.json"


def test_metrics_round_trip_in_version_3(tmp_path):
    run = make_run("t1", "a", outcomes=[("c1", "image", "pass")])
    run.metrics = [MetricRecord(name="text.cer", value=0.25, output=1, image_index=0, checkpoint="c1", detail="x", decided_by="ocr"),
                   MetricRecord(name="colour.hist", value=None, output=1, image_index=0, detail="error: no image")]
    path = write_results(make_results([run], items_for([run])), tmp_path / "r.json")
    assert json.loads(path.read_text())["version"] == SCHEMA_VERSION == 4
    assert load_results(path).runs[0].metrics == run.metrics


def test_an_older_file_loads_with_no_metrics(tmp_path):
    data = json.loads(V1.read_text(encoding="utf-8"))
    assert data["version"] == 1 and all("metrics" not in run for run in data["runs"])
    old = load_results(V1)
    assert old.version == 1 and old.runs and all(run.metrics == [] for run in old.runs)
    data["version"] = 2
    (tmp_path / "v2.json").write_text(json.dumps(data), encoding="utf-8")
    assert load_results(tmp_path / "v2.json").runs[0].metrics == []
