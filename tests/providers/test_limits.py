"""Limits that hold: a hard budget with calls in flight, capped server pauses, retry hygiene,
rate (rpm and tpm) and in-flight limits across xdist workers, and conflicting limits for one API."""

from __future__ import annotations

import multiprocessing
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from pytest_atelier.errors import ConfigError, ProviderError
from pytest_atelier.providers.factory import Connection
from pytest_atelier.providers.openai_chat import OpenAIChat
from pytest_atelier.providers.anthropic import AnthropicChat
from pytest_atelier.providers.gemini import GeminiChat
from pytest_atelier.providers.gemini_image import GeminiImages
from pytest_atelier.providers.openai_images import OpenAIImages
from pytest_atelier.providers.shared import SharedRateLimiter
from pytest_atelier.providers.transport import BUDGET, RetryPolicy, Transport
from pytest_atelier.registry import ComponentContext, Registry

from ..conftest import write_lake_suite
from .conftest import KEY
from .loopback import LoopbackServer


def _transport(sleeps=None, family="openai", **kw) -> Transport:
    sleep = sleeps.append if sleeps is not None else time.sleep
    return Transport(family, httpx.Client(), timeout=5, retry=RetryPolicy(attempts=3, base=0.01), secrets=(KEY,), sleep=sleep, **kw)


def _chat(server, **kw) -> OpenAIChat:
    return OpenAIChat("gpt-4o", Connection(_transport(**kw), f"{server.url}/v1", KEY))


def test_budget_is_not_exceeded_with_16_calls_in_flight(server):
    server.latency = 0.05
    limit = 0.01  # each call costs $0.0011 (120 + 80 tokens of gpt-4o) and reserves at most $0.0013
    BUDGET.reset(limit)
    chat = _chat(server, semaphore=__import__("threading").Semaphore(16))

    def one(_):
        try:
            return chat.chat("s", "Request:\nA cat.", max_tokens=100)
        except ProviderError as exc:
            assert "budget of $0.01 spent" in str(exc)
            return None

    with ThreadPoolExecutor(16) as pool:
        made = [r for r in pool.map(one, range(64)) if r is not None]
    assert BUDGET.spent <= limit  # the documented margin: none while answers stay within their limits
    assert BUDGET.reserved == pytest.approx(0.0)
    assert len(made) == server.count("/chat/completions") >= 6  # the budget was used, not refused early


def test_budget_holds_with_16_in_flight_and_30k_token_reasoning_answers(server):
    """gpt-5.2 thinking 30,000 tokens an answer ($0.42 each at $14 per million output tokens): the
    limit reserved is the limit sent, so spend stays within the cap (docs/providers.md: no margin
    while the billed input stays within one token per 2 bytes)."""
    server.latency, server.reasoning_tokens = 0.05, 30_000
    limit = 5.0
    BUDGET.reset(limit)
    chat = OpenAIChat("gpt-5.2", Connection(_transport(semaphore=__import__("threading").Semaphore(16)), f"{server.url}/v1", KEY))

    def one(_):
        try:
            return chat.chat("Judge the prompt.", "Request:\nA lake at dawn, " * 40)
        except ProviderError as exc:
            assert "budget of $5.00 spent" in str(exc)
            return None

    with ThreadPoolExecutor(16) as pool:
        made = [r for r in pool.map(one, range(64)) if r is not None]
    bodies = [__import__("json").loads(r["body"]) for r in server.requests]
    assert all(b["max_completion_tokens"] == 32768 and "max_tokens" not in b for b in bodies)
    assert len(made) == len(bodies) >= 8  # the budget was used, not refused early
    assert all(r.usage.output_tokens == 30_080 for r in made)
    assert BUDGET.spent <= limit and BUDGET.reserved == pytest.approx(0.0)


BILLED_FAILURES = {  # a 200 answer that cannot be used: (client, API root, fault, the call)
    "openai chat": (OpenAIChat, "gpt-4o", "/v1", "refusal", lambda c: c.chat("s", "Request:\nA cat.", max_tokens=100)),
    "anthropic": (AnthropicChat, "claude-sonnet-4-5", "/v1", "refusal", lambda c: c.chat("s", "Request:\nA cat.", max_tokens=100)),
    "gemini chat": (GeminiChat, "gemini-2.5-flash", "/v1beta", "refusal", lambda c: c.chat("s", "Request:\nA cat.", max_tokens=100)),
    "gemini image": (GeminiImages, "gemini-2.5-flash-image", "/v1beta", "refusal", lambda c: c.generate("a cat", 512, 512, 1)),
    "openai images": (OpenAIImages, "gpt-image-1", "/v1", "empty_image", lambda c: c.generate("a cat", 512, 512, 1)),
}


