"""A subjective estimate that content-free text can lift ranks prompters by padding, not by what
they ask for (issue 26: "Highly detailed, balanced composition." lifted the offline IM prompt
score from 3.08 to 4.19, and the IM instruction sentence alone scored 4.18). The offline judge
must give no estimate that such text raises."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_atelier.judge.memory import CONTENT_FREE, ExemplarIndex, content_free_lift
from pytest_atelier.judge.offline import OfflineJudge
from pytest_atelier.suite.exemplars import load_memory_with_source
from pytest_atelier.suite.loader import load_suite

SUITE = Path(__file__).resolve().parents[2] / "task_suites" / "atelier"
STOCK = ("Highly detailed, balanced composition.", "masterpiece, best quality, 8k")
WEAK = {  # short, vague prompts of the kind a beginner types, one per IM task
    "im_070": "a beach from above, 3d",
    "im_075": "some red shapes in rows",
    "im_008": "a cat looking to the side",
    "im_082": "two lemurs sitting on a log",
}


@pytest.fixture(scope="module")
def setting():
    suite = load_suite(SUITE)
    return suite, load_memory_with_source(suite.exemplar_path("IM"), within=suite.root), OfflineJudge(embeddings="ngram", ocr="off")


def _estimate(judge, task, prompt, memory):
    values = [s.value for s in judge.score_prompt(task, [prompt], memory)]
    return None if None in values else sum(values) / len(values)


@pytest.mark.parametrize("stock", STOCK)
def test_stock_phrases_never_raise_a_weak_prompts_estimate(setting, stock):
    suite, memory, judge = setting
    for task_id, prompt in WEAK.items():
        task = suite.task(task_id)
        before, after = _estimate(judge, task, prompt, memory), _estimate(judge, task, f"{prompt}. {stock}", memory)
        assert after is None or (before is not None and after <= before), (task_id, before, after)


def test_the_instruction_alone_scores_no_higher_than_a_weak_prompt(setting):
    suite, memory, judge = setting
    for task_id, prompt in WEAK.items():
        task = suite.task(task_id)
        alone = _estimate(judge, task, "Write a prompt that would let an image model recreate this cat portrait.", memory)
        brief = _estimate(judge, task, task.brief, memory)
        weak = _estimate(judge, task, prompt, memory)
        for value in (alone, brief):
            assert value is None or (weak is not None and value <= weak), (task_id, value, weak)


def test_the_withheld_estimate_says_what_lifted_it(setting):
    suite, memory, judge = setting
    lift, how = content_free_lift(ExemplarIndex(memory.memory, memory.root, judge.embedder.encode), list(memory.memory.dimensions))
    assert lift > 0.1 and any(phrase in how for phrase in CONTENT_FREE)  # measured on the shipped IM memory
    (first, *_) = judge.score_prompt(suite.task("im_070"), [WEAK["im_070"]], memory)
    assert first.value is None and "says nothing about the image" in first.rationale and f"{lift:.2f}" in first.rationale
