"""Aggregate run records into the ``aggregates`` dict of the results file.

:func:`aggregate` takes the runs, the items that actually ran (a ``-k`` subset counts only
what it selected) and the suite's tasks, and returns a JSON-safe dict documented in
docs/results-format.md ("aggregates"). Every figure carries its n. Confidence intervals
resample tasks (see :mod:`.stats`).
"""

from __future__ import annotations

from collections import defaultdict
from math import fsum
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from ..backends.none import NoneBackend
from ..suite.models import Task
from .agreement import agreement
from .records import ItemRecord, RunRecord, VerdictRecord
from .stats import friedman, rank_consistency, rate_interval, ratio_interval, win_rates

__all__ = [
    "AGGREGATES_VERSION",
    "IDEA_RULE",
    "IDEA_CATEGORIES",
    "SIDES",
    "aggregate",
    "pair_label",
    "idea_call_score",
    "idea_category",
    "idea_run_scores",
    "checkpoint_outcome",
    "checkpoint_scopes",
    "side_measured",
]

AGGREGATES_VERSION = 3  # 2: IDEA scores follow IDEA-Bench's official rule; 3: "rate" is the share shown of all checkpoints
IDEA_RULE = "idea-bench"  # ali-vilab/IDEA-Bench, scripts/cal_scores.py
IDEA_CATEGORIES = ("T2I", "I2I", "Is2I", "T2Is", "I(s)2Is")  # IDEA-Bench's five categories, in its tables' order
SIDES = ("prompt", "image")
SELECTOR_KINDS = ("category", "primitive", "tag", "subtask")
_ITEM_OUTCOME = {"passed": "pass", "failed": "fail", "xfailed": "fail", "skipped": "skipped", "error": "error"}
_VERDICT_OUTCOME = {"pass": "pass", "fail": "fail", "abstain": "skipped", "skipped": "skipped", "error": "error"}


def pair_label(prompter: str, backend: str) -> str:
    """The key of a (prompter, backend) pair in ``aggregates["pairs"]``."""
    return f"{prompter}|{backend}"


@dataclass(frozen=True)
class _Obs:
    """One checkpoint verdict that counts (after selection)."""

    task: str
    prompter: str
    backend: str
    side: str
    outcome: str  # pass | fail | skipped | error
    selectors: tuple[str, ...]
    prompt_outcome: str | None = None  # image side: the same checkpoint's prompt-side outcome
    parent_failed: bool = False  # skipped without a call because a checkpoint it depends on failed


@dataclass(frozen=True)
class _Score:
    task: str
    prompter: str
    backend: str
    side: str
    dimension: str
    value: float
    selectors: tuple[str, ...]


@dataclass(frozen=True)
class _Case:
    """One IDEA case: the levelled checkpoints of one run (every output), on one side."""

    task: str
    prompter: str
    backend: str
    side: str
    score: float  # mean over judge calls of the call's hierarchical score
    plain: float  # mean over calls of the plain share of passed questions
    n_questions: int
    n_undecided: int
    n_calls: int
    idea_task: str  # IDEA-Bench's "task": the suite task's subtask (its id without one)
    idea_category: str  # T2I, T2Is, I2I, Is2I, I(s)2Is
    selectors: tuple[str, ...]


# --- extraction -------------------------------------------------------------------------


def _task_selectors(run: RunRecord, task: Task | None) -> tuple[str, ...]:
    selectors = ["all", f"category:{task.category.value if task else run.category}"]
    if task is not None:
        selectors += [f"tag:{t}" for t in sorted(set(task.tags.all()))]
        if task.subtask:
            selectors.append(f"subtask:{task.subtask}")
    return tuple(selectors)


def _checkpoint_selectors(base: tuple[str, ...], task: Task | None, checkpoint: str) -> tuple[str, ...]:
    if task is None:
        return base
    try:
        primitive = task.checkpoint(checkpoint).primitive
    except KeyError:
        return base
    return base + ((f"primitive:{primitive.value}",) if primitive else ())


