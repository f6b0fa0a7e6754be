"""The one way every provider talks HTTP: limits, retries, timeouts, budget and accounting.

A :class:`Transport` wraps an ``httpx.Client`` (one per provider family, shared by the
process, injectable for tests) and adds, per call:

- a budget check first: once the :class:`Budget` (the whole invocation's) is spent, new calls fail
  with ``ProviderError("budget of $X spent ...")`` and nothing is sent;
- a :class:`RateLimiter` (requests and tokens per minute) that waits before sending,
  halves its pace on a 429, pauses everyone for ``Retry-After`` / ``retry-after-ms``,
  pauses when ``x-ratelimit-remaining-*`` (or Anthropic's ``anthropic-ratelimit-*``)
  reaches 0, and speeds up again on success;
- a semaphore bounding concurrent requests;
- retries by :class:`RetryPolicy` (exponential backoff with jitter) on timeouts, connection
  errors, 408, 425, 429, 5xx and malformed JSON in a 2xx answer; any other 4xx fails at once;
- a timeout on every request.

Providers then call :meth:`Transport.account` with the tokens and images of the answer;
it prices them (``prices.py``), charges the budget and records them in ``usage.TRACKER``.
API keys live only in request headers: error messages are scrubbed of every secret the
transport knows, logs carry method, URL path and status only.
"""

from __future__ import annotations

import contextlib
import dataclasses
import email.utils
import json
import json as _json  # send() and _send() take an argument named json
import logging
import random
import re
import threading
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit

import httpx

from ..engine.cache import atomic_write, file_lock
from ..engine.calls import note, note_spent
from ..errors import BudgetRefusal, ProviderError
from ..redact import REDACTED, env_secrets
from .prices import Pricer
from .usage import TRACKER, Usage, UsageTracker

__all__ = [
    "RetryPolicy",
    "RateLimiter",
    "Budget",
    "BUDGET",
    "Reply",
    "Transport",
    "parse_retry_after",
    "parse_duration",
    "RETRY_STATUSES",
]

log = logging.getLogger("pytest_atelier.providers")

RETRY_STATUSES = frozenset({408, 425, 429, 500, 502, 503, 504, 529})


@dataclasses.dataclass(frozen=True)
class RetryPolicy:
    """``attempts`` tries in all; the wait before try k+1 is ``base * 2**(k-1)`` capped at ``cap``,
    scaled by a random factor in [0.5, 1] (jitter), or the server's Retry-After (waited as asked:
    a longer one than the run may wait is refused before this)."""

    attempts: int = 5
    base: float = 1.0
    cap: float = 60.0

    def __post_init__(self):
        if self.attempts < 1:
            raise ValueError(f"attempts must be at least 1, got {self.attempts}")
        if self.base < 0 or self.cap < 0:
            raise ValueError("backoff base and cap must be >= 0")

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """A pause of 0 (``Retry-After: 0``) is no pause at all: the backoff applies."""
        if retry_after:
            return retry_after * random.uniform(1.0, 1.1)
        return min(self.cap, self.base * 2 ** (attempt - 1)) * random.uniform(0.5, 1.0)


_DURATION = re.compile(r"(\d+(?:\.\d+)?)(ms|h|m|s)")


def parse_duration(value: str) -> float | None:
    """Seconds in ``"1.5"``, ``"20ms"``, ``"6m0s"`` or an RFC 3339 time (Anthropic's resets)."""
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    parts = _DURATION.findall(value)
    if parts and "".join(n + u for n, u in parts) == value:
        scale = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0}
        return sum(float(n) * scale[u] for n, u in parts)
    try:
        when = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - datetime.now(timezone.utc)).total_seconds())


