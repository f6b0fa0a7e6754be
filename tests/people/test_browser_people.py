"""Both apps served by real uvicorn (``atelier collect`` / ``atelier label`` in a subprocess on
loopback) and driven in real headless Chromium over CDP: rounds, a closed browser, a killed
server, two participants at once, a rater whose labels ``atelier meta-eval`` reads.

Set ``ATELIER_SCREENSHOTS=DIR`` to keep the screenshots of the pages (docs/label.png and
docs/admin.png were taken so).
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("multipart")

from pytest_atelier.cli import main  # noqa: E402
from pytest_atelier.judge.metaeval import load_labels  # noqa: E402
from pytest_atelier.people.label_store import journal_path  # noqa: E402

from ..conftest import write_lake_suite, write_suite  # noqa: E402
from ..report.cdp import CHROMIUM, Browser  # noqa: E402
from .helpers import write_results  # noqa: E402
from .test_collect_app import MULTI_TASK  # noqa: E402

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).is_file(), reason=f"{CHROMIUM} is absent (apt-get install chromium)")
TOKEN = "browser-test-token-0123"
ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(args: list[str], cwd: Path):
    """``atelier ARGS`` in a subprocess on a free loopback port; yields (base URL, process)."""
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "pytest_atelier.cli", *args, "--port", str(port), "--admin-token", TOKEN],
                            cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONPATH": str(ROOT)})  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    try:
        while True:
            try:
                urllib.request.urlopen(base + "/", timeout=2).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start: {proc.stdout.read().decode() if proc.poll() is not None else ''}")
                time.sleep(0.1)
        yield base, proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=10)
        proc.stdout.close()


def go(browser: Browser, url: str) -> None:
    browser.events.clear()
    browser.call("Page.navigate", url=url)
    browser.wait_for("Page.loadEventFired")


def submit(browser: Browser, script: str) -> None:
    """Run ``script`` (which fills the form) and click the page's submit button; wait for the next page."""
    browser.events.clear()
    browser.evaluate(f"(() => {{ {script}; document.querySelector('button[type=submit]').click(); }})()")
    browser.wait_for("Page.loadEventFired")


def text(browser: Browser) -> str:
    return browser.evaluate("document.body.innerText")


def type_prompts(browser: Browser, words: str) -> list[str]:
    """Type into every prompt box with real key input; the prompts typed."""
    typed = []
    for i in range(browser.evaluate("document.querySelectorAll('textarea').length")):
        browser.evaluate(f"document.querySelectorAll('textarea')[{i}].focus()")
        typed.append(f"{words}, image {i + 1}")
        browser.call("Input.insertText", text=typed[-1])
    return typed


def answer_task(browser: Browser, words: str, min_seconds: float) -> tuple[str, list[str]]:
    task = browser.evaluate("document.querySelector('input[name=task_id]').value")
    typed = type_prompts(browser, words)
    time.sleep(min_seconds + 0.1)
    submit(browser, "")
    return task, typed


def screenshot(browser: Browser, name: str, tmp_path: Path, whole: bool = True) -> None:
    data = base64.b64decode(browser.call("Page.captureScreenshot", format="png", captureBeyondViewport=whole)["data"])
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    (tmp_path / name).write_bytes(data)
    if os.environ.get("ATELIER_SCREENSHOTS"):
        shutil.copyfile(tmp_path / name, Path(os.environ["ATELIER_SCREENSHOTS"]) / name)


def join(browser: Browser, base: str, pid: str) -> None:
    go(browser, f"{base}/?id={pid}")
    submit(browser, "")  # the instructions: start with the id from the link
    submit(browser, "['frequency', 'work', 'syntax'].forEach(k => { const r = document.querySelectorAll(`input[name=${k}]`); r[r.length - 1].click(); })")


def test_a_participant_completes_rounds_leaves_is_killed_resumes_and_replays(pytester, tmp_path):
    suite = write_suite(pytester.path / "mini")
    (suite / "tasks" / "oe_story.yaml").write_text(MULTI_TASK)
    args = ["collect", "mini", "--out", "prompts.jsonl", "--rounds", "3", "--tasks-per-round", "1", "--min-seconds", "1"]
    typed: dict[str, list[str]] = {}
    with serving(args, pytester.path) as (base, server):
        with Browser(tmp_path / "profile-1") as browser:
            browser.call("Emulation.setDeviceMetricsOverride", width=900, height=1000, deviceScaleFactor=1, mobile=False)
            join(browser, base, "P01")
            assert "Round 1 of 3" in text(browser) and "0 of 3 done" in text(browser)
            for n in range(2):  # two rounds of one task
                task, prompts = answer_task(browser, f"prompt {n} for the task", 1)
                typed[task] = prompts
            assert "Round 3 of 3" in text(browser) and "2 of 3 done" in text(browser)
            if browser.evaluate("!!document.querySelector('img.target')"):
                browser.evaluate("new Promise(r => { const i = document.querySelector('img.target'); i.complete ? r() : i.onload = r; })")
            screenshot(browser, "collect-task.png", tmp_path)
            third = browser.evaluate("document.querySelector('input[name=task_id]').value")
            type_prompts(browser, "half written")  # ... and the browser is closed mid-task
        server.send_signal(signal.SIGKILL)  # the server dies too
        server.wait(timeout=10)
    rows = [json.loads(line) for line in (pytester.path / "prompts.jsonl").read_text().splitlines()]
    assert {r["task_id"]: r["prompts"] for r in rows} == typed  # nothing submitted was lost, nothing half-written kept
    with serving(args, pytester.path) as (base, server), Browser(tmp_path / "profile-2") as browser:
        go(browser, f"{base}/p/P01")  # resume with the id
        assert "2 of 3 done" in text(browser) and browser.evaluate("document.querySelector('input[name=task_id]').value") == third
        task, prompts = answer_task(browser, "finished after a restart", 1)
        typed[task] = prompts
        assert "Thank you" in text(browser)
    assert len(typed) == 3
    result = pytester.runpytest("mini", "--prompter=human:prompts.jsonl?author=P01", "--backend=none", "--judge=offline",
                                "-p", "no:cacheprovider", "--atelier-json=r.json", "-k", " or ".join(typed))  # fmt: skip
    runs = {r["task_id"]: r for r in json.loads((pytester.path / "r.json").read_text())["runs"]}
    assert {t: r["prompts"] for t, r in runs.items()} == typed, result.stdout.str()
    assert all(r["prompter_meta"]["author"] == "P01" and not r["error"] for r in runs.values())


