"""A thread pool that runs the waiting call of the earliest run first.

The engine produces a window of runs at once and their calls (images, judging) share one pool.
With a first-in-first-out queue, a run that finished its images queues its judging behind the
image calls of every later run, so runs finish late and out of order, pytest (which reads them
in order) frees no room in the window, and the model APIs fall idle while the window waits.
Here every call carries its run's number: the earliest run's calls go first, among equals the
first submitted. Nothing here imports pytest.
"""

from __future__ import annotations

import itertools
import math
import queue
import threading
from concurrent.futures import Future
from typing import Callable

__all__ = ["PriorityPool"]


class PriorityPool:
    """Up to ``max_workers`` threads (started as needed, daemon) taking the lowest ``priority`` first."""

    def __init__(self, max_workers: int, thread_name_prefix: str = "atelier-call"):
        if max_workers < 1:
            raise ValueError(f"max_workers must be at least 1, got {max_workers}")
        self.max_workers, self.prefix = max_workers, thread_name_prefix
        self._queue: queue.PriorityQueue = queue.PriorityQueue()
        self._order = itertools.count()  # first submitted first, among equal priorities
        self._tickets = itertools.count()
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self._idle = 0
        self._closed = False

    def submit(self, priority: float, fn: Callable, *args) -> Future:
        future: Future = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the pool is shut down")
            self._queue.put((priority, next(self._order), (future, fn, args)))
            if self._idle:
                self._idle -= 1  # a waiting thread takes it
            elif len(self._threads) < self.max_workers:
                thread = threading.Thread(target=self._work, name=f"{self.prefix}_{len(self._threads)}", daemon=True)
                self._threads.append(thread)
                thread.start()
        return future

    def ticket(self) -> int:
        """The next run's number: its calls go before those of every run numbered later."""
        return next(self._tickets)

    def shutdown(self) -> None:
        """Start nothing more: waiting calls are cancelled, running ones finish."""
        with self._lock:
            self._closed = True
            for _ in self._threads:
                self._queue.put((math.inf, next(self._order), None))

    def _work(self) -> None:
        while True:
            _, _, item = self._queue.get()
            if item is None:
                return
            future, fn, args = item
            if self._closed:
                future.cancel()
            outcome = None
            if future.set_running_or_notify_cancel():  # False (and waiters told) when cancelled
                try:
                    outcome = (True, fn(*args))
                except BaseException as exc:  # handed to whoever waits on the future
                    outcome = (False, exc)
            with self._lock:
                self._idle += 1  # before the waiter wakes: what it submits next finds this thread
            if outcome is not None:
                (future.set_result if outcome[0] else future.set_exception)(outcome[1])
