"""What a run says it asked of model APIs is what the APIs received, and a cached answer is reused
exactly when the request it answered would be sent again unchanged."""

from __future__ import annotations

import json
import re

import pytest

from pytest_atelier.errors import ConfigError

from ..conftest import write_lake_suite, write_suite
from ..judge_model.conftest import Brain
from .conftest import KEY
from .helpers import make, spec
from .loopback import LoopbackServer

COUNTS = re.compile(
    r"model calls: (\d+) API requests? sent \((\d+) of them (?:retries|a retry)\), (\d+) answers? from the cache(?:, (\d+) calls? refused by the budget)?"
)


@pytest.fixture
def open_server():
    srv = LoopbackServer(key=None).start()
    yield srv
    srv.stop()


def _counts(result) -> tuple[int, int, int, int]:
    found = COUNTS.search(result.stdout.str())
    assert found, result.stdout.str()[-2000:]
    return tuple(int(n or 0) for n in found.groups())


def test_the_counts_printed_are_the_requests_the_api_received(pytester, open_server):
    """Retries, answers from the cache, budget refusals and an offline judge in one run: the
    requests printed (and in results.json) are those the server got; the rest is apart."""
    write_lake_suite(pytester.path / "mini", 10)
    prompter = f"--prompter=openai:gpt-4o?base_url={open_server.url}/v1&strategy=novice&concurrency=1&max_tokens=100&retries=3&backoff=0.01"
    common = ["mini", "-p", "no:cacheprovider", "--backend=none", "--judge=offline", "--atelier-json=out.json", prompter]
    probe = pytester.runpytest_subprocess(*common, "-k", "t000 or t001")
    assert probe.ret in (0, 1) and _counts(probe) == (2, 0, 0, 0)
    cost = json.loads((pytester.path / "out.json").read_text())["runs"][0]["cost_usd"]
    open_server.inject("500", "503", path="/v1/chat/completions")  # the next call is tried three times
    before = open_server.count("/chat/completions")
    result = pytester.runpytest_subprocess(*common, f"--atelier-max-cost={5.5 * cost:.8f}")
    received = open_server.count("/chat/completions") - before
    requests, retries, cached, refused = _counts(result)
    assert (requests, cached) == (received, 2)  # t000 and t001 from the cache
    # two tries failed (both counted in what the server received); each call's next try went out, or
    # the budget (its money given back while it waited, taken meanwhile by another task) refused it,
    # so 0-2 of the requests are retries; every other task got one answer or was refused unsent
    assert retries <= 2 and refused == 8 - (received - 2) > 0
    runs = json.loads((pytester.path / "out.json").read_text())["runs"]
    assert sum(r["calls"]["requests"] for r in runs) == received and sum(r["calls"]["refused"] for r in runs) == refused
    assert all(set(r["calls"]["by_kind"]) <= {"prompt"} for r in runs)  # the offline judge's decisions are no calls


def test_every_failed_try_before_an_answer_is_counted_as_a_retry(pytester, open_server):
    """Without a budget a failed call is tried again until it is answered: the two failed tries are
    requests the server received, and the two tries after them are the retries."""
    write_lake_suite(pytester.path / "mini", 2)
    prompter = f"--prompter=openai:gpt-4o?base_url={open_server.url}/v1&strategy=novice&concurrency=1&retries=3&backoff=0.01"
    open_server.inject("500", "503", path="/v1/chat/completions")
    result = pytester.runpytest_subprocess("mini", "-p", "no:cacheprovider", "--backend=none", "--judge=offline", prompter)
    assert open_server.count("/chat/completions") == 4  # two answers, two failed tries
    assert _counts(result) == (4, 2, 0, 0)


def _judge_run(pytester, server, judge_extra: str):
    judge = f"--judge=openai:gpt-4o?base_url={server.url}/v1&api_key_env=LOOP_KEY{judge_extra}"
    prompter = f"--prompter=openai:gpt-4o?base_url={server.url}/v1&api_key_env=LOOP_KEY&strategy=novice"
    return pytester.runpytest_subprocess("mini", "--backend=none", prompter, judge, "-p", "no:cacheprovider", "--atelier-cache-dir=cache")


def _bodies(server, since: int) -> list[dict]:
    return [json.loads(r["body"]) for r in server.requests[since:]]


