"""Loading a results file: one fast pass for a good file, precise errors for a bad one."""

from __future__ import annotations

import gc
import json

import pytest

from pytest_atelier.errors import GateError
from pytest_atelier.results.records import ImageRecord, load_results, write_results

from helpers_results import items_for, make_results, make_run


def _results(n_tasks: int = 60):
    runs = [make_run(f"t{i:03d}", p, outcomes=[(f"c{k}", side, "pass" if (i + k) % 3 else "fail") for k in range(6) for side in ("prompt", "image")])
            for i in range(n_tasks) for p in ("a", "b")]
    for run in runs:
        run.images = [ImageRecord(output=1, index=j, path=f"images/{run.task_id}-{j}.png", sha256="0" * 64, seed=j) for j in range(2)]
    results = make_results(runs, items_for(runs))
    results.suite["root"] = "suite"
    return results


def test_a_good_file_loads_as_written_with_paths_resolved(tmp_path):
    results = _results()
    loaded = load_results(write_results(results, tmp_path / "r.json"))
    assert loaded.runs[0].images[0].path == str(tmp_path / "images" / "t000-0.png")
    assert loaded.suite["root"] == str(tmp_path / "suite")
    for run in results.runs:
        for image in run.images:
            image.path = str(tmp_path / image.path)
    results.suite["root"] = str(tmp_path / "suite")
    assert loaded == results


def test_loading_makes_no_garbage_collection_pass(tmp_path):
    path = write_results(_results(), tmp_path / "r.json")
    passes = []

    def count(phase, info):
        if phase == "start":
            passes.append(info["generation"])

    assert gc.isenabled()
    gc.callbacks.append(count)
    try:
        load_results(path)
    finally:
        gc.callbacks.remove(count)
    # each pass walks every object built so far (4x the load time at 10,000 runs); the one left is
    # the young generation's, due when collection is enabled again
    assert len(passes) <= 1, passes
    assert gc.isenabled()


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.pop("schema"), 'not a pytest-atelier results file (missing "schema"'),
    (lambda d: d.update(version=99), "results version 99 is not supported"),
    (lambda d: d["runs"][1].update(category=7), "runs.1.category: Input should be a valid string"),
    (lambda d: d["runs"][0].update(colour="red"), "runs.0.colour: Extra inputs are not permitted"),
])
def test_a_bad_file_is_named_with_its_field(tmp_path, edit, message):
    data = json.loads(write_results(_results(3), tmp_path / "r.json").read_text(encoding="utf-8"))
    edit(data)
    (tmp_path / "r.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GateError, match=message.replace("(", r"\(")):
        load_results(tmp_path / "r.json")


def test_unreadable_and_malformed_files(tmp_path):
    with pytest.raises(GateError, match="cannot read results"):
        load_results(tmp_path / "absent.json")
    (tmp_path / "bad.json").write_text('{"schema": ', encoding="utf-8")
    with pytest.raises(GateError, match="cannot read results"):
        load_results(tmp_path / "bad.json")
    assert gc.isenabled()
