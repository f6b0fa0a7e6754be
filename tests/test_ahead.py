"""Runs produced ahead: plan order, the window bound and the GIL switch interval while producing."""

import sys
import threading

import pytest

from pytest_atelier.engine.ahead import SWITCH_INTERVAL_S, RunAhead


def test_runs_are_produced_ahead_within_the_window_and_handed_over_in_order():
    started, release = [], threading.Event()
    lock = threading.Lock()

    def produce(run):
        with lock:
            started.append(run)
        release.wait(5)
        return f"made {run}"

    ahead = RunAhead(produce, window=3)
    ahead.plan(range(10))
    try:
        for _ in range(100):
            if len(started) == 3:
                break
            threading.Event().wait(0.01)
        assert sorted(started) == [0, 1, 2] and ahead.in_window == 3  # no more than the window at once
        release.set()
        assert [ahead.take(run) for run in range(10)] == [f"made {run}" for run in range(10)]
        assert sorted(started) == list(range(10))  # each run produced once
    finally:
        ahead.close()


def test_the_switch_interval_is_short_while_producing_and_restored_after():
    before = sys.getswitchinterval()
    seen = []
    ahead = RunAhead(lambda run: seen.append(sys.getswitchinterval()), window=2)
    ahead.plan([1, 2])
    ahead.take(1), ahead.take(2)
    assert seen and max(seen) <= SWITCH_INTERVAL_S
    ahead.close()
    assert sys.getswitchinterval() == pytest.approx(before)
