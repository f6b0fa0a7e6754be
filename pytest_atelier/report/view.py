"""The report's view-model: what the template shows, computed from one or more results files.

:func:`build_view` merges results files (runs by key, items by node id; aggregates are
recomputed by :func:`pytest_atelier.results.aggregate.aggregate` when there are several),
loads each suite named in them when its folder still exists (for briefs, checkpoint
statements, primitives and target images), and turns the aggregates into leaderboard
rows, the prompter x backend matrix, charts and the per-task drill-down data. Nothing
here formats HTML beyond the SVG charts; the template escapes every string.
"""

from __future__ import annotations

import dataclasses
import re
import types
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from markupsafe import Markup

from ..components import IMAGE_DIMENSIONS, PROMPT_DIMENSIONS
from ..engine.calls import COUNTS, describe
from ..errors import AtelierError
from ..results.aggregate import (
    AGGREGATES_VERSION,
    IDEA_CATEGORIES,
    SIDES,
    aggregate,
    checkpoint_outcome,
    idea_run_scores,
    pair_label,
)
from ..results.collect import estimate_note
from ..results.metric_means import metric_means
from ..results.people import COMPARED_GROUPS, people
from ..results.records import ItemRecord, Results, RunRecord, ScoreRecord, VerdictRecord
from ..results.stats import friedman, siegel_castellan, vote, win_rates
from ..suite import Primitive, Suite, Task, load_suite
from ..suite.models import TAG_VOCABULARY
from . import charts
from .charts import Point
from .pairwise_view import pairwise_sections
from .thumbs import Thumbnails

__all__ = ["ALPHA", "Digest", "Loaded", "ReportView", "build_view", "digest_runs", "load_inputs", "short_labels", "task_rate_and_spread",
           "unique_prefixes"]

ALPHA = 0.05  # significance level of the rank marks
_CATEGORY_ORDER = ("OE", "CO", "IM")
_GAP_COLORS = ("#e15759", "#4e79a7", "#bab0ac")


@dataclasses.dataclass
class Loaded:
    """Results merged into one body of runs and items, with the suites that could be loaded."""

    results: list[Results]
    runs: list[RunRecord]
    items: list[ItemRecord]
    aggregates: dict
    scoring: str
    suites: list[Suite]
    tasks: dict[str, Task]
    notes: list[str]

    def target_image(self, task_id: str) -> Path | None:
        for suite in self.suites:
            if task_id in suite.task_files:
                return suite.target_image_path(suite.task(task_id))
        return None


def _load_suites(results: Sequence[Results], notes: list[str]) -> list[Suite]:
    suites, seen = [], set()
    for r in results:
        root = str(r.suite.get("root") or "")
        name = r.suite.get("name", "?")
        if root in seen:
            continue
        seen.add(root)
        if not root or not Path(root).is_dir():
            notes.append(f"suite {name}: folder {root or '(not recorded)'} not found, so briefs, checkpoint statements and "
                         "target images are not shown; figures come from the results file alone")
            continue
        try:
            suites.append(load_suite(root))
        except AtelierError as exc:
            notes.append(f"suite {name}: cannot load {root}: {str(exc).splitlines()[0]}")
    return suites


def load_inputs(results: Sequence[Results], *, intervals: bool = True) -> Loaded:
    """Merge results files and load their suites; aggregates are recomputed only when merging."""
    if not results:
        raise ValueError("render_report needs at least one results file")
    notes: list[str] = []
    suites = _load_suites(results, notes)
    tasks = {t.id: t for s in suites for t in s.tasks}
    runs: dict[str, RunRecord] = {}
    items: dict[str, ItemRecord] = {}
    for res in results:  # the first file that holds a run (or an item) wins
        for run in res.runs:
            runs.setdefault(run.key, run)
        for item in res.items:
            items.setdefault(item.nodeid, item)
    scorings = {str(r.suite.get("scoring") or "atelier") for r in results}
    scoring = scorings.pop() if len(scorings) == 1 else "atelier"
    if scorings:
        notes.append("the results files use different scoring schemes; IDEA scores are left out")
    if len({r.suite.get("name") for r in results}) > 1:
        notes.append("the results files come from different suites; tasks with the same id are pooled")
    if len(results) == 1 and results[0].aggregates.get("version") == AGGREGATES_VERSION:
        agg = results[0].aggregates
    else:
        agg = aggregate(list(runs.values()), list(items.values()), tasks, scoring=scoring, intervals=intervals)
    if "people" not in agg and (who := people(list(runs.values()), agg.get("pairs", {}))) is not None:
        agg = {**agg, "people": who}
    if "metrics" not in agg and (measured := metric_means(list(runs.values()))):
        agg = {**agg, "metrics": measured}
    return Loaded(list(results), list(runs.values()), list(items.values()), agg, scoring, suites, tasks, notes)


# --- names -------------------------------------------------------------------------------

_SEPARATOR = re.compile(r"[:/]|\.(?!\d)")  # a dot inside a version number (gpt-4.1) separates nothing


