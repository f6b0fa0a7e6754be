"""The HTTP prompter and backend through the plugin (pytester runs against the loopback server)."""

from __future__ import annotations

import pytest

from ..conftest import write_suite
from .loopback import LoopbackServer


@pytest.fixture
def open_server():
    srv = LoopbackServer(key=None).start()  # a self-hosted server: no key needed
    yield srv
    srv.stop()


def _args(srv):
    base = f"{srv.url}/v1"
    return [
        "mini",
        f"--prompter=openai:test-model?base_url={base}&retries=1&backoff=0.01",
        f"--backend=openai-images:gpt-image-1?base_url={base}&retries=1&backoff=0.01",
        "--judge=offline",
        "--atelier-images=1",
        "-p",
        "no:cacheprovider",
    ]


def test_http_prompter_and_backend_run_through_the_plugin(pytester, open_server):
    write_suite(pytester.path / "mini")
    open_server.inject("503", path="/v1/images/generations")  # retried, invisible in the outcome
    result = pytester.runpytest(*_args(open_server))
    outcomes = result.parseoutcomes()
    assert "errors" not in outcomes
    assert sum(outcomes.get(k, 0) for k in ("passed", "failed", "skipped")) == 19
    assert open_server.count("/v1/chat/completions") == 3 and open_server.count("/v1/images/generations") == 4
    assert not open_server.problems


def test_refusals_become_error_items_not_failed_checkpoints(pytester, open_server):
    write_suite(pytester.path / "mini")
    open_server.inject("refusal", "refusal", "refusal", path="/v1/chat/completions")
    result = pytester.runpytest(*_args(open_server))
    outcomes = result.parseoutcomes()
    assert outcomes.get("errors") == 19 and "failed" not in outcomes and "passed" not in outcomes
    result.stdout.fnmatch_lines(["*ProviderError: openai chat test-model refused the request*"])


def test_a_key_a_model_echoes_is_in_no_stored_answer(pytester, server):
    """Cache, results and report keep the answer, never the configured key it echoed."""
    from .conftest import KEY

    write_suite(pytester.path / "mini")
    server.answer = lambda user, n: "".join(f'<prompt n="{i}">a calm lake, token {KEY}</prompt>' for i in range(1, n + 1))
    result = pytester.runpytest(
        "mini", f"--prompter=openai:test-model?base_url={server.url}/v1&api_key_env=LOOP_KEY&retries=0", "--backend=reference",
        "--judge=offline", "--atelier-images=1", "--atelier-cache-dir=.cache", "--atelier-json=results.json",
        "--atelier-report=report.html", "-p", "no:cacheprovider",
    )  # fmt: skip
    assert "errors" not in result.parseoutcomes()
    stored = [p for p in pytester.path.rglob("*") if p.is_file() and p.suffix in (".json", ".html")]
    assert any(p.name == "results.json" for p in stored) and any(p.name == "report.html" for p in stored)
    assert "<redacted>" in (pytester.path / "results.json").read_text()
    assert not [p for p in stored if KEY in p.read_text(errors="replace")]

