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
        ("--atelier-max-cost", "-1", "a number of at least 0"),
        ("--atelier-max-cost", "inf", "a number of at least 0"),
        ("--atelier-progress", "-5", "a number of at least 0"),
        ("--atelier-images", "0", "a whole number of at least 1"),
        ("--atelier-images", "1.5", "a whole number of at least 1"),
        ("--atelier-seed", "-1", "a whole number of at least 0"),
        ("--atelier-concurrency", "0", "a whole number of at least 1"),
        ("--atelier-prompter-timeout", "0", "a number above 0"),
        ("--atelier-alpha", "1", "a number from 0 (excluded) to 1 (excluded)"),
        ("--atelier-judge-repeats", "x", "a whole number of at least 1"),
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
    result.stderr.fnmatch_lines(["*pytest-atelier: --atelier-json *out is a folder: give the path of a file to write*"])


def test_good_values_parse_and_empty_optional_ones_are_unset():
    assert parse_number("atelier_subjective_threshold", "3.5") == 3.5 and parse_number("atelier_images", " 2 ") == 2
    assert parse_number("atelier_max_cost", "") is None and parse_number("atelier_sample", None) is None
    with pytest.raises(ConfigError):
        parse_number("atelier_images", "")
    assert all(rule.flag.startswith("--atelier-") for rule in NUMBER_RULES.values())