def short_labels(names: Sequence[str]) -> dict[str, str]:
    """A short label per spec: its shortest suffix (cut at ``:``, ``/`` or ``.``) that no other spec ends with.

    ``python:fixtures.results.agents:careful`` becomes ``careful`` when no other spec ends in
    ``careful``; a suffix holds a letter; a spec whose every suffix is shared keeps its full
    name. Labels are unique: a label is never a suffix of another spec, and full names differ.
    """

    def suffixes(name: str) -> list[str]:
        cuts = [m.end() for m in _SEPARATOR.finditer(name)]
        out = [name[c:] for c in reversed(cuts) if name[c:] and re.search(r"[A-Za-z]", name[c:]) and not _SEPARATOR.match(name[c:])]
        return out + [name]

    names = list(dict.fromkeys(names))
    candidates = {n: suffixes(n) for n in names}
    labels = {}
    for n in names:
        taken = {c for m in names if m != n for c in candidates[m]}
        labels[n] = next((c for c in candidates[n] if c not in taken), n)
    return labels


# --- small figures -----------------------------------------------------------------------


def _rate_point(block: dict | None) -> Point:
    """A scope's headline: the share of its checkpoints shown, with the undecided share and its range."""
    if not block:
        return Point(None)
    note = ""
    if block.get("undecided_share") is not None:
        note = (f"; {block['undecided_share']:.1%} undecided, so between {block['range_low']:.1%} and {block['range_high']:.1%}"
                + (f"; {block['rate_decided']:.1%} of the decided pass" if block.get("rate_decided") is not None else ""))
    return Point(block.get("rate"), block.get("low"), block.get("high"), block.get("n", 0), block.get("ci_reliable") is not False, note)


def _mean_point(block: dict | None, key: str = "mean") -> Point:
    if not block:
        return Point(None)
    return Point(block.get(key), block.get("low"), block.get("high"), block.get("n", 0), block.get("ci_reliable") is not False)


def _scope(agg: dict, group: str, key: str, kind: str | None = None, value: str | None = None) -> dict | None:
    node = agg.get(group, {}).get(key) if group != "overall" else agg.get("overall")
    if not node:
        return None
    return node.get("all") if kind is None else node.get(kind, {}).get(value)


@dataclasses.dataclass
class Cell:
    """One figure in a table, formatted, with its interval and n for the tooltip."""

    point: Point
    percent: bool
    best: bool = False

    @property
    def text(self) -> str:
        return charts.format_value(self.point.value, self.percent)

    @property
    def interval(self) -> str:
        p = self.point
        if p.low is None or p.high is None:
            return ""
        mark = "" if p.reliable else "*"  # the caption says: too few tasks for this interval to cover as stated
        return f"[{charts.format_value(p.low, self.percent)}, {charts.format_value(p.high, self.percent)}]{mark}"

    @property
    def sort(self) -> float:
        return -1.0 if self.point.value is None else self.point.value


# --- leaderboard and matrix --------------------------------------------------------------


@dataclasses.dataclass
class Significance:
    """Friedman over prompters with (task, backend) blocks, and Siegel-Castellan pairwise comparisons after it."""

    p_value: float | None = None
    n_blocks: int = 0
    pairs: dict[tuple[str, str], Any] = dataclasses.field(default_factory=dict)
    note: str = ""

    def versus(self, a: str, b: str) -> tuple[bool, float | None]:
        """Is ``a`` significantly ahead of ``b``? (and the adjusted p-value)"""
        pair = self.pairs.get((a, b))
        if pair is not None:
            return pair.p_adjusted < ALPHA and pair.z > 0, pair.p_adjusted
        pair = self.pairs.get((b, a))
        if pair is not None:
            return pair.p_adjusted < ALPHA and pair.z < 0, pair.p_adjusted
        return False, None


def _significance(prompters: list[str], rates: dict[str, dict[str, float]]) -> Significance:
    if len(prompters) < 2:
        return Significance(note="one prompter: nothing to compare")
    shared = sorted(set.intersection(*(set(rates.get(p, {})) for p in prompters)))
    if len(shared) < 2:
        return Significance(n_blocks=len(shared), note="fewer than two (task, backend) units scored by every prompter")
    table = [[rates[p][u] for p in prompters] for u in shared]
    overall = friedman(table)
    pairs = {(d.a, d.b): d for d in siegel_castellan(table, prompters)}
    return Significance(overall.p_value, len(shared), pairs)


@dataclasses.dataclass
class LeaderRow:
    rank: int
    prompter: str
    color: str
    objective: Cell
    prompt: Cell
    image: Cell
    subj_prompt: Cell
    subj_image: Cell
    idea_prompt: Cell | None
    idea_image: Cell | None
    win_rate: Cell
    n_tasks: int
    runs: int
    cost: float
    latency: float | None
    ahead: bool = False  # significantly ahead of the next row
    ahead_p: float | None = None
    idea_by_category: dict[str, tuple[float | None, float | None]] = dataclasses.field(default_factory=dict)  # (prompt, image)


