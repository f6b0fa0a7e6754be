"""The report read from a results file a chunk of runs at a time: the same page as from records in memory, and precise errors."""

from __future__ import annotations

import json
import re

import pytest

from pytest_atelier.cli import main
from pytest_atelier.errors import GateError
from pytest_atelier.report import render, render_report, stream
from pytest_atelier.report.thumbs import Thumbnails
from pytest_atelier.results.records import load_results


def _page(path) -> str:
    return re.sub(r"rendered [0-9T:+-]+", "rendered X", path.read_text(encoding="utf-8"))


def test_streamed_page_equals_the_page_from_records(generated, tmp_path, monkeypatch):
    _, root = generated
    monkeypatch.setattr(stream, "RUN_CHUNK", 7)  # several chunks, the last one short
    monkeypatch.setattr(stream, "ITEM_CHUNK", 50)
    calls = []
    real = stream.stream_inputs
    monkeypatch.setattr(render, "stream_inputs", lambda *a, **k: calls.append(1) or real(*a, **k))
    streamed = render_report(root / "results.json", tmp_path / "a" / "report.html")
    assert calls, "one path is streamed"
    whole = render_report([load_results(root / "results.json")], tmp_path / "b" / "report.html")
    assert _page(streamed).replace("a/report_files", "X") == _page(whole).replace("b/report_files", "X")
    assert _page(streamed).count('<details class="task"') == len({r.task_id for r in load_results(root / "results.json").runs})


def test_a_bad_run_is_named_by_file_index_and_field(generated, tmp_path):
    _, root = generated
    data = json.loads((root / "results.json").read_text(encoding="utf-8"))
    data["runs"][5]["final"][0]["outcome"] = "maybe"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GateError, match=r"bad\.json: runs\.5\.final\.0\.outcome: Input should be"):
        stream.stream_inputs(bad, Thumbnails(tmp_path / "t", "t"))


def test_files_that_cannot_be_streamed_load_the_ordinary_way(generated, tmp_path, capsys):
    _, root = generated
    data = json.loads((root / "results.json").read_text(encoding="utf-8"))
    data["aggregates"]["version"] = -1  # outdated aggregates: recomputed from every run
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data), encoding="utf-8")
    assert stream.stream_inputs(old, Thumbnails(tmp_path / "t", "t")) is None
    assert main(["report", str(old), "-o", str(tmp_path / "r.html")]) == 0
    (tmp_path / "junk.json").write_text("{not json", encoding="utf-8")
    assert stream.stream_inputs(tmp_path / "junk.json", Thumbnails(tmp_path / "t", "t")) is None
    assert main(["report", str(tmp_path / "junk.json"), "-o", str(tmp_path / "j.html")]) == 1
    assert "junk.json: cannot read results" in capsys.readouterr().err
