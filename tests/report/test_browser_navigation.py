"""Failure-first navigation in Chromium: sorting the task list, "failed by A, passed by B", and the view in the URL hash.

Every expectation is computed here from the results file as written to disk, independently of the report's code.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_atelier.report import render_report
from pytest_atelier.results.records import load_results, write_results

from .cdp import CHROMIUM, Browser
from .fixture_gen import LONG_BACKENDS, LONG_PROMPTERS, build_fixture

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).is_file(), reason=f"{CHROMIUM} is absent (apt-get install chromium)")

PROMPTERS, BACKENDS = LONG_PROMPTERS, LONG_BACKENDS


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """(results as loaded back from disk, report): 8 prompters x 4 backends x 12 tasks, one run that errored."""
    root = tmp_path_factory.mktemp("nav")
    results = build_fixture(root, n_tasks=12, prompters=PROMPTERS, backends=BACKENDS, images=1, image_size=32, hostile=False, n_boot=20)
    broken = next(r for r in results.runs if r.task_id == "oe_003" and r.prompter == PROMPTERS[-1] and r.backend == BACKENDS[0])
    broken.error, broken.final, broken.verdicts, broken.images = "ProviderError: HTTP 503", [], [], []
    results.items = [i.model_copy(update={"outcome": "error", "reason": broken.error}) if i.run_key == broken.key else i for i in results.items]
    write_results(results, root / "results.json")
    loaded = load_results(root / "results.json")
    return loaded, render_report([loaded], root / "report.html")


def _status(run) -> str:
    """fail: a failed (or errored) final verdict, or a run error; pass: decided and nothing failed; '' otherwise."""
    outcomes = [v.outcome for v in run.final]
    if run.error or "fail" in outcomes or "error" in outcomes:
        return "fail"
    return "pass" if "pass" in outcomes else ""


def failed_by_passed_by(results, a: str, b: str, backend: str | None = None) -> list[str]:
    """Tasks where some run of prompter ``a`` failed and every run of ``b`` (at least one) passed, on ``backend`` or all."""
    runs: dict[str, dict[str, list[str]]] = {}
    for r in results.runs:
        if backend is None or r.backend == backend:
            runs.setdefault(r.task_id, {}).setdefault(r.prompter, []).append(_status(r))
    return sorted(t for t, by in runs.items()
                  if "fail" in by.get(a, []) and by.get(b) and all(s == "pass" for s in by[b]))


def rate_and_spread(results) -> dict[str, tuple[float | None, float | None]]:
    counts: dict[str, dict[str, list[int]]] = {}
    items = {}
    for i in results.items:
        if i.kind == "checkpoint":
            items.setdefault(i.run_key, set()).add((i.checkpoint, i.side))
    for r in results.runs:
        c = counts.setdefault(r.task_id, {}).setdefault(r.prompter, [0, 0])
        c[0] += sum(v.outcome == "pass" for v in r.final)
        sides = {(v.checkpoint, v.side) for v in r.final} | items.get(r.key, set())
        c[1] += sum(side == "prompt" or bool(r.images) for _, side in sides)  # every side counted, undecided as not shown
    out = {}
    for t, by in counts.items():
        total = sum(d for _, d in by.values())
        rates = [p / d for p, d in by.values() if d]
        out[t] = (sum(p for p, _ in by.values()) / total if total else None, max(rates) - min(rates) if len(rates) > 1 else None)
    return out


SET = """((fields) => { for (const [id, value] of Object.entries(fields)) { const f = document.getElementById(id); f.value = value;
    f.dispatchEvent(new Event('input')); }
  return Array.from(document.querySelectorAll('details.task')).filter(t => !t.hidden).map(t => t.id.slice(5)); })"""
SHOWN = "Array.from(document.querySelectorAll('details.task')).filter(t => !t.hidden).map(t => t.id.slice(5))"


def _values(browser: Browser, select: str) -> dict[str, str]:
    """A select's option values by the full spec in their title (the page orders prompters by rank)."""
    return browser.evaluate(f"Object.fromEntries(Array.from(document.querySelectorAll('#{select} option')).filter(o => o.value).map(o => [o.title, o.value]))")


def _set(browser: Browser, **fields: str) -> list[str]:
    return browser.evaluate(f"{SET}({json.dumps({k.replace('_', '-'): v for k, v in fields.items()})})")