def _leaderboard(agg: dict, digest: Digest, prompters: list[str], colors: dict[str, str]) -> tuple[list[LeaderRow], Significance]:
    rates = digest.unit_rates()
    wins = win_rates({p: rates.get(p, {}) for p in prompters}) if prompters else None
    rows = []
    for p in prompters:
        fig = _scope(agg, "prompters", p) or {}
        subj = fig.get("subjective", {})
        idea = fig.get("idea")
        n_runs, cost, total_s, timed = digest.per_prompter.get(p, (0, 0.0, 0.0, 0))
        rows.append(LeaderRow(
            rank=0, prompter=p, color=colors[p],
            objective=Cell(_rate_point(fig.get("objective")), True), prompt=Cell(_rate_point(fig.get("prompt")), True),
            image=Cell(_rate_point(fig.get("image")), True),
            subj_prompt=Cell(_mean_point(subj.get("prompt")), False), subj_image=Cell(_mean_point(subj.get("image")), False),
            idea_prompt=Cell(_mean_point(idea.get("prompt"), "score"), True) if idea else None,
            idea_image=Cell(_mean_point(idea.get("image"), "score"), True) if idea else None,
            win_rate=Cell(Point(wins.win_rate.get(p), n=wins.n.get(p, 0)) if wins else Point(None), True),
            n_tasks=fig.get("n_tasks", 0), runs=n_runs, cost=cost, latency=total_s / timed if timed else None,
            idea_by_category={c: tuple((idea.get(side) or {}).get("by_category", {}).get(c) for side in SIDES)
                              for c in IDEA_CATEGORIES} if idea else {},
        ))
    rows.sort(key=lambda r: (-r.objective.sort, r.prompter))
    significance = _significance([r.prompter for r in rows], rates)
    for i, row in enumerate(rows):  # exact ties share a rank (1, 1, 3)
        row.rank = rows[i - 1].rank if i and row.objective.point.value == rows[i - 1].objective.point.value else i + 1
        if i + 1 < len(rows):
            row.ahead, row.ahead_p = significance.versus(row.prompter, rows[i + 1].prompter)
    for attr in ("objective", "prompt", "image", "subj_prompt", "subj_image", "win_rate", "idea_prompt", "idea_image"):
        _mark_best([getattr(r, attr) for r in rows])
    return rows, significance


def _mark_best(cells: list[Cell | None]) -> None:
    values = [c.point.value for c in cells if c is not None and c.point.value is not None]
    if len(values) < 2:
        return
    top = max(values)
    for c in cells:
        if c is not None and c.point.value == top:
            c.best = True


@dataclasses.dataclass
class MatrixRow:
    group: str
    metric: str
    cells: list[Cell]

    @property
    def empty(self) -> bool:
        """No prompter has any figure in this row (e.g. a backend that draws no images)."""
        return all(c.point.n == 0 and c.point.value is None for c in self.cells)


def _matrix(agg: dict, prompters: list[str], backends: list[str], bl: dict[str, str]) -> list[MatrixRow]:
    """The paper's Table 4: prompt figures, image figures pooled, then image figures per backend."""
    rows = []

    def add(group: str, scope: Callable[[str], dict | None], side: str):
        obj = [Cell(_rate_point((scope(p) or {}).get(side)), True) for p in prompters]
        subj = [Cell(_mean_point((scope(p) or {}).get("subjective", {}).get(side)), False) for p in prompters]
        for metric, cells in (("Obj.", obj), ("Subj.", subj)):
            _mark_best(cells)
            rows.append(MatrixRow(group, metric, cells))

    add("Prompt", lambda p: _scope(agg, "prompters", p), "prompt")
    add("Image · all backends" if len(backends) > 1 else f"Image · {bl[backends[0]]}" if backends else "Image",
        lambda p: _scope(agg, "prompters", p), "image")
    if len(backends) > 1:
        for b in backends:
            add(f"Image · {bl[b]}", lambda p, b=b: _scope(agg, "pairs", pair_label(p, b)), "image")
    return rows


# --- breakdowns --------------------------------------------------------------------------


@dataclasses.dataclass
class Chart:
    title: str
    svg: Markup
    note: str = ""


def _values(agg: dict, prompters: list[str], kind: str) -> list[str]:
    seen = set()
    for p in prompters:
        node = agg.get("prompters", {}).get(p) or {}
        seen |= set(node.get(kind, {}))
    return sorted(seen)


def _breakdowns(agg: dict, prompters: list[str], labels: dict[str, str]) -> list[Chart]:
    """The charts: figures looked up by full prompter spec, drawn with each prompter's short label."""
    out = []
    series = [labels[p] for p in prompters]

    def relabel(points: dict) -> dict:
        return {(x, labels[p]): v for (x, p), v in points.items()}

    def bars(groups: list[str], points: dict, **kw) -> Markup:
        return charts.grouped_bars(groups, series, relabel(points), **kw)

    def heat(rows: list[str], points: dict, **kw) -> Markup:
        return charts.heatmap(rows, series, relabel(points), **kw)

    cats = [c for c in _CATEGORY_ORDER if c in _values(agg, prompters, "category")]
    if cats:
        for side, title in (("prompt", "Objective share shown by category, prompt side"), ("image", "Objective share shown by category, image side")):
            points = {(c, p): _rate_point((_scope(agg, "prompters", p, "category", c) or {}).get(side)) for c in cats for p in prompters}
            out.append(Chart(title, bars(cats, points, label=title), "bars: rate; whiskers: 95% interval over tasks"))
    prims = [p.value for p in Primitive if p.value in set(_values(agg, prompters, "primitive"))]
    if prims:
        for side in ("prompt", "image"):
            title = f"Checkpoints shown by challenge primitive, {side} side"
            points = {(m, p): _rate_point((_scope(agg, "prompters", p, "primitive", m) or {}).get(side)) for m in prims for p in prompters}
            out.append(Chart(title, heat(prims, points, label=title)))
    tags = _values(agg, prompters, "tag")
    if tags:
        order = {t: i for i, t in enumerate(t for dim in TAG_VOCABULARY.values() for t in dim)}
        tags.sort(key=lambda t: (order.get(t, len(order)), t))
        title = "Objective share shown by application-context tag (both sides)"
        points = {(t, p): _rate_point((_scope(agg, "prompters", p, "tag", t) or {}).get("objective")) for t in tags for p in prompters}
        out.append(Chart(title, heat(tags, points, label=title)))
    subtasks = _values(agg, prompters, "subtask")
    if subtasks:
        title = "Objective share shown by subtask (both sides)"
        points = {(s, p): _rate_point((_scope(agg, "prompters", p, "subtask", s) or {}).get("objective")) for s in subtasks for p in prompters}
        out.append(Chart(title, heat(subtasks, points, label=title)))
    dims, points = [], {}
    for side, names in (("prompt", PROMPT_DIMENSIONS), ("image", IMAGE_DIMENSIONS)):
        for d in names:
            label = f"{side}: {d.replace('_', ' ')}"
            for p in prompters:
                block = ((_scope(agg, "prompters", p) or {}).get("subjective", {}).get(side) or {}).get("dimensions", {}).get(d)
                if block:
                    points[(label, p)] = Point(block["mean"], n=block["n"])
            if any((label, p) in points for p in prompters):
                dims.append(label)
    if dims:
        title = "Subjective means by dimension (1-5)"
        out.append(Chart(title, bars(dims, points, domain=(1.0, 5.0), percent=False, label=title),
                         "image dimensions are scored on OE and CO tasks only; abstentions are left out"))
    return out


