"""Spec strings, aliases from pyproject.toml, and errors that list what exists."""

from __future__ import annotations

import pytest

from pytest_atelier.engine.session import Settings
from pytest_atelier.errors import ConfigError
from pytest_atelier.registry import ComponentContext, Registry, load_aliases, parse_spec


def test_parse_spec_name_argument_settings():
    spec = parse_spec("openai:gpt-5.2?strategy=skilled&temperature=0.2")
    assert (spec.name, spec.argument) == ("openai", "gpt-5.2")
    assert spec.setting("strategy") == "skilled" and spec.setting("temperature") == "0.2"
    assert parse_spec("python:agents.mine:write").argument == "agents.mine:write"
    assert parse_spec("sdwebui:m?sampler=DPM++ 2M&negative_prompt=blur%26noise").settings == (
        ("sampler", "DPM++ 2M"), ("negative_prompt", "blur&noise"),
    )  # fmt: skip
    # a command keeps its question marks and spaces
    assert parse_spec("cmd:./agent --mode=a?b").argument == "./agent --mode=a?b"
    with pytest.raises(ConfigError):
        parse_spec("  ")


def test_labels_leave_out_connection_settings_and_must_differ(tmp_path):
    spec = parse_spec("openai:gpt-5.2?base_url=http://10.0.0.7:8000/v1&strategy=novice&retries=6&timeout=30")
    assert spec.label == "openai:gpt-5.2_strategy_novice"  # where the model runs is not part of its name
    assert parse_spec("openai:gpt-5.2?base_url=http://10.0.0.7:8000/v1").label == "openai:gpt-5.2"
    assert parse_spec("cmd:./agent --fast").label == "cmd:._agent_--fast"
    with pytest.raises(ValueError, match=r"two backends share a label .*\[tool.atelier.aliases\]"):
        Settings(root=tmp_path, prompters=("direct",), backends=("flux:pro?base_url=http://a", "flux:pro?base_url=http://b"), judges=("offline",))


def test_aliases_from_pyproject_resolve_and_merge_settings(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.atelier.aliases]\nmine = "python:agent:write?mode=fast"\nbest = "mine"\nloop1 = "loop2"\nloop2 = "loop1"\n'
    )
    registry = Registry(load_aliases(tmp_path))
    spec = registry.resolve("best?mode=slow")
    assert (spec.name, spec.argument, spec.setting("mode")) == ("python", "agent:write", "slow")
    with pytest.raises(ConfigError, match="loop"):
        registry.resolve("loop1")


def test_unknown_name_lists_available_and_aliases(tmp_path):
    registry = Registry({"gpt-x": "direct"})
    with pytest.raises(ConfigError) as info:
        registry.make("backend", "sdxxl", ComponentContext(root=tmp_path))
    message = str(info.value)
    assert "unknown backend 'sdxxl'" in message
    assert "none" in message and "reference" in message and "gpt-x" in message


def test_make_builds_builtin_with_user_label(tmp_path):
    registry = Registry({"baseline": "direct"})
    prompter = registry.make("prompter", "baseline", ComponentContext(root=tmp_path))
    assert prompter.label == "baseline" and prompter.identity.startswith("direct")


def test_bad_alias_table_is_a_config_error(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.atelier]\naliases = 3\n")
    with pytest.raises(ConfigError, match="must map names"):
        load_aliases(tmp_path)
