"""Heavy modules are imported one at a time and before worker threads start (issue 29)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import pytest

from pytest_atelier.errors import require

from .conftest import write_suite


def test_two_threads_requiring_modules_that_import_each_other_both_get_whole_modules(tmp_path, monkeypatch):
    """The shape of torch's and transformers' lazy imports: two modules that import each other,
    slowly. Imported at once from two threads, Python breaks the lock cycle by handing one thread
    the other module half-initialised ("partially initialized module ... has no attribute")."""
    for me, other, name in (("race_a", "race_b", "A"), ("race_b", "race_a", "B")):
        (tmp_path / f"{me}.py").write_text(f"import time\ntime.sleep(0.3)\nimport {other}\ntime.sleep(0.3)\n{name} = {name!r}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    got, errors = {}, []

    def load(name, other, attribute):
        try:
            got[name] = getattr(getattr(require(name, "test", "a race"), other), attribute)
        except Exception as exc:  # noqa: BLE001 - any error is the finding
            errors.append(repr(exc))

    threads = [threading.Thread(target=load, args=args) for args in (("race_a", "race_b", "B"), ("race_b", "race_a", "A"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=20)
    assert not errors and got == {"race_a": "B", "race_b": "A"}


PROBE = """
import logging, os, threading
made = []
original = logging.Manager.getLogger
def getLogger(self, name):
    if name not in self.loggerDict:
        made.append((name, threading.current_thread() is threading.main_thread()))
    return original(self, name)
logging.Manager.getLogger = getLogger

def pytest_unconfigure(config):
    with open(f"loggers-{os.getpid()}.txt", "w") as out:
        out.write("\\n".join(sorted({name for name, main in made if not main})))
"""


@pytest.mark.parametrize("workers", ["0", "2"])
def test_no_logger_is_made_on_a_worker_thread_in_a_fresh_interpreter(tmp_path, workers):
    """Loggers made on pool threads while pytest walks them raised "dictionary changed size
    during iteration" about once in 75 runs; a fresh interpreter (and fresh workers) import anew."""
    write_suite(tmp_path / "mini")
    (tmp_path / "logger_probe.py").write_text(textwrap.dedent(PROBE))
    done = subprocess.run([sys.executable, "-m", "pytest", "mini", "-p", "logger_probe", "--backend=reference", "--prompter=direct",
                           "--judge=offline", "-p", "no:cacheprovider", "-q", "-n", workers, f"--atelier-cache-dir={tmp_path / 'cache'}"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(tmp_path)})  # fmt: skip
    assert done.returncode in (0, 1), done.stdout[-3000:] + done.stderr[-2000:]
    found = {p.name: p.read_text() for p in tmp_path.glob("loggers-*.txt")}
    assert len(found) == (1 if workers == "0" else 3)  # the controller and each worker
    assert not any(found.values()), f"loggers made off the main thread: {found}"