@dataclasses.dataclass
class GapRow:
    scope: str
    failures: int
    prompter_fault: int
    backend_fault: int
    undecided: int
    prompter_share: float | None  # of the failures whose prompt side was decided
    backend_share: float | None
    full: str = ""  # the full specs, shown on hover


def _gap_row(scope: str, block: dict | None, full: str) -> GapRow:
    g = (block or {}).get("gap") or {}
    return GapRow(scope, g.get("image_failures", 0), g.get("prompt_failed", 0), g.get("prompt_passed", 0),
                  g.get("prompt_undecided", 0), g.get("prompter_share"), g.get("backend_share"), full)


def _gap(agg: dict, prompters: list[str], backends: list[str], pl: dict[str, str], bl: dict[str, str]) -> tuple[Chart, list[GapRow]]:
    rows = [_gap_row(pl[p], _scope(agg, "prompters", p), p) for p in prompters]
    bars = [(r.scope, [("prompter's fault: never asked for", r.prompter_fault), ("backend's fault: asked, not drawn", r.backend_fault),
                       ("prompt side undecided", r.undecided)]) for r in rows]
    title = "Whose fault is an image-side failure?"
    pairs = [_gap_row(f"{pl[p]} · {bl[b]}", _scope(agg, "pairs", pair_label(p, b)), f"{p} · {b}") for p in prompters for b in backends]
    return Chart(title, charts.stacked_shares(bars, _GAP_COLORS, label=title)), rows + [r for r in pairs if r.failures]


# --- drill-down --------------------------------------------------------------------------


class _Strings:
    """A per-task string table: long repeated strings (reasons, rationales) are stored once."""

    def __init__(self):
        self.table: list[str] = []
        self._index: dict[str, int] = {}

    def __call__(self, text: str | None) -> int:
        text = text or ""
        if text not in self._index:
            self._index[text] = len(self.table)
            self.table.append(text)
        return self._index[text]


class _Checkpoints:
    """A task's checkpoints in suite order, as drill-down rows; ids only seen in verdicts are appended."""

    def __init__(self, task: Task | None):
        self.rows = [[cp.id, cp.primitive.value if cp.primitive else "", cp.prompt or "", cp.image or "", cp.level]
                     for cp in (task.checkpoints if task else ())]
        self._positions = {row[0]: i for i, row in enumerate(self.rows)}

    def __call__(self, checkpoint_id: str) -> int:
        if checkpoint_id not in self._positions:
            self._positions[checkpoint_id] = len(self.rows)
            self.rows.append([checkpoint_id, "", "", "", None])
        return self._positions[checkpoint_id]


def _run_status(run: RunRecord, outcomes: list[str]) -> list[str]:
    flags = []
    if run.error or "error" in outcomes:
        flags.append("error")
    if "fail" in outcomes:
        flags.append("fail")
    if "abstain" in outcomes:
        flags.append("abstain")
    if run.excluded or any(s.get("flagged") for s in run.safety):
        flags.append("flagged")
    if not flags and "pass" in outcomes:
        flags.append("pass")
    return flags


def _agreement(run: RunRecord) -> dict | None:
    """Judge agreement where several judges (or repeats) voted on the same checkpoint and image."""
    groups: dict[tuple, list[VerdictRecord]] = defaultdict(list)
    for v in run.verdicts:
        groups[(v.checkpoint, v.side, v.output, v.image_index)].append(v)
    voted = {k: vs for k, vs in groups.items() if len(vs) > 1}
    if not voted:
        return None
    split, agree = [], 0.0
    for (cp, side, out, idx), vs in sorted(voted.items(), key=lambda kv: tuple(str(x) for x in kv[0])):
        result = vote([True if v.outcome == "pass" else False if v.outcome == "fail" else None for v in vs])
        if result.n:
            agree += max(result.n_pass, result.n - result.n_pass) / result.n
        if len({v.outcome for v in vs}) > 1:
            where = f" (output {out}, image {idx})" if idx is not None else ""
            split.append(f"{side} {cp}{where}: " + ", ".join(f"{v.decided_by} {v.outcome}" for v in vs))
    return {"n": len(voted), "a": agree / len(voted), "split": split}