@pytest.mark.parametrize("family", sorted(BILLED_FAILURES))
def test_a_billed_answer_that_then_fails_is_charged(server, family):
    cls, model, root, fault, call = BILLED_FAILURES[family]
    BUDGET.reset(1.0)
    server.inject(fault)
    with pytest.raises(ProviderError):
        call(cls(model, Connection(_transport(family=cls.family), f"{server.url}{root}", KEY)))
    # the refusal was billed by the API: charged at its reservation, not left as a call in flight
    assert BUDGET.spent > 0 and BUDGET.reserved == 0 and BUDGET.calls == 1


def test_a_retry_after_of_an_hour_fails_fast_with_a_clear_message(server):
    server.retry_after = "3600"
    server.inject("429")
    sleeps: list[float] = []
    start = time.perf_counter()
    with pytest.raises(ProviderError, match=r"asks to wait 3600 s before retrying, more than the 60 s this run waits \(max_wait="):
        _chat(server, sleeps=sleeps).chat("s", "Request:\nA cat.")
    assert time.perf_counter() - start < 2 and not sleeps
    assert server.count("/chat/completions") == 1


def test_an_http_date_a_day_ahead_fails_fast_too(server):
    import email.utils

    server.retry_after = email.utils.formatdate(time.time() + 86400, usegmt=True)
    server.inject("429")
    with pytest.raises(ProviderError, match=r"asks to wait 86[34]\d\d s"):
        _chat(server, sleeps=[]).chat("s", "Request:\nA cat.")


def test_max_wait_is_a_spec_setting(server):
    server.retry_after = "2"
    server.inject("429")
    sleeps: list[float] = []
    reply = _chat(server, sleeps=sleeps, max_wait=5).chat("s", "Request:\nA cat.")
    assert reply.text and 2 <= sleeps[0] <= 2.3


def test_gemini_retry_delay_in_the_body_is_honoured(server):
    server.retry_after = "7"
    server.inject("429_gemini")
    sleeps: list[float] = []
    client = GeminiChat("gemini-2.5-flash", Connection(_transport(sleeps), f"{server.url}/v1beta", KEY))
    assert client.chat("s", "Request:\nA cat.").text
    assert len(sleeps) == 1 and 7 <= sleeps[0] <= 7.8


def test_gemini_retry_delay_over_the_maximum_fails_fast(server):
    server.retry_after = "600"
    server.inject("429_gemini")
    client = GeminiChat("gemini-2.5-flash", Connection(_transport([]), f"{server.url}/v1beta", KEY))
    with pytest.raises(ProviderError, match="asks to wait 600 s"):
        client.chat("s", "Request:\nA cat.")


def test_insufficient_quota_is_not_retried(server):
    server.inject("429_quota")
    with pytest.raises(ProviderError, match="quota is used up"):
        _chat(server, sleeps=[]).chat("s", "Request:\nA cat.")
    assert server.count("/chat/completions") == 1


def test_a_spent_daily_gemini_quota_fails_at_once(server):
    server.retry_after = "41"
    server.inject("429_gemini_daily")
    sleeps: list[float] = []
    client = GeminiChat("gemini-2.5-flash", Connection(_transport(sleeps, family="gemini"), f"{server.url}/v1beta", KEY))
    with pytest.raises(ProviderError, match="quota is used up .*daily quota"):
        client.chat("s", "Request:\nA cat.")
    assert server.count(":generateContent") == 1 and not sleeps


def test_a_per_minute_gemini_quota_is_a_rate_limit_and_retried(server):
    server.retry_after = "0.05"
    server.inject("429_gemini_minute")
    sleeps: list[float] = []
    client = GeminiChat("gemini-2.5-flash", Connection(_transport(sleeps, family="gemini"), f"{server.url}/v1beta", KEY))
    assert client.chat("s", "Request:\nA cat.").text and len(sleeps) == 1 and sleeps[0] >= 0.05


def test_retry_after_zero_falls_back_to_the_backoff(server):
    server.retry_after = "0"
    server.inject("429", "429")
    sleeps: list[float] = []
    assert _chat(server, sleeps=sleeps).chat("s", "Request:\nA cat.").text
    assert len(sleeps) == 2 and sleeps[0] >= 0.005 and sleeps[1] >= 0.01  # base 0.01 s, doubled, jitter in [0.5, 1]


def test_a_key_echoed_in_an_answer_is_not_returned(server):
    server.answer = lambda user, n: f"<prompt>a cat; debug: Authorization Bearer {KEY}</prompt>"
    reply = _chat(server).chat("s", "Request:\nA cat.")
    assert KEY not in reply.text and "<redacted>" in reply.text


def test_x_should_retry_false_is_honoured(server):
    server.inject("500_noretry")
    with pytest.raises(ProviderError, match="HTTP 500"):
        _chat(server, sleeps=[]).chat("s", "Request:\nA cat.")
    assert server.count("/chat/completions") == 1


