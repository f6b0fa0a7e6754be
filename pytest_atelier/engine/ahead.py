"""Producing runs ahead of pytest, and which process runs which run.

pytest executes items one after another; a run's model calls only start when its first item
is set up, so on its own the engine keeps an API busy with one run's calls at a time.
:class:`RunAhead` takes the runs this process will execute, in order, and produces a window of
them at once on a thread pool, each run's model calls drawing on the process's
``--atelier-concurrency`` call slots. Items then only read what is ready (or wait for it).
At most ``window`` runs are in production at once; a finished run waits to be read (it is
handed over when its first item asks for it), and at most ``ready`` finished runs wait, which
bounds memory. Finished runs do not hold places in the window: while pytest is busy with the
items of earlier runs, the next runs are already being produced.

:func:`assign_units` is the one rule that places runs on xdist workers: the controller's
scheduler sends every item of a run to the worker that rule names, and each worker applies the
same rule to its own (identical) collection to learn which runs to produce ahead. Nothing here
imports pytest.
"""

from __future__ import annotations

import gc
import sys
import threading
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable, Hashable, Iterable, Sequence

from ..suite.loader import MANIFEST_NAME

SWITCH_INTERVAL_S = 0.0002

__all__ = ["RunAhead", "run_of_node_id", "assign_units", "runs_of_worker"]


def run_of_node_id(node_id: str) -> tuple[str, str, str] | None:
    """``(suite manifest path, task id, "prompter-backend")`` for an atelier item's node id, else None."""
    parts = node_id.split("@")[0].split("::")
    if len(parts) != 3 or parts[0].rsplit("/", 1)[-1] != MANIFEST_NAME or not parts[2].endswith("]") or "[" not in parts[2]:
        return None
    return parts[0], parts[1], parts[2][parts[2].index("[") + 1 : -1]


def assign_units(node_ids: Sequence[str], workers: int) -> list[int]:
    """The worker (0 .. workers-1) of every item: all items of a run go to one worker.

    A unit is a run for atelier items and a test file for any other item; units are numbered in
    the order they first appear and dealt round robin, so every process computes the same answer.
    """
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    units: dict[Hashable, int] = {}
    owner = []
    for node_id in node_ids:
        unit = run_of_node_id(node_id) or ("file", node_id.split("::")[0])
        owner.append(units.setdefault(unit, len(units)) % workers)
    return owner


def runs_of_worker(node_ids: Sequence[str], worker: int, workers: int) -> list[tuple[str, str, str]]:
    """The runs (in order) whose items :func:`assign_units` gives to ``worker``."""
    runs: dict = {}
    for node_id, owner in zip(node_ids, assign_units(node_ids, workers)):
        run = run_of_node_id(node_id)
        if owner == worker and run is not None:
            runs.setdefault(run, None)
    return list(runs)


class RunAhead:
    """Produces planned runs ``window`` at a time, in plan order; ``take`` hands one over.

    ``produce(run)`` makes one run (it is the engine's ``run``); a run that was not planned, or
    whose production failed unexpectedly, is produced by the caller of ``take`` itself. At most
    ``ready`` finished runs wait to be taken (default: ``window``).
    """

    def __init__(self, produce: Callable[[Hashable], object], window: int, ready: int | None = None):
        if window < 1:
            raise ValueError(f"window must be at least 1, got {window}")
        if ready is not None and ready < 0:
            raise ValueError(f"ready must be at least 0, got {ready}")
        self.produce, self.window = produce, window
        self.ready = window if ready is None else ready
        self._plan: deque = deque()
        self._planned: set = set()
        self._futures: dict[Hashable, Future] = {}
        self._producing = 0
        self._lock = threading.RLock()  # a run that finishes at once refills the window from inside _fill
        self._pool: ThreadPoolExecutor | None = None
        self._switch_interval: float | None = None

    def plan(self, runs: Iterable[Hashable]) -> None:
        """Add runs to produce ahead, in the order pytest will reach them."""
        with self._lock:
            for run in runs:
                if run not in self._planned:
                    self._planned.add(run)
                    self._plan.append(run)
            self._fill()

    def take(self, run: Hashable):
        """The run, from the window (waiting for it if it is still being produced) or made now."""
        with self._lock:
            future = self._futures.pop(run, None)
            if future is None and run in self._planned:
                self._drop(run)  # reached before its turn: make it here, not twice
            self._fill()
        if future is None:
            return self.produce(run)
        return future.result()

    def close(self) -> None:
        """Stop producing ahead (runs in production finish; nothing new starts)."""
        with self._lock:
            self._plan.clear()
            pool, self._pool = self._pool, None
            if self._switch_interval is not None:
                sys.setswitchinterval(self._switch_interval)
                self._switch_interval = None
                gc.unfreeze()
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    @property
    def in_window(self) -> int:
        """Runs in production now."""
        with self._lock:
            return self._producing

    @property
    def waiting(self) -> int:
        """Runs produced (or in production) and not taken yet."""
        with self._lock:
            return len(self._futures)

    def _drop(self, run: Hashable) -> None:
        try:
            self._plan.remove(run)
        except ValueError:
            pass

    def _finished(self, _future: Future) -> None:
        with self._lock:
            self._producing -= 1
            self._fill()

    def _fill(self) -> None:
        while self._plan and self._producing < self.window and len(self._futures) < self.window + self.ready:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=self.window, thread_name_prefix="atelier-run")
                # Threads waiting on a model API need the GIL briefly and promptly when an answer
                # arrives; pytest's own item loop would otherwise hold it for 5 ms at a time.
                self._switch_interval = sys.getswitchinterval()
                sys.setswitchinterval(min(self._switch_interval, SWITCH_INTERVAL_S))
                # A full garbage collection walks every object of the process (pytest's items, the
                # modules) with the GIL held: 100 ms in which no answer is read. What exists now
                # lives for the session anyway; set it aside so collections see new objects only.
                gc.freeze()
            run = self._plan.popleft()
            self._producing += 1
            future = self._futures[run] = self._pool.submit(self.produce, run)
            future.add_done_callback(self._finished)
