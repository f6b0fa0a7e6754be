"""Failure-first views in Chromium at 8 prompters x 4 backends: failed checkpoint and primitive filters, "failures only",
labelled run strips, two prompters side by side, and all of it in the URL hash.

Expectations are computed here from the results file and the suite as written to disk, independently of the report's code.
"""

from __future__ import annotations

import json

import pytest

from pytest_atelier.report import render_report
from pytest_atelier.results.records import load_results, write_results
from pytest_atelier.suite import load_suite

from .cdp import Browser, needs_chromium
from .fixture_gen import LONG_BACKENDS as BACKENDS
from .fixture_gen import LONG_PROMPTERS as PROMPTERS
from .fixture_gen import build_fixture

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """(results and suite as read back from disk, report rendered from the file's path): 12 tasks, a 3,000-character prompt."""
    root = tmp_path_factory.mktemp("failures")
    results = build_fixture(root, n_tasks=12, prompters=PROMPTERS, backends=BACKENDS, images=1, image_size=32, hostile=False, n_boot=20)
    run = next(r for r in results.runs if r.task_id == "oe_000" and r.prompter == PROMPTERS[0] and r.backend == BACKENDS[0])
    run.prompts[0] += " " + "y" * 3000
    write_results(results, root / "results.json")
    loaded = load_results(root / "results.json")
    return loaded, load_suite(loaded.suite["root"]), render_report(root / "results.json", root / "report.html")


def failed_tasks(results, suite, checkpoint: str | None = None, primitive: str | None = None, backend: str | None = None) -> list[str]:
    """Tasks where a run (on ``backend``, or any) has a failed final verdict on ``checkpoint``, or on a checkpoint of ``primitive``."""
    out = set()
    for r in results.runs:
        if backend is not None and r.backend != backend:
            continue
        for v in r.final:
            if v.outcome != "fail" or (checkpoint is not None and v.checkpoint != checkpoint):
                continue
            cp = suite.task(r.task_id).checkpoint(v.checkpoint)
            if primitive is None or (cp.primitive is not None and cp.primitive.value == primitive):
                out.add(r.task_id)
    return sorted(out)


SHOWN = "Array.from(document.querySelectorAll('details.task')).filter(t => !t.hidden).map(t => t.id.slice(5))"


def _set(browser: Browser, **fields) -> list[str]:
    """Set filters as a user would (a bool ticks a checkbox); return the ids of the tasks shown."""
    return browser.evaluate(f"""((fields) => {{ for (const [id, value] of Object.entries(fields)) {{ const f = document.getElementById(id);
        if (typeof value === 'boolean') f.checked = value; else f.value = value; f.dispatchEvent(new Event('input')); }}
      return {SHOWN}; }})({json.dumps({k.replace('_', '-'): v for k, v in fields.items()})})""")


def _options(browser: Browser, select: str) -> list[str]:
    return browser.evaluate(f"Array.from(document.querySelectorAll('#{select} option')).filter(o => o.value).map(o => o.value)")


def _open(browser: Browser, task: str) -> None:
    browser.evaluate(f"""(async () => {{ const t = document.getElementById('task-{task}'); t.open = true;
        while (!t.querySelector('details.run')) await new Promise(r => requestAnimationFrame(r)); }})()""")


def _pair(browser: Browser, task: str, a: int, b: int) -> None:
    """Choose two prompters (by their index on the page) in a task's comparison, as a user would."""
    browser.evaluate(f"""(() => {{ for (const [i, v] of [[0, '{a}'], [1, '{b}']]) {{
        const s = document.querySelectorAll('#task-{task} .cmp-head select')[i]; s.value = v; s.dispatchEvent(new Event('input')); }} }})()""")


def test_failed_checkpoint_and_primitive_filters_equal_python(page, tmp_path):
    results, suite, report = page
    with Browser(tmp_path / "profile") as browser:
        browser.open(report.as_uri())
        backends = dict(zip(browser.evaluate("JSON.parse(document.getElementById('atelier-meta').textContent).full[1]"), map(str, range(4))))
        checkpoints, primitives = _options(browser, "f-cp"), _options(browser, "f-prim")
        assert sorted(checkpoints) == sorted({v.checkpoint for r in results.runs for v in r.final if v.outcome == "fail"})
        sizes = []
        for backend in (None, *BACKENDS):
            b = backends[backend] if backend else ""
            for cp in checkpoints:
                expected = failed_tasks(results, suite, checkpoint=cp, backend=backend)
                assert sorted(_set(browser, f_b=b, f_cp=cp, f_prim="")) == expected, (cp, backend)
                sizes.append(len(expected))
            for prim in primitives:
                expected = failed_tasks(results, suite, primitive=prim, backend=backend)
                assert sorted(_set(browser, f_b=b, f_cp="", f_prim=prim)) == expected, (prim, backend)
                sizes.append(len(expected))
        assert min(sizes) < 12 and max(sizes) > 1  # the comparison is not vacuous
        for cp in checkpoints:  # both: one failed verdict on a checkpoint with that id and that primitive
            for prim in primitives:
                expected = failed_tasks(results, suite, checkpoint=cp, primitive=prim)
                assert sorted(_set(browser, f_b="", f_cp=cp, f_prim=prim)) == expected, (cp, prim)
                sizes.append(len(expected))
        assert 0 in sizes
        assert len(_set(browser, f_cp="", f_prim="")) == 12