def checkpoint_outcome(verdict: VerdictRecord | None, item_outcome: str | None = None) -> str:
    """The outcome that counts: the final verdict's, else the item's ("pass", "fail", "skipped" or "error")."""
    if verdict is not None:
        return _VERDICT_OUTCOME[verdict.outcome]
    return _ITEM_OUTCOME.get(item_outcome, "error")


def side_measured(run: RunRecord, side: str) -> bool:
    """False for the image side of a run on the ``none`` backend, which draws no images by design: those
    checkpoints are never measured, so they stay out of the headline instead of counting as not shown.
    On any other backend a run that failed or was excluded by the safety gate counts (as not shown)."""
    return not (side == "image" and run.backend == NoneBackend.label)


def _finals(run: RunRecord) -> dict[tuple[str, str], VerdictRecord]:
    return {(v.checkpoint, v.side): v for v in run.final}


def _selection(items: Sequence[ItemRecord] | None):
    """Per run key, the checkpoint items that ran (side, checkpoint) -> outcome; runs with scores read."""
    if items is None:
        return None, None
    checkpoints: dict[str, dict[tuple[str, str], str]] = defaultdict(dict)
    for i in items:
        if i.kind == "checkpoint":
            checkpoints[i.run_key][(i.side, i.checkpoint)] = i.outcome
    return checkpoints, {i.run_key for i in items if i.kind == "subjective"}


def _observations(runs, items, tasks):
    selected, subjective = _selection(items)
    obs: list[_Obs] = []
    scores: list[_Score] = []
    for run in runs:
        task = tasks.get(run.task_id)
        base = _task_selectors(run, task)
        finals = _finals(run)
        keys = {(v.side, v.checkpoint): None for v in run.final} if selected is None else selected.get(run.key, {})
        for (side, checkpoint), item_outcome in keys.items():
            if not side_measured(run, side):
                continue
            verdict = finals.get((checkpoint, side))
            prompt = finals.get((checkpoint, "prompt")) if side == "image" else None
            gated = verdict is not None and verdict.outcome == "skipped" and verdict.reason.startswith("parent failed")
            obs.append(_Obs(run.task_id, run.prompter, run.backend, side, checkpoint_outcome(verdict, item_outcome),
                            _checkpoint_selectors(base, task, checkpoint),
                            checkpoint_outcome(prompt) if prompt else None, gated))
        if subjective is None or run.key in subjective:
            scores += [_Score(run.task_id, run.prompter, run.backend, s.side, s.dimension, s.value, base)
                       for s in run.scores if s.value is not None]
    return obs, scores


def checkpoint_scopes(runs: Iterable[RunRecord], tasks: Mapping[str, Task]) -> dict[tuple[str, str], tuple[str, ...]]:
    """(task id, checkpoint) -> its scopes ("category:CO", "primitive:text", "tag:...", "subtask:...").

    What a baseline comparison localises drops by (:func:`.baseline.compare`).
    """
    out = {}
    for run in runs:
        task = tasks.get(run.task_id)
        base = _task_selectors(run, task)[1:]
        ids = [cp.id for cp in task.checkpoints] if task is not None else [v.checkpoint for v in run.final]
        for checkpoint in ids:
            out[(run.task_id, checkpoint)] = _checkpoint_selectors(base, task, checkpoint)
    return out


def idea_call_score(outcomes_by_level: Mapping[int, Sequence[str]]) -> tuple[float, float]:
    """(hierarchical score, plain pass rate) of one judge call on one IDEA case.

    IDEA-Bench's rule (``scripts/cal_scores.py`` in ali-vilab/IDEA-Bench): a level's
    questions count only when every question of every lower level passed in the same call;
    the call scores the counted passes over all its questions (sum / 6 for six questions).
    ``outcomes_by_level[level]`` lists that level's outcomes; only ``"pass"`` counts.
    """
    total = sum(len(v) for v in outcomes_by_level.values())
    if total == 0:
        raise ValueError("an IDEA case needs at least one question")
    earned = passed = 0
    lower_all_passed = True
    for level in sorted(outcomes_by_level):
        hits = sum(1 for o in outcomes_by_level[level] if o == "pass")
        passed += hits
        if lower_all_passed:
            earned += hits
        lower_all_passed = lower_all_passed and hits == len(outcomes_by_level[level])
    return earned / total, passed / total