def test_failed_by_a_passed_by_b_equals_python(page, tmp_path):
    results, report = page
    with Browser(tmp_path / "profile") as browser:
        browser.open(report.as_uri())
        sizes, pv, bv = [], _values(browser, "f-fa"), _values(browser, "f-b")
        assert _values(browser, "f-pb") == pv and sorted(pv) == sorted(PROMPTERS)
        for backend in (None, *BACKENDS):
            for a in PROMPTERS:
                for b in PROMPTERS:
                    shown = _set(browser, f_b=bv[backend] if backend else "", f_fa=pv[a], f_pb=pv[b])
                    expected = failed_by_passed_by(results, a, b, backend)
                    assert sorted(shown) == expected, (a, b, backend)
                    sizes.append(len(expected))
        assert 0 in sizes and max(sizes) > 1  # the comparison is not vacuous
        # failed by A alone, and with the errored run: the best prompter fails oe_003 through its error
        assert "oe_003" in _set(browser, f_b=bv[BACKENDS[0]], f_fa=pv[PROMPTERS[-1]], f_pb="")
        assert sorted(_set(browser, f_b="", f_fa="", f_pb="")) == sorted({r.task_id for r in results.runs})


@pytest.mark.parametrize("key", ["rate", "-rate", "-spread"])
def test_sort_by_pass_rate_and_disagreement(page, tmp_path, key):
    results, report = page
    figures = rate_and_spread(results)
    with Browser(tmp_path / "profile") as browser:
        browser.open(report.as_uri())
        suite_order = browser.evaluate(SHOWN)
        column, sign = (0 if key.endswith("rate") else 1), (-1 if key.startswith("-") else 1)
        expected = sorted(suite_order, key=lambda t: (figures[t][column] is None, sign * (figures[t][column] or 0), suite_order.index(t)))
        assert len({figures[t][column] for t in suite_order}) > 3
        assert _set(browser, f_sort=key) == expected
        assert _set(browser, f_sort="") == suite_order


def test_a_link_with_the_state_hash_reproduces_the_view(page, tmp_path):
    results, report = page
    expected = failed_by_passed_by(results, PROMPTERS[0], PROMPTERS[7], BACKENDS[3])
    assert expected
    task = expected[0]
    with Browser(tmp_path / "first") as browser:
        browser.open(report.as_uri())
        pv, bv = _values(browser, "f-fa"), _values(browser, "f-b")
        runs = browser.evaluate(f"JSON.parse(document.querySelector('#task-{task} script.dd').textContent).runs.map(r => [r.p, r.b])")
        meta = browser.evaluate("JSON.parse(document.getElementById('atelier-meta').textContent)")
    index = max(i for i, (_, b) in enumerate(runs) if str(b) == bv[BACKENDS[3]])  # a run the backend filter shows
    fields = [bv[BACKENDS[3]], pv[PROMPTERS[0]], pv[PROMPTERS[7]], "rate"]
    url = f"{report.as_uri()}#f-b={fields[0]}&f-fa={fields[1]}&f-pb={fields[2]}&f-sort=rate&open={task}&run={task}.{index}"
    state = """(() => ({fields: ['f-b', 'f-fa', 'f-pb', 'f-sort'].map(id => document.getElementById(id).value),
        open: Array.from(document.querySelectorAll('details.task[open]')).map(t => t.id.slice(5)),
        runs: Array.from(document.querySelectorAll('details.task[open] details.run[open] summary b')).map(b => b.textContent)}))()"""
    with Browser(tmp_path / "profile") as browser:
        browser.open(url)
        view = browser.evaluate(state)
        assert view["fields"] == fields
        assert sorted(browser.evaluate(SHOWN)) == expected
        assert view["open"] == [task]
        p, b = runs[index]
        assert view["runs"] == [f"{meta['prompters'][p]} · {meta['backends'][b]}"]

        # the user changes the view; the address now holds it, and loading that address shows it again
        browser.evaluate(f"""(async () => {{ const t = document.getElementById('task-{task}');
            t.querySelectorAll('details.run')[0].open = true; await new Promise(r => setTimeout(r, 50)); }})()""")
        _set(browser, f_pb="", f_sort="-spread")
        before = browser.evaluate(state), browser.evaluate(SHOWN)
        link = browser.evaluate("location.href")
        assert "f-sort=-spread" in link and f"open={task}" in link
        browser.open(link)
        assert (browser.evaluate(state), browser.evaluate(SHOWN)) == before
        assert browser.of("Runtime.exceptionThrown") == []
        assert [e for e in browser.of("Log.entryAdded") if e["entry"]["level"] == "error"] == []  # no CSP violation


def test_section_links_and_task_links_still_work(page, tmp_path):
    _, report = page
    with Browser(tmp_path / "profile") as browser:
        browser.open(report.as_uri() + "#task-oe_006")
        assert browser.evaluate("document.getElementById('task-oe_006').open") is True
        _set(browser, f_cat="OE")
        browser.evaluate("location.hash = '#leaderboard'")
        assert browser.evaluate("document.getElementById('f-cat').value") == "OE"  # an anchor is not a state
        assert browser.evaluate("document.getElementById('task-oe_006').open") is True
