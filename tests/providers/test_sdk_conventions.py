"""Provider conventions shared with the official SDKs: base URL variables, Anthropic's ``/v1``,
and the loopback servers answering the official ``openai``, ``anthropic`` and ``google-genai``
clients (which talk only to 127.0.0.1 here)."""

from __future__ import annotations

import base64
from urllib.parse import urlsplit

import anthropic
import openai
import pytest
from google import genai

from pytest_atelier.errors import ConfigError
from pytest_atelier.providers.anthropic import AnthropicChat
from pytest_atelier.providers.factory import connect
from pytest_atelier.providers.gemini import GeminiChat
from pytest_atelier.providers.openai_chat import OpenAIChat
from pytest_atelier.registry import ComponentContext, parse_spec

from .conftest import KEY
from .loopback import png_bytes


FAST = "api_key_env=LOOP_KEY&timeout=2&retries=0"
# family: (client class, model, base URL variable, its value as the official SDK takes it, the API root it means)
FAMILIES = {
    "openai": (OpenAIChat, "gpt-4o", "OPENAI_BASE_URL", "{url}/v1", "{url}/v1"),
    "anthropic": (AnthropicChat, "claude-sonnet-4-5", "ANTHROPIC_BASE_URL", "{url}", "{url}/v1"),
    "gemini": (GeminiChat, "gemini-2.5-flash", "GOOGLE_GEMINI_BASE_URL", "{url}", "{url}/v1beta"),
}


def _sdk_call(family: str, image: bytes) -> str:
    """One chat call with an image through the official SDK, configured from the environment only."""
    text = "Request:\nA red square."
    if family == "openai":
        client = openai.OpenAI(api_key=KEY, max_retries=0)
        url = "data:image/png;base64," + base64.b64encode(image).decode()
        content = [{"type": "text", "text": text}, {"type": "image_url", "image_url": {"url": url}}]
        reply = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": content}])
        return reply.choices[0].message.content
    if family == "anthropic":
        client = anthropic.Anthropic(api_key=KEY, max_retries=0)
        source = {"type": "base64", "media_type": "image/png", "data": base64.b64encode(image).decode()}
        content = [{"type": "image", "source": source}, {"type": "text", "text": text}]
        reply = client.messages.create(model="claude-loopback", max_tokens=300, messages=[{"role": "user", "content": content}])
        return reply.content[0].text
    client = genai.Client(api_key=KEY)
    reply = client.models.generate_content(model="gemini-2.5-flash", contents=[text, genai.types.Part.from_bytes(data=image, mime_type="image/png")])
    return reply.text


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_base_url_variable_is_read_like_the_official_sdk(family, server, tmp_path, monkeypatch):
    cls, model, variable, value, root = FAMILIES[family]
    monkeypatch.setenv(variable, value.format(url=server.url))
    image = png_bytes()
    assert "<prompt>" in _sdk_call(family, image)  # the SDK reaches the loopback server with this value
    conn = connect(family, parse_spec(f"{family}:{model}?{FAST}"), ComponentContext(root=tmp_path))
    assert conn.base_url == root.format(url=server.url)
    reply = cls(model, conn).chat("Be brief.", "Request:\nA red square.", [image])  # and so does the provider
    assert "<prompt>" in reply.text and not server.problems and len(server.requests) == 2
    sdk_path, our_path = (r["path"] for r in server.requests)
    assert our_path.startswith(urlsplit(conn.base_url).path + "/")
    if family != "gemini":  # google-genai picks its own API version (v1 now); the provider asks for v1beta
        assert sdk_path == our_path


def test_spec_base_url_wins_over_the_variable(server, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    conn = connect("openai", parse_spec(f"openai:gpt-4o?base_url={server.url}/v1&{FAST}"), ComponentContext(root=tmp_path))
    assert conn.base_url == f"{server.url}/v1"


def test_a_bad_base_url_variable_is_named(tmp_path, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "localhost:8080")
    with pytest.raises(ConfigError, match="environment variable ANTHROPIC_BASE_URL .*must start with http"):
        connect("anthropic", parse_spec(f"anthropic:claude-sonnet-4-5?{FAST}"), ComponentContext(root=tmp_path))


@pytest.mark.parametrize("suffix", ["", "/", "/v1", "/v1/"])
def test_anthropic_base_url_with_or_without_v1(suffix, server, tmp_path):
    parsed = parse_spec(f"anthropic:claude-sonnet-4-5?base_url={server.url}{suffix}&{FAST}")
    conn = connect("anthropic", parsed, ComponentContext(root=tmp_path))
    assert conn.base_url == f"{server.url}/v1"
    assert AnthropicChat("claude-sonnet-4-5", conn).chat("", "Request:\nA cat.").text
    assert server.requests[-1]["path"] == "/v1/messages"


def test_loopback_takes_anthropic_bearer_auth(server):
    """Recent anthropic SDKs send the key as ``Authorization: Bearer``, not ``x-api-key``."""
    client = anthropic.Anthropic(api_key=KEY, base_url=server.url, max_retries=0)
    reply = client.messages.create(model="claude-loopback", max_tokens=50, messages=[{"role": "user", "content": "Request:\nA cat."}])
    assert reply.content[0].text and not server.problems
    wrong = anthropic.Anthropic(api_key="sk-wrong", base_url=server.url, max_retries=0)
    with pytest.raises(anthropic.AuthenticationError):
        wrong.messages.create(model="claude-loopback", max_tokens=50, messages=[{"role": "user", "content": "Request:\nA cat."}])


def test_loopback_takes_gemini_base64url_images(server):
    """google-genai sends inline bytes in the URL-safe base64 alphabet ('-' and '_')."""
    image = png_bytes()
    assert set(base64.b64encode(image).decode()) & {"+", "/"}  # the two alphabets differ for this image
    client = genai.Client(api_key=KEY, http_options=genai.types.HttpOptions(base_url=server.url))
    part = genai.types.Part.from_bytes(data=image, mime_type="image/png")
    reply = client.models.generate_content(model="gemini-2.5-flash", contents=["Request:\nA red square.", part])
    assert "<prompt>" in reply.text and not server.problems
    assert base64.urlsafe_b64encode(image).decode() in server.requests[-1]["body"].decode()
    made = client.models.generate_content(
        model="gemini-2.5-flash-image", contents="a red square", config=genai.types.GenerateContentConfig(response_modalities=["IMAGE"])
    )
    assert made.candidates[0].content.parts[0].inline_data.data == server.image


def test_loopback_answers_the_openai_sdk_images_call(server):
    client = openai.OpenAI(api_key=KEY, base_url=f"{server.url}/v1", max_retries=0)
    made = client.images.generate(model="gpt-image-1", prompt="a red square", size="1024x1024")
    assert base64.b64decode(made.data[0].b64_json) == server.image and not server.problems


def test_one_model_on_two_servers_chosen_by_the_variable_has_two_identities(tmp_path, monkeypatch):
    from pytest_atelier.registry import Registry

    ctx = ComponentContext(root=tmp_path)
    identities = []
    for url in ("http://127.0.0.1:9001/v1", "http://127.0.0.1:9002/v1"):
        monkeypatch.setenv("OPENAI_BASE_URL", url)
        monkeypatch.setenv("OPENAI_API_KEY", KEY)
        identities.append(Registry().make("prompter", f"openai:gpt-4o?{FAST}", ctx).identity)
    assert identities[0] != identities[1] and "9001" in identities[0]  # never one cache for both servers
