"""Checks built in one line and the prompt rule's verdict on them, shared by the reader tests."""

from __future__ import annotations

from pytest_atelier.judge.prompt_decide import judge_check
from pytest_atelier.suite.models import AbsenceCheck, ColorCheck, CountCheck, LayoutCheck, RelationCheck

__all__ = ["absent", "colour", "count", "layout", "relation", "verdict"]


def verdict(check, prompt: str) -> str:
    """The prompt rule's outcome alone."""
    return judge_check(check, prompt)[0]


def colour(color: str, entity: str, *terms: str) -> ColorCheck:
    return ColorCheck(type="color", color=color, entity=entity, terms=list(terms))


def layout(region: str, entity: str) -> LayoutCheck:
    return LayoutCheck(type="layout", region=region, entity=entity)


def relation(subject: str, rel: str, obj: str) -> RelationCheck:
    return RelationCheck(type="relation", subject=subject, relation=rel, object=obj)


def count(entity: str, n: int) -> CountCheck:
    return CountCheck(type="count", entity=entity, count=n)


def absent(entity: str, *terms: str) -> AbsenceCheck:
    return AbsenceCheck(type="absence", entity=entity, terms=list(terms))
