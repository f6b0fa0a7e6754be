"""Strict reply parsing: the schema subset, the one repair, what stays a problem, and the three answers."""

from __future__ import annotations

import pytest

from pytest_atelier.judge.atelier import SCHEMAS, _schema
from pytest_atelier.judge.replies import VERDICT_OUTCOMES, extract_object, parse_reply, read_verdict, validate, verdict_problem


def test_validate_the_schema_subset():
    schema = _schema("verdicts", checkpoint_ids=["c01", "c02"])
    ok = {"verdicts": [{"checkpoint": "c01", "reason": "r", "verdict": "pass"}]}
    assert validate(ok, schema) == []
    bad = {"verdicts": [{"checkpoint": "c09", "verdict": True, "reason": "r", "extra": 1}], "more": 2}
    problems = validate(bad, schema)
    assert any("unexpected 'more'" in p for p in problems) and any("'c09' is not one of" in p for p in problems)
    assert any("expected string" in p for p in problems) and any("unexpected 'extra'" in p for p in problems)
    assert validate({"scores": [{"dimension": "x", "score": True, "rationale": ""}]}, SCHEMAS["scores"])  # bool is no integer


def test_parse_and_repair_once():
    schema = SCHEMAS["verdict"]
    assert parse_reply('{"reason": "r", "verdict": "fail"}', schema) == ({"reason": "r", "verdict": "fail"}, None)
    assert parse_reply('```json\n{"reason": "}", "verdict": "pass"}\n```', schema)[0] == {"reason": "}", "verdict": "pass"}
    assert parse_reply('Sure! {"reason": "a \\"quoted\\" {x}", "verdict": "cannot_tell"} done', schema)[0]["verdict"] == "cannot_tell"
    data, problem = parse_reply("no json here", schema)
    assert data is None and "no JSON object" in problem
    assert extract_object('x {"a": {"b": "}"}} y') == '{"a": {"b": "}"}}'


@pytest.mark.parametrize(
    "reply, problem",
    [
        ('{"reason": "r", "verdict": "maybe"}', "'maybe' is not one of ['pass', 'fail', 'cannot_tell']"),
        ('{"reason": "r", "verdict": "unknown"}', "'unknown' is not one of"),
        ('{"reason": "r", "verdict": false}', "expected string"),
        ('{"reason": "r", "satisfied": true}', "missing 'verdict'"),  # a schema version 1 answer
    ],
)
def test_a_verdict_outside_the_three_answers_is_a_problem(reply, problem):
    data, found = parse_reply(reply, SCHEMAS["verdict"])
    assert data is None and problem in found


def test_strict_schema_form_for_openai():
    """Every object lists all its properties as required and forbids others; answers are an enum."""

    def objects(node):
        if isinstance(node, dict):
            if node.get("type") == "object":
                yield node
            for value in node.values():
                yield from objects(value)

    for name in ("verdicts", "verdict"):
        for obj in objects(SCHEMAS[name]):
            assert obj["additionalProperties"] is False and sorted(obj["required"]) == sorted(obj["properties"])
    item = SCHEMAS["verdicts"]["properties"]["verdicts"]["items"]
    assert list(item["properties"]) == ["checkpoint", "reason", "verdict"]  # the reason is written before the answer
    assert item["properties"]["verdict"]["enum"] == list(VERDICT_OUTCOMES) == ["pass", "fail", "cannot_tell"]
    assert SCHEMAS["version"] == 2


def test_cannot_tell_is_an_abstention_with_the_models_reason():
    assert read_verdict({"reason": " the sign is cropped at the edge ", "verdict": "cannot_tell"}) == ("abstain", "the sign is cropped at the edge")
    assert read_verdict({"reason": "reads OPEN", "verdict": "pass"}) == ("pass", "reads OPEN")
    assert read_verdict({"reason": "", "verdict": "fail"}) == ("fail", "(no reason given)")
    assert set(VERDICT_OUTCOMES.values()) == {"pass", "fail", "abstain"}  # no answer invents another outcome
    assert verdict_problem([{"checkpoint": "c01", "reason": "too dark", "verdict": "cannot_tell"}]) is None
    assert "'cannot_tell' needs a reason" in verdict_problem([{"checkpoint": "c02", "reason": "  ", "verdict": "cannot_tell"}])
    assert verdict_problem([{"reason": "", "verdict": "fail"}]) is None  # only an abstention must say why
