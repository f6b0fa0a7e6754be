"""Property-based fuzzing (hypothesis, bounded in time): mutated task files and option values
end in acceptance or a located, plain error, never a traceback (issue 16)."""

from __future__ import annotations

import tempfile
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_atelier.cli import main
from pytest_atelier.errors import ConfigError, SuiteError
from pytest_atelier.option_values import NUMBER_RULES, parse_number
from pytest_atelier.suite import load_suite

from .conftest import CO_TASK, IM_TASK, MANIFEST, OE_TASK, write_suite

TASKS = {"oe_garden": OE_TASK, "co_sign": CO_TASK, "im_flag": IM_TASK}
NASTY = ["", "-1", "0", "4", "null", "~", "[]", "{}", "[c01]", "[c09]", "c01", "../../x.png", "/etc/passwd", "flag.png",
         "'\u202e'", "1e309", "nan", "&a [1]", "*a", "!!python/object:os.system", "{type: text}", "{type: palette, colors: []}",
         "IM", "CO", "OE", "'a: b'", "[[[[[[]]]]]]", "\t", "yes", "2024-01-01"]

mutation = st.one_of(
    st.tuples(st.just("delete"), st.integers(0, 60)),
    st.tuples(st.just("repeat"), st.integers(0, 60)),
    st.tuples(st.just("value"), st.integers(0, 60), st.sampled_from(NASTY)),
    st.tuples(st.just("value"), st.integers(0, 60), st.text(max_size=12)),
    st.tuples(st.just("insert"), st.integers(0, 60), st.text(max_size=20)),
    st.tuples(st.just("indent"), st.integers(0, 60), st.integers(-4, 4)),
)


def _mutate(text: str, ops) -> str:
    lines = text.splitlines()
    for op, at, *arg in ops:
        if not lines:
            break
        i = at % len(lines)
        if op == "delete":
            del lines[i]
        elif op == "repeat":
            lines.insert(i, lines[i])
        elif op == "value":
            head, sep, _ = lines[i].partition(": ")
            lines[i] = f"{head}: {arg[0]}" if sep else f"{lines[i]} {arg[0]}"
        elif op == "insert":
            lines.insert(i, arg[0])
        elif op == "indent":
            n = arg[0]
            lines[i] = " " * n + lines[i] if n > 0 else lines[i][-n:] if lines[i][:-n].strip() == "" else lines[i]
    return "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(TASKS)), ops=st.lists(mutation, min_size=1, max_size=4), manifest=st.booleans())
def test_mutated_suites_load_or_fail_with_located_errors(name, ops, manifest):
    with tempfile.TemporaryDirectory() as tmp:
        tasks = {k: textwrap.dedent(v) for k, v in TASKS.items()}
        if manifest:
            root = write_suite(Path(tmp) / "s", tasks, manifest=_mutate(MANIFEST, ops))
        else:
            tasks[name] = _mutate(tasks[name], ops)
            root = write_suite(Path(tmp) / "s", tasks)
        try:
            load_suite(root)
        except SuiteError as err:
            assert err.problems and str(err)
            for line, field, msg in err.problems:
                assert msg and (line is None or line >= 1)
            assert str(root) in str(err)  # names the file


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=st.lists(mutation, min_size=1, max_size=3))
def test_mutated_suites_validate_from_the_cli_without_a_traceback(ops):
    with tempfile.TemporaryDirectory() as tmp:
        tasks = {k: textwrap.dedent(v) for k, v in TASKS.items()}
        tasks["co_sign"] = _mutate(tasks["co_sign"], ops)
        root = write_suite(Path(tmp) / "s", tasks)
        assert main(["suite", "validate", str(root)]) in (0, 1)


@settings(max_examples=300, deadline=None)
@given(dest=st.sampled_from(sorted(NUMBER_RULES)), raw=st.one_of(st.text(max_size=12), st.sampled_from(NASTY),
                                                                  st.floats().map(str), st.integers().map(str)))
def test_option_values_parse_within_bounds_or_fail_with_a_config_error(dest, raw):
    rule = NUMBER_RULES[dest]
    try:
        value = parse_number(dest, raw)
    except ConfigError as exc:
        assert rule.flag in str(exc) and "accepts" in str(exc)
        return
    if value is not None:
        assert rule.low <= value <= rule.high


@pytest.fixture(scope="module")
def fuzz_root(tmp_path_factory):
    import pytest_atelier.judge.offline  # noqa: F401  (numpy, scipy loaded once: pytester runs in process)

    return tmp_path_factory.mktemp("fuzz")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(dest=st.sampled_from(sorted(NUMBER_RULES)), raw=st.one_of(st.sampled_from(NASTY), st.text(alphabet=st.characters(
    blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=8)))
def test_any_option_value_starts_or_is_a_usage_error(pytester, dest, raw):
    flag = NUMBER_RULES[dest].flag
    result = pytester.runpytest(f"{flag}={raw}", "--collect-only", "-p", "no:cacheprovider")
    output = result.stdout.str() + result.stderr.str()
    assert "Traceback" not in output and "INTERNALERROR" not in output
    assert result.ret in (pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.NO_TESTS_COLLECTED, pytest.ExitCode.OK)
    if result.ret == pytest.ExitCode.USAGE_ERROR:
        assert f"pytest-atelier: {flag}" in output


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(TASKS)), ops=st.lists(mutation, min_size=1, max_size=3))
def test_mutated_suites_collect_or_fail_with_located_errors(pytester, fuzz_root, name, ops):
    tasks = {k: textwrap.dedent(v) for k, v in TASKS.items()}
    tasks[name] = _mutate(tasks[name], ops)
    root = write_suite(Path(tempfile.mkdtemp(dir=fuzz_root)) / "s", tasks)
    result = pytester.runpytest(str(root), "--collect-only", "-q", "--backend=none", "--prompter=direct", "--judge=offline",
                                "-p", "no:cacheprovider")  # fmt: skip
    output = result.stdout.str() + result.stderr.str()
    assert "Traceback" not in output and "INTERNALERROR" not in output
    assert result.ret in (pytest.ExitCode.OK, pytest.ExitCode.INTERRUPTED, pytest.ExitCode.NO_TESTS_COLLECTED)
    if result.ret == pytest.ExitCode.INTERRUPTED:  # a collection error: it names the task file
        assert f"{name}.yaml" in output
