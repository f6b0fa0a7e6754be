"""One --atelier-max-cost for the whole invocation: xdist workers hold it together through a
ledger file, so one worker may spend what the others have not, and the cap is never passed."""

from __future__ import annotations

import json
import re
import multiprocessing
import threading
import time

import pytest

from pytest_atelier.errors import ProviderError
from pytest_atelier.providers.transport import Budget

from ..conftest import write_lake_suite
from .loopback import LoopbackServer

WORST, COST = 0.013, 0.011  # a call's reservation and its real cost


def _spend(ledger: str, limit: float, threads: int, out) -> None:
    """One process: ``threads`` threads make calls until the shared budget refuses them."""
    budget = Budget(limit)
    budget.share(ledger)
    settled = []

    def calls():
        while True:
            try:
                reserved = budget.reserve(WORST)
            except ProviderError:
                return
            time.sleep(0.002)  # the call in flight
            budget.settle(reserved, COST)
            settled.append(COST)

    workers = [threading.Thread(target=calls) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    out.put(len(settled))


def test_two_processes_with_16_calls_in_flight_share_one_cap(tmp_path):
    ledger, limit = str(tmp_path / "budget-run1.json"), 0.5
    out = multiprocessing.get_context("fork").Queue()
    procs = [multiprocessing.get_context("fork").Process(target=_spend, args=(ledger, limit, 8, out)) for _ in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=60)
    made = [out.get(timeout=5) for _ in procs]
    state = json.loads((tmp_path / "budget-run1.json").read_text())
    assert state["calls"] == sum(made)  # no update of one process was lost to the other's
    assert state["spent"] == pytest.approx(COST * sum(made))
    assert state["spent"] <= limit and state["reserved"] == pytest.approx(0.0)
    assert state["spent"] > limit - WORST  # used to the end: no process stopped at half the cap


def test_what_one_process_spent_counts_for_the_other(tmp_path):
    first, second = Budget(0.03), Budget(0.03)
    for b in (first, second):
        b.share(tmp_path / "budget-run2.json")
    first.settle(first.reserve(WORST), COST)
    first.settle(first.reserve(WORST), COST)
    assert second.committed == pytest.approx(2 * COST)
    with pytest.raises(ProviderError, match=r"budget of \$0.03 spent \(\$0.0220 over 2 calls"):
        second.reserve(WORST)


def test_a_damaged_ledger_stops_calls_and_names_the_file(tmp_path):
    ledger = tmp_path / "budget-run3.json"
    ledger.write_text('{"spent": 0.2, "reser')
    budget = Budget(1.0)
    budget.share(ledger)
    with pytest.raises(ProviderError, match=r"budget ledger .*budget-run3.json .* is damaged, so what was spent is unknown"):
        budget.reserve(WORST)
    ledger.write_text('{"spent": -1, "reserved": 0, "calls": 0}')
    with pytest.raises(ProviderError, match="is damaged"):
        budget.reserve(WORST)


# --- through the plugin, under xdist -----------------------------------------------------------

@pytest.fixture
def open_server():
    srv = LoopbackServer(key=None).start()
    yield srv
    srv.stop()


def _run(pytester, srv, max_cost: str, cache: str, *extra: str, max_tokens: int = 100):
    return pytester.runpytest_subprocess(
        "mini", "-p", "no:cacheprovider", "--backend=none", "--atelier-progress=0", "--atelier-json=out.json",
        f"--prompter=openai:gpt-4o?base_url={srv.url}/v1&strategy=novice&concurrency=1&max_tokens={max_tokens}",
        f"--atelier-max-cost={max_cost}", f"--atelier-cache-dir={cache}", *extra,
    )  # fmt: skip


def test_one_worker_may_spend_what_the_other_did_not(pytester, open_server):
    write_lake_suite(pytester.path / "mini", 12)
    assert _run(pytester, open_server, "", "probe", "-k", "t000").ret in (0, 1)
    cost = json.loads((pytester.path / "out.json").read_text())["runs"][0]["cost_usd"]
    assert cost > 0
    limit = 9 * cost  # 6 calls fit (a reservation is at most 4 calls' cost); half of it fits at most 4
    # The odd tasks' calls are cached: the worker dealt them spends nothing, the other needs 6 calls.
    odd = " or ".join(f"t{n:03d}" for n in range(1, 12, 2))
    assert _run(pytester, open_server, "", "shared", "-k", odd).ret in (0, 1)
    before = open_server.count("/chat/completions")
    result = _run(pytester, open_server, f"{limit:.8f}", "shared", "-n", "2")
    assert result.ret in (0, 1) and "budget of" not in result.stdout.str(), result.stdout.str()
    assert open_server.count("/chat/completions") - before == 6
    spent = float(re.search(r"; spent \$([\d.]+) of the --atelier-max-cost", result.stdout.str())[1])
    assert spent == pytest.approx(6 * cost, abs=1e-4)  # what the requests sent cost: the reused answers cost nothing
    assert not list((pytester.path / "shared" / "limits").glob("budget-*"))  # the ledger does not outlive the run


def test_two_workers_spend_the_cap_and_never_pass_it(pytester, open_server):
    write_lake_suite(pytester.path / "mini", 12)
    assert _run(pytester, open_server, "", "probe", "-k", "t000").ret in (0, 1)
    cost = json.loads((pytester.path / "out.json").read_text())["runs"][0]["cost_usd"]
    limit = 5.5 * cost
    before = open_server.count("/chat/completions")
    result = _run(pytester, open_server, f"{limit:.8f}", "cold", "-n", "2")
    assert result.ret == 1
    result.stdout.fnmatch_lines([f"*budget of ${limit:.4g} spent*", "model calls: * API requests sent (0 of them retries), 0 answers from the cache, * calls refused by the budget; "
                                 f"spent $* of the --atelier-max-cost ${limit:g}"])
    made = open_server.count("/chat/completions") - before
    assert f"model calls: {made} API requests sent" in result.stdout.str()  # what reached the API, refusals apart
    spent = sum(r["cost_usd"] for r in json.loads((pytester.path / "out.json").read_text())["runs"])
    assert spent <= limit and made == round(spent / cost)
    assert spent > limit - 2 * cost, f"{made} calls made within a cap for 5"  # a reservation is under 2 calls' cost


def test_calls_waiting_for_a_slot_hold_no_money(pytester, open_server):
    """With max_tokens=8192 a call reserves $0.08 and costs $0.0011; 8 calls queue for the one
    slot (4 per worker). Reserving while queued, one call would stop the other seven."""
    write_lake_suite(pytester.path / "mini", 12)
    result = _run(pytester, open_server, "0.1", "cold", "-n", "2", max_tokens=8192)
    assert result.ret in (0, 1) and "budget of" not in result.stdout.str(), result.stdout.str()
    assert open_server.count("/chat/completions") == 12
    assert sum(r["cost_usd"] for r in json.loads((pytester.path / "out.json").read_text())["runs"]) <= 0.1