@dataclasses.dataclass
class RunCell:
    """A run's square in a task's summary strip (its data drives the filters)."""

    prompter: int
    backend: int
    flags: str  # space-separated: pass, fail, error, abstain, flagged
    title: str
    rate: float | None
    passed: int = 0  # verdicts that passed, prompt and image side
    decided: int = 0  # every checkpoint side counted (undecided as not shown)
    status: str = ""  # for "failed by A, passed by B": fail (a failed verdict or a run error), pass (decided, none failed) or ""
    failed: list[str] = dataclasses.field(default_factory=list)  # ids of the checkpoints with a failed verdict (either side)
    failed_primitives: list[str] = dataclasses.field(default_factory=list)  # the primitive of each ("" for none), in the same order


@dataclasses.dataclass
class TaskView:
    id: str
    category: str
    task: Task | None
    target: Any  # a Thumb, or None
    cells: list[RunCell]
    data: dict  # the drill-down, serialised into the page and built on opening
    search: str
    rate: float | None = None  # pooled objective pass rate of every run of the task
    spread: float | None = None  # disagreement: best minus worst prompter's pooled pass rate on the task


def task_rate_and_spread(cells: Sequence[RunCell]) -> tuple[float | None, float | None]:
    """A task's pooled share shown satisfied and the spread of its prompters' shares (None: nothing counted, or fewer than two prompters)."""
    passed, decided = defaultdict(int), defaultdict(int)
    for c in cells:
        passed[c.prompter] += c.passed
        decided[c.prompter] += c.decided
    total = sum(decided.values())
    rates = [passed[p] / decided[p] for p in decided if decided[p]]
    return (sum(passed.values()) / total if total else None), (max(rates) - min(rates) if len(rates) > 1 else None)


def _fraction(outcomes: list[str]) -> tuple[int, int]:
    """Passed, out of every checkpoint side (the headline's measure: undecided counts as not shown)."""
    return sum(o == "pass" for o in outcomes), len(outcomes)


def _run_data(run: RunRecord, task: Task | None, items, S: _Strings, thumbs: Thumbnails, cp_index: _Checkpoints,
              agreement: dict | None) -> _PendingRun:
    """One run as drill-down rows; prompter, backend, thumbnails and title are filled in by :meth:`Digest.tasks`."""
    finals = {(v.checkpoint, v.side): v for v in run.final}
    rows, outcomes, failed = [], {"prompt": [], "image": []}, set()
    for (cp, side), v in finals.items():
        rows.append([cp_index(cp), side[0], v.outcome, S(v.reason), S(v.decided_by)])
        outcomes[side].append(v.outcome)
    for checkpoint, side, outcome, reason in items:  # checkpoint items with no final verdict
        if (checkpoint, side) not in finals:
            outcome = {"passed": "pass", "failed": "fail", "xfailed": "fail"}.get(outcome, outcome)
            rows.append([cp_index(checkpoint), side[0], outcome, S(reason or "no verdict recorded"), S("pytest item")])
            outcomes[side].append(outcome)
    for row in rows:
        if row[2] == "fail":
            failed.add(row[0])
    all_outcomes = outcomes["prompt"] + outcomes["image"]
    flags = _run_status(run, all_outcomes)
    images = [[thumbs.add(im.path, im.sha256), 0, im.output, im.index, im.seed, im.objective_rate, int(im.top1), S(im.flagged)]
              for im in run.images]
    data = {
        "p": 0, "b": 0, "f": flags, "k": S(run.key),
        "pr": [S(p) for p in run.prompts],
        "im": images,
        "v": rows,
        "s": [[s.dimension, s.side[0], s.value, S(s.rationale), S(s.decided_by), S(", ".join(s.exemplars))] for s in run.scores],
        "sf": [[str(s.get("side", "?"))[:1], int(bool(s.get("flagged"))), S(", ".join(map(str, s.get("categories") or []))),
                S(str(s.get("reason") or "")), S(str(s.get("decided_by") or "")), s.get("output"), s.get("image_index")]
               for s in run.safety],
        "c": round(run.cost_usd, 6), "t": {k: round(v, 3) for k, v in run.timings.items()},
        "n": [run.calls.requests, run.calls.retries, run.calls.cached, run.calls.refused], "j": S(run.judge),
        "m": S(", ".join(f"{k}: {v}" for k, v in run.prompter_meta.items()
                         if isinstance(v, (str, int, float)) and not (k == "prompter" and v == run.prompter))),
    }
    if run.error:
        data["e"] = S(run.error)
    if run.metrics:  # specialised metrics of the top-1 images (results version 3)
        data["mt"] = [[S(m.name), m.output, S(m.checkpoint or ""), m.value, S(m.detail)] for m in run.metrics]
    if run.excluded:
        data["x"] = S(run.excluded)
    if not run.images:
        data["ni"] = S("no images: the backend draws none" if not run.error else "no images: the run failed")
    if agreement:
        data["ag"] = {"n": agreement["n"], "a": agreement["a"], "split": [S(s) for s in agreement["split"]]}
    idea = idea_run_scores(run, task)
    if idea:
        data["id"] = idea
    pp, pn = _fraction(outcomes["prompt"])
    ip, inn = _fraction(outcomes["image"]) if run.images else (0, 0)  # no images drawn: the image side is n/a
    decided = any(o in ("pass", "fail") for o in all_outcomes)
    status = "fail" if run.error or "error" in all_outcomes or "fail" in all_outcomes else "pass" if decided else ""
    return _PendingRun(run.prompter, run.backend, data, pp, pn, ip, inn, flags, bool(run.error), status, sorted(failed))


