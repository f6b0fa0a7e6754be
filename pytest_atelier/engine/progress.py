"""Progress of a long evaluation: runs done of all, rate and time left; stages within a run.

The pytest plugin feeds it and prints its lines at most every ``interval`` seconds, so fast
runs stay quiet and slow ones (real models) say where they are. Nothing here imports pytest.
"""

from __future__ import annotations

import math
import re
import threading
import time
from typing import Callable, Iterable

from .calls import COUNTS, describe

__all__ = ["Progress", "runs_in_node_ids"]

# Runs produced together finish in bursts: a time left is told once this share of them is done (at most MAX_WAIT runs).
MIN_SHARE, MAX_WAIT = 0.1, 25
_NODE = re.compile(r"::(?P<task>[^:]+)::[^\[]+\[(?P<combo>.+)\]$")


def runs_in_node_ids(node_ids: Iterable[str]) -> int:
    """How many distinct (task, prompter, backend) runs a list of atelier node ids covers."""
    runs = set()
    for node_id in node_ids:
        match = _NODE.search(node_id.split("@")[0])
        if match:
            runs.add((node_id.split("::")[0], match["task"], match["combo"]))
    return len(runs)


class Progress:
    """Counts finished runs against the total and says so, throttled to one line per ``interval`` s."""

    def __init__(self, write: Callable[[str], None], interval: float = 30.0, clock: Callable[[], float] = time.monotonic):
        self.write, self.interval, self.clock = write, interval, clock
        self.total = 0
        self.done = 0
        self.calls = dict.fromkeys(COUNTS, 0)  # summed over the runs finished
        self._seen: set[str] = set()
        self.started = clock()
        self._finished: list[float] = []  # when each run finished
        self._last = self.started
        self._lock = threading.Lock()

    def run_finished(self, calls: dict, key: str | None = None) -> None:
        """A run's record arrived, with its ``calls`` (``CallStats`` as a dict); a run reported twice
        (by two processes) counts once."""
        with self._lock:
            if key is not None:
                if key in self._seen:
                    return
                self._seen.add(key)
            self.done += 1
            self._finished.append(self.clock())
            for what in COUNTS:
                self.calls[what] += int(calls.get(what, 0))
            self._maybe(self.overall())

    def stage(self, run: str, what: str, done: int, total: int) -> None:
        """Within a run: e.g. ``stage("co_003 [direct/sdxl]", "images", 2, 4)``."""
        with self._lock:
            self._maybe(f"atelier: {run}: {what} {done}/{total}")

    def overall(self) -> str:
        now = self.clock()
        elapsed = max(now - self.started, 1e-9)
        rate = self.done / elapsed
        eta = ""
        if self.total > self.done:
            needed = max(3, min(math.ceil(self.total * MIN_SHARE), MAX_WAIT))
            left = self._time_left(now, elapsed) if self.done >= needed else None
            if left is not None:
                rate = (self.total - self.done) / max(left, 1e-9)
            eta = f", about {_duration(left)} left" if left is not None else f", time left known after {needed} runs"
        return (
            f"atelier: {self.done}/{self.total or '?'} runs in {_duration(elapsed)} ({rate * 60:.1f} runs/min{eta}); "
            f"{describe(**self.calls)}"
        )

    def _time_left(self, now: float, elapsed: float) -> float:
        """The remaining runs at the pace of the later half of those done, so that start-up and
        the first runs' wait are behind; never more than the whole run's average pace implies."""
        recent = max(2, self.done // 2)
        window = now - self._finished[-recent - 1] if len(self._finished) > recent else 0.0
        remaining = self.total - self.done
        whole = remaining * elapsed / self.done
        return min(remaining * window / recent, whole) if window > 0 else whole

    def _maybe(self, line: str) -> None:
        now = self.clock()
        if self.interval > 0 and now - self._last >= self.interval:
            self._last = now
            self.write(line)


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
