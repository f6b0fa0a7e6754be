"""IDEA scores against an independent transcription of IDEA-Bench's official rule.

The rule is ``scripts/cal_scores.py`` in ali-vilab/IDEA-Bench: per judge call, questions 1-2
failing zero questions 3-6, else questions 3-4 failing zero 5-6; the call scores sum / 6;
a case is the mean of its calls, an IDEA task the mean of its cases, a category the mean
of its tasks and the overall score the mean of the categories. The script reads one table
row per question with one 0/1 column per call; here the table is built from the run
records (a multi-image question scores 1 in a call when the top-1 image of every output it
covers passed in that call), then the transcription below scores it.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict

import pytest
from helpers_results import items_for

from pytest_atelier.results.aggregate import aggregate
from pytest_atelier.results.records import ImageRecord, RunRecord, VerdictRecord
from pytest_atelier.suite.models import Task


def official(table: dict[tuple[str, str, str], list[list[int]]]) -> tuple[float, dict, dict]:
    """``table[(category, task, case)]``: per call, the six 0/1 scores in question order.

    A transcription of cal_scores.py's steps 2-5 (``math.fsum`` for its sums, so that the
    order of the terms cannot matter)."""
    case_results = defaultdict(list)
    for (category, task, _case), calls in table.items():
        call_scores = []
        for scores in calls:
            final = list(scores)
            if final[0] == 0 or final[1] == 0:
                final[2:] = [0] * 4
            elif final[2] == 0 or final[3] == 0:
                final[4:] = [0] * 2
            call_scores.append(math.fsum(final) / 6)
        case_results[(category, task)].append(math.fsum(call_scores) / len(calls))
    tasks = {key: math.fsum(v) / len(v) for key, v in case_results.items()}
    categories = defaultdict(list)
    for (category, _task), score in tasks.items():
        categories[category].append(score)
    category_means = {c: math.fsum(v) / len(v) for c, v in categories.items()}
    by_task = defaultdict(dict)
    for (category, task), score in tasks.items():
        by_task[category][task] = score
    return math.fsum(category_means.values()) / len(category_means), dict(by_task), category_means


def _task(rng: random.Random, index: int, subtask: str) -> Task:
    outputs = rng.choice([0, 0, 2, 3])  # 0: a single image
    cps = []
    for q in range(6):
        spec = {"id": f"q{q + 1}", "level": 1 + q // 2, "image": f"shows {q}", "prompt": f"asks {q}"}
        if outputs and rng.random() < 0.4:
            spec["output"] = rng.randint(1, outputs)  # the others cover every output
        cps.append(spec)
    extra = {"outputs": [f"scene {o}" for o in range(outputs)]} if outputs else {}
    return Task(id=f"case{index:02d}", category="OE", brief="b", subtask=subtask, checkpoints=cps, **extra)


def _run(rng: random.Random, task: Task, n_calls: int) -> tuple[RunRecord, list[list[int]]]:
    """A run whose image verdicts carry ``n_calls`` votes each (none with one call), and the
    table row the official script would read for it."""
    raters = [f"judge-a#{c + 1}" for c in range(n_calls)]
    images, verdicts = [], []
    top1_calls: dict[tuple[str, int], list[str]] = {}
    for out in range(1, task.n_outputs + 1):
        best = rng.randrange(3)
        for index in range(3):  # three images per prompt; only the top-1 counts
            images.append(ImageRecord(output=out, index=index, path="x.png", sha256="0", seed=0, top1=index == best))
            for cp in task.checkpoints:
                calls = [rng.choice(["pass", "pass", "pass", "fail", "abstain"]) for _ in raters]
                outcome = max(set(calls), key=calls.count) if calls else "pass"
                votes = [f"{o}@{r}" for o, r in zip(calls, raters)] if n_calls > 1 else []
                verdicts.append(VerdictRecord(checkpoint=cp.id, side="image", outcome=outcome, reason="", decided_by="t",
                                              output=out, image_index=index, votes=votes))
                if index == best:
                    top1_calls[(cp.id, out)] = calls if n_calls > 1 else [outcome]
    final = [VerdictRecord(checkpoint=cp.id, side="image", outcome="pass", reason="", decided_by="t") for cp in task.checkpoints]
    run = RunRecord(key=f"k-{task.id}", suite="idea", task_id=task.id, category="OE", prompter="p", backend="b",
                    judge="j", images=images, verdicts=verdicts, final=final)
    rows = []
    for c in range(n_calls):
        row = []
        for cp in task.checkpoints:
            outs = [cp.output] if cp.output else range(1, task.n_outputs + 1)
            row.append(int(all(top1_calls[(cp.id, o)][c] == "pass" for o in outs)))
        rows.append(row)
    return run, rows


@pytest.mark.parametrize("n_calls", [1, 3])
@pytest.mark.parametrize("seed", range(8))
def test_the_idea_scorer_equals_the_official_rule_exactly(seed, n_calls):
    rng = random.Random(seed * 10 + n_calls)
    tasks = {t.id: t for t in (_task(rng, i, rng.choice(["poster", "logo", "storyboard", "icons"])) for i in range(14))}
    runs, table = [], {}
    for task in tasks.values():
        run, rows = _run(rng, task, n_calls)
        runs.append(run)
        category = "T2Is" if task.n_outputs > 1 else "T2I"
        table[(category, task.subtask, task.id)] = rows
    assert any(t.n_outputs > 1 for t in tasks.values()) and any(t.n_outputs == 1 for t in tasks.values())
    idea = aggregate(runs, items_for(runs), tasks, scoring="idea", intervals=False)["overall"]["all"]["idea"]["image"]
    overall, by_task, by_category = official(table)
    assert idea["rule"] == "idea-bench"
    assert idea["score"] == overall  # exactly, not approximately
    assert idea["by_task"] == by_task
    assert idea["by_category"] == by_category
    assert idea["n_calls"] == n_calls * len(tasks)


def test_a_failed_lower_level_zeroes_the_higher_ones_per_call_not_after_a_vote():
    # two of three calls fail q1, a different two fail q3: the majority fails both, the official rule does not
    task = Task(id="c1", category="OE", brief="b", subtask="poster",
                checkpoints=[{"id": f"q{q + 1}", "level": 1 + q // 2, "image": "i", "prompt": "p"} for q in range(6)])
    calls = {"q1": ["fail", "pass", "fail"], "q3": ["pass", "fail", "fail"]}
    final = []
    for cp in task.checkpoints:
        outcomes = calls.get(cp.id, ["pass"] * 3)
        final.append(VerdictRecord(checkpoint=cp.id, side="image", outcome=max(set(outcomes), key=outcomes.count), reason="",
                                   decided_by="ensemble", votes=[f"{o}@j#{i + 1}" for i, o in enumerate(outcomes)]))
    run = RunRecord(key="k", suite="idea", task_id="c1", category="OE", prompter="p", backend="b", judge="j", final=final)
    idea = aggregate([run], items_for([run]), {"c1": task}, scoring="idea", intervals=False)["overall"]["all"]["idea"]["image"]
    # call 1: q1 fails -> 1/6; call 2: q3 fails -> 3/6; call 3: both fail -> 1/6
    assert idea["score"] == (1 / 6 + 3 / 6 + 1 / 6) / 3


def test_calls_that_split_every_question_evenly_still_make_a_case_scored_as_the_official_rule_does():
    # two calls: the first passes all six questions, the second fails them all; every final verdict is an
    # even split (undecided), yet cal_scores.py scores each call and averages them: (6/6 + 0/6) / 2
    task = Task(id="c1", category="OE", brief="b", subtask="poster",
                checkpoints=[{"id": f"q{q + 1}", "level": 1 + q // 2, "image": "i", "prompt": "p"} for q in range(6)])
    final = [VerdictRecord(checkpoint=cp.id, side="image", outcome="abstain", reason="votes split", decided_by="ensemble",
                           votes=["pass@j#1", "fail@j#2"]) for cp in task.checkpoints]
    run = RunRecord(key="k", suite="idea", task_id="c1", category="OE", prompter="p", backend="b", judge="j", final=final)
    idea = aggregate([run], items_for([run]), {"c1": task}, scoring="idea", intervals=False)["overall"]["all"]["idea"]["image"]
    expected, _, _ = official({("T2I", "poster", "c1"): [[1] * 6, [0] * 6]})
    assert idea["n"] == 1 and idea["score"] == expected == 0.5
    assert (idea["n_calls"], idea["n_undecided"]) == (2, 6)