def parse_retry_after(headers: httpx.Headers) -> float | None:
    """Seconds to wait from ``retry-after-ms`` or ``Retry-After`` (seconds or an HTTP date)."""
    if "retry-after-ms" in headers:
        try:
            return max(0.0, float(headers["retry-after-ms"]) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        return max(0.0, (when - datetime.now(timezone.utc)).total_seconds())


class RateLimiter:
    """Paces request starts (``rpm``) and tokens (``tpm``, a token bucket), adapting to 429s.

    After a 429 the gap between request starts doubles (at least 50 ms) and everyone waits
    out the Retry-After; each success shrinks the gap by 10% back towards ``60 / rpm``.
    """

    MIN_BACKOFF_GAP = 0.05

    def __init__(self, rpm: float | None = None, tpm: float | None = None, clock: Callable[[], float] = time.monotonic, sleep=time.sleep):
        for name, value in (("rpm", rpm), ("tpm", tpm)):
            if value is not None and value <= 0:
                raise ValueError(f"{name} must be > 0, got {value}")
        self.base_gap = 60.0 / rpm if rpm else 0.0
        self.gap = self.base_gap
        self.tpm = tpm
        self.clock, self.sleep = clock, sleep
        self._tokens = float(tpm or 0)
        self._refilled = clock()
        self._next_start = 0.0
        self._paused_until = 0.0
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def _state(self):
        """Hold the limiter's state (a shared limiter also loads and saves it across processes)."""
        with self._lock:
            yield

    def acquire(self, tokens: int = 0) -> float:
        """Block until a request may start; returns the seconds waited."""
        waited = 0.0
        while True:
            with self._state():
                now = self.clock()
                wait = max(self._paused_until, self._next_start) - now
                need = min(float(tokens), float(self.tpm or 0))
                if wait <= 0 and self.tpm:
                    self._refill(now)
                    if self._tokens < need:
                        wait = (need - self._tokens) * 60.0 / self.tpm
                if wait <= 0:
                    self._next_start = now + self.gap
                    self._tokens -= need
                    return waited
            self.sleep(wait)
            waited += wait

    def _refill(self, now: float) -> None:
        self._tokens = min(float(self.tpm), self._tokens + (now - self._refilled) * self.tpm / 60.0)
        self._refilled = now

    def settle(self, extra_tokens: int) -> None:
        """Charge tokens the answer used beyond the estimate given to :meth:`acquire`."""
        if self.tpm and extra_tokens:
            with self._state():
                self._tokens -= extra_tokens

    def pause(self, seconds: float) -> None:
        with self._state():
            self._paused_until = max(self._paused_until, self.clock() + seconds)

    def throttled(self, retry_after: float | None) -> None:
        """A 429: slow down, and wait out ``retry_after`` if the server gave one."""
        with self._state():
            self.gap = max(self.gap * 2, self.base_gap, self.MIN_BACKOFF_GAP)
        if retry_after:
            self.pause(retry_after)

    def succeeded(self) -> None:
        if self.gap <= self.base_gap:
            return
        with self._state():
            if self.gap > self.base_gap:
                self.gap = max(self.base_gap, self.gap * 0.9)
                if self.gap < 1e-3:
                    self.gap = self.base_gap

    def observe(self, headers: httpx.Headers, max_wait: float = 120.0) -> None:
        """Pause until the reset when a rate-limit header says nothing is left."""
        for remaining, reset in (
            ("x-ratelimit-remaining-requests", "x-ratelimit-reset-requests"),
            ("x-ratelimit-remaining-tokens", "x-ratelimit-reset-tokens"),
            ("anthropic-ratelimit-requests-remaining", "anthropic-ratelimit-requests-reset"),
            ("anthropic-ratelimit-tokens-remaining", "anthropic-ratelimit-tokens-reset"),
            ("x-ratelimit-remaining", "x-ratelimit-reset"),
        ):
            left = headers.get(remaining)
            if left is not None and left.strip() in ("0", "0.0") and reset in headers:
                seconds = parse_duration(headers[reset])
                if seconds:
                    self.pause(min(seconds, max_wait))


class Budget:
    """A hard maximum spend in USD for the whole invocation; ``None`` means no limit.

    Before a call is sent, :meth:`reserve` sets aside its worst-case cost (its input estimate,
    its answer limit, its images at list price) and refuses the call if what is spent plus what
    calls in flight have reserved would pass the limit. :meth:`settle` replaces the reservation
    by the real cost. A billed answer that then fails (a refusal, an empty or malformed answer)
    is charged its reservation (:meth:`Transport.billed`). The limit can be passed only by the amount
    that real usage exceeds the worst case (an unpriced model, or an answer over its limit).

    Several processes (xdist workers) hold one limit together through :meth:`share`: the state
    then lives in a JSON ledger file, read and rewritten under an exclusive lock at every step,
    so a worker may spend what the others have not. A damaged ledger stops new calls (it is
    never read as "nothing spent").
    """

    POLL_S = 0.02  # how often a call waiting for reservations to settle looks again

    def __init__(self, max_cost: float | None = None):
        self._lock = threading.RLock()
        self.spent = 0.0
        self.reserved = 0.0
        self.calls = 0
        self.max_cost: float | None = None
        self.ledger: Path | None = None
        self.set_limit(max_cost)

    def set_limit(self, max_cost: float | None) -> None:
        if max_cost is not None and max_cost < 0:
            raise ValueError(f"the maximum cost must be >= 0 USD, got {max_cost}")
        self.max_cost = max_cost

    def share(self, ledger: str | Path | None) -> None:
        """Keep the state in ``ledger`` (one file per invocation, seen by all its processes), or in memory."""
        with self._lock:
            self.ledger = Path(ledger) if ledger else None
            if self.ledger is not None:
                self.ledger.parent.mkdir(parents=True, exist_ok=True)

    def reset(self, max_cost: float | None = None) -> None:
        """Forget what was spent (a new evaluation in the same process), keep the state in memory
        again, and set a new limit."""
        with self._lock:
            self.ledger = None
            self.spent, self.reserved, self.calls = 0.0, 0.0, 0
        self.set_limit(max_cost)

    @property
    def committed(self) -> float:
        """Spent plus reserved by calls in flight."""
        with self._state():
            return self.spent + self.reserved

    def check(self, need: float = 0.0, in_flight: bool = True) -> None:
        """Raise if a call that may cost ``need`` does not fit; ``in_flight=False`` leaves out what
        calls in flight have reserved (their real cost may be far below it): "can it ever fit?"."""
        with self._state():
            self._check(need, in_flight)

    def _check(self, need: float, in_flight: bool = True) -> None:
        committed = self.spent + (self.reserved if in_flight else 0.0)
        if self.max_cost is None or (committed < self.max_cost and committed + need <= self.max_cost + 1e-12):
            return
        if need > self.max_cost:
            raise BudgetRefusal(
                f"one call may cost up to ${need:.4f} (its input and answer limit at list price), more than the whole budget "
                f"of {_usd(self.max_cost)}: no call can be made. Raise --atelier-max-cost, or lower the call's worst case "
                "(max_tokens= in the spec)."
            )
        raise BudgetRefusal(
            f"budget of {_usd(self.max_cost)} spent (${self.spent:.4f} over {self.calls} calls, ${self.reserved:.4f} reserved "
            f"by calls in flight; the next call may cost up to ${need:.4f}): no new model calls are made. Raise "
            "--atelier-max-cost to go on; finished calls stay cached and are not paid twice."
        )

    def reserve(self, worst: float, wait: float = 0.0) -> float:
        """Set aside ``worst`` USD for a call about to be sent, or raise if the limit forbids it.

        When it would fit once calls in flight have settled (their real cost is usually far below
        what they reserved), wait up to ``wait`` seconds for them; never when it cannot fit at all.
        """
        deadline = time.monotonic() + wait
        while True:
            with self._state():
                self._check(worst, in_flight=False)
                if time.monotonic() >= deadline or self.max_cost is None or self.spent + self.reserved + worst <= self.max_cost + 1e-12:
                    self._check(worst)
                    self.reserved += worst
                    return worst
            time.sleep(self.POLL_S)

    def release(self, reserved: float) -> None:
        """A call that was not billed (it failed before an answer): give its reservation back."""
        with self._state():
            self.reserved = max(0.0, self.reserved - reserved)

    def settle(self, reserved: float, cost: float) -> None:
        """A billed call's real cost replaces its reservation."""
        with self._state():
            self.reserved = max(0.0, self.reserved - reserved)
            self.spent += cost
            self.calls += 1

    def charge(self, cost: float) -> None:
        self.settle(0.0, cost)

    @contextlib.contextmanager
    def _state(self):
        """The state, locked in this process and, with a ledger, read from and written back to it."""
        with self._lock:
            if self.ledger is None:
                yield
                return
            with file_lock(self.ledger.with_suffix(".lock")):
                self._read_ledger()
                before = (self.spent, self.reserved, self.calls)
                yield
                if (self.spent, self.reserved, self.calls) != before:
                    state = {"spent": self.spent, "reserved": self.reserved, "calls": self.calls}
                    atomic_write(self.ledger, json.dumps(state).encode())

    def _read_ledger(self) -> None:
        try:
            state = json.loads(self.ledger.read_text(encoding="utf-8"))
        except FileNotFoundError:
            self.spent, self.reserved, self.calls = 0.0, 0.0, 0
            return
        except (OSError, ValueError) as exc:
            state = exc
        fields = ("spent", "reserved", "calls")
        if not isinstance(state, dict) or not all(isinstance(state.get(f), (int, float)) and state[f] >= 0 for f in fields):
            raise ProviderError(
                f"the budget ledger {self.ledger} that the workers of this run share is damaged, so what was spent is "
                "unknown: no new model calls are made. Start the run again (a new run starts a new ledger)."
            )
        self.spent, self.reserved, self.calls = float(state["spent"]), float(state["reserved"]), int(state["calls"])


BUDGET = Budget()


@dataclasses.dataclass
class Reply:
    """A successful answer: status, headers, raw body, parsed JSON (if asked), latency, tries."""

    status: int
    headers: httpx.Headers
    content: bytes
    data: object
    latency_s: float
    attempts: int
    reserved: float = 0.0  # USD the budget holds for this call until it is accounted


class Transport:
    """Sends one provider family's requests with limits, retries, budget and accounting."""

    def __init__(
        self,
        family: str,
        client: httpx.Client,
        *,
        timeout: float = 120.0,
        retry: RetryPolicy = RetryPolicy(),
        limiter: RateLimiter | None = None,
        semaphore: threading.Semaphore | None = None,
        budget: Budget = BUDGET,
        tracker: UsageTracker = TRACKER,
        pricer: Pricer | None = None,
        secrets: tuple[str, ...] = (),
        key_env: str | None = None,
        sleep: Callable[[float], None] = time.sleep,
        max_wait: float = 60.0,
    ):
        if timeout <= 0:
            raise ValueError(f"timeout must be > 0 seconds, got {timeout}")
        self.family, self.client, self.timeout, self.retry = family, client, timeout, retry
        self.limiter = limiter or RateLimiter()
        self.semaphore = semaphore or threading.Semaphore(4)
        self.budget, self.tracker = budget, tracker
        self.pricer = pricer or Pricer(family)
        self.secrets = tuple(s for s in secrets if s)
        self._keys = sorted({s for s in (*self.secrets, *_env_keys()) if len(s) >= 8}, key=len, reverse=True)
        self.key_env = key_env
        self.sleep = sleep
        if max_wait < 0:
            raise ValueError(f"max_wait must be >= 0 seconds, got {max_wait}")
        self.max_wait = max_wait  # the longest pause a server may ask for; a longer one fails the call

    def scrub(self, text: str) -> str:
        """``text`` with every known secret replaced by ``***``."""
        for secret in self.secrets:
            text = text.replace(secret, "***")
        return text

    def _clean(self, content: bytes) -> bytes:
        """An answer with every configured key replaced by ``<redacted>`` (a model or proxy may echo
        one), so no key reaches the cache, results or report. Exact values only: key-shaped
        patterns could match inside an image's base64 and damage it."""
        keys = [k for k in self._keys if k.encode() in content]
        if not keys:
            return content
        text = content.decode("utf-8", errors="surrogateescape")
        for key in keys:
            text = text.replace(key, REDACTED)
        return text.encode("utf-8", errors="surrogateescape")

    def send(
        self,
        method: str,
        url: str,
        *,
        what: str,
        json: object = None,
        headers: dict[str, str] | None = None,
        tokens: int = 0,
        billable: bool = True,
        expect_json: bool = True,
        follow_redirects: bool = False,
        model: str | None = None,
        worst: Usage | None = None,
        params: dict[str, str] | None = None,
    ) -> Reply:
        """Send with retries; a 2xx answer (with valid JSON if ``expect_json``) or a ProviderError.

        A billable call checks first that ``worst`` (the most it can cost, priced for ``model``)
        fits the budget, and reserves it once it holds an in-flight slot, as the request goes out:
        calls waiting for a slot or for the rate limit hold no money. :meth:`account` settles the
        reservation with the real cost. ``params`` maps each optional body field sent to where it
        came from (``{"temperature": "temperature= in the spec"}``), so that an API's refusal of
        one names the parameter, the model and the setting to change.
        """
        hold = _Reservation(self.budget, None)
        if billable:
            worst_cost = self.pricer.cost(model, worst) if model and worst is not None else None
            hold = _Reservation(self.budget, worst_cost or 0.0)
        refusal = _Refusal(model, params or {})
        try:
            if billable:
                self.budget.check(hold.worst or 0.0, in_flight=False)  # spent already: fail before waiting for a slot
            reply = self._send(method, url, what, json, headers, tokens, expect_json, follow_redirects, hold, refusal)
        except BudgetRefusal:
            hold.release()
            self.tracker.refused()
            note("refused")
            raise
        except BaseException:
            hold.release()
            raise
        reply.reserved = hold.amount
        return reply

    def _send(self, method, url, what, json, headers, tokens, expect_json, follow_redirects, hold: _Reservation, refusal: _Refusal) -> Reply:
        where = _public(url)
        last = "no attempt made"
        for attempt in range(1, self.retry.attempts + 1):
            self.limiter.acquire(tokens)
            retry_after = None
            with self.semaphore:
                hold.take(wait=self.timeout * self.retry.attempts)  # the longest the calls in flight can take
                start, reached = time.perf_counter(), True
                try:
                    response = self.client.request(
                        method, url, json=json, headers=headers, timeout=self.timeout, follow_redirects=follow_redirects
                    )
                except httpx.TimeoutException as exc:
                    last = f"no answer within the {self.timeout:g} s timeout"
                    response = None
                    reached = not isinstance(exc, httpx.ConnectTimeout)
                except httpx.TransportError as exc:
                    last = f"connection failed: {type(exc).__name__}: {exc}"
                    response = None
                    reached = not isinstance(exc, httpx.ConnectError)
                latency = time.perf_counter() - start
            if reached:  # the request went out (a refused connection sends nothing)
                self.tracker.sent(retry=attempt > 1)
                note("requests")
                if attempt > 1:
                    note("retries")
            if response is not None:
                log.debug("%s %s %s -> %s in %.3f s (try %d)", self.family, method, where, response.status_code, latency, attempt)
                self.limiter.observe(response.headers, self.max_wait)
                status = response.status_code
                should = response.headers.get("x-should-retry", "").strip().lower()
                if status >= 400 and should != "false" and (status in RETRY_STATUSES or should == "true"):
                    if _quota_exhausted(response):
                        self.tracker.failed()
                        raise ProviderError(
                            self.scrub(f"{what}: HTTP {status} from {where}: {_snippet(response)}. The account's quota is used up "
                                       "(this does not clear by waiting a few seconds): add credit or raise the quota (or wait for "
                                       "the daily quota to reset), then run again; finished calls are cached.")
                        )
                    retry_after = parse_retry_after(response.headers)
                    if retry_after is None:
                        retry_after = _body_retry_delay(response)
                    if retry_after is not None and retry_after > self.max_wait:
                        self.tracker.failed()
                        raise ProviderError(
                            self.scrub(f"{what}: HTTP {status} from {where} asks to wait {retry_after:.0f} s before retrying, more "
                                       f"than the {self.max_wait:g} s this run waits (max_wait= in the spec). Run again later "
                                       "(finished calls are cached), or raise max_wait.")
                        )
                    if status == 429:
                        self.limiter.throttled(retry_after)
                    last = f"HTTP {status}: {_snippet(response)}"
                elif status >= 400:
                    self.tracker.failed()
                    hint = refusal.explain(response) or self._hint(status, response)
                    raise ProviderError(self.scrub(f"{what}: HTTP {status} from {where}: {_snippet(response)}. {hint}"))
                else:
                    data = None
                    content = self._clean(response.content)
                    if expect_json:
                        try:
                            data = _json.loads(content)
                        except ValueError:
                            last = f"malformed JSON in an HTTP {status} answer: {content[:120]!r}"
                    if not expect_json or data is not None:
                        self.limiter.succeeded()
                        return Reply(status, response.headers, content, data, latency, attempt)
            else:
                log.debug("%s %s %s -> %s (try %d)", self.family, method, where, last.split(":")[0], attempt)
            # the try was not billed: its money goes back while it waits, not held out of a slot (a call
            # holding a slot and waiting for reservations to settle would wait on this one)
            hold.release()
            if attempt < self.retry.attempts:
                self.tracker.retried()
                # the server's pause (already checked against max_wait), or the backoff when it gave none or 0
                self.sleep(self.retry.delay(attempt, retry_after))
        self.tracker.failed()
        raise ProviderError(
            self.scrub(
                f"{what} failed after {self.retry.attempts} attempts; last error: {last}. The API may be down or "
                "overloaded: run again later (finished calls are cached), lower the concurrency, or raise retries= in the spec."
            )
        )

    def _hint(self, status: int, response: httpx.Response) -> str:
        error = _error_of(response)
        if "moderation_blocked" in (str(error.get("code")), str(error.get("type"))):
            return ("The provider's moderation refused this prompt (it would refuse it again): the item is an error, not a "
                    "judgement of the image; rephrase the task or the prompter's output if it should pass moderation.")
        if status == 402 or "credit balance" in str(error.get("message", "")).lower():
            return "The account has no credit left: add credit, then run again (finished calls are cached)."
        if status in (401, 403):
            where = f"the environment variable {self.key_env}" if self.key_env else "the api_key_env setting"
            return f"Check the API key in {where} and that it may use this model."
        if status == 404:
            return "Check the model name and base_url in the spec."
        if status == 413:
            return "The request is too large: use smaller images or a shorter task."
        return "The API rejected the request and would reject it again: check the spec's settings for this model."

    @contextlib.contextmanager
    def billed(self, reply: Reply):
        """Around the reading of a billable answer: if it fails (a refusal, a block, an empty or
        malformed answer), the call was billed all the same, and its reservation is charged."""
        try:
            yield
        except BaseException:
            if reply.reserved:
                self.budget.settle(reply.reserved, reply.reserved)
                reply.reserved = 0.0
            raise

    def account(self, model: str, usage: Usage, reply: Reply, estimated_tokens: int = 0) -> Usage:
        """Price a finished call, charge the budget, record it; returns the usage with its cost."""
        cost = self.pricer.cost(model, usage)
        priced = dataclasses.replace(usage, cost_usd=round(cost or 0.0, 8))
        self.budget.settle(reply.reserved, priced.cost_usd)
        note_spent(priced.cost_usd)
        reply.reserved = 0.0
        self.limiter.settle(usage.input_tokens + usage.output_tokens - estimated_tokens)
        self.tracker.record(self.family, model, priced, reply.latency_s, priced=cost is not None)
        return priced


def _env_keys() -> list[str]:
    """The key-named environment variables' values, read once per transport: read again at every
    answer, the environment may change under the reading thread (pytest sets PYTEST_CURRENT_TEST)."""
    for _ in range(10):
        try:
            return env_secrets()
        except (KeyError, RuntimeError):
            continue
    raise ProviderError("the environment kept changing while its keys were read; start the run again")


def _usd(amount: float) -> str:
    """Dollars as people write them: cents from $1 up, four significant digits below."""
    return f"${amount:,.2f}" if amount >= 1 else f"${amount:.4g}"


class _Reservation:
    """A call's worst-case cost, reserved in the budget once (``take``) and given back if unbilled."""

    def __init__(self, budget: Budget, worst: float | None):
        self.budget, self.worst, self.amount, self.taken = budget, worst, 0.0, False

    def take(self, wait: float) -> None:
        if self.worst is not None and not self.taken:
            self.amount, self.taken = self.budget.reserve(self.worst, wait), True

    def release(self) -> None:
        if self.taken:
            self.budget.release(self.amount)
            self.amount, self.taken = 0.0, False


def _public(url: str) -> str:
    """The URL without its query string (which may carry a key)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}{parts.path}"


def _error_of(response: httpx.Response) -> dict:
    try:
        data = response.json()
    except ValueError:
        return {}
    error = data.get("error") if isinstance(data, dict) else None
    if isinstance(data, list) and data and isinstance(data[0], dict):  # Gemini sometimes wraps the error in a list
        error = data[0].get("error")
    return error if isinstance(error, dict) else {}


def _quota_exhausted(response: httpx.Response) -> bool:
    """A spent quota, which waiting does not clear: OpenAI's ``insufficient_quota`` (no credit
    left), or Gemini's RESOURCE_EXHAUSTED whose ``QuotaFailure`` names a daily quota
    (``GenerateRequestsPerDayPerProjectPerModel``); a per-minute one is a rate limit, retried."""
    error = _error_of(response)
    if "insufficient_quota" in (str(error.get("code")), str(error.get("type"))):
        return True
    for detail in error.get("details") or []:
        if isinstance(detail, dict) and str(detail.get("@type", "")).endswith("google.rpc.QuotaFailure"):
            ids = [str(v.get("quotaId", "")) for v in detail.get("violations") or [] if isinstance(v, dict)]
            if any("PerDay" in i for i in ids):
                return True
    return False


def _body_retry_delay(response: httpx.Response) -> float | None:
    """Gemini's ``RetryInfo.retryDelay`` (``"30s"``) in the error details, in seconds."""
    for detail in _error_of(response).get("details") or []:
        if isinstance(detail, dict) and isinstance(detail.get("retryDelay"), str):
            return parse_duration(detail["retryDelay"])
    return None


