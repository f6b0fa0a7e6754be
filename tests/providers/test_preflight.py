"""Start-up checks: every problem at once, before any run, the same with and without -n;
retired and retiring models named with their replacement; prices a budget needs."""

from __future__ import annotations

import datetime

import pytest

from pytest_atelier.providers import preflight as preflight_module
from pytest_atelier.providers.models import RETIREMENTS, lifecycle_notes
from pytest_atelier.providers.preflight import preflight
from pytest_atelier.registry import DEFAULT_ALIASES, Registry

from ..conftest import write_suite


@pytest.fixture
def no_keys(monkeypatch, tmp_path):
    for name in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "BFL_API_KEY", "HF_HUB_OFFLINE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "empty-hub-cache"))
    monkeypatch.setenv("HF_ENDPOINT", "http://127.0.0.1:9")  # nothing listens there: the Hub cannot be reached
    preflight_module._hub_reachable.cache_clear()


@pytest.mark.parametrize("workers", [[], ["-n", "2"]])
def test_the_readme_command_reports_every_problem_at_once(pytester, no_keys, workers):
    write_suite(pytester.path / "mini")
    result = pytester.runpytest_subprocess("mini", "--prompter=gpt-5.2", "--backend=sdxl", "--judge=gpt-5.4", "-p", "no:cacheprovider", *workers)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    err = result.stderr.str()
    assert "the run cannot start" in err and err.count("OPENAI_API_KEY") == 2  # prompter and judge, in one message
    assert "not in the local Hugging Face cache" in err and "cannot be reached" in err and "huggingface-cli download" in err
    assert "Traceback" not in err


def test_a_model_with_no_known_price_under_a_budget_says_how_to_give_one(pytester, no_keys, monkeypatch):
    write_suite(pytester.path / "mini")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-0123456789abcdef")
    result = pytester.runpytest("mini", "--prompter=openai:my-finetune", "--judge=offline", "--atelier-max-cost=1")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*no price is known for the model 'my-finetune'*openai:my-finetune?price_in=..&price_out=..*"])
    priced = pytester.runpytest("mini", "--prompter=openai:my-finetune?price_in=0.5&price_out=2", "--judge=offline",
                                "--atelier-max-cost=1", "--collect-only")  # fmt: skip
    assert priced.ret == pytest.ExitCode.OK


def test_a_missing_extra_is_named_with_the_install_command(monkeypatch, tmp_path):
    real = preflight_module.importlib.util.find_spec
    monkeypatch.setattr(preflight_module.importlib.util, "find_spec", lambda name: None if name == "transformers" else real(name))
    found = preflight([("hf:./model", Registry().resolve("hf:./model"))], tmp_path)
    assert found.problems == [
        "hf:./model needs the Python module(s) transformers: pip install 'pytest-atelier[hf]'",
        f"hf:./model: model folder './model' does not exist (looked for {tmp_path / 'model'})",
    ]  # every problem, not the first


def test_retirements_match_the_anthropic_sdk():
    """The table's Anthropic dates are the SDK's own deprecation list (an independent source)."""
    from anthropic.resources.messages.messages import DEPRECATED_MODELS

    for model, when in DEPRECATED_MODELS.items():
        date = datetime.datetime.strptime(when.replace("st,", ",").replace("nd,", ",").replace("rd,", ",").replace("th,", ","), "%B %d, %Y")
        assert RETIREMENTS[("anthropic", model)].date == date.date(), model


def test_aliases_name_no_retired_model_and_a_retiring_one_warns():
    registry, today = Registry(), datetime.date(2026, 11, 28)
    for alias in DEFAULT_ALIASES:
        spec = registry.resolve(alias)
        gone = RETIREMENTS.get((spec.name.replace("-image", "").replace("openai-images", "openai"), spec.argument))
        assert gone is None or gone.date > today, alias
    (note,) = lifecycle_notes("claude-4.5-sonnet", registry.resolve("claude-4.5-sonnet"), today)
    assert "retires on 2026-11-30" in note and "anthropic:claude-sonnet-5-5" in note
    (note,) = lifecycle_notes("gemini-3-pro", registry.resolve("gemini-3-pro"), today)
    assert "gemini:gemini-3-pro-preview, retired on 2026-03-09" in note and "now names gemini:gemini-3.1-pro-preview" in note
    (note,) = lifecycle_notes("gemini:gemini-3-pro-preview", registry.resolve("gemini:gemini-3-pro-preview"), today)
    assert "was retired on 2026-03-09: its calls fail" in note and "gemini:gemini-3.1-pro-preview" in note


def test_a_retiring_alias_warns_at_start_up(pytester, monkeypatch):
    write_suite(pytester.path / "mini")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-0123456789abcdef")
    result = pytester.runpytest("mini", "--prompter=claude-4.5-sonnet", "--judge=offline", "--collect-only", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(["*AtelierWarning: pytest-atelier: claude-4.5-sonnet: anthropic:claude-sonnet-4-5 retire* 2026-11-30*claude-sonnet-5-5*"])