def idea_category(task: Task) -> str:
    """IDEA-Bench's category of a task, from its input images and outputs: T2I and T2Is (no image
    in), I2I (one in, one out), Is2I (several in, one out), I(s)2Is (one or more in, several out).
    An IM task's target image counts as its one input."""
    n_in = len(getattr(task, "input_images", ())) or (1 if getattr(task, "target_image", None) else 0)
    if n_in == 0:
        return "T2Is" if task.n_outputs > 1 else "T2I"
    if task.n_outputs > 1:
        return "I(s)2Is"
    return "Is2I" if n_in > 1 else "I2I"


def _calls(verdict: VerdictRecord | None) -> dict[str | None, str]:
    """The verdict's outcome per judge call (rater), or under None when it holds for every call."""
    if verdict is None:
        return {None: "error"}
    if not verdict.votes:
        return {None: verdict.outcome}
    out = {}
    for vote in verdict.votes:
        outcome, _, rater = vote.partition("@")
        out[rater] = outcome
    return out


def _idea_parts(run: RunRecord, side: str, checkpoint, finals) -> list[VerdictRecord | None]:
    """The verdicts one IDEA question depends on: the prompt side's, or on the image side the top-1
    image's of each output it covers (every output for a question without ``output``)."""
    if side == "prompt":
        return [finals.get((checkpoint.id, side))]
    top1 = {im.output: im.index for im in run.images if im.top1}
    by_image = {(v.output, v.image_index): v for v in run.verdicts if v.checkpoint == checkpoint.id and v.side == side}
    outputs = [checkpoint.output] if checkpoint.output else sorted(top1)
    parts = [by_image[(o, top1[o])] for o in outputs if o in top1 and (o, top1[o]) in by_image]
    return parts or [finals.get((checkpoint.id, side))]


def _idea_case(run: RunRecord, task: Task, side: str) -> tuple[float, float, int, int, int] | None:
    """(score, plain, questions, undecided, calls) of one run's case on one side; None if nothing was decided."""
    finals = _finals(run)
    questions = [cp for cp in task.checkpoints if cp.level is not None and side in (s.value for s in cp.sides())]
    parts = {cp.id: [_calls(v) for v in _idea_parts(run, side, cp, finals)] for cp in questions}
    decided = [checkpoint_outcome(finals.get((cp.id, side))) for cp in questions]
    if not any(o in ("pass", "fail") for ps in parts.values() for p in ps for o in p.values()):
        return None  # no call decided anything on this side (e.g. no images): not a measured case
    # a question split evenly between calls is undecided in the final verdict, yet every call scored it
    # (IDEA-Bench's cal_scores.py averages the calls): the case counts
    raters = sorted({r for ps in parts.values() for p in ps for r in p if r is not None})
    calls = raters or [None]
    scores = []
    for call in calls:
        by_level: dict[int, list[str]] = defaultdict(list)
        for cp in questions:
            outcomes = [p.get(call, p.get(None, "abstain")) for p in parts[cp.id]]
            by_level[cp.level].append("pass" if all(o == "pass" for o in outcomes) else "fail")
        scores.append(idea_call_score(by_level))
    return (fsum(s for s, _ in scores) / len(scores), fsum(p for _, p in scores) / len(scores), len(questions),
            sum(1 for o in decided if o not in ("pass", "fail")), len(calls))


def idea_run_scores(run: RunRecord, task: Task | None) -> list[float | None] | None:
    """[prompt-side, image-side] IDEA case score of one run (None where not measured), or None
    when the task has no levelled questions."""
    if task is None or not any(cp.level for cp in task.checkpoints):
        return None
    return [(case[0] if case else None) for case in (_idea_case(run, task, side) for side in SIDES)]