def test_two_participants_at_once_do_not_interfere(tmp_path):
    write_lake_suite(tmp_path / "lakes", 4)
    args = ["collect", "lakes", "--out", "prompts.jsonl", "--rounds", "2", "--tasks-per-round", "1", "--min-seconds", "1"]
    with serving(args, tmp_path) as (base, _), Browser(tmp_path / "a") as first, Browser(tmp_path / "b") as second:
        people = {"A1": first, "B2": second}
        for pid, browser in people.items():
            join(browser, base, pid)
        typed = {pid: {} for pid in people}
        for _ in range(2):  # the two take turns, each on their own page
            for pid, browser in people.items():
                task = browser.evaluate("document.querySelector('input[name=task_id]').value")
                typed[pid][task] = type_prompts(browser, f"{pid} on a lake")
            time.sleep(1.1)
            for pid, browser in people.items():
                submit(browser, "")
        assert all("Thank you" in text(b) for b in people.values())
        go(first, f"{base}/admin")
        submit(first, f"document.querySelector('input[name=token]').value = {json.dumps(TOKEN)}")
        counts = text(first)
        assert "A1" in counts and "B2" in counts
        screenshot(first, "admin.png", tmp_path)
    rows = [json.loads(line) for line in (tmp_path / "prompts.jsonl").read_text().splitlines()]
    assert {pid: {r["task_id"]: r["prompts"] for r in rows if r["author"] == pid} for pid in people} == typed
    assert set(typed["A1"]).isdisjoint(typed["B2"])  # 4 tasks, 2 each: the least assigned go to the second participant


FILL_LABELS = """
document.querySelectorAll('fieldset').forEach((f, i) => {
  const radios = f.querySelectorAll('input[type=radio]');
  radios[radios.length === 3 ? i % 2 : 3].click();
})
"""


def test_a_rater_labels_a_results_file_through_a_killed_server_and_meta_eval_reads_it(tmp_path, capsys):
    results, _ = write_results(tmp_path)
    args = ["label", str(results), "--out", "labels.yaml", "--raters", "ann1,ann2", "--share", "0.5", "--seed", "1"]
    with serving(args, tmp_path) as (base, server), Browser(tmp_path / "profile") as browser:
        browser.call("Emulation.setDeviceMetricsOverride", width=900, height=1000, deviceScaleFactor=1, mobile=False)
        go(browser, f"{base}/")
        submit(browser, "document.querySelector('input[name=rid]').value = 'ann1'")
        total = int(browser.evaluate("document.querySelector('progress').max"))
        assert total >= 2 and browser.evaluate("document.querySelector('img.target[src^=\"/image/\"]').naturalWidth") == 240
        screenshot(browser, "label.png", tmp_path, whole=False)
        assert browser.evaluate("document.querySelector('form').checkValidity()") is False  # the browser asks for every answer ...
        submit(browser, "document.querySelector('form').noValidate = true")  # ... and so does the server
        assert "Please answer every question" in text(browser)
        submit(browser, FILL_LABELS)
        assert "1 done" in text(browser)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
    assert len(load_labels(tmp_path / "labels.yaml").labels.pairs) == 1  # what was submitted is on disk
    with serving(args, tmp_path) as (base, server), Browser(tmp_path / "profile-2") as browser:
        go(browser, f"{base}/r/ann1")
        assert "1 done" in text(browser)
        for _ in range(total - 1):
            submit(browser, FILL_LABELS)
        assert "Thank you" in text(browser)
    labels = load_labels(tmp_path / "labels.yaml")
    assert len(labels.labels.pairs) == total and all(p.raters == ["ann1"] for p in labels.labels.pairs)
    answers = [json.loads(line) for line in journal_path(tmp_path / "labels.yaml").read_text().splitlines()]
    assert sum(a["event"] == "answer" for a in answers) == total
    assert all(p.ratings(d) == [4.0] for p in labels.labels.pairs for d in p.scores)
    assert main(["meta-eval", str(tmp_path / "labels.yaml"), "--judge", "offline"]) == 0
    assert f"({total} labelled items)" in capsys.readouterr().out
