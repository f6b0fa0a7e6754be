"""Limits that hold for a whole pytest invocation: shared by every xdist worker through files.

Under pytest-xdist each worker is a process of its own; a limit kept in memory would let N
workers send N times the rate. The transport's two limits are therefore kept in a folder all
workers see (``<cache>/limits``) when more than one process runs:

- :class:`SharedRateLimiter`: the rate limiter's state (next start, token bucket, pause, gap) is
  one small JSON file, read and written under an exclusive ``flock``; times are wall-clock
  seconds, which every process on the machine shares.
- :class:`SharedSlots`: ``n`` slot files; a request holds an exclusive ``flock`` on one of them
  while in flight, so at most ``n`` requests are in flight across all processes. A process that
  dies releases its slots with its file descriptors.
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
    """A semaphore of ``n`` slots across processes (``with slots: ...``), polling every ``poll`` s."""

    def __init__(self, folder: str | Path, n: int, poll: float = 0.002):
        if n < 1:
            raise ValueError(f"slots must be at least 1, got {n}")
        self.folder, self.n, self.poll = Path(folder), n, poll
        self.folder.mkdir(parents=True, exist_ok=True)
        self._local = threading.BoundedSemaphore(n)  # this process never asks for more than n at once
        self._held = threading.local()

    def __enter__(self):
        self._local.acquire()
        if fcntl is None:
            return self
        start = int.from_bytes(os.urandom(2), "little")
        while True:
            for k in range(self.n):
                fd = os.open(self.folder / f"slot-{(start + k) % self.n}", os.O_RDWR | os.O_CREAT, 0o644)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    os.close(fd)
                    continue
                stack = getattr(self._held, "fds", None) or []
                stack.append(fd)
                self._held.fds = stack
                return self
            time.sleep(self.poll)

    def __exit__(self, *exc):
        if fcntl is not None:
            fd = self._held.fds.pop()
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)
        self._local.release()
        return False