def _cases(runs, items, tasks) -> list[_Case]:
    selected, _ = _selection(items)
    ran = None if selected is None else set(selected)
    cases = []
    for run in runs:
        task = tasks.get(run.task_id)
        if task is None or (ran is not None and run.key not in ran) or not any(cp.level for cp in task.checkpoints):
            continue
        for side in SIDES:
            case = _idea_case(run, task, side)
            if case is not None:
                cases.append(_Case(run.task_id, run.prompter, run.backend, side, *case, task.subtask or task.id,
                                   idea_category(task), _task_selectors(run, task)))
    return cases


# --- figures ----------------------------------------------------------------------------


def _per_task(units: list[str], pairs: Iterable[tuple[str, float, float]]):
    """Sum (numerator, denominator) per task, in the order of ``units``."""
    index = {t: i for i, t in enumerate(units)}
    num, den = [0.0] * len(units), [0.0] * len(units)
    for task, x, y in pairs:
        num[index[task]] += x
        den[index[task]] += y
    return num, den


def _interval(units, pairs, ci: dict, *, rate: bool = False) -> dict:
    """The interval over tasks of a pooled figure: Wilson-type for a rate, t for a mean (see :mod:`.stats`)."""
    if not ci["intervals"]:
        return {"low": None, "high": None, "ci_reliable": None}
    num, den = _per_task(units, pairs)
    method = rate_interval if rate else ratio_interval
    found = method(num, den, confidence=ci["confidence"])
    return {"low": found.low, "high": found.high, "ci_reliable": found.reliable}


def _rate(obs: list[_Obs], units: list[str], ci: dict) -> dict:
    """The headline of a scope: the share of its checkpoints shown satisfied (``rate``).

    Every checkpoint of the scope counts; one the judge could not decide (abstained, skipped,
    errored) counts as not shown, so a prompter never gains by saying less. ``range_low`` ..
    ``range_high`` is where the undecided could move it (all failing .. all passing);
    ``rate_decided`` is the pass rate among the decided checkpoints, kept for reference.
    """
    counts = {k: sum(1 for o in obs if o.outcome == k) for k in ("pass", "fail", "skipped", "error")}
    decided = counts["pass"] + counts["fail"]
    total = len(obs)
    undecided = total - decided
    tasks = {o.task for o in obs}
    return {
        "rate": counts["pass"] / total if total else None,
        **_interval([u for u in units if u in tasks], ((o.task, float(o.outcome == "pass"), 1.0) for o in obs), ci, rate=True),
        "undecided_share": undecided / total if total else None,
        "range_low": counts["pass"] / total if total else None,
        "range_high": (counts["pass"] + undecided) / total if total else None,
        "rate_decided": counts["pass"] / decided if decided else None,
        "n": total,
        "n_decided": decided,
        "n_tasks": len(tasks),
        "n_pass": counts["pass"],
        "n_fail": counts["fail"],
        "n_skipped": counts["skipped"],
        "n_error": counts["error"],
        "n_parent_failed": sum(1 for o in obs if o.parent_failed),  # skipped because a checkpoint it depends on failed
    }


def _mean(scores: list[_Score], units: list[str], ci: dict) -> dict:
    by_dim: dict[str, list[float]] = defaultdict(list)
    for s in scores:
        by_dim[s.dimension].append(s.value)
    return {
        "mean": sum(s.value for s in scores) / len(scores) if scores else None,
        **_interval(sorted({s.task for s in scores}), ((s.task, s.value, 1.0) for s in scores), ci),
        "n": len(scores),
        "n_tasks": len({s.task for s in scores}),
        "dimensions": {d: {"mean": sum(v) / len(v), "n": len(v)} for d, v in sorted(by_dim.items())},
    }


