"""Strict parsing of a model judge's JSON replies: a small JSON-schema validator and one repair.

Judges answer with one JSON object that must follow a schema of
``pytest_atelier/judge/prompts/schemas.v*.json``. :func:`validate` supports the subset those
schemas use (``type``, ``properties``, ``required``, ``additionalProperties: false``,
``items``, ``enum``). :func:`parse_reply` accepts the text as it is, or repaired once (code
fences stripped, the first balanced ``{...}`` extracted); anything else is a problem the
caller retries once and then raises as a :class:`~pytest_atelier.errors.JudgeError`.

Objective verdicts (schema version 2) answer ``pass``, ``fail`` or ``cannot_tell``;
:func:`read_verdict` turns one into an outcome and its reason, ``cannot_tell`` into an
``abstain`` that keeps the model's reason. :func:`verdict_problem` is the one check the
schema cannot state: an abstention needs a reason.
"""

from __future__ import annotations

import json
import re

__all__ = ["VERDICT_OUTCOMES", "validate", "parse_reply", "extract_object", "read_verdict", "verdict_problem"]

_TYPES = {
    "object": dict,
    "array": list,
    "string": str,
    "boolean": bool,
    "integer": int,
    "number": (int, float),
}
# The model's answers (the enum of schemas.v2.json) and the outcome each becomes; nothing else is read.
VERDICT_OUTCOMES = {"pass": "pass", "fail": "fail", "cannot_tell": "abstain"}
_FENCE = re.compile(r"^\s*```[\w-]*\s*\n?(.*?)\n?```\s*$", re.S)


def validate(value, schema: dict, where: str = "$") -> list[str]:
    """Every way ``value`` breaks ``schema``, as ``path: problem`` strings (empty when valid)."""
    kind = schema.get("type")
    if kind is not None:
        ok = isinstance(value, _TYPES[kind]) and not (kind in ("integer", "number") and isinstance(value, bool))
        if not ok:
            return [f"{where}: expected {kind}, got {type(value).__name__}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{where}: {value!r} is not one of {schema['enum']}"]
    problems: list[str] = []
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for name in schema.get("required", []):
            if name not in value:
                problems.append(f"{where}: missing {name!r}")
        if schema.get("additionalProperties") is False:
            problems += [f"{where}: unexpected {name!r}" for name in value if name not in props]
        for name, sub in props.items():
            if name in value:
                problems += validate(value[name], sub, f"{where}.{name}")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            problems += validate(item, schema["items"], f"{where}[{i}]")
    return problems


def extract_object(text: str) -> str | None:
    """The first balanced ``{...}`` in ``text`` (string-aware), or None."""
    start = text.find("{")
    while start != -1:
        depth, in_str, escaped = 0, False, False
        for i in range(start, len(text)):
            ch = text[i]
            if in_str:
                if escaped:
                    escaped = False
                elif ch == "\\":
                    escaped = True
                elif ch == '"':
                    in_str = False
            elif ch == '"':
                in_str = True
            elif ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    return text[start : i + 1]
        start = text.find("{", start + 1)
    return None


def _load(text: str):
    try:
        return json.loads(text), None
    except ValueError as exc:
        return None, f"not JSON ({exc})"


def parse_reply(text: str, schema: dict) -> tuple[dict | None, str | None]:
    """``(data, None)`` when the reply (or its one repair) is valid, else ``(None, problem)``."""
    data, problem = _load(text)
    if problem is not None:
        fenced = _FENCE.match(text)
        candidate = fenced.group(1) if fenced else extract_object(text)
        if candidate is None:
            return None, f"{problem}; no JSON object found in the answer"
        data, problem = _load(candidate)
        if problem is not None:
            return None, problem
    problems = validate(data, schema)
    if problems:
        return None, "does not follow the schema: " + "; ".join(problems[:5])
    return data, None


def read_verdict(answer: dict) -> tuple[str, str]:
    """``(outcome, reason)`` of one schema-valid verdict: ``cannot_tell`` becomes ``abstain``."""
    return VERDICT_OUTCOMES[answer["verdict"]], answer["reason"].strip() or "(no reason given)"


def verdict_problem(answers: list[dict]) -> str | None:
    """What makes schema-valid verdicts unusable (a ``cannot_tell`` without a reason), or None."""
    silent = [a.get("checkpoint", "the checkpoint") for a in answers if a["verdict"] == "cannot_tell" and not a["reason"].strip()]
    if silent:
        return f"'cannot_tell' needs a reason saying what evidence is missing ({', '.join(silent)})"
    return None
