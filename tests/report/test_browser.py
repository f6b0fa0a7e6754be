"""The rendered report in headless Chromium: no console error, no network, nothing injected runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_atelier.report import render_report

from .cdp import CHROMIUM, Browser
from .fixture_gen import HOSTILE_PROMPT

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).is_file(), reason=f"{CHROMIUM} is absent (apt-get install chromium)")

OPEN_TASK = """
(async () => {
  const t = document.getElementById(%s);
  t.open = true;
  await new Promise(r => setTimeout(r, 200));
  t.querySelectorAll("details.run").forEach(d => { d.open = true; });
  const first = t.querySelector(".thumbs img") || t;
  first.scrollIntoView();
  for (let i = 0; i < 40 && first.tagName === "IMG" && !first.complete; i++) await new Promise(r => setTimeout(r, 50));
  return {runs: t.querySelectorAll("details.run").length, rows: t.querySelectorAll("table.verdicts tbody tr").length,
          prompts: Array.from(t.querySelectorAll("pre.prompt")).map(p => p.textContent),
          images: Array.from(t.querySelectorAll(".thumbs img")).filter(i => i.complete && i.naturalWidth > 0).length};
})()
"""


def _open(browser: Browser, report: Path) -> None:
    browser.call("Page.navigate", url=report.as_uri())
    browser.wait_for("Page.loadEventFired")


def _problems(browser: Browser, report: Path) -> list[str]:
    """Console errors, exceptions, error log entries, dialogs, and requests for anything but the report, its files and data URIs."""
    allowed = (report.as_uri(), report.parent.joinpath(report.stem + "_files").as_uri() + "/", "data:")
    problems = [f"console.{e['type']}: {e['args']}" for e in browser.of("Runtime.consoleAPICalled") if e["type"] in ("error", "assert")]
    problems += [f"exception: {e['exceptionDetails']}" for e in browser.of("Runtime.exceptionThrown")]
    problems += [f"log {e['entry']['source']}: {e['entry']['text']}" for e in browser.of("Log.entryAdded") if e["entry"]["level"] == "error"]
    problems += [f"dialog opened: {e['message']}" for e in browser.of("Page.javascriptDialogOpening")]
    problems += [f"request: {e['request']['url']}" for e in browser.of("Network.requestWillBeSent")
                 if not e["request"]["url"].startswith(allowed)]
    return problems


def test_generated_report_in_chromium(generated, tmp_path):
    results, _ = generated
    report = render_report([results], tmp_path / "out" / "report.html")
    with Browser(tmp_path / "profile") as browser:
        _open(browser, report)
        board = browser.evaluate("Array.from(document.querySelectorAll('table.lb tbody tr')).map(r => r.cells[1].textContent.trim())")
        assert sorted(board) == ["direct", "novice", "skilled"]
        assert browser.evaluate("document.querySelectorAll('details.task').length") == 20
        assert browser.evaluate("document.querySelectorAll('svg.chart').length") >= 5

        opened = browser.evaluate(OPEN_TASK % json.dumps("task-oe_000"))
        assert opened["runs"] == 6 and opened["rows"] > 0
        assert HOSTILE_PROMPT in opened["prompts"]  # shown as text ...
        assert opened["images"] > 0  # ... and the thumbnails beside the report loaded
        scripts = browser.evaluate("Array.from(document.scripts).filter(s => s.type !== 'application/json').length")
        assert scripts == 1  # ... and nothing from the data became an element
        assert browser.evaluate("document.querySelectorAll('main img[src=\"x\"], main script:not([type])').length") == 0
        assert "<script>" in browser.evaluate("document.querySelector('#task-oe_000 .brief p').textContent")

        shown = browser.evaluate("""(() => { const s = document.getElementById('f-cat'); s.value = 'CO';
            s.dispatchEvent(new Event('input')); return document.getElementById('f-count').textContent; })()""")
        n_co = len({r.task_id for r in results.runs if r.category == "CO"})
        assert shown == f"{n_co} of 20 tasks"
        found = browser.evaluate("""(() => { const cat = document.getElementById('f-cat'); cat.value = '';
            cat.dispatchEvent(new Event('input')); const q = document.getElementById('f-q'); q.value = 'onerror';
            q.dispatchEvent(new Event('input'));
            return Array.from(document.querySelectorAll('details.task')).filter(t => !t.hidden).map(t => t.id); })()""")
        assert found == ["task-oe_000"]
        requests = [e["request"]["url"] for e in browser.of("Network.requestWillBeSent")]
        assert any("_files/" in url for url in requests)
        assert _problems(browser, report) == []


def test_embedded_report_makes_no_file_request(generated, tmp_path):
    results, _ = generated
    report = render_report([results], tmp_path / "embedded.html", embed_images=True)
    with Browser(tmp_path / "profile") as browser:
        _open(browser, report)
        opened = browser.evaluate(OPEN_TASK % json.dumps("task-im_002"))
        assert opened["images"] > 0
        urls = [e["request"]["url"] for e in browser.of("Network.requestWillBeSent")]
        assert [u for u in urls if not u.startswith("data:")] == [report.as_uri()]
        assert _problems(browser, report) == []


def test_recorded_report_in_chromium(recorded, tmp_path):
    report = render_report([recorded], tmp_path / "recorded.html")
    with Browser(tmp_path / "profile") as browser:
        _open(browser, report)
        assert browser.evaluate("document.querySelectorAll('table.lb tbody tr').length") >= 2
        first = browser.evaluate("document.querySelector('details.task').id")
        opened = browser.evaluate(OPEN_TASK % json.dumps(first))
        assert opened["runs"] >= 2
        assert _problems(browser, report) == []