def test_a_cached_answer_is_reused_only_for_the_request_it_answered(pytester, server):
    """Answers cached with temperature 0 sent (the old default) are not reused once no temperature
    is sent; the unchanged prompter requests are, and an identical run sends nothing (real cache)."""
    brain = Brain()
    judged = ("Checkpoint", "Rubric:", "The image to check", "The prompt")
    server.answer = lambda user, n: brain(user, n) if any(w in user for w in judged) else None
    write_suite(pytester.path / "mini")
    old = _judge_run(pytester, server, "&temperature=0")
    assert "errors" not in old.parseoutcomes() and _counts(old)[2] == 0
    sent_old = _bodies(server, 0)
    judge_calls = sum("temperature" in b for b in sent_old)
    assert judge_calls and all(b["temperature"] == 0 for b in sent_old if "temperature" in b)
    mark = len(server.requests)
    new = _judge_run(pytester, server, "")
    sent_new = _bodies(server, mark)
    assert len(sent_new) == judge_calls and not any("temperature" in b for b in sent_new)  # only the judge asked again
    requests, _, cached, _ = _counts(new)
    assert requests == judge_calls and cached == len(sent_old) - judge_calls  # the prompter's answers reused
    mark = len(server.requests)
    again = _judge_run(pytester, server, "")
    assert len(server.requests) == mark and _counts(again)[:3] == (0, 0, len(sent_new) + cached)


@pytest.mark.parametrize(
    "family, model, root, path",
    [
        ("openai", "gpt-5.2", "/v1", "/v1/chat/completions"),
        ("openai", "llama3.1:8b", "/v1", "/v1/chat/completions"),
        ("anthropic", "claude-opus-4-7", "", "/v1/messages"),
        ("gemini", "gemini-3.1-pro-preview", "", ":generateContent"),
    ],
)
@pytest.mark.parametrize("budget", [None, 50])
def test_the_request_terms_are_the_fields_sent(server, tmp_path, family, model, root, path, budget):
    """The part of a cache key beyond the messages is read off the request as sent: each optional
    field sent is in it with the value sent, and nothing else."""
    options = {"max_cost": budget} if budget else {}
    client = make("prompter", spec(family, model, f"{server.url}{root}", "price_in=1&price_out=1"), tmp_path, **options).client
    sampled = ({"temperature": 0.5},) if model in ("llama3.1:8b", "gemini-3.1-pro-preview") else ()  # the others refuse it
    for kwargs in ({}, {"seed": 7}, {"max_tokens": 300, "seed": 3}, *sampled):
        mark = len(server.requests)
        client.chat("s", "Request:\nA cat.", **kwargs)
        (request,) = server.requests[mark:]
        assert path in request["path"]
        body = json.loads(request["body"])
        sent = {**{k: v for k, v in body.items() if k not in ("model", "messages", "system", "contents", "systemInstruction",
                                                             "generationConfig")},
                **(body.get("generationConfig") or {})}  # fmt: skip
        terms = client.request_terms(**kwargs)
        assert terms.pop("api") and terms.pop("base_url") == f"{server.url}{root}".rstrip("/") + ("/v1" if family == "anthropic" else "/v1beta" if family == "gemini" else "")
        assert terms.pop("model") == model and terms == sent, (kwargs, body)


# --- the output-limit field of OpenAI-compatible servers, and seed (model_rules.SERVERS, SEED) -------

@pytest.mark.parametrize(
    "served_by, model, field",
    [("ollama", "llama3.1:8b", "max_tokens"), ("lmstudio", "qwen/qwen3-8b", "max_tokens"),
     ("llama.cpp", "Qwen3-8B-Q4_K_M.gguf", "max_tokens"), ("vllm", "Qwen/Qwen3-8B", "max_tokens"),
     ("openai", "gpt-5.2", "max_completion_tokens"), ("openai", "o4-mini", "max_completion_tokens")],
)  # fmt: skip
def test_the_default_limit_field_is_one_the_server_reads(tmp_path, served_by, model, field):
    """The default follows the rule table: the field each server reads, where a name is served."""
    from pytest_atelier.providers.openai_chat import default_limit_field

    from .model_rules import SERVERS, check

    assert default_limit_field(model) == field and field in SERVERS[served_by].reads
    assert check("openai", model, {"model": model, field: 10, "seed": 1}) is None  # neither refused nor the seed