@dataclasses.dataclass(slots=True)
class _PendingRun:
    """A run's drill-down data before the page's prompter and backend order is known."""

    prompter: str
    backend: str
    data: dict
    pp: int  # prompt side: passed, out of all
    pn: int
    ip: int  # image side: passed, out of all
    inn: int
    flags: list[str]
    error: bool
    status: str
    failed: list[int]  # positions in the task's checkpoint rows of the checkpoints with a failed verdict


class _TaskBuild:
    __slots__ = ("category", "checkpoints", "runs", "strings")

    def __init__(self, category: str, task: Task | None):
        self.category, self.strings, self.checkpoints, self.runs = category, _Strings(), _Checkpoints(task), []


class Digest:
    """Every run reduced, as it is read, to what the page shows: drill-down rows, counts and sums.

    Runs are folded in one at a time (:meth:`add`), so a results file can be read in chunks and no
    run's records outlive the chunk they came in; checkpoint items are folded in first
    (:meth:`add_items`) because a run's drill-down shows the items that have no final verdict.
    """

    def __init__(self, tasks: dict[str, Task], thumbs: Thumbnails):
        self.tasks, self.thumbs = tasks, thumbs
        self.keys: set[str] = set()
        self.nodeids: set[str] = set()
        self.items_by_run: dict[str, list[tuple]] = defaultdict(list)
        self.by_task: dict[str, _TaskBuild] = {}
        self.units: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])  # (prompter, task|backend) -> passed, all
        self.per_prompter: dict[str, list] = defaultdict(lambda: [0, 0.0, 0.0, 0])  # runs, cost, summed total_s, runs timed
        self.prompters: set[str] = set()
        self.backends: set[str] = set()
        self.judges: set[str] = set()
        self.categories: set[str] = set()
        self.calls = dict.fromkeys(COUNTS, 0)
        self.flagged = self.n_items = 0
        self.cost = 0.0
        self.agree_n, self.agree_sum = 0, 0.0
        self.scorers: dict[str, ScoreRecord] = {}  # one score per distinct decided_by (for the estimates note)

    @property
    def n_runs(self) -> int:
        return len(self.keys)

    def add_items(self, items: Iterable[ItemRecord]) -> None:
        """Fold items in (an item whose node id was seen already is ignored: the first wins)."""
        for item in items:
            if item.nodeid in self.nodeids:
                continue
            self.nodeids.add(item.nodeid)
            self.n_items += 1
            if item.kind == "checkpoint" and item.side is not None:
                self.items_by_run[item.run_key].append((item.checkpoint, item.side, item.outcome, item.reason))

    def add(self, run: RunRecord) -> None:
        """Fold one run in (a run whose key was seen already is ignored: the first wins)."""
        if run.key in self.keys:
            return
        self.keys.add(run.key)
        task = self.tasks.get(run.task_id)
        build = self.by_task.get(run.task_id)
        if build is None:
            build = self.by_task[run.task_id] = _TaskBuild(run.category, task)
        agreement = _agreement(run)
        if agreement:
            self.agree_n += agreement["n"]
            self.agree_sum += agreement["a"] * agreement["n"]
        build.runs.append(_run_data(run, task, self.items_by_run.pop(run.key, ()), build.strings, self.thumbs,
                                    build.checkpoints, agreement))
        unit = self.units[(run.prompter, f"{run.task_id}|{run.backend}")]
        for v in run.final:  # the headline: every checkpoint counts, undecided as not shown
            unit[0] += checkpoint_outcome(v) == "pass"
            unit[1] += 1
        mine = self.per_prompter[run.prompter]
        mine[0] += 1
        mine[1] += run.cost_usd
        if "total_s" in run.timings:
            mine[2] += run.timings["total_s"]
            mine[3] += 1
        self.prompters.add(run.prompter)
        self.backends.add(run.backend)
        self.judges.add(run.judge)
        self.categories.add(run.category)
        for what in COUNTS:
            self.calls[what] += getattr(run.calls, what)
        self.cost += run.cost_usd
        self.flagged += bool(run.excluded or any(s.get("flagged") for s in run.safety))
        for score in run.scores:
            self.scorers.setdefault(score.decided_by, score)

    def unit_rates(self) -> dict[str, dict[str, float]]:
        """Per prompter, the objective headline of each (task, backend) unit from final verdicts (passed of all)."""
        out: dict[str, dict[str, float]] = defaultdict(dict)
        for (prompter, unit), (passed, n) in self.units.items():
            if n:
                out[prompter][unit] = passed / n
        return out

    def estimate_note(self) -> str | None:
        return estimate_note([types.SimpleNamespace(scores=list(self.scorers.values()))])

    def agreement(self) -> str:
        n = self.agree_n
        return f"judges agree on {self.agree_sum / n:.1%} of votes on average over {n:,} checkpoint verdicts judged more than once" if n else ""

    def task_views(self, prompters: list[str], backends: list[str], labels: tuple[dict, dict], targets: dict[str, str]) -> list[TaskView]:
        """The task list, runs ordered by prompter and backend; needs :meth:`Thumbnails.make` done."""
        p_idx = {p: i for i, p in enumerate(prompters)}
        b_idx = {b: i for i, b in enumerate(backends)}
        category_rank = {c: i for i, c in enumerate(_CATEGORY_ORDER)}
        views = []
        for task_id in sorted(self.by_task, key=lambda t: (category_rank.get(self.by_task[t].category, 9), t)):
            build = self.by_task[task_id]
            S, cp_rows = build.strings, build.checkpoints.rows
            runs = sorted(build.runs, key=lambda r: (p_idx[r.prompter], b_idx[r.backend]))
            cells = []
            for r in runs:
                data = r.data
                data["p"], data["b"] = p_idx[r.prompter], b_idx[r.backend]
                for im in data["im"]:
                    thumb = self.thumbs.get(im[0])
                    im[0], im[1] = (S(thumb.src) if thumb.src else -1), S(thumb.missing)
                title = (f"{labels[0][r.prompter]} · {labels[1][r.backend]}: prompt {f'{r.pp}/{r.pn}' if r.pn else 'n/a'}, "
                         f"image {f'{r.ip}/{r.inn}' if r.inn else 'n/a'}") + (f" · {', '.join(r.flags)}" if r.flags else "")
                if r.error:
                    title += " · run failed"
                decided = r.pn + r.inn
                cells.append(RunCell(p_idx[r.prompter], b_idx[r.backend], " ".join(r.flags), title,
                                     (r.pp + r.ip) / decided if decided else None, r.pp + r.ip, decided, r.status,
                                     [cp_rows[i][0] for i in r.failed], [cp_rows[i][1] for i in r.failed]))
            task = self.tasks.get(task_id)
            target = self.thumbs.get(targets[task_id]) if task_id in targets else None
            text = [task_id, task.title, task.brief, task.subtask, *task.tags.all(), *task.outputs,
                    *(f"{kind} {value}" for kind, value in (task.constraints.items() if task.constraints else ()))] if task else [task_id]
            views.append(TaskView(task_id, build.category, task, target, cells, {"cp": cp_rows, "runs": [r.data for r in runs], "S": S.table},
                                  " ".join(text).lower(), *task_rate_and_spread(cells)))
        return views


