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


def test_a_key_echoed_in_a_401_body_reaches_no_artifact(pytester, server, monkeypatch):
    """Recorded bodies are scrubbed at record time; an old recording that still holds the key
    is scrubbed again on replay, so neither the pytest output nor results.json shows it."""
    import base64
    import json

    import pytest_atelier.judge.offline  # noqa: F401  (numpy, scipy loaded once: pytester runs in process)

    from ..conftest import write_suite

    write_suite(pytester.path / "mini")
    server.inject("401", "401", "401", path="/v1/chat/completions")  # the body echoes "Bearer <key>"
    args = ["mini", "--prompter=" + spec("openai", "gpt-4o", server.url + "/v1"), "--backend=reference", "--judge=offline",
            "--atelier-images=1", "-p", "no:cacheprovider"]
    recorded = pytester.runpytest(*args, "--atelier-record=rec", "--atelier-cache-dir=c1")
    assert recorded.parseoutcomes().get("errors")
    files = sorted((pytester.path / "rec").rglob("*.json"))
    bodies = [base64.b64decode(json.loads(p.read_text())["response"]["body_b64"]) for p in files]
    assert files and not [p for p in files if KEY in p.read_text()] and not [b for b in bodies if KEY.encode() in b]
    assert KEY not in recorded.stdout.str() + recorded.stderr.str()
    for path in files:  # a recording taken before scrubbing existed keeps the echoed key
        entry = json.loads(path.read_text())
        body = base64.b64decode(entry["response"]["body_b64"]).replace(b"<redacted>", KEY.encode())
        entry["response"]["body_b64"] = base64.b64encode(body).decode()
        entry["response"]["headers"] = [h for h in entry["response"]["headers"] if h[0].lower() != "content-length"]
        path.write_text(json.dumps(entry))

    monkeypatch.delenv("LOOP_KEY")
    server.stop()
    replayed = pytester.runpytest(*args, "--atelier-replay=rec", "--atelier-cache-dir=c2", "--atelier-json=results.json")
    output = replayed.stdout.str() + replayed.stderr.str()
    assert "Incorrect API key provided" in output and replayed.parseoutcomes().get("errors")
    assert KEY not in output and "SECRET-0123456789" not in output
    assert KEY not in (pytester.path / "results.json").read_text()
    for path in (pytester.path / "c2").rglob("*"):
        assert not path.is_file() or KEY.encode() not in path.read_bytes()