def test_conflicting_limits_for_one_api_are_an_error_naming_both_specs(server, tmp_path):
    ctx = ComponentContext(root=tmp_path, options={"concurrency": 4})
    base = f"{server.url}/v1"
    first, second = f"openai:model-a?base_url={base}&rpm=60", f"openai:model-b?base_url={base}&rpm=120"
    Registry().make("prompter", first, ctx)
    with pytest.raises(ConfigError) as err:
        Registry().make("prompter", second, ctx)
    assert first in str(err.value) and second in str(err.value) and "rpm=120" in str(err.value)
    Registry().make("prompter", f"openai:model-c?base_url={base}&rpm=60", ctx)  # the same limits: fine


# --- limits for the whole invocation, across xdist workers ------------------------------------

@pytest.fixture
def open_server():
    srv = LoopbackServer(key=None).start()
    yield srv
    srv.stop()


def _xdist_run(pytester, srv, tasks: int, settings: str, *extra: str):
    write_lake_suite(pytester.path / "mini", tasks)
    return pytester.runpytest_subprocess(
        "mini", "-n", "2", "-p", "no:cacheprovider", "--backend=none", "--atelier-progress=0",
        f"--prompter=openai:m?base_url={srv.url}/v1&strategy=novice&{settings}", *extra,
    )  # fmt: skip


def test_rpm_holds_across_two_workers(pytester, open_server):
    rpm = 300  # one request every 0.2 s for the whole invocation
    result = _xdist_run(pytester, open_server, 12, f"rpm={rpm}")
    assert result.ret in (0, 1), result.stdout.str()
    times = sorted(open_server.arrivals)
    assert len(times) == 12
    achieved = (len(times) - 1) / (times[-1] - times[0]) * 60
    assert achieved <= rpm * 1.1, f"{achieved:.0f} requests a minute against rpm={rpm}"


def test_in_flight_limit_holds_across_two_workers(pytester, open_server):
    open_server.latency = 0.2
    result = _xdist_run(pytester, open_server, 12, "concurrency=1", "--atelier-concurrency=8")
    assert result.ret in (0, 1), result.stdout.str()
    assert open_server.count("/chat/completions") == 12
    assert open_server.max_in_flight == 1


def test_two_serving_deployments_each_get_their_own_concurrency(pytester):
    """Past one machine: two image servers (stand-ins for a Ray Serve and a Triton deployment
    behind OpenAI-images routes), one backend each, each kept at its own in-flight limit."""
    farms = [LoopbackServer(latency=0.2).start(), LoopbackServer(latency=0.2).start()]
    try:
        write_lake_suite(pytester.path / "mini", 6)
        result = pytester.runpytest_subprocess(
            "mini", "-p", "no:cacheprovider", "--prompter=direct", "--judge=offline", "--atelier-progress=0",
            f"--backend=openai-images:sd?base_url={farms[0].url}/v1&concurrency=2",
            f"--backend=openai-images:flux?base_url={farms[1].url}/v1&concurrency=3",
            "--atelier-images=4", "--atelier-concurrency=16",
        )  # fmt: skip
        assert result.ret in (0, 1), result.stdout.str()
        assert [f.count("/images/generations") for f in farms] == [24, 24]
        assert [f.max_in_flight for f in farms] == [2, 3]  # each deployment full, never past its own limit
    finally:
        for farm in farms:
            farm.stop()


class _Stop(Exception):
    pass


def _take_tokens(path: str, tpm: float, out) -> None:
    """One process: take 1000 tokens a call until the shared bucket asks it to wait."""

    def sleep(seconds):
        raise _Stop  # the bucket is empty: stop instead of waiting for its refill

    limiter, taken = SharedRateLimiter(path, tpm=tpm, sleep=sleep), 0
    try:
        while True:
            limiter.acquire(1000)
            taken += 1
    except _Stop:
        out.put(taken)


def test_tpm_holds_across_two_processes(tmp_path):
    """A bucket of 6000 tokens (tpm=6000) feeds six calls of 1000 tokens in all, not six each."""
    ctx = multiprocessing.get_context("fork")
    out, path = ctx.Queue(), str(tmp_path / "api.json")
    procs = [ctx.Process(target=_take_tokens, args=(path, 6000, out)) for _ in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=30)
    taken = [out.get(timeout=5) for _ in procs]
    assert sum(taken) == 6, f"calls per process {taken}: the bucket was not shared"


def test_the_http_pool_follows_the_in_flight_limit(server, tmp_path):
    """128 calls allowed in flight reach the server together: the connection pool adds no ceiling."""
    import threading

    together = threading.Barrier(128, timeout=30)  # each answer waits until all 128 requests are in
    server.answer = lambda user, n: (together.wait(), None)[1]  # None: the default answer
    prompter = Registry().make(
        "prompter", f"openai:test-model?base_url={server.url}/v1&api_key_env=LOOP_KEY&concurrency=128&retries=0&timeout=40",
        ComponentContext(root=tmp_path, options={"concurrency": 128}),
    )  # fmt: skip
    with ThreadPoolExecutor(128) as pool:
        list(pool.map(lambda _: prompter.client.chat("s", "Request:\nA cat."), range(128)))
    assert server.max_in_flight == 128
