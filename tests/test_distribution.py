"""Under pytest-xdist every item of a run executes on one worker, for every --dist mode, and each
run is produced exactly once (each worker notes every run it produces)."""

from __future__ import annotations

import json
from collections import defaultdict

import pytest

from .conftest import write_lake_suite

RECORDER = """
import json, os

from pytest_atelier.engine import runner

_produce = runner._Production.produce

def produce(self):
    with open(os.path.join(os.path.dirname(__file__), "produced.jsonl"), "a") as out:
        out.write(json.dumps(self.key) + "\\n")
    return _produce(self)

runner._Production.produce = produce

def pytest_runtest_setup(item):
    if hasattr(item, "prompter"):
        run = f"{item.task.id}|{item.prompter}|{item.backend}"
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        with open(os.path.join(os.path.dirname(__file__), "workers.jsonl"), "a") as out:
            out.write(json.dumps([item.nodeid, run, worker]) + "\\n")
"""

@pytest.mark.parametrize("dist", ["default", "load", "loadscope", "loadfile", "loadgroup", "worksteal"])
def test_every_item_of_a_run_executes_on_one_worker(pytester, dist):
    write_lake_suite(pytester.path / "mini", 8)
    pytester.makeconftest(RECORDER)
    args = ["mini", "-n", "2", "--atelier-images=1", "-p", "no:cacheprovider", "--atelier-json=out.json"]
    if dist != "default":
        args += ["--dist", dist]
    result = pytester.runpytest_subprocess(*args)
    assert result.ret in (0, 1), result.stdout.str()
    rows = [json.loads(line) for line in (pytester.path / "workers.jsonl").read_text().splitlines()]
    assert len(rows) == 8 * 5
    workers = defaultdict(set)
    for _, run, worker in rows:
        workers[run].add(worker)
    split = {run: sorted(w) for run, w in workers.items() if len(w) > 1}
    assert not split, f"runs split across workers: {split}"
    assert len({w for ws in workers.values() for w in ws}) == 2  # both workers did work
    # every run produced once, by one worker
    produced = (pytester.path / "produced.jsonl").read_text().splitlines()
    assert len(produced) == len(set(produced)) == len(workers)
