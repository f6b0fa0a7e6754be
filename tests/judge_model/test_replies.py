"""Strict reply parsing: the schema subset, the one repair, and what stays a problem."""

from __future__ import annotations

from pytest_atelier.judge.atelier import SCHEMAS, _schema
from pytest_atelier.judge.replies import extract_object, parse_reply, validate


def test_validate_the_schema_subset():
    schema = _schema("verdicts", checkpoint_ids=["c01", "c02"])
    ok = {"verdicts": [{"id": "c01", "satisfied": True, "reason": "r"}]}
    assert validate(ok, schema) == []
    bad = {"verdicts": [{"id": "c09", "satisfied": "yes", "reason": "r", "extra": 1}], "more": 2}
    problems = validate(bad, schema)
    assert any("unexpected 'more'" in p for p in problems) and any("'c09' is not one of" in p for p in problems)
    assert any("expected boolean" in p for p in problems) and any("unexpected 'extra'" in p for p in problems)
    assert validate({"scores": [{"dimension": "x", "score": True, "rationale": ""}]}, SCHEMAS["scores"])  # bool is no integer


def test_parse_and_repair_once():
    schema = SCHEMAS["verdict"]
    assert parse_reply('{"satisfied": false, "reason": "r"}', schema) == ({"satisfied": False, "reason": "r"}, None)
    assert parse_reply('```json\n{"satisfied": true, "reason": "}"}\n```', schema)[0] == {"satisfied": True, "reason": "}"}
    assert parse_reply('Sure! {"satisfied": true, "reason": "a \\"quoted\\" {x}"} done', schema)[0]["satisfied"] is True
    data, problem = parse_reply("no json here", schema)
    assert data is None and "no JSON object" in problem
    data, problem = parse_reply('{"satisfied": 1, "reason": "r"}', schema)
    assert data is None and "expected boolean" in problem
    assert extract_object('x {"a": {"b": "}"}} y') == '{"a": {"b": "}"}}'