def test_a_proxy_name_for_a_reasoning_model_takes_the_limit_field_setting(tmp_path):
    """A proxy serving gpt-5.2 as ``corp-reasoner``: the default field (max_tokens) is refused with
    a hint naming limit_field; with limit_field=max_completion_tokens the budget's limit holds."""
    proxy = LoopbackServer(key=KEY, served_as={"corp-reasoner": "gpt-5.2"}).start()
    try:
        proxy.reasoning_tokens = 40_000
        base = f"{proxy.url}/v1"
        plain = make("prompter", spec("openai", "corp-reasoner", base, "price_in=1&price_out=2"), tmp_path, max_cost=10)
        with pytest.raises(Exception, match=r"parameter 'max_tokens' for the model corp-reasoner.*limit_field=max_completion_tokens"):
            plain.client.chat("s", "Request:\nA cat.")
        fixed = make("prompter", spec("openai", "corp-reasoner", base, "price_in=1&price_out=2&limit_field=max_completion_tokens"),
                     tmp_path, max_cost=10)  # fmt: skip
        assert fixed.identity != plain.identity
        with pytest.raises(Exception, match="output limit .32768 tokens. was reached"):  # the limit was read: the answer stopped at it
            fixed.client.chat("s", "Request:\nA cat.")
        body = json.loads(proxy.requests[-1]["body"])
        assert body["max_completion_tokens"] == 32768 and "max_tokens" not in body
    finally:
        proxy.stop()


def test_limit_field_is_checked(server, tmp_path):
    with pytest.raises(ConfigError, match="limit_field applies to openai: specs"):
        make("judge", spec("anthropic", "claude-opus-4-7", server.url, "limit_field=max_tokens"), tmp_path)
    with pytest.raises(ConfigError, match="limit_field must be max_tokens or max_completion_tokens, got 'max_new_tokens'"):
        make("prompter", spec("openai", "llama3", f"{server.url}/v1", "limit_field=max_new_tokens"), tmp_path)


@pytest.mark.parametrize(
    "family, model, root, where",
    [("openai", "gpt-5.4", "/v1", "seed"), ("openai", "llama3.1:8b", "/v1", "seed"),
     ("gemini", "gemini-3.1-pro-preview", "", "generationConfig.seed"), ("anthropic", "claude-sonnet-5-5", "", None)],
)  # fmt: skip
def test_a_seed_goes_only_where_the_api_takes_it(server, tmp_path, family, model, root, where):
    client = make("prompter", spec(family, model, f"{server.url}{root}"), tmp_path).client
    client.chat("s", "Request:\nA cat.", seed=11)
    body = json.loads(server.requests[-1]["body"])
    found = body.get("seed", (body.get("generationConfig") or {}).get("seed"))
    assert (found == 11) if where else ("seed" not in json.dumps(body)), body
    assert not server.problems


@pytest.mark.parametrize(
    "path, body",
    [("/v1/messages", {"model": "claude-sonnet-5-5", "max_tokens": 10, "seed": 1, "messages": [{"role": "user", "content": "x"}]}),
     ("/v1beta/models/gemini-3.1-pro-preview:generateContent", {"seed": 1, "contents": [{"role": "user", "parts": [{"text": "x"}]}]})],
)  # fmt: skip
def test_the_fakes_refuse_a_seed_where_the_api_does(server, path, body):
    import httpx

    headers = {"x-api-key": KEY, "x-goog-api-key": KEY, "anthropic-version": "2023-06-01"}
    answer = httpx.post(server.url + path, json=body, headers=headers)
    assert answer.status_code == 400 and "seed" in answer.text and server.problems


@pytest.mark.parametrize("family, root, takes_seed", [("openai", "/v1", True), ("gemini", "", True), ("anthropic", "", False)])
def test_a_prompters_key_holds_the_run_seed_only_where_it_is_sent(server, tmp_path, family, root, takes_seed):
    """--atelier-seed reaches the request only where the API takes a seed: only there may it
    change the prompt call's cache key (``uses_seed``, read by the engine)."""
    prompter = make("prompter", spec(family, "some-model", f"{server.url}{root}"), tmp_path)
    assert prompter.uses_seed is takes_seed and "seed" not in prompter.identity
