"""The engine's call pool: the earliest run's calls first, first submitted first among equals."""

import threading
from concurrent import futures

import pytest

from pytest_atelier.engine.priority_pool import PriorityPool


def _blocked_pool():
    """A one-thread pool whose thread is busy until the returned event is set."""
    pool, gate, started = PriorityPool(1), threading.Event(), threading.Event()
    pool.submit(0, lambda: (started.set(), gate.wait(5)))
    assert started.wait(5)
    return pool, gate


def test_waiting_calls_run_earliest_run_first_and_in_submission_order_within_a_run():
    pool, gate = _blocked_pool()
    done = []
    futures = [pool.submit(run, done.append, f"run{run}-{k}") for run, k in [(5, 0), (2, 0), (5, 1), (1, 0), (2, 1)]]
    gate.set()
    for f in futures:
        f.result(timeout=5)
    assert done == ["run1-0", "run2-0", "run2-1", "run5-0", "run5-1"]
    pool.shutdown()


def test_a_failing_call_hands_its_exception_to_the_waiter_and_the_pool_goes_on():
    pool = PriorityPool(2)
    with pytest.raises(ZeroDivisionError):
        pool.submit(0, lambda: 1 / 0).result(timeout=5)
    assert pool.submit(0, lambda: "still working").result(timeout=5) == "still working"
    pool.shutdown()


def test_threads_are_started_only_as_needed_up_to_the_limit():
    pool = PriorityPool(3)
    for _ in range(20):
        pool.submit(0, lambda: None).result(timeout=5)  # one at a time: one thread serves them all
    assert len(pool._threads) == 1
    gate = threading.Event()
    futures = [pool.submit(0, gate.wait, 5) for _ in range(10)]
    assert len(pool._threads) == 3
    gate.set()
    assert all(f.result(timeout=5) for f in futures)
    pool.shutdown()


def test_shutdown_cancels_waiting_calls_and_refuses_new_ones():
    pool, gate = _blocked_pool()
    waiting = pool.submit(0, lambda: "never")
    pool.shutdown()
    gate.set()
    futures.wait([waiting], timeout=5)
    assert waiting.cancelled()
    with pytest.raises(RuntimeError, match="shut down"):
        pool.submit(0, lambda: None)
    for thread in pool._threads:
        thread.join(5)
        assert not thread.is_alive()
