"""Record/replay: byte-for-byte answers with the server stopped, and no key anywhere on disk."""

from __future__ import annotations

import dataclasses
import logging

import pytest

from pytest_atelier.components import GenerationRequest, PromptRequest
from pytest_atelier.errors import ProviderError
from pytest_atelier.suite import load_suite

from .conftest import KEY
from .helpers import make, spec


def _run(server_url, root, suite, prompt_text=None, **options):
    prompter = make("prompter", spec("openai", "gpt-4o", server_url + "/v1"), root, **options)
    flux = make("backend", spec("flux", "flux-pro-1.1", server_url + "/v1", "poll_interval=0.01"), root, **options)
    gemini = make("backend", spec("gemini-image", "gemini-2.5-flash-image", server_url + "/v1beta"), root, **options)
    task = suite.task("im_flag")
    result = prompter.write_prompt(PromptRequest(task, suite.target_image_path(task), seed=1))
    request = GenerationRequest(prompt=prompt_text or result.prompts[0], n=1, seed=3)
    return result, flux.generate(request), gemini.generate(request)


def _strip(meta: dict) -> dict:
    return {k: v for k, v in meta.items() if k not in ("latency_s",)}


def test_replay_reproduces_byte_for_byte_with_the_server_stopped(server, mini_suite, tmp_path, caplog, monkeypatch):
    suite, folder = load_suite(mini_suite), tmp_path / "recording"
    server.inject("500", path="/v1/chat/completions")  # the retry is recorded and replayed too
    with caplog.at_level(logging.DEBUG, logger="pytest_atelier"):
        prompt, flux, gemini = _run(server.url, tmp_path, suite, record_dir=str(folder))
    url = server.url
    server.stop()
    files = sorted(folder.rglob("*.json"))
    assert len(files) == 7  # chat x2 (500, then 200), flux submit, poll x2, download, gemini
    for path in files:
        text = path.read_text()
        assert KEY not in text and "SECRET" not in text
    assert any("<redacted>" in p.read_text() for p in files)
    assert KEY not in caplog.text and "chat/completions -> 500" in caplog.text

    monkeypatch.delenv("LOOP_KEY")  # replay needs no key
    again, flux2, gemini2 = _run(url, tmp_path, suite, replay_dir=str(folder))
    assert again.prompts == prompt.prompts and _strip(again.meta) == _strip(prompt.meta)
    assert flux2[0].png == flux[0].png and gemini2[0].png == gemini[0].png
    assert [dataclasses.replace(i, png=b"", meta={}) for i in flux2] == [dataclasses.replace(i, png=b"", meta={}) for i in flux]

    with pytest.raises(ProviderError, match=r"no recorded answer for POST .*/v1/flux-pro-1.1 \(key [0-9a-f]{64}\).*Re-record"):
        _run(url, tmp_path, suite, prompt_text="a different prompt", replay_dir=str(folder))


def test_record_and_replay_together_is_a_config_error(server, tmp_path):
    from pytest_atelier.errors import ConfigError

    with pytest.raises(ConfigError, match="cannot be used together"):
        make("prompter", spec("openai", "gpt-4o", server.url + "/v1"), tmp_path, record_dir="a", replay_dir="b")