def test_run_strips_are_grouped_and_labelled(page, tmp_path):
    _, _, report = page
    with Browser(tmp_path / "profile") as browser:
        browser.open(report.as_uri())
        meta = browser.evaluate("JSON.parse(document.getElementById('atelier-meta').textContent)")
        strip = browser.evaluate("""Array.from(document.querySelectorAll('#task-oe_000 .strip .pg')).map(g =>
            [g.querySelector('.pl').textContent, g.querySelector('.pl').title, Array.from(g.querySelectorAll('i.rc')).map(i => [i.textContent, i.title])])""")
        assert [g[1] for g in strip] == sorted(PROMPTERS) and [g[0] for g in strip] == meta["prompters"]
        marks = [m for m, _ in strip[0][2]]
        assert len(set(marks)) == 4 and all(len(g[2]) == 4 and [m for m, _ in g[2]] == marks for g in strip)
        for label, _, cells in strip:  # each square's mark is its backend's, named in its tooltip
            assert [t.split(":")[0] for _, t in cells] == [f"{label} · {b}" for b in meta["backends"]]
            assert all(meta["backends"][i].startswith(m) for i, (m, _) in enumerate(cells))
        _set(browser, f_p="2")
        assert browser.evaluate("Array.from(document.querySelectorAll('#task-oe_000 .strip .pg')).filter(g => !g.hidden).length") == 1


def test_no_horizontal_overflow_with_the_comparison_and_every_panel_open(page, tmp_path):
    _, _, report = page
    with Browser(tmp_path / "profile") as browser:
        browser.open(report.as_uri())
        assert browser.evaluate("document.documentElement.scrollWidth") <= 1280
        _open(browser, "oe_000")
        _pair(browser, "oe_000", 0, 1)  # careful, with the 3,000-character prompt, beside critic
        browser.evaluate("document.querySelectorAll('#task-oe_000 details.run').forEach(d => { d.open = true; })")
        assert browser.evaluate("document.querySelectorAll('#task-oe_000 .cmp .pair').length") == 4
        assert browser.evaluate("document.documentElement.scrollWidth") <= 1280
        _set(browser, f_fo=True)
        assert browser.evaluate("document.documentElement.scrollWidth") <= 1280
        assert browser.evaluate("Array.from(document.querySelectorAll('table')).filter(t => !t.closest('.scroll')).length") == 0


def test_failures_only_and_sorting_in_the_checkpoint_tables(page, tmp_path):
    results, _, report = page
    with Browser(tmp_path / "profile") as browser:
        browser.open(report.as_uri())
        _open(browser, "co_001")
        rows = """Array.from(document.querySelectorAll('#task-co_001 details.run')).map(d => [d.querySelector('summary b').title,
            Array.from(d.querySelectorAll("table.verdicts tbody tr")).map(r => [r.cells[0].textContent, r.cells[2].textContent, r.cells[4].textContent])])"""
        everything = dict(browser.evaluate(rows))
        _set(browser, f_fo=True)
        failures = dict(browser.evaluate(rows))
        for r in results.runs:
            if r.task_id != "co_001":
                continue
            name = f"{r.prompter} · {r.backend}"
            assert len(everything[name]) == len(r.final)
            assert sorted(failures[name]) == sorted([v.checkpoint, v.side, v.outcome] for v in r.final if v.outcome in ("fail", "error"))
        assert any(failures.values()) and any(len(f) < len(e) for f, e in zip(failures.values(), everything.values()))
        _set(browser, f_fo=False)
        assert dict(browser.evaluate(rows)) == everything
        # a click on a column head sorts that run's table by it, a second click the other way
        column = """(() => { const t = document.querySelector('#task-co_001 details.run table.verdicts');
            return Array.from(t.tBodies[0].rows).map(r => r.cells[5].textContent); })()"""
        head = "document.querySelector('#task-co_001 details.run table.verdicts thead th:nth-child(6)').click()"
        browser.evaluate(head)
        first = browser.evaluate(column)
        assert first == sorted(first, reverse=True) and len(set(first)) > 1
        browser.evaluate(head)
        assert browser.evaluate(column) == sorted(first)


