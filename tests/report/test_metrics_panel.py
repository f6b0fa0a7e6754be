"""The run panel lists a run's specialised metrics (results version 3), escaped like every string."""

from __future__ import annotations

from pytest_atelier.report import render_report
from pytest_atelier.results.records import MetricRecord


def test_metrics_reach_the_run_panel_escaped(generated, tmp_path):
    results, _ = generated
    results = results.model_copy(deep=True)
    run = results.runs[0]
    run.metrics = [
        MetricRecord(name="text.cer", value=0.1818, output=1, image_index=0, checkpoint="c01", detail="expected '<b>OPEN</b>'"),
        MetricRecord(name="structure.ssim", value=None, output=1, image_index=0, detail="error: unreadable image"),
    ]
    html = render_report([results], tmp_path / "r.html").read_text(encoding="utf-8")
    assert "text.cer" in html and "structure.ssim" in html and "error: unreadable image" in html
    assert "<b>OPEN</b>" not in html and "\\u003cb\\u003eOPEN\\u003c/b\\u003e" in html
    assert '"Metrics"' in html  # the panel's heading, drawn by the page's script
    clean = results.model_copy(deep=True)
    for r in clean.runs:
        r.metrics = []
    assert "text.cer" not in render_report([clean], tmp_path / "c.html").read_text(encoding="utf-8")