def digest_runs(loaded: Loaded, thumbs: Thumbnails) -> Digest:
    """The :class:`Digest` of results already in memory."""
    digest = Digest(loaded.tasks, thumbs)
    digest.add_items(loaded.items)
    for run in loaded.runs:
        digest.add(run)
    return digest


# --- the whole page ----------------------------------------------------------------------


@dataclasses.dataclass
class ReportView:
    title: str
    header: list[tuple[str, str]]
    sources: list[dict]
    notes: list[str]
    prompters: list[str]
    backends: list[str]
    labels: dict[str, str]  # full spec -> short label, prompters and backends
    names: list[tuple[str, str, str]]  # (kind, short label, full spec) where they differ: the legend of names
    colors: dict[str, str]
    scoring: str
    leaderboard: list[LeaderRow]
    significance: Significance
    matrix: list[MatrixRow]
    charts: list[Chart]
    gap_chart: Chart
    gap_rows: list[GapRow]
    rankings: dict
    gates: list[dict]
    baseline: dict | None
    tasks: list[TaskView]
    categories: list[str]
    agreement: str
    intervals: dict
    failed_checkpoints: list[str] = dataclasses.field(default_factory=list)  # ids with a failed verdict somewhere (the filter's choices)
    failed_primitives: list[str] = dataclasses.field(default_factory=list)
    backend_marks: list[str] = dataclasses.field(default_factory=list)  # per backend, the letters on its squares in the run strips
    pairwise: list[dict] = dataclasses.field(default_factory=list)  # head-to-head judging (atelier pairwise), per results file
    idea_categories: list[str] = dataclasses.field(default_factory=list)  # IDEA-Bench categories with a score
    people: dict | None = None  # aggregates["people"]: the human prompters' participants and groups, novice vs skilled
    people_groups: tuple[str, ...] = COMPARED_GROUPS
    metrics: dict = dataclasses.field(default_factory=dict)  # aggregates["metrics"]: pair -> metric -> mean, interval, n
    metric_names: list[str] = dataclasses.field(default_factory=list)

    def short(self, names: Sequence[str]) -> list[str]:
        """The short labels of ``names`` (prompters or backends), in order."""
        return [self.labels.get(n, n) for n in names]


def unique_prefixes(labels: Sequence[str], shortest: int = 2) -> list[str]:
    """Per label, its shortest prefix (``shortest`` characters at least) that starts no other label; the label itself when none."""
    out = []
    for i, label in enumerate(labels):
        others = [o for j, o in enumerate(labels) if j != i]
        out.append(next((label[:n] for n in range(shortest, len(label)) if not any(o.startswith(label[:n]) for o in others)), label))
    return out


def _failed_choices(tasks: Sequence[TaskView]) -> tuple[list[str], list[str]]:
    checkpoints, primitives = set(), set()
    for t in tasks:
        for c in t.cells:
            checkpoints.update(c.failed)
            primitives.update(p for p in c.failed_primitives if p)
    order = {p.value: i for i, p in enumerate(Primitive)}
    return sorted(checkpoints), sorted(primitives, key=lambda p: (order.get(p, len(order)), p))


