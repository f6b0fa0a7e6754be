"""Settings in ini files: keys named like their flags, old plural keys as deprecated aliases, and a
misspelled ``atelier_*`` or ``[tool.atelier]`` key is a usage error with a suggestion."""

from __future__ import annotations

import pytest

from .conftest import write_suite

COLLECT = ["mini", "--collect-only", "-q", "-p", "no:cacheprovider"]


@pytest.fixture
def suite_dir(pytester):
    write_suite(pytester.path / "mini")
    return pytester.path / "mini"


def _ini(pytester, body: str) -> None:
    pytester.makeini("[pytest]\n" + body)


def test_ini_keys_are_named_like_the_flags(pytester, suite_dir):
    _ini(pytester, "atelier_prompter = python:agent:write\natelier_backend = none\n")
    pytester.makepyfile(agent="def write(task):\n    return task['brief']\n")
    result = pytester.runpytest(*COLLECT)
    assert result.ret == 0, result.stderr.str()
    result.stdout.fnmatch_lines(["mini/suite.yaml::co_sign::prompt-c01[[]python:agent:write-none[]]"])
    assert "Unknown config option" not in result.stdout.str()
    # atelier_judge is read, not ignored: an unknown judge named there stops the run
    _ini(pytester, "atelier_backend = none\natelier_judge = no-such-judge\n")
    result = pytester.runpytest(*COLLECT)
    assert result.ret != 0
    result.stdout.fnmatch_lines(["*unknown judge 'no-such-judge'*"])


def test_toml_keys_are_named_like_the_flags(pytester, suite_dir):
    pytester.makepyprojecttoml('[tool.pytest.ini_options]\natelier_prompter = ["direct"]\natelier_backend = "none"\natelier_judge = "offline"\n')
    result = pytester.runpytest(*COLLECT)
    assert result.ret == 0, result.stderr.str()
    result.stdout.fnmatch_lines(["mini/suite.yaml::co_sign::prompt-c01[[]direct-none[]]"])


def test_old_plural_keys_still_work_with_a_deprecation_note(pytester, suite_dir):
    _ini(pytester, "atelier_prompters = direct\natelier_backends = none\natelier_judges = offline\n")
    result = pytester.runpytest(*COLLECT)
    assert result.ret == 0, result.stderr.str()
    result.stdout.fnmatch_lines(
        [
            "mini/suite.yaml::co_sign::prompt-c01[[]direct-none[]]",
            "*ini key atelier_backends is deprecated: name it atelier_backend*",
        ]
    )
    for old, new in [("atelier_prompters", "atelier_prompter"), ("atelier_judges", "atelier_judge")]:
        assert f"ini key {old} is deprecated: name it {new}" in result.stdout.str()
    # The command line still wins over the old key.
    result = pytester.runpytest(*COLLECT, "--backend=reference")
    result.stdout.fnmatch_lines(["mini/suite.yaml::co_sign::prompt-c01[[]direct-reference[]]"])


def test_old_and_new_key_together_is_a_usage_error(pytester, suite_dir):
    _ini(pytester, "atelier_backends = reference\natelier_backend = none\n")
    result = pytester.runpytest(*COLLECT)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*both atelier_backend and atelier_backends are set*keep atelier_backend*"])


@pytest.mark.parametrize("fmt", ["ini", "toml", "override"])
def test_misspelled_key_is_a_usage_error_with_a_suggestion(pytester, suite_dir, fmt):
    args = []
    if fmt == "ini":
        _ini(pytester, "atelier_backend = none\natelier_judgee = gpt-5.4\n")
    elif fmt == "toml":
        pytester.makepyprojecttoml('[tool.pytest.ini_options]\natelier_backend = "none"\natelier_judgee = "gpt-5.4"\n')
    else:
        args = ["-o", "atelier_judgee=gpt-5.4"]
    result = pytester.runpytest(*COLLECT, *args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*pytest-atelier: unknown ini key atelier_judgee*did you mean atelier_judge?*"])
    assert "collected" not in result.stdout.str()


def test_unknown_key_without_a_close_match_lists_the_keys(pytester, suite_dir):
    _ini(pytester, "atelier_colour = blue\natelier_imagez = 1\n")
    result = pytester.runpytest(*COLLECT)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    err = result.stderr.str()
    assert "unknown ini key atelier_colour; the atelier_* keys are: atelier_prompter, atelier_backend, atelier_judge," in err
    assert "unknown ini key atelier_imagez; did you mean atelier_images?" in err


def test_other_plugins_keys_are_left_to_pytest(pytester, suite_dir):
    _ini(pytester, "atelier_backend = none\nxyz_timeout = 3\n")
    result = pytester.runpytest(*COLLECT)
    assert result.ret == 0, result.stderr.str()


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        ('[tool.atelier.alias]\nmine = "direct"\n', "*unknown key [[]tool.atelier[]] alias*did you mean aliases?*"),
        ('[tool.atelier]\nprice = {}\n', "*unknown key [[]tool.atelier[]] price*did you mean prices?*"),
        ('[tool.atelier]\njudge = "offline"\n',
         "*unknown key [[]tool.atelier[]] judge*settings go in [[]tool.pytest.ini_options[]] as atelier_judge*"),
        ('[tool.atelier]\ncolour = "blue"\n', "*unknown key [[]tool.atelier[]] colour*the keys are: aliases, prices*"),
    ],
)
def test_unknown_tool_atelier_key_is_a_usage_error(pytester, suite_dir, table, expected):
    pytester.makepyprojecttoml('[tool.pytest.ini_options]\natelier_backend = "none"\n\n' + table)
    result = pytester.runpytest(*COLLECT)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([expected])


def test_known_tool_atelier_keys_are_accepted(pytester, suite_dir):
    pytester.makepyprojecttoml(
        '[tool.pytest.ini_options]\natelier_backend = "none"\natelier_prompter = "mine"\n\n'
        '[tool.atelier.aliases]\nmine = "direct"\n\n[tool.atelier.prices]\n'
    )
    result = pytester.runpytest(*COLLECT)
    assert result.ret == 0, result.stderr.str()
    result.stdout.fnmatch_lines(["mini/suite.yaml::co_sign::prompt-c01[[]mine-none[]]"])
