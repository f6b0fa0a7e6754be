"""--atelier-sample's subset: stratified by category and main primitive, deterministic."""

from __future__ import annotations

from collections import Counter

import pytest

from pytest_atelier.suite.sample import stratified_sample, stratum
from tests.results.helpers_results import make_task

PRIMS = ("text", "quantity", "abstract_intent")


def _tasks():
    tasks = []
    for i in range(60):
        category = ("OE", "CO")[i % 2]
        primitive = PRIMS[i % 3]
        tasks.append(make_task(f"t{i:02d}", category, ["a", "b"], primitives={"a": primitive, "b": primitive}))
    return tasks


def test_each_stratum_gets_its_share_and_the_choice_is_deterministic():
    tasks = _tasks()
    chosen = stratified_sample(tasks, 12, seed=3)
    assert len(chosen) == 12 and chosen == stratified_sample(list(reversed(tasks)), 12, seed=3)
    by_id = {t.id: t for t in tasks}
    assert Counter(stratum(by_id[i]) for i in chosen) == {s: 2 for s in {stratum(t) for t in tasks}}  # 6 strata of 10
    assert stratified_sample(tasks, 12, seed=4) != chosen
    assert stratified_sample(tasks, 100) == sorted(t.id for t in tasks)
    with pytest.raises(ValueError, match="at least 1 task"):
        stratified_sample(tasks, 0)
