"""LLM prompters: what the model is shown, strategies, identities, prompt extraction."""

from __future__ import annotations

import base64
import json

import pytest

from pytest_atelier.components import PromptRequest
from pytest_atelier.errors import ConfigError, PrompterError
from pytest_atelier.prompters.llm import extract_prompts
from pytest_atelier.registry import Registry
from pytest_atelier.suite import load_suite

from ..conftest import CO_TASK, IM_TASK, write_suite
from .conftest import KEY
from .helpers import make, spec

MULTI = """\
id: co_pair
category: CO
brief: Two matching stickers for a cafe.
constraints: {quantity: ['one cup']}
outputs: [a steaming cup, a croissant]
checkpoints:
  - id: c01
    output: 1
    image: A cup.
    prompt: The first prompt asks for a cup.
"""


@pytest.fixture
def suite(tmp_path):
    return load_suite(write_suite(tmp_path / "s", {"co_sign": CO_TASK, "im_flag": IM_TASK, "co_pair": MULTI}))


def _ask(prompter, suite, task_id):
    task = suite.task(task_id)
    return prompter.write_prompt(PromptRequest(task, suite.target_image_path(task), seed=5))


@pytest.mark.parametrize("family,prefix,model", [("openai", "/v1", "gpt-4o"), ("anthropic", "/v1", "claude-sonnet-4-5"), ("gemini", "/v1beta", "gemini-2.5-pro")])
def test_im_task_sends_the_target_image_and_never_the_checklist(family, prefix, model, server, suite, tmp_path):
    prompter = make("prompter", spec(family, model, server.url + prefix), tmp_path)
    result = _ask(prompter, suite, "im_flag")
    body = server.requests[-1]["body"].decode()
    target = suite.target_image_path(suite.task("im_flag")).read_bytes()
    assert base64.b64encode(target).decode() in body
    assert "Two blue stripes on a white flag" not in body and "The prompt asks for two stripes" not in body
    assert result.prompts[0].startswith("A calm watercolour") and result.meta["cost_usd"] > 0
    assert result.meta["strategy"] == "skilled" and "Inventory" in result.meta["answer"]


def test_constraints_and_multi_output(server, suite, tmp_path):
    prompter = make("prompter", spec("openai", "gpt-4o", server.url + "/v1", "strategy=novice"), tmp_path)
    _ask(prompter, suite, "co_sign")
    user = json.loads(server.requests[-1]["body"])["messages"][1]["content"][0]["text"]
    assert '- Text to show: The sign reads "OPEN"' in user and "<prompt>" in user
    result = _ask(prompter, suite, "co_pair")
    assert len(result.prompts) == 2 and "image 2" in result.prompts[1]
    structured = make("prompter", spec("openai", "gpt-4o", server.url + "/v1", "format=json"), tmp_path)
    assert len(_ask(structured, suite, "co_pair").prompts) == 2


def test_identity_names_model_strategy_instructions_and_settings_never_the_key(server, tmp_path):
    novice = make("prompter", spec("openai", "gpt-4o", server.url + "/v1", "strategy=novice&temperature=0.7"), tmp_path)
    skilled = make("prompter", spec("openai", "gpt-4o", server.url + "/v1", "strategy=skilled&temperature=0.7"), tmp_path)
    assert novice.identity != skilled.identity
    assert novice.identity.startswith("llm/1:novice:novice.md@")
    assert '"model": "gpt-4o"' in novice.identity and '"api": "openai-chat"' in novice.identity
    assert '"temperature": 0.7' in novice.identity and KEY not in novice.identity and "timeout" not in novice.identity
    assert KEY not in repr(novice.client.conn)


def test_bad_settings_are_config_errors(server, tmp_path):
    with pytest.raises(ConfigError, match="strategy must be one of novice, skilled"):
        make("prompter", spec("openai", "gpt-4o", server.url, "strategy=expert"), tmp_path)
    with pytest.raises(ConfigError, match=r"unknown setting\(s\) temprature"):
        make("prompter", spec("openai", "gpt-4o", server.url, "temprature=1"), tmp_path)
    with pytest.raises(ConfigError, match="name the model"):
        make("prompter", f"openai:?base_url={server.url}&api_key_env=LOOP_KEY", tmp_path)


def test_aliases_resolve_to_the_papers_models():
    registry = Registry()
    assert registry.resolve("gpt-5.2").raw == "openai:gpt-5.2"  # a prompter (skilled by default) or a judge
    assert registry.resolve("gpt-5.4").argument == "gpt-5.4"
    assert registry.resolve("claude-4.5-sonnet?strategy=novice").settings == (("strategy", "novice"),)
    assert registry.resolve("flux-pro").argument == "flux-pro-1.1"
    assert registry.resolve("gemini-image").argument == "gemini-2.5-flash-image"


@pytest.mark.parametrize(
    "answer,n,expected",
    [
        ("Draft: x\n<prompt>a red fox</prompt>", 1, ["a red fox"]),
        ("<prompt>draft</prompt> then <prompt>final</prompt>", 1, ["final"]),
        ('<prompt n="2">b</prompt>\n<prompt n="1">a</prompt>', 2, ["a", "b"]),
        ('{"analysis": "...", "prompts": ["a", "b"]}', 2, ["a", "b"]),
        ('Here:\n```json\n{"prompt": "a fox"}\n```', 1, ["a fox"]),
        ("Steps...\n```\na fox at dusk\n```", 1, ["a fox at dusk"]),
        ("**Final prompt:** \"a fox\"", 1, ["a fox"]),
        ("analysis...\n<prompt>a fox in the sn", 1, ["a fox in the sn"]),
        ("just one prompt", 2, None),
    ],
)
def test_extract_prompts(answer, n, expected):
    assert extract_prompts(answer, n) == expected


def test_unreadable_answer_is_a_prompter_error(server, suite, tmp_path):
    server.answer = lambda user, n: "I would suggest a cup and a croissant."
    prompter = make("prompter", spec("openai", "gpt-4o", server.url + "/v1"), tmp_path)
    with pytest.raises(PrompterError, match="could not find 2 final prompts"):
        _ask(prompter, suite, "co_pair")
