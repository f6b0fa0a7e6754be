"""OpenAI-compatible, Anthropic and Gemini chat clients on the wire: shapes, images, refusals."""

from __future__ import annotations

import base64
import json

import pytest

from pytest_atelier.errors import ConfigError, ProviderError
from pytest_atelier.prompters.llm import PROMPTS_SCHEMA
from pytest_atelier.providers.anthropic import AnthropicChat
from pytest_atelier.providers.factory import connect
from pytest_atelier.providers.gemini import GeminiChat
from pytest_atelier.providers.openai_chat import OpenAIChat
from pytest_atelier.registry import ComponentContext, parse_spec

from .conftest import KEY
from .helpers import spec
from .loopback import png_bytes

CASES = {
    "openai": (OpenAIChat, "/v1", "gpt-4o", "/v1/chat/completions"),
    "anthropic": (AnthropicChat, "/v1", "claude-sonnet-4-5", "/v1/messages"),
    "gemini": (GeminiChat, "/v1beta", "gemini-2.5-flash", ":generateContent"),
}


def _client(family, server, tmp_path, extra=""):
    cls, prefix, model, _ = CASES[family]
    parsed = parse_spec(spec(family, model, server.url + prefix, extra))
    return cls(model, connect(family, parsed, ComponentContext(root=tmp_path)))


@pytest.mark.parametrize("family", sorted(CASES))
def test_text_image_and_usage(family, server, tmp_path):
    image = png_bytes()
    reply = _client(family, server, tmp_path).chat("Be brief.", "Request:\nA red square.", [image], temperature=0.2, max_tokens=300)
    assert "<prompt>" in reply.text and not server.problems
    assert reply.usage.input_tokens > 0 and reply.usage.output_tokens > 0 and reply.usage.cost_usd > 0
    sent = server.requests[-1]
    assert CASES[family][3] in sent["path"]
    assert base64.b64encode(image).decode() in sent["body"].decode()  # the image went inline, base64
    assert KEY not in sent["body"].decode()  # keys only in headers


@pytest.mark.parametrize("family", sorted(CASES))
def test_structured_output(family, server, tmp_path):
    reply = _client(family, server, tmp_path).chat("", "Request:\nA cat.", json_schema=PROMPTS_SCHEMA)
    body = json.loads(server.requests[-1]["body"])
    if family == "openai":
        assert body["response_format"]["type"] == "json_schema" and json.loads(reply.text)["prompts"]
    elif family == "gemini":
        assert body["generationConfig"]["responseMimeType"] == "application/json"
    else:
        assert "JSON schema" in body["system"]


@pytest.mark.parametrize("family,message", [("openai", "refused"), ("anthropic", "refused"), ("gemini", "safety system .*SAFETY")])
def test_refusal_is_a_provider_error_not_retried(family, message, server, tmp_path):
    server.inject("refusal")
    with pytest.raises(ProviderError, match=message):
        _client(family, server, tmp_path).chat("", "Request:\nSomething bad.")
    assert len(server.requests) == 1


def test_missing_key_is_a_config_error(server, tmp_path, monkeypatch):
    monkeypatch.delenv("LOOP_KEY")
    with pytest.raises(ConfigError, match="set the environment variable LOOP_KEY"):
        _client("openai", server, tmp_path)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        connect("openai", parse_spec("openai:gpt-4o"), ComponentContext(root=tmp_path))


def test_local_server_needs_no_key(tmp_path, monkeypatch):
    from .loopback import LoopbackServer

    srv = LoopbackServer(key=None).start()
    try:
        monkeypatch.delenv("OPENAI_API_KEY", raising=False)
        parsed = parse_spec(f"openai:llama3?base_url={srv.url}/v1")
        reply = OpenAIChat("llama3", connect("openai", parsed, ComponentContext(root=tmp_path))).chat("", "Request:\nA cat.")
        assert reply.text and "authorization" not in srv.requests[-1]["headers"]
    finally:
        srv.stop()