def _gap(obs: list[_Obs]) -> dict:
    failures = [o for o in obs if o.side == "image" and o.outcome == "fail"]
    asked_not_drawn = sum(1 for o in failures if o.prompt_outcome == "pass")
    never_asked = sum(1 for o in failures if o.prompt_outcome == "fail")
    n = asked_not_drawn + never_asked
    return {
        "image_failures": len(failures),
        "prompt_failed": never_asked,
        "prompt_passed": asked_not_drawn,
        "prompt_undecided": len(failures) - n,
        "prompter_share": never_asked / n if n else None,
        "backend_share": asked_not_drawn / n if n else None,
        "n": n,
    }


def _hierarchy(cases: list[_Case]) -> tuple[dict[str, dict[str, float]], dict[str, float], dict[int, float]]:
    """IDEA-Bench's means: case scores -> task means -> category means; each case's weight in the overall mean.

    Sums are ``math.fsum`` (correctly rounded), so a mean does not depend on the order of its terms.
    """
    tree: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for i, c in enumerate(cases):
        tree[c.idea_category][c.idea_task].append(i)
    by_task: dict[str, dict[str, float]] = {}
    by_category, weight = {}, {}
    for category, task_cases in sorted(tree.items()):
        means = []
        for task, idx in sorted(task_cases.items()):
            by_task.setdefault(category, {})[task] = fsum(cases[i].score for i in idx) / len(idx)
            means.append(by_task[category][task])
            for i in idx:
                weight[i] = 1.0 / (len(tree) * len(task_cases) * len(idx))
        by_category[category] = fsum(means) / len(means)
    return by_task, by_category, weight


def _idea(cases: list[_Case], units: list[str], ci: dict) -> dict:
    out = {}
    for side in SIDES:
        mine = [c for c in cases if c.side == side]
        by_task, by_category, weight = _hierarchy(mine)
        out[side] = {
            "rule": IDEA_RULE,
            "score": fsum(by_category.values()) / len(by_category) if by_category else None,
            **_interval(sorted({c.task for c in mine}), ((c.task, weight[i] * c.score, weight[i]) for i, c in enumerate(mine)), ci),
            "case_mean": sum(c.score for c in mine) / len(mine) if mine else None,
            "pass_rate": sum(c.plain for c in mine) / len(mine) if mine else None,
            "by_category": by_category,
            "by_task": by_task,
            "n": len(mine),
            "n_tasks": len({c.task for c in mine}),
            "n_calls": sum(c.n_calls for c in mine),
            "n_questions": sum(c.n_questions for c in mine),
            "n_undecided": sum(c.n_undecided for c in mine),
        }
    return out


def _metrics(obs, scores, cases, *, idea: bool, ci: dict) -> dict:
    """All figures of one scope; ``ci`` holds the interval settings (intervals, confidence)."""
    units = sorted({o.task for o in obs} | {s.task for s in scores} | {c.task for c in cases})
    out = {
        "n_tasks": len(units),
        "prompt": _rate([o for o in obs if o.side == "prompt"], units, ci),
        "image": _rate([o for o in obs if o.side == "image"], units, ci),
        "objective": _rate(obs, units, ci),
        "subjective": {side: _mean([s for s in scores if s.side == side], units, ci) for side in SIDES},
        "gap": _gap(obs),
    }
    if idea:
        out["idea"] = _idea(cases, units, ci)
    return out


# --- scopes -----------------------------------------------------------------------------


def _groups(record) -> list[tuple[str, str | None]]:
    return [
        ("overall", None),
        ("prompters", record.prompter),
        ("backends", record.backend),
        ("pairs", pair_label(record.prompter, record.backend)),
    ]


def _bucket(records) -> dict:
    """(group, key, selector) -> records in that scope."""
    out: dict = defaultdict(list)
    for r in records:
        for group, key in _groups(r):
            for selector in r.selectors:
                out[(group, key, selector)].append(r)
    return out


