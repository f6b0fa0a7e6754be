"""Limits that hold for a whole pytest invocation: shared by every xdist worker through files.

Under pytest-xdist each worker is a process of its own; a limit kept in memory would let N
workers send N times the rate. The transport's two limits are therefore kept in a folder all
workers see (``<cache>/limits``) when more than one process runs:

- :class:`SharedRateLimiter`: the rate limiter's state (next start, token bucket, pause, gap) is
  one small JSON file, read and written under an exclusive ``flock``; times are wall-clock
  seconds, which every process on the machine shares.
- :class:`SharedSlots`: ``n`` slot files; a request holds an exclusive ``flock`` on one of them
  while in flight, so at most ``n`` requests are in flight across all processes. A process that
  dies releases its slots with its file descriptors. Within a process a finished request hands
  its slot straight to a waiting thread, up to the process's fair part of the slots.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import threading
import time
from pathlib import Path

from .transport import RateLimiter

__all__ = ["SharedRateLimiter", "SharedSlots", "limits_name"]

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: limits stay per process
    fcntl = None


def limits_name(family: str, base_url: str) -> str:
    return hashlib.sha256(f"{family} {base_url}".encode()).hexdigest()[:16]


class SharedRateLimiter(RateLimiter):
    """A :class:`RateLimiter` whose state lives in ``path`` (JSON), locked across processes."""

    _FIELDS = ("_next_start", "_paused_until", "gap", "_tokens", "_refilled")

    def __init__(self, path: str | Path, rpm: float | None = None, tpm: float | None = None, sleep=time.sleep):
        super().__init__(rpm=rpm, tpm=tpm, clock=time.time, sleep=sleep)
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)

    @contextlib.contextmanager
    def _state(self):
        with self._lock, open(self.path, "a+", encoding="utf-8") as handle:
            if fcntl is not None:
                fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                handle.seek(0)
                text = handle.read()
                try:
                    state = json.loads(text) if text.strip() else {}
                except ValueError:
                    state = {}
                for name in self._FIELDS:
                    if name in state:
                        setattr(self, name, float(state[name]))
                self.gap = max(self.gap, self.base_gap)  # an earlier invocation may have had a higher rpm
                yield
                handle.seek(0)
                handle.truncate()
                handle.write(json.dumps({name: getattr(self, name) for name in self._FIELDS}))
                handle.flush()
            finally:
                if fcntl is not None:
                    fcntl.flock(handle, fcntl.LOCK_UN)

    def succeeded(self) -> None:
        with self._state():  # the gap in memory may be stale: decide on the shared one
            if self.gap > self.base_gap:
                self.gap = max(self.base_gap, self.gap * 0.9)
                if self.gap < 1e-3:
                    self.gap = self.base_gap


class SharedSlots:
    """A semaphore of ``n`` slots across processes (``with slots: ...``).

    A slot is an exclusive ``flock`` on one of ``n`` files (kept open). A thread that ends its
    request hands its slot, still locked, to a thread of the same process waiting for one, as
    long as the process holds at most ``share`` slots (its fair part when several processes
    run); otherwise it unlocks the file. Waiting threads look at the files at most once every
    ``poll`` seconds in all, so waiting costs no CPU to speak of.
    """

    def __init__(self, folder: str | Path, n: int, poll: float = 0.002, share: int | None = None):
        if n < 1:
            raise ValueError(f"slots must be at least 1, got {n}")
        self.folder, self.n, self.poll = Path(folder), n, poll
        self.share = n if share is None else max(1, share)
        self.folder.mkdir(parents=True, exist_ok=True)
        self._cond = threading.Condition()
        self._fds: dict[int, int] = {}
        self._held: set[int] = set()  # slots this process has locked
        self._spare: list[int] = []  # locked, handed over, not yet picked up
        self._waiting = 0
        self._last_scan = 0.0
        self._mine = threading.local()

    def __enter__(self):
        with self._cond:
            self._waiting += 1
            try:
                slot = self._wait_for_slot()
            finally:
                self._waiting -= 1
        stack = getattr(self._mine, "slots", None) or []
        stack.append(slot)
        self._mine.slots = stack
        return self

    def _wait_for_slot(self) -> int:
        while True:
            if self._spare:
                return self._spare.pop()
            now = time.monotonic()
            if now - self._last_scan >= self.poll:
                self._last_scan = now
                slot = self._lock_a_free_file()
                if slot is not None:
                    return slot
            self._cond.wait(self.poll)

    def _lock_a_free_file(self) -> int | None:
        start = int.from_bytes(os.urandom(2), "little")
        for k in range(self.n):
            slot = (start + k) % self.n
            if slot in self._held:
                continue
            if fcntl is None:  # not POSIX: the limit holds in this process only
                self._held.add(slot)
                return slot
            fd = self._fds.get(slot)
            if fd is None:
                fd = self._fds[slot] = os.open(self.folder / f"slot-{slot}", os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue
            self._held.add(slot)
            return slot
        return None

    def __exit__(self, *exc):
        slot = self._mine.slots.pop()
        with self._cond:
            if self._waiting > len(self._spare) and len(self._held) <= self.share:
                self._spare.append(slot)
                self._cond.notify()
            else:
                self._held.discard(slot)
                if fcntl is not None:
                    fcntl.flock(self._fds[slot], fcntl.LOCK_UN)
        return False
