"""The run panel lists a run's specialised metrics (results version 3), escaped like every string,
in the page source and as the page's script draws it in headless Chromium."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_atelier.report import render_report
from pytest_atelier.results.records import MetricRecord

from .cdp import CHROMIUM, Browser

READ = """
(async () => {
  const t = document.getElementById(%s);
  t.open = true;
  await new Promise(r => setTimeout(r, 200));
  t.querySelectorAll("details.run").forEach(d => { d.open = true; });
  return Array.from(t.querySelectorAll("table.metrics tbody tr")).map(r => Array.from(r.cells).map(c => c.textContent));
})()
"""


def _with_metrics(generated):
    """The generated results with two metrics on the first run: one quoting markup, one failed."""
    results, _ = generated
    results = results.model_copy(deep=True)
    results.runs[0].metrics = [
        MetricRecord(name="text.cer", value=0.181818, output=1, image_index=0, checkpoint="c01", detail="expected '<b>OPEN</b>'"),
        MetricRecord(name="structure.ssim", value=None, output=1, image_index=0, detail="error: unreadable image"),
    ]
    return results


def test_metrics_reach_the_run_panel_escaped(generated, tmp_path):
    results = _with_metrics(generated)
    html = render_report([results], tmp_path / "r.html").read_text(encoding="utf-8")
    assert "text.cer" in html and "structure.ssim" in html and "error: unreadable image" in html
    assert "<b>OPEN</b>" not in html and "\\u003cb\\u003eOPEN\\u003c/b\\u003e" in html
    assert '"Metrics"' in html  # the panel's heading, drawn by the page's script
    clean = results.model_copy(deep=True)
    for r in clean.runs:
        r.metrics = []
    assert "text.cer" not in render_report([clean], tmp_path / "c.html").read_text(encoding="utf-8")


@pytest.mark.skipif(not Path(CHROMIUM).is_file(), reason=f"{CHROMIUM} is absent (apt-get install chromium)")
def test_metrics_table_in_the_run_panel(generated, tmp_path):
    results = _with_metrics(generated)
    run = results.runs[0]
    report = render_report([results], tmp_path / "out" / "report.html")
    with Browser(tmp_path / "profile") as browser:
        browser.call("Page.navigate", url=report.as_uri())
        browser.wait_for("Page.loadEventFired")
        rows = browser.evaluate(READ % json.dumps(f"task-{run.task_id}"))
        assert browser.evaluate("document.querySelectorAll('table.metrics b').length") == 0  # the detail is text, not markup
    assert rows == [["text.cer", "1", "c01", "0.182", "expected '<b>OPEN</b>'"], ["structure.ssim", "1", "–", "n/a", "error: unreadable image"]]
