"""Every numeric and path option is checked at startup: a usage error naming what is accepted,
never a traceback, an INTERNALERROR or a run that fails every item (issue 16)."""

from __future__ import annotations

import pytest

from pytest_atelier.errors import ConfigError
from pytest_atelier.option_values import NUMBER_RULES, parse_number


@pytest.mark.parametrize(
    "flag, value, accepted",
    [
        ("--atelier-subjective-threshold", "abc", "a number from 1 to 5"),
        ("--atelier-subjective-threshold", "nan", "a number from 1 to 5"),
        ("--atelier-subjective-threshold", "6", "a number from 1 to 5"),
        ("--atelier-max-cost", "-1", "a number from 0 to 1e+09"),
        ("--atelier-max-cost", "inf", "a number from 0 to 1e+09"),
        ("--atelier-progress", "-5", "a number from 0 to 86400"),
        ("--atelier-images", "0", "a whole number from 1 to 100"),
        ("--atelier-images", "1.5", "a whole number from 1 to 100"),
        ("--atelier-seed", "-1", "a whole number from 0 to 9223372036854775807"),
        ("--atelier-concurrency", "0", "a whole number from 1 to 1024"),
        ("--atelier-prompter-timeout", "0", "a number from 0 (excluded) to 86400"),
        ("--atelier-alpha", "1", "a number from 0 (excluded) to 1 (excluded)"),
        ("--atelier-judge-repeats", "x", "a whole number from 1 to 100"),
        ("--atelier-images", "99999999999999999999", "a whole number from 1 to 100"),  # issue 29: memory grew without end
        ("--atelier-judge-repeats", "99999999999999999999", "a whole number from 1 to 100"),
        ("--atelier-prompter-timeout", "100000000", "a number from 0 (excluded) to 86400"),  # OverflowError in every cmd: run
        ("--atelier-concurrency", "99999999999", "a whole number from 1 to 1024"),
    ],
)
def test_a_bad_number_is_a_usage_error_at_startup(pytester, flag, value, accepted):
    result = pytester.runpytest(f"{flag}={value}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*pytest-atelier: {flag} (ini atelier_*) accepts {accepted}, got '{value}'*"])
    assert "Traceback" not in result.stderr.str() + result.stdout.str()


def test_a_bad_ini_value_names_the_ini_key(pytester):
    result = pytester.runpytest("-o", "atelier_subjective_threshold=abc")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--atelier-subjective-threshold (ini atelier_subjective_threshold) accepts*got 'abc'*"])


def test_a_cache_dir_that_is_a_file_is_a_usage_error_not_an_internalerror(pytester):
    pytester.makefile(".txt", cache="not a folder")
    result = pytester.runpytest("--atelier-cache-dir=cache.txt")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*pytest-atelier: cache folder *cache.txt cannot be used*--atelier-cache-dir*"])
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()


def test_an_output_file_that_is_a_folder_is_a_usage_error(pytester):
    pytester.mkdir("out")
    result = pytester.runpytest("--atelier-json=out")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*pytest-atelier: --atelier-json *out: it is a folder, not a regular file; give the path of a regular file to write*"])


def test_good_values_parse_and_empty_optional_ones_are_unset():
    assert parse_number("atelier_subjective_threshold", "3.5") == 3.5 and parse_number("atelier_images", " 2 ") == 2
    assert parse_number("atelier_max_cost", "") is None and parse_number("atelier_sample", None) is None
    with pytest.raises(ConfigError):
        parse_number("atelier_images", "")
    assert all(rule.flag.startswith("--atelier-") for rule in NUMBER_RULES.values())


def test_every_number_has_an_upper_bound():
    """Issue 29: a huge value must be refused, not grow memory or overflow a timeout."""
    for dest, rule in NUMBER_RULES.items():
        with pytest.raises(ConfigError, match="accepts"):
            parse_number(dest, str(10**20))
