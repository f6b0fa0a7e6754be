"""The shared transport against a real loopback server: retries, limits, budget, prices."""

from __future__ import annotations

import time

import httpx
import pytest

from pytest_atelier.errors import ConfigError, ProviderError
from pytest_atelier.providers.factory import Connection
from pytest_atelier.providers.openai_chat import OpenAIChat
from pytest_atelier.providers.prices import Price, load_prices
from pytest_atelier.providers.transport import BUDGET, RateLimiter, RetryPolicy, Transport, parse_duration
from pytest_atelier.providers.usage import TRACKER, UsageTracker

from .conftest import KEY


def _chat(server, attempts=3, timeout=0.5, **kw) -> OpenAIChat:
    transport = Transport(
        "openai", httpx.Client(), timeout=timeout, retry=RetryPolicy(attempts=attempts, base=0.01), secrets=(KEY,), key_env="LOOP_KEY", **kw
    )
    return OpenAIChat("gpt-4o", Connection(transport, f"{server.url}/v1", KEY))


@pytest.mark.parametrize("fault", ["429", "500", "503", "slow", "drop", "malformed"])
def test_transient_faults_are_retried(server, fault):
    server.inject(fault)
    reply = _chat(server).chat("sys", "Request:\nA cat.")
    assert "<prompt>" in reply.text and reply.attempts == 2
    assert server.count("/chat/completions") == 2 and not server.problems
    assert TRACKER.snapshot()["retries"] == 1


def test_429_honours_retry_after_and_slows_down(server):
    server.retry_after = "0.3"
    server.inject("429")
    chat = _chat(server)
    start = time.perf_counter()
    chat.chat("sys", "Request:\nA cat.")
    assert time.perf_counter() - start >= 0.3
    assert chat.conn.transport.limiter.gap >= RateLimiter.MIN_BACKOFF_GAP * 0.9


@pytest.mark.parametrize("fault", ["400", "401"])
def test_other_4xx_fail_at_once_with_a_hint_and_no_key(server, fault):
    server.inject(fault)
    with pytest.raises(ProviderError) as info:
        _chat(server).chat("sys", "Request:\nA cat.")
    assert server.count("/chat/completions") == 1
    assert KEY not in str(info.value) and f"HTTP {fault}" in str(info.value)
    if fault == "401":
        assert "***" in str(info.value) and "LOOP_KEY" in str(info.value)


def test_persistent_faults_become_a_provider_error(server):
    server.inject("503", "500", "slow")
    with pytest.raises(ProviderError, match=r"failed after 3 attempts; last error: no answer within the 0.2 s timeout"):
        _chat(server, timeout=0.2).chat("sys", "Request:\nA cat.")
    assert TRACKER.snapshot()["failures"] == 1


def test_connection_refused_is_retried_then_reported(server):
    server.stop()
    with pytest.raises(ProviderError, match="connection failed"):
        _chat(server, attempts=2).chat("sys", "Request:\nA cat.")


def test_budget_refuses_new_calls_once_spent(server):
    BUDGET.reset(0.3285)  # one call's worst case (gpt-4o, 32768 answer tokens) is about $0.3277
    chat = _chat(server)
    reply = chat.chat("sys", "Request:\nA cat.")  # 120 in + 80 out tokens of gpt-4o: $0.0011
    assert reply.usage.cost_usd == pytest.approx((120 * 2.5 + 80 * 10.0) / 1e6)
    assert BUDGET.reserved == 0 and BUDGET.spent == pytest.approx(reply.usage.cost_usd)
    with pytest.raises(ProviderError, match=r"budget of \$0.3285 spent .*may cost up to .*--atelier-max-cost"):
        chat.chat("sys", "Request:\nA cat.")  # spent + its worst case would pass the limit: not sent
    assert server.count("/chat/completions") == 1


def test_a_call_whose_worst_case_exceeds_the_whole_budget_says_so(server):
    BUDGET.reset(0.006)
    with pytest.raises(ProviderError, match=r"one call may cost up to \$0.32\d+ .*more than the whole budget of \$0.006: .*max_tokens="):
        _chat(server).chat("sys", "Request:\nA cat.")
    assert server.count("/chat/completions") == 0


def test_concurrency_is_bounded(server):
    import threading
    from concurrent.futures import ThreadPoolExecutor

    server.latency = 0.1
    chat = _chat(server, semaphore=threading.Semaphore(2))
    start = time.perf_counter()
    with ThreadPoolExecutor(6) as pool:
        list(pool.map(lambda _: chat.chat("s", "Request:\nx"), range(6)))
    assert time.perf_counter() - start >= 0.29  # 6 calls, 2 at a time, 0.1 s each


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now

    def sleep(self, seconds):
        self.now += seconds


def test_rate_limiter_paces_requests_and_tokens():
    clock = FakeClock()
    limiter = RateLimiter(rpm=120, tpm=6000, clock=clock, sleep=clock.sleep)
    for _ in range(3):
        limiter.acquire(100)
    assert clock.now == pytest.approx(1.0)  # 0.5 s apart
    limiter.acquire(6000)  # the bucket holds ~5700 now: wait for the rest
    assert clock.now > 1.5
    limiter.throttled(retry_after=5)
    start = clock.now
    limiter.acquire()
    assert clock.now - start >= 5 and limiter.gap == 1.0
    for _ in range(20):
        limiter.succeeded()
    assert limiter.gap == 0.5


def test_rate_limit_headers_pause_until_reset():
    clock = FakeClock()
    limiter = RateLimiter(clock=clock, sleep=clock.sleep)
    limiter.observe(httpx.Headers({"x-ratelimit-remaining-requests": "0", "x-ratelimit-reset-requests": "1m30s"}))
    limiter.acquire()
    assert clock.now == pytest.approx(90)
    assert parse_duration("20ms") == pytest.approx(0.02) and parse_duration("6m0s") == 360 and parse_duration("x") is None


def test_prices_extend_from_pyproject(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.atelier.prices]\n"my-model" = {input = 1.0, image = 0.5}\n')
    prices = load_prices(tmp_path)
    assert prices == {"my-model": Price(input=1.0, image=0.5)}
    (tmp_path / "pyproject.toml").write_text('[tool.atelier.prices]\n"bad" = {inputs = 1.0}\n')
    with pytest.raises(ConfigError, match="keys input, output, image"):
        load_prices(tmp_path)


def test_usage_snapshot_lists_unpriced_models(server):
    tracker = UsageTracker()
    chat = OpenAIChat("my-local-model", Connection(Transport("openai", httpx.Client(), tracker=tracker), f"{server.url}/v1", KEY))
    chat.chat("s", "Request:\nx")
    snap = tracker.snapshot()
    assert snap["calls"] == 1 and snap["cost_usd"] == 0 and snap["unpriced_models"] == ["my-local-model"]
    assert snap["by_model"]["openai:my-local-model"]["input_tokens"] == 120