def _plural(values: Sequence[str]) -> str:
    return ", ".join(values) if values else "n/a"


def _header(loaded: Loaded, digest: Digest, prompters, backends) -> tuple[list[tuple[str, str]], list[dict], str]:
    rs = loaded.results
    suites = sorted({f"{r.suite.get('name', '?')} {r.suite.get('version', '')}".strip() for r in rs})
    judges = sorted({r.config.judge for r in rs} | digest.judges)
    dates = sorted(r.created for r in rs)
    flagged = digest.flagged
    header = [
        ("suite", ", ".join(suites) + f" · scoring {loaded.scoring}"),
        ("license", _plural(sorted({str(r.suite.get("license") or "n/a") for r in rs}))),
        ("prompters", _plural(prompters)),
        ("backends", _plural(backends)),
        ("judges", _plural(judges)),
        ("images per prompt", _plural(sorted({str(r.config.images_per_prompt) for r in rs}))),
        ("seed", _plural(sorted({str(r.config.seed) for r in rs}))),
        ("date", dates[0] if len(dates) == 1 else f"{dates[0]} … {dates[-1]}"),
        ("cost", f"${digest.cost:,.4f}"),
        ("model calls", describe(**digest.calls)),
        ("wall time", " + ".join(f"{r.wall_s:,.1f} s" for r in rs)),
        ("runs", f"{digest.n_runs:,} runs, {len(digest.by_task):,} tasks, {digest.n_items:,} items"),
    ]
    if flagged:
        header.append(("safety", f"{flagged} run(s) flagged by the safety filter"))
    sources = [{"created": r.created, "version": r.atelier_version, "prompters": ", ".join(r.config.prompters),
                "backends": ", ".join(r.config.backends), "exit": "n/a" if r.exit_status is None else str(r.exit_status),
                "workers": r.config.workers} for r in rs]
    return header, sources, " + ".join(suites)


def _register_targets(loaded: Loaded, digest: Digest, thumbs: Thumbnails) -> dict[str, str]:
    targets = {}
    for task_id in digest.by_task:
        path = loaded.target_image(task_id)
        if path is not None:
            targets[task_id] = thumbs.add(path)
    return targets


def build_view(loaded: Loaded, thumbs: Thumbnails, digest: Digest | None = None) -> ReportView:
    """Everything the template needs; makes the thumbnails on the way.

    ``digest`` is the runs already folded in (a results file read in chunks); without it the
    runs and items of ``loaded`` are.
    """
    if digest is None:
        digest = digest_runs(loaded, thumbs)
    agg = loaded.aggregates
    measured = agg.get("metrics") or {}
    prompters = sorted(digest.prompters | set(agg.get("prompters", {})))
    backends = sorted(digest.backends | set(agg.get("backends", {})))
    colors = {p: charts.series_color(i) for i, p in enumerate(prompters)}
    pl, bl = _people_labels(short_labels(prompters), agg.get("people")), short_labels(backends)
    names = [("prompter", pl[p], p) for p in prompters if pl[p] != p] + [("backend", bl[b], b) for b in backends if bl[b] != b]
    leaderboard, significance = _leaderboard(agg, digest, prompters, colors)
    ranked = [row.prompter for row in leaderboard]
    targets = _register_targets(loaded, digest, thumbs)
    thumbs.make()
    header, sources, suite_title = _header(loaded, digest, [pl[p] for p in ranked], [bl[b] for b in backends])
    gap_chart, gap_rows = _gap(agg, prompters, backends, pl, bl)
    estimates = digest.estimate_note()
    tasks = digest.task_views(prompters, backends, (pl, bl), targets)
    failed_checkpoints, failed_primitives = _failed_choices(tasks)
    return ReportView(
        title=f"pytest-atelier report: {suite_title}",
        header=header, sources=sources, notes=loaded.notes + ([estimates] if estimates else []), prompters=prompters, backends=backends, colors=colors,
        labels={**bl, **pl}, names=names,
        scoring=loaded.scoring, leaderboard=leaderboard, significance=significance,
        matrix=_matrix(agg, ranked, backends, bl), charts=_breakdowns(agg, prompters, pl), gap_chart=gap_chart, gap_rows=gap_rows,
        rankings=agg.get("rankings") or {}, gates=[g.model_dump() for r in loaded.results for g in r.gates],
        baseline=agg.get("baseline"), tasks=tasks, failed_checkpoints=failed_checkpoints, failed_primitives=failed_primitives,
        backend_marks=unique_prefixes([bl[b] for b in backends]),
        categories=[c for c in _CATEGORY_ORDER if c in digest.categories],
        agreement=digest.agreement(), intervals=agg.get("intervals") or {}, pairwise=pairwise_sections(loaded.results),
        idea_categories=[c for c in IDEA_CATEGORIES if any(any(v is not None for v in r.idea_by_category.get(c, ())) for r in leaderboard)],
        people=agg.get("people"), metrics=measured, metric_names=sorted({n for by_name in measured.values() for n in by_name}),
    )


def _people_labels(labels: dict[str, str], who: dict | None) -> dict[str, str]:
    """A human prompter's short label says who it is: the participant's id, or "novice group" (when unique)."""
    if not who:
        return labels
    out = dict(labels)
    for label, entry in who["prompters"].items():
        if label in out:
            name = f"{entry['group']} group" if entry["kind"] == "group" else next(iter(entry["participants"]))
            if name not in out.values():
                out[label] = name
    return out