def _breakdown(scopes: set, buckets, *, idea, ci) -> dict:
    """Nested dict: group -> key -> {"all": metrics, kind: {value: metrics}}."""
    obs_b, score_b, case_b = buckets
    tree: dict = {"overall": None, "prompters": {}, "backends": {}, "pairs": {}}
    for group, key, selector in sorted(scopes, key=lambda s: (s[0], s[1] or "", s[2])):
        m = _metrics(obs_b.get((group, key, selector), []), score_b.get((group, key, selector), []),
                        case_b.get((group, key, selector), []), idea=idea, ci=ci)
        node = tree if group == "overall" else tree[group]
        name = "overall" if group == "overall" else key
        if node.get(name) is None:
            node[name] = {"all": None, **{k: {} for k in SELECTOR_KINDS}}
        if selector == "all":
            node[name]["all"] = m
        else:
            kind, _, value = selector.partition(":")
            node[name][kind][value] = m
    return tree


def _rankings(obs: list[_Obs]) -> dict:
    """Per backend: win rates and Friedman over prompters on each task's headline (the share of its
    checkpoints shown, undecided counting as not shown); consistency across backends."""
    cells: dict[tuple[str, str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
    for o in obs:
        cell = cells[(o.backend, o.prompter, o.task)]
        cell[0] += o.outcome == "pass"
        cell[1] += 1
    per_task: dict[str, dict[str, dict[str, float]]] = defaultdict(lambda: defaultdict(dict))
    totals: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0.0, 0.0]))
    for (backend, prompter, task), (passed, n) in cells.items():
        per_task[backend][prompter][task] = passed / n
        totals[backend][prompter][0] += passed
        totals[backend][prompter][1] += n
    rates = {b: {p: t[0] / t[1] for p, t in by_p.items()} for b, by_p in totals.items()}
    by_backend = {b: _backend_ranking(per_task[b]) for b in sorted(per_task)}
    return {"metric": "objective", "by_backend": by_backend, "consistency": rank_consistency(rates)}


def _backend_ranking(scores: dict[str, dict[str, float]]) -> dict:
    wr = win_rates(scores)
    prompters = sorted(scores)
    entry = {"win_rates": {p: {"win_rate": wr.win_rate[p], "n": wr.n[p]} for p in prompters}, "friedman": None}
    shared = sorted(set.intersection(*(set(scores[p]) for p in prompters)))
    if len(prompters) >= 2 and len(shared) >= 2:
        fr = friedman([[scores[p][t] for p in prompters] for t in shared])
        entry["friedman"] = {"statistic": fr.statistic, "df": fr.df, "p_value": fr.p_value, "n": fr.n_blocks,
                             "mean_ranks": dict(zip(prompters, fr.mean_ranks))}
    return entry


def aggregate(
    runs: Sequence[RunRecord],
    items: Sequence[ItemRecord] | None,
    tasks: Mapping[str, Task],
    *,
    scoring: str = "atelier",
    intervals: bool = True,
    confidence: float = 0.95,
) -> dict:
    """Compute ``Results.aggregates`` from the runs and the items that ran.

    ``items=None`` counts every final verdict and score of every run. ``tasks`` maps task id
    to its suite :class:`Task` (for primitives, tags, subtasks and IDEA levels); a task
    missing from it still counts under "all" and its category. ``scoring="idea"`` adds the
    IDEA hierarchical score to every scope. ``intervals=False`` leaves the intervals out.
    """
    if scoring not in ("atelier", "idea"):
        raise ValueError(f"scoring must be 'atelier' or 'idea', not {scoring!r}")
    obs, scores = _observations(runs, items, tasks)
    cases = _cases(runs, items, tasks) if scoring == "idea" else []
    buckets = tuple(_bucket(records) for records in (obs, scores, cases))
    scopes = set().union(*buckets) | {("overall", None, "all")}
    ci = {"intervals": intervals, "confidence": confidence}
    tree = _breakdown(scopes, buckets, idea=scoring == "idea", ci=ci)
    return {
        "version": AGGREGATES_VERSION,
        "scoring": scoring,
        "unit": "task",
        "intervals": {**ci, "rate": "wilson-cluster", "mean": "t-cluster"},
        **tree,
        "rankings": _rankings(obs),
        "agreement": agreement(runs),  # ensembles and repeats only; None otherwise
    }
