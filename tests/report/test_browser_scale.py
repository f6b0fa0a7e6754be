"""The report at 8 prompters x 4 backends in a 1280 px Chromium window: fits, searches what is shown, keeps panels open."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from pytest_atelier.report import render_report

from .cdp import CHROMIUM, Browser
from .fixture_gen import LONG_BACKENDS, LONG_PROMPTERS, build_fixture

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).is_file(), reason=f"{CHROMIUM} is absent (apt-get install chromium)")

PROMPTERS, BACKENDS = LONG_PROMPTERS, LONG_BACKENDS
UNBROKEN = "x" * 3000


@pytest.fixture(scope="module")
def wide(tmp_path_factory):
    """A report of 8 long-named prompters x 4 backends, with 3,000-character unbroken strings in a brief, a prompt and a reason."""
    root = tmp_path_factory.mktemp("wide")
    results = build_fixture(root, n_tasks=4, prompters=PROMPTERS, backends=BACKENDS, images=1, image_size=32, hostile=False, n_boot=20)
    task_file = Path(results.suite["root"]) / "tasks" / "oe_000.yaml"
    task = yaml.safe_load(task_file.read_text(encoding="utf-8"))
    task["brief"] += " " + UNBROKEN
    task_file.write_text(yaml.safe_dump(task, sort_keys=False), encoding="utf-8")
    run = next(r for r in results.runs if r.task_id == "oe_000")
    run.prompts[0] += " " + UNBROKEN
    run.final[0].reason = "because " + UNBROKEN
    return results, render_report([results], root / "report.html")


def _window(browser: Browser, report: Path, width: int = 1280) -> None:
    browser.call("Emulation.setDeviceMetricsOverride", width=width, height=900, deviceScaleFactor=1, mobile=False)
    browser.call("Page.navigate", url=report.as_uri())
    browser.wait_for("Page.loadEventFired")


def _set(browser: Browser, field: str, value: str) -> list[str]:
    """Set a filter as a user would; return the ids of the tasks still shown."""
    return browser.evaluate(f"""(() => {{ const f = document.getElementById({json.dumps(field)}); f.value = {json.dumps(value)};
        f.dispatchEvent(new Event('input'));
        return Array.from(document.querySelectorAll('details.task')).filter(t => !t.hidden).map(t => t.id.slice(5)); }})()""")


OPEN_ALL = """(async () => { const t = document.getElementById('task-oe_000'); t.open = true;
  while (!t.querySelector('details.run')) await new Promise(r => requestAnimationFrame(r));
  t.querySelectorAll('details.run').forEach(d => { d.open = true; });
  await new Promise(r => requestAnimationFrame(r)); return t.querySelectorAll('details.run').length; })()"""
PAGE_WIDTH = "document.documentElement.scrollWidth"


def test_no_horizontal_page_overflow_at_1280_px(wide, tmp_path):
    _, report = wide
    with Browser(tmp_path / "profile") as browser:
        _window(browser, report)
        assert browser.evaluate(PAGE_WIDTH) <= 1280
        assert browser.evaluate(OPEN_ALL) == 32
        assert browser.evaluate(PAGE_WIDTH) <= 1280  # the brief, the prompt and the reason wrap
        scrolled = browser.evaluate("Array.from(document.querySelectorAll('table')).filter(t => !t.closest('.scroll')).length")
        assert scrolled == 0  # every table scrolls inside its own box


def test_names_are_short_with_the_full_spec_on_hover(wide, tmp_path):
    _, report = wide
    with Browser(tmp_path / "profile") as browser:
        _window(browser, report)
        board = browser.evaluate("Array.from(document.querySelectorAll('table.lb tbody tr abbr')).map(a => [a.textContent, a.title])")
        assert sorted(board) == sorted([p.rsplit(":", 1)[1], p] for p in PROMPTERS)
        legend = browser.evaluate("Array.from(document.querySelectorAll('dl.names dd')).map(d => d.textContent)")
        assert set(PROMPTERS) <= set(legend) and BACKENDS[0] in legend
        browser.evaluate(OPEN_ALL)
        head = browser.evaluate("(() => { const b = document.querySelector('#task-oe_000 details.run summary b'); return [b.textContent, b.title]; })()")
        assert head == ["careful · stable-diffusion-xl-base-1.0", f"{PROMPTERS[0]} · {BACKENDS[0]}"]


def test_search_matches_visible_text_only(wide, tmp_path):
    results, report = wide
    with Browser(tmp_path / "profile") as browser:
        _window(browser, report)
        assert _set(browser, "f-q", "runs") == []  # a JSON key of the drill-down data
        assert _set(browser, "f-q", "_files/") == []  # a thumbnail's address
        expected = sorted({r.task_id for r in results.runs for v in r.final if v.outcome == "fail"})
        assert sorted(_set(browser, "f-q", "nothing matched")) == expected  # a verdict's reason
        assert sorted(_set(browser, "f-q", "careful prompt 0")) == sorted({r.task_id for r in results.runs})  # a prompt


def test_filtering_keeps_open_panels_open(wide, tmp_path):
    _, report = wide
    with Browser(tmp_path / "profile") as browser:
        _window(browser, report)
        browser.evaluate("""(async () => { const t = document.getElementById('task-oe_000'); t.open = true;
            while (!t.querySelector('details.run')) await new Promise(r => requestAnimationFrame(r));
            t.querySelectorAll('details.run')[1].open = true; })()""")
        opened = "Array.from(document.querySelectorAll('#task-oe_000 details.run[open] summary b')).map(b => b.textContent)"
        before = browser.evaluate(opened)
        assert len(before) == 1
        _set(browser, "f-b", "1")  # shows the open run's backend only
        assert browser.evaluate(opened) == before
        _set(browser, "f-b", "0")  # hides it
        assert browser.evaluate(opened) == []
        assert "oe_000" in _set(browser, "f-b", "")
        assert _set(browser, "f-q", "oe_000") == ["oe_000"]
        assert "oe_000" in _set(browser, "f-q", "")
        assert browser.evaluate("document.getElementById('task-oe_000').open") is True
        assert browser.evaluate(opened) == before


def test_scores_are_printed_alike(wide, tmp_path):
    _, report = wide
    with Browser(tmp_path / "profile") as browser:
        _window(browser, report)
        browser.evaluate(OPEN_ALL)
        scores = browser.evaluate("""Array.from(document.querySelectorAll('#task-oe_000 table.scores')).filter(t => t.tHead.rows[0].cells[2].textContent === 'score')
            .flatMap(t => Array.from(t.tBodies[0].rows)).map(r => r.cells[2].textContent)""")
        assert scores and all(s == "n/a (abstained)" or (len(s) == 4 and s[1] == ".") for s in scores), sorted(set(scores))  # 4.00 beside 4.65