def test_filtering_and_clearing_keeps_the_panel_and_the_pair(page, tmp_path):
    results, suite, report = page
    kept = next(v.checkpoint for r in results.runs if r.task_id == "oe_000" for v in r.final if v.outcome == "fail")
    dropped = next(cp for cp in sorted({v.checkpoint for r in results.runs for v in r.final if v.outcome == "fail"})
                   if "oe_000" not in failed_tasks(results, suite, checkpoint=cp))
    state = """(() => ({open: document.getElementById('task-oe_000').open,
        runs: Array.from(document.querySelectorAll('#task-oe_000 details.run[open] summary b')).map(b => b.textContent),
        pair: Array.from(document.querySelectorAll('#task-oe_000 .cmp-head select')).map(s => s.value),
        blocks: document.querySelectorAll('#task-oe_000 .cmp-backend').length}))()"""
    with Browser(tmp_path / "profile") as browser:
        browser.open(report.as_uri())
        _open(browser, "oe_000")
        browser.evaluate("document.querySelectorAll('#task-oe_000 details.run')[5].open = true")
        _pair(browser, "oe_000", 3, 6)
        before = browser.evaluate(state)
        assert before["open"] and len(before["runs"]) == 1 and before["pair"] == ["3", "6"] and before["blocks"] == 4
        assert "oe_000" in _set(browser, f_cp=kept)
        assert browser.evaluate(state) == before
        assert "oe_000" not in _set(browser, f_cp=dropped)  # hidden, not closed
        assert "oe_000" in _set(browser, f_cp="")
        assert browser.evaluate(state) == before
        _set(browser, f_prim=_options(browser, "f-prim")[0], f_fo=True)
        _set(browser, f_b="2")
        assert browser.evaluate(state)["blocks"] == 1  # the comparison follows the backend filter
        assert "oe_000" in _set(browser, f_cp="", f_prim="", f_fo=False, f_b="")
        assert browser.evaluate(state) == before


def test_a_link_reopens_the_comparison_and_the_filters(page, tmp_path):
    results, suite, report = page
    with Browser(tmp_path / "profile") as browser:
        browser.open(report.as_uri())
        meta = browser.evaluate("JSON.parse(document.getElementById('atelier-meta').textContent)")
    a, b = meta["full"][0].index(PROMPTERS[2]), meta["full"][0].index(PROMPTERS[5])
    task = failed_tasks(results, suite, checkpoint="c02")[0]
    url = f"{report.as_uri()}#f-cp=c02&f-fo=1&open={task}&cmp={task}.{a}.{b}"
    state = f"""(() => ({{cp: document.getElementById('f-cp').value, fo: document.getElementById('f-fo').checked,
        open: Array.from(document.querySelectorAll('details.task[open]')).map(t => t.id.slice(5)),
        pair: Array.from(document.querySelectorAll('#task-{task} .cmp-head select')).map(s => s.value),
        heads: Array.from(document.querySelectorAll('#task-{task} .cmp .side > b')).map(b => b.title),
        rows: Array.from(document.querySelectorAll('#task-{task} table.cmpv tbody tr')).map(r => Array.from(r.cells).map(c => c.textContent))}}))()"""
    with Browser(tmp_path / "second") as browser:
        browser.open(url)
        view = browser.evaluate(state)
        assert view["cp"] == "c02" and view["fo"] is True and view["open"] == [task]
        assert view["pair"] == [str(a), str(b)]
        assert set(view["heads"]) == {PROMPTERS[2], PROMPTERS[5]}
        expected = []
        for backend in sorted(BACKENDS):
            runs = [next(r for r in results.runs if r.task_id == task and r.prompter == p and r.backend == backend) for p in (PROMPTERS[2], PROMPTERS[5])]
            finals = [{(v.checkpoint, v.side): v.outcome for v in r.final} for r in runs]
            for key in sorted(set(finals[0]) | set(finals[1]), key=lambda k: (k[0], k[1] == "image")):
                if "fail" in (finals[0].get(key), finals[1].get(key)):
                    expected.append([key[0], key[1], finals[0].get(key, "n/a"), finals[1].get(key, "n/a")])
        assert [[r[0], r[2], r[4], r[6]] for r in view["rows"]] == expected
        # the user picks another pair; the address holds it and loading it shows the same view
        _pair(browser, task, b, a)
        link = browser.evaluate("location.href")
        assert f"cmp={task}.{b}.{a}" in link
        before = browser.evaluate(state)
        browser.open(link)
        assert browser.evaluate(state) == before
        assert browser.of("Runtime.exceptionThrown") == []
        assert [e for e in browser.of("Log.entryAdded") if e["entry"]["level"] == "error"] == []  # no CSP violation
