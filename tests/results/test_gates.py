"""Gate parsing (valid and malformed) and evaluation on aggregates."""

from __future__ import annotations

import pytest
from helpers_results import items_for, make_run, make_task

from pytest_atelier.errors import ConfigError
from pytest_atelier.results.aggregate import aggregate
from pytest_atelier.results.gates import Gate, evaluate_gates, gates_passed, parse_gate, parse_gates


@pytest.mark.parametrize(
    "text,selector,metric,op,threshold",
    [
        ("objective>=0.65", "all", "objective", ">=", 0.65),
        ("image.objective>=0.6", "all", "image.objective", ">=", 0.6),
        ("prompt.objective > .7", "all", "prompt.objective", ">", 0.7),
        ("subjective.prompt>=3.5", "all", "subjective.prompt", ">=", 3.5),
        ("subjective.image>=3", "all", "subjective.image", ">=", 3.0),
        ("subjective.prompt.clarity<4", "all", "subjective.prompt.clarity", "<", 4.0),
        ("CO.objective>=0.5", "category:CO", "objective", ">=", 0.5),
        ("OE.image.objective>0.4", "category:OE", "image.objective", ">", 0.4),
        ("primitive:text.objective>=0.5", "primitive:text", "objective", ">=", 0.5),
        ("tag:cute_pop.subjective.image<=4", "tag:cute_pop", "subjective.image", "<=", 4.0),
        ("subtask:logo-design.idea.image==1", "subtask:logo-design", "idea.image", "==", 1.0),
    ],
)
def test_valid_gates(text, selector, metric, op, threshold):
    assert parse_gate(text) == Gate(text.strip(), selector, metric, op, threshold)


@pytest.mark.parametrize(
    "text,why",
    [
        ("objective>=", "expected [SCOPE.]METRIC OP NUMBER"),
        ("objective=>0.5", "expected [SCOPE.]METRIC OP NUMBER"),
        ("objective >= high", "expected [SCOPE.]METRIC OP NUMBER"),
        ("", "expected [SCOPE.]METRIC OP NUMBER"),
        ("objectiv>=0.5", "unknown metric 'objectiv'"),
        ("XX.objective>=0.5", "unknown metric 'XX.objective'"),
        ("subjective>=3", "unknown metric 'subjective'"),
        ("colour:red.objective>=1", "unknown scope kind 'colour'"),
        ("primitive:.objective>=1", "needs a name and a metric"),
        ("tag:x>=1", "needs a name and a metric"),
    ],
)
def test_malformed_gates_say_what_is_accepted(text, why):
    with pytest.raises(ConfigError) as info:
        parse_gate(text)
    message = str(info.value)
    assert why in message
    assert "a gate is [SCOPE.]METRIC OP NUMBER" in message
    assert "CO.objective>=0.5" in message and "subjective.prompt>=3.5" in message


def test_parse_gates_reads_ini_style_lines():
    gates = parse_gates(["objective>=0.5\n  CO.objective>=0.4\n", "subjective.prompt>=3"])
    assert [g.expression for g in gates] == ["objective>=0.5", "CO.objective>=0.4", "subjective.prompt>=3"]


@pytest.fixture
def aggregates():
    tasks = {"t1": make_task("t1", "CO", ["a", "b"], primitives={"a": "text"}), "t2": make_task("t2", "OE", ["a", "b"])}
    outcomes = {
        "good": [("a", "prompt", "pass"), ("b", "prompt", "pass"), ("a", "image", "pass"), ("b", "image", "pass")],
        "half": [("a", "prompt", "pass"), ("b", "prompt", "fail"), ("a", "image", "fail"), ("b", "image", "pass")],
    }
    runs = [make_run(t, p, "x", category=tasks[t].category.value, outcomes=outcomes[p], scores=[("prompt", "clarity", 4 if p == "good" else 2)])
            for t in tasks for p in outcomes]
    return aggregate(runs, items_for(runs), tasks, intervals=False)


def _by_scope(records):
    return {r.scope: r for r in records}


def test_a_gate_must_hold_for_every_pair_and_pooled(aggregates):
    records = _by_scope(evaluate_gates(parse_gates(["objective>=0.6"]), aggregates))
    assert set(records) == {"good|x", "half|x", "all"}
    assert records["good|x"].passed and records["good|x"].value == 1.0 and records["good|x"].n == 8
    assert not records["half|x"].passed and records["half|x"].value == 0.5
    assert "FAILED on half|x: objective = 0.500 (n=8), required >= 0.6" in records["half|x"].message
    assert records["all"].value == pytest.approx(0.75) and records["all"].passed
    assert not gates_passed(list(records.values()))
    assert gates_passed(evaluate_gates(parse_gates(["objective>=0.5"]), aggregates))


def test_operators_at_the_boundary(aggregates):
    def passed(expr):
        return _by_scope(evaluate_gates([parse_gate(expr)], aggregates))["half|x"].passed

    assert passed("objective>=0.5") and not passed("objective>0.5")
    assert passed("objective<=0.5") and not passed("objective<0.5") and passed("objective==0.5")


def test_scoped_and_subjective_gates(aggregates):
    records = _by_scope(evaluate_gates(parse_gates(["CO.image.objective>=0.5"]), aggregates))
    assert records["half|x"].value == 0.5 and records["half|x"].n == 2 and records["half|x"].passed
    records = _by_scope(evaluate_gates(parse_gates(["subjective.prompt.clarity>=3"]), aggregates))
    assert (records["good|x"].passed, records["half|x"].passed, records["all"].value) == (True, False, 3.0)


@pytest.mark.parametrize("expr", ["IM.objective>=0.1", "primitive:quantity.objective>=0", "subjective.image>=1",
                                  "subjective.prompt.nope>=1", "idea.image>=0", "primitive:text.subjective.prompt>=1"])
def test_a_scope_without_data_fails_and_says_so(aggregates, expr):
    records = evaluate_gates([parse_gate(expr)], aggregates)
    assert records and all(not r.passed and r.n == 0 and r.value is None for r in records)
    assert all("no data (n=0)" in r.message for r in records)


def test_no_pairs_at_all_fails():
    records = evaluate_gates(parse_gates(["objective>=0"]), aggregate([], [], {}, intervals=False))
    assert [(r.scope, r.passed, r.n) for r in records] == [("all", False, 0)]
