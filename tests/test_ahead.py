"""Runs produced ahead: plan order, the window and ready bounds, the GIL switch interval and
garbage collection while producing."""

import gc
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


def _wait_for(condition, seconds=5.0):
    for _ in range(int(seconds / 0.01)):
        if condition():
            return True
        threading.Event().wait(0.01)
    return condition()


def test_finished_runs_free_their_window_place_and_at_most_ready_of_them_wait():
    started = []
    ahead = RunAhead(lambda run: started.append(run) or run, window=2, ready=3)
    ahead.plan(range(10))
    try:
        # nothing is taken: runs go on being made past the window, until 2 + 3 wait to be read
        assert _wait_for(lambda: ahead.waiting == 5 and ahead.in_window == 0)
        threading.Event().wait(0.05)
        assert sorted(started) == [0, 1, 2, 3, 4]
        assert ahead.take(0) == 0
        assert _wait_for(lambda: sorted(started) == [0, 1, 2, 3, 4, 5])  # one read, one more made
        assert [ahead.take(run) for run in range(1, 10)] == list(range(1, 10))
        assert sorted(started) == list(range(10))
    finally:
        ahead.close()


def test_what_exists_is_set_aside_from_garbage_collection_while_producing():
    assert gc.get_freeze_count() == 0
    frozen = []
    ahead = RunAhead(lambda run: frozen.append(gc.get_freeze_count()), window=2)
    ahead.plan([1])
    ahead.take(1)
    assert frozen[0] > 0
    ahead.close()
    assert gc.get_freeze_count() == 0
