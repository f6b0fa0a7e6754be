"""The CSV export and the ``atelier report`` command."""

from __future__ import annotations

import csv

from pytest_atelier.cli import main
from pytest_atelier.report import CSV_COLUMNS, write_csv


def test_csv_has_one_row_per_verdict(generated, tmp_path):
    results, _ = generated
    path = write_csv(results, tmp_path / "v.csv")
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert tuple(rows[0]) == CSV_COLUMNS
    expected = 0
    for run in results.runs:
        given = {(v.checkpoint, v.side, v.outcome, v.decided_by, v.output, v.image_index) for v in run.verdicts}
        expected += len(run.verdicts) + sum(
            (v.checkpoint, v.side, v.outcome, v.decided_by, v.output, v.image_index) not in given for v in run.final)
    assert len(rows) == expected
    finals = [r for r in rows if r["final"] == "1"]
    assert len(finals) == sum(len(run.final) for run in results.runs)
    assert {r["primitive"] for r in rows} >= {"abstract_intent", "quantity"}
    image_rows = [r for r in rows if r["side"] == "image"]
    assert image_rows and all(r["image_index"] != "" for r in image_rows)


def test_cli_renders_merges_and_writes_csv(generated, tmp_path, capsys):
    _, root = generated
    out = tmp_path / "site" / "report.html"
    status = main(["report", str(root / "results.json"), str(root / "results.json"), "-o", str(out), "--csv", str(tmp_path / "v.csv")])
    assert status == 0
    assert out.is_file() and (tmp_path / "v.csv").is_file() and (tmp_path / "site" / "report_files").is_dir()
    assert "wrote" in capsys.readouterr().out


def test_cli_embeds_images(generated, tmp_path):
    _, root = generated
    assert main(["report", str(root / "results.json"), "-o", str(tmp_path / "r.html"), "--embed-images"]) == 0
    assert not (tmp_path / "r_files").exists()


def test_cli_names_a_bad_file(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema": "something else"}', encoding="utf-8")
    assert main(["report", str(bad), "-o", str(tmp_path / "r.html")]) == 1
    assert "bad.json" in capsys.readouterr().err
    assert not (tmp_path / "r.html").exists()