class _Refusal:
    """Names the optional parameter an API refused (OpenAI's ``error.param``, else a sent field
    named in the message, as Anthropic's "`temperature` is deprecated for this model"), with the
    model and the setting that put it in the request."""

    def __init__(self, model: str | None, params: dict[str, str]):
        self.model, self.params = model, params

    def explain(self, response: httpx.Response) -> str | None:
        if response.status_code not in (400, 422) or not self.params:
            return None
        error = _error_of(response)
        message = str(error.get("message") or "")
        named = str(error.get("param") or "")
        for field, source in self.params.items():
            leaf = field.rsplit(".", 1)[-1]
            if named in (field, leaf) or re.search(rf"(?<![\w.]){re.escape(leaf)}(?![\w])", message):
                return (f"The API does not accept the parameter {leaf!r} for the model {self.model}; it was sent because of "
                        f"{source}: remove or change that setting and run again.")
        return None


def _snippet(response: httpx.Response) -> str:
    try:
        data = response.json()
    except ValueError:
        return response.text[:300].strip() or "(empty body)"
    error = data.get("error") if isinstance(data, dict) else None
    if isinstance(error, dict) and error.get("message"):
        return str(error["message"])[:300]
    if isinstance(error, str):
        return error[:300]
    return str(data)[:300]
