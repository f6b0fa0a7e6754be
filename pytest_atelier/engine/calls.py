"""What a run asked of model APIs: requests sent, answers reused from the cache, calls the budget refused.

A :class:`CallCounter` belongs to one run (or one command). The engine makes it the current one
(:func:`counting`) while the run is produced, and names the kind of component call under way
(``prompt``, ``judge_image`` ...); the HTTP transport then tells it (:func:`note`) of every request
that went out to a model API (each try, retries included, ``retries`` counting the tries after the
first) and of every call the budget refused before sending. The cache tells it of every answer of a
model-calling component it reused. A component that decides by rules in process (the offline
judge, the reference renderer) sends nothing and so adds nothing; a local model (diffusers,
transformers) is no API request either. Threads a component starts carry the current counter
when they run their work through :func:`carried`.
"""

from __future__ import annotations

import contextlib
import contextvars
import threading
from typing import Callable, Iterator

__all__ = ["CallCounter", "COUNTS", "counting", "note", "note_spent", "carried", "describe"]

COUNTS = ("requests", "retries", "cached", "refused")

_current: contextvars.ContextVar[tuple["CallCounter", str] | None] = contextvars.ContextVar("atelier_calls", default=None)


class CallCounter:
    """Per kind of call: ``requests`` sent to a model API (every try), of which ``retries``, answers
    reused from the ``cached``, and calls ``refused`` by the budget (nothing sent); ``spent_usd`` is
    what the requests sent cost (answers reused from the cache cost nothing again)."""

    def __init__(self):
        self.by_kind: dict[str, dict[str, int]] = {}
        self.spent_usd = 0.0
        self._lock = threading.Lock()

    def spend(self, cost_usd: float) -> None:
        with self._lock:
            self.spent_usd += cost_usd

    def add(self, kind: str, what: str, n: int = 1) -> None:
        if what not in COUNTS:
            raise ValueError(f"unknown count {what!r}; one of {', '.join(COUNTS)}")
        with self._lock:
            entry = self.by_kind.setdefault(kind, dict.fromkeys(COUNTS, 0))
            entry[what] += n

    def total(self, what: str) -> int:
        with self._lock:
            return sum(e[what] for e in self.by_kind.values())

    # the totals over every kind of call, one per count
    requests = property(lambda self: self.total("requests"))
    retries = property(lambda self: self.total("retries"))
    cached = property(lambda self: self.total("cached"))
    refused = property(lambda self: self.total("refused"))


@contextlib.contextmanager
def counting(counter: CallCounter, kind: str) -> Iterator[None]:
    """Make ``counter`` the current one, for calls of ``kind``, in this thread and what it carries."""
    token = _current.set((counter, kind))
    try:
        yield
    finally:
        _current.reset(token)


def note(what: str, n: int = 1) -> None:
    """Count ``what`` (one of :data:`COUNTS`) on the current counter, if any."""
    current = _current.get()
    if current is not None:
        current[0].add(current[1], what, n)


def note_spent(cost_usd: float) -> None:
    """Add what a request sent cost to the current counter, if any."""
    current = _current.get()
    if current is not None:
        current[0].spend(cost_usd)


def carried(fn: Callable) -> Callable:
    """``fn``, to run in another thread with the caller's current counter (each call in a copy of
    the caller's context, so that several threads may run it at once)."""
    context = contextvars.copy_context()

    def run(*args, **kwargs):
        return context.copy().run(fn, *args, **kwargs)

    return run


def describe(requests: int, retries: int, cached: int, refused: int) -> str:
    """The counts as the terminal, the progress line and the report say them."""
    text = f"{_n(requests, 'API request')} sent ({retries:,} of them {'a retry' if retries == 1 else 'retries'}), {_n(cached, 'answer')} from the cache"
    return text + (f", {_n(refused, 'call')} refused by the budget" if refused else "")


def _n(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'' if count == 1 else 's'}"
