"""The README's real-model command against loopback APIs that enforce each model's public rules.

``pytest task_suites/atelier --prompter=ALIAS --backend=... --judge=ALIAS``, with every shipped
chat alias as prompter and judge, the API roots in the variables the official SDKs read, and a
budget: the run completes with no 4xx, no request carries a sampling parameter the user did not
set, and every chat request carries its output limit in the field its API reads.
"""

from __future__ import annotations

import json

import pytest

from pytest_atelier.registry import DEFAULT_ALIASES

from ..conftest import write_suite
from ..judge_model.conftest import Brain
from .conftest import KEY
from .model_rules import reads_limit

CHAT_FAMILIES = ("openai", "anthropic", "gemini")
CHAT_ALIASES = sorted(a for a, target in DEFAULT_ALIASES.items() if target.split(":")[0] in CHAT_FAMILIES)
SAMPLING = ("temperature", "top_p", "top_k", "topP", "topK")


def _chat_requests(server) -> list[tuple[str, str, dict]]:
    """(api, model, body) of every chat request the server received."""
    found = []
    for request in server.requests:
        path, body = request["path"].split("?")[0], json.loads(request["body"] or b"{}")
        if path == "/v1/chat/completions":
            found.append(("openai", body["model"], body))
        elif path == "/v1/messages":
            found.append(("anthropic", body["model"], body))
        elif path.endswith(":generateContent") and "IMAGE" not in str(body.get("generationConfig")):
            found.append(("gemini", path.rsplit("/", 1)[1].split(":")[0], body))
    return found


def _sampling(body: dict) -> list[str]:
    return [k for k in SAMPLING if k in body or k in (body.get("generationConfig") or {})]


@pytest.mark.parametrize("alias", CHAT_ALIASES)
def test_the_readme_command_runs_with_every_shipped_alias(pytester, server, monkeypatch, alias):
    for family, variable, root in (("OPENAI", "OPENAI_BASE_URL", "/v1"), ("ANTHROPIC", "ANTHROPIC_BASE_URL", ""),
                                   ("GEMINI", "GOOGLE_GEMINI_BASE_URL", "")):  # fmt: skip
        monkeypatch.setenv(variable, server.url + root)
        monkeypatch.setenv(f"{family}_API_KEY", KEY)
    brain = Brain()
    judged = ("Checkpoint", "Rubric:", "The image to check", "The prompt")
    server.answer = lambda user, n: brain(user, n) if any(w in user for w in judged) else None  # the prompter: the default
    write_suite(pytester.path / "mini")
    result = pytester.runpytest(
        "mini", f"--prompter={alias}", "--backend=gpt-image-1", f"--judge={alias}", "--atelier-images=1",
        "--atelier-max-cost=20", "-p", "no:cacheprovider",
    )  # fmt: skip
    outcomes = result.parseoutcomes()
    assert not server.problems, server.problems  # nothing an API would refuse was sent
    assert "errors" not in outcomes and outcomes.get("passed", 0) > 0, result.stdout.str()[-3000:]
    chats = _chat_requests(server)
    assert {model for _, model, _ in chats} == {DEFAULT_ALIASES[alias].split(":", 1)[1]}
    assert len(chats) > 3  # the prompter and every judge skill reached the API
    for api, model, body in chats:
        assert _sampling(body) == [], (alias, body)
        assert reads_limit(api, model, body) is not None, (alias, body)  # under a budget: the limit it reserved


@pytest.mark.parametrize(
    "spec, model, refused",
    [
        ("openai:gpt-5.4?temperature=0", "gpt-5.4", "temperature"),
        ("anthropic:claude-opus-4-7?temperature=0.2", "claude-opus-4-7", "temperature"),
        ("anthropic:claude-sonnet-5-5?temperature=1", "claude-sonnet-5-5", "temperature"),
    ],
)
def test_a_refused_parameter_is_named_with_the_model_and_the_setting(server, tmp_path, spec, model, refused):
    from .helpers import FAST, make

    family = spec.split(":")[0]
    root = {"openai": "/v1", "anthropic": ""}[family]
    judge = make("judge", f"{spec}&base_url={server.url}{root}&{FAST}", tmp_path)
    with pytest.raises(Exception) as caught:
        judge.client.chat("s", "x", temperature=judge.temperature)
    message = str(caught.value)
    assert f"parameter '{refused}'" in message and f"model {model}" in message and "temperature= in the spec" in message


def test_an_ollama_model_gets_the_limit_in_the_field_ollama_reads(server, tmp_path):
    """Ollama ignores max_completion_tokens: a budget's limit must go out as max_tokens."""
    from pytest_atelier.providers.transport import BUDGET

    from .helpers import make, spec

    server.reasoning_tokens = 40_000  # more than the budget's default limit: the limit must hold
    prompter = make("prompter", spec("openai", "llama3.1:8b", f"{server.url}/v1", "price_in=0.1&price_out=0.4"), tmp_path, max_cost=10)
    with pytest.raises(Exception, match="output limit .32768 tokens. was reached"):
        prompter.client.chat("s", "Request:\nA cat.")
    (request,) = server.requests
    body = json.loads(request["body"])
    assert body["max_tokens"] == 32768 and "max_completion_tokens" not in body
    assert 32768 * 0.4e-6 <= BUDGET.spent <= (len(request["body"]) // 2 + 1) * 0.1e-6 + 32768 * 0.4e-6  # billed, within its reservation
