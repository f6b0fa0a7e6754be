"""Per-process accounting of model API calls: counts, tokens, images, cost and latency.

``requests`` counts every request that went out to a model API (each try; ``retries`` the tries
after the first), ``calls`` the answers recorded, ``refused`` the calls the budget refused
unsent.

Every provider call ends in :meth:`UsageTracker.record`; ``TRACKER`` is the process-wide
tracker the providers share, and :meth:`UsageTracker.snapshot` gives plain data that a
progress line or a session summary can print (and that survives pickling to xdist).
"""

from __future__ import annotations

import dataclasses
import threading

__all__ = ["Usage", "UsageTracker", "TRACKER"]


@dataclasses.dataclass(frozen=True)
class Usage:
    """What one call consumed: tokens in and out, images made, and its cost in USD."""

    input_tokens: int = 0
    output_tokens: int = 0
    images: int = 0
    cost_usd: float = 0.0

    def to_meta(self) -> dict:
        return dataclasses.asdict(self)


class UsageTracker:
    """Thread-safe totals per (family, model), plus retries and failures."""

    def __init__(self):
        self._lock = threading.Lock()
        self._models: dict[tuple[str, str], dict] = {}
        self._retries = 0
        self._failures = 0
        self._requests = self._retried_requests = self._refused = 0
        self._unpriced: set[str] = set()

    def record(self, family: str, model: str, usage: Usage, latency_s: float, priced: bool = True) -> None:
        with self._lock:
            entry = self._models.setdefault(
                (family, model),
                {"calls": 0, "input_tokens": 0, "output_tokens": 0, "images": 0, "cost_usd": 0.0, "latency_s": 0.0, "max_latency_s": 0.0},
            )
            entry["calls"] += 1
            entry["input_tokens"] += usage.input_tokens
            entry["output_tokens"] += usage.output_tokens
            entry["images"] += usage.images
            entry["cost_usd"] += usage.cost_usd
            entry["latency_s"] += latency_s
            entry["max_latency_s"] = max(entry["max_latency_s"], latency_s)
            if not priced:
                self._unpriced.add(model)

    def sent(self, retry: bool = False) -> None:
        """A request went out (``retry``: not its call's first try)."""
        with self._lock:
            self._requests += 1
            self._retried_requests += retry

    def refused(self) -> None:
        with self._lock:
            self._refused += 1

    def retried(self) -> None:
        with self._lock:
            self._retries += 1

    def failed(self) -> None:
        with self._lock:
            self._failures += 1

    def snapshot(self) -> dict:
        """Totals and a per-model breakdown, as JSON-safe data."""
        with self._lock:
            models = {f"{family}:{model}": dict(entry) for (family, model), entry in sorted(self._models.items())}
            retries, failures, unpriced = self._retries, self._failures, sorted(self._unpriced)
            sent = {"requests": self._requests, "retried_requests": self._retried_requests, "refused": self._refused}
        for entry in models.values():
            entry["mean_latency_s"] = round(entry["latency_s"] / entry["calls"], 4) if entry["calls"] else 0.0
            entry["cost_usd"] = round(entry["cost_usd"], 6)
        total = {key: sum(e[key] for e in models.values()) for key in ("calls", "input_tokens", "output_tokens", "images")}
        total["cost_usd"] = round(sum(e["cost_usd"] for e in models.values()), 6)
        return {**total, **sent, "retries": retries, "failures": failures, "unpriced_models": unpriced, "by_model": models}

    def reset(self) -> None:
        with self._lock:
            self._models.clear()
            self._retries = self._failures = 0
            self._requests = self._retried_requests = self._refused = 0
            self._unpriced.clear()


TRACKER = UsageTracker()
