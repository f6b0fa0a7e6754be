"""Compare a run with a stored baseline, and decide the exit status.

Checkpoints are matched by (task, prompter, backend, side, checkpoint). A checkpoint that
failed in the baseline and fails again is an expected failure; one that passed and now
fails is a regression.

The decision is taken at the level of the unit that varies, the task: one image or one
prompt moves many checkpoints of a task together, so checkpoints are not independent. Per
(prompter, backend) pair, each task contributes its net change in checkpoints shown
satisfied (the headline: a pass that became undecided counts as lost) among the checkpoints
present in both runs, and a one-sided **sign-flip test** (exact at any number of tasks when
two runs of an unchanged system are exchangeable, whatever the correlation within a task)
asks whether they fell. The same test runs per category, challenge primitive, subtask and
tag, and on the rise in undecided checkpoints (abstained, skipped, errored). Each kind is
its own Holm family: the pairs' overall tests, and each ``regression(KIND)`` gate's scopes,
so adding a gate never hides what fewer gates would show. A comparison across a different judge, backend, images per prompt or suite
version is refused (:class:`BaselineMismatch`) unless the change is allowed, and then
it is reported as that change and never fails the run. See docs/gating.md.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from ..errors import ConfigError, GateError
from ..registry import parse_spec
from .aggregate import pair_label, side_measured
from .gates import Gate, gates_passed
from .records import GateRecord, Results, RunConfig
from .stats import Interval, SignFlip, holm, paired_diff_interval, sign_flip_test

__all__ = [
    "Key",
    "STATUSES",
    "SCOPE_KINDS",
    "CHANGE_KINDS",
    "TEST_NAME",
    "BaselineMismatch",
    "Difference",
    "config_differences",
    "Change",
    "ScopeTest",
    "PairComparison",
    "Comparison",
    "checkpoint_outcomes",
    "expected_failures",
    "compare",
    "regression_gate_records",
    "exit_status",
    "obtained_path",
]

Key = tuple[str, str, str, str, str]  # (task_id, prompter, backend, side, checkpoint)
STATUSES = ("regression", "improvement", "expected_failure", "unchanged", "new", "missing", "undecided")
SCOPE_KINDS = ("category", "primitive", "subtask", "tag")  # where a drop can be localised
CHANGE_KINDS = ("judge", "backend", "images", "suite")  # what makes a comparison not like for like
TEST_NAME = "one-sided sign-flip test on per-task differences"
DECIDED = ("pass", "fail")
_ITEM_OUTCOME = {"passed": "pass", "failed": "fail", "xfailed": "fail", "skipped": "skipped", "error": "error"}
_EXIT_OK, _EXIT_FAILED, _EXIT_USAGE = 0, 1, 4
_EXIT_KEPT = (2, 3, 4, 5)  # interrupted, internal error, usage error, no tests collected


# --- outcomes ---------------------------------------------------------------------------


def checkpoint_outcomes(results: Results) -> dict[Key, str]:
    """Outcome of each checkpoint that ran: "pass", "fail", "abstain", "skipped" or "error".

    The final verdict decides; an item whose run produced none counts by the item's outcome
    (``xfailed`` is a failure). Uses the checkpoint items of the results; a file without
    items counts every final verdict. A side never measured (the image side under
    ``--backend=none``) is left out, as in the headline.
    """
    runs = {r.key: r for r in results.runs}
    finals = {(r.key, v.side, v.checkpoint): v for r in results.runs for v in r.final}
    out: dict[Key, str] = {}
    items = [i for i in results.items if i.kind == "checkpoint"]
    if items:
        for i in items:
            if i.run_key in runs and not side_measured(runs[i.run_key], i.side):
                continue
            verdict = finals.get((i.run_key, i.side, i.checkpoint))
            out[(i.task_id, i.prompter, i.backend, i.side, i.checkpoint)] = (
                verdict.outcome if verdict is not None else _ITEM_OUTCOME.get(i.outcome, "error")
            )
    else:
        for (run_key, side, checkpoint), verdict in finals.items():
            run = runs[run_key]
            out[(run.task_id, run.prompter, run.backend, side, checkpoint)] = verdict.outcome
    return out


def expected_failures(baseline: Results) -> set[Key]:
    """Checkpoints that failed in the baseline: the plugin marks them xfail when they fail again."""
    return {k for k, v in checkpoint_outcomes(baseline).items() if v == "fail"}


# --- like for like ----------------------------------------------------------------------


class BaselineMismatch(GateError):
    """The baseline was measured with another judge, backend, images per prompt or suite version."""


@dataclass(frozen=True)
class Difference:
    """One way the baseline's setting differs from the run's: ``kind`` is one of CHANGE_KINDS."""

    kind: str
    what: str
    before: str
    now: str

    def __str__(self) -> str:
        return f"{self.what}: baseline {self.before!r}, this run {self.now!r}"


def _label(spec: str) -> str:
    try:
        return parse_spec(spec).label
    except ConfigError:  # a spec this version cannot parse: compare it as written
        return spec


def config_differences(before: RunConfig, now: RunConfig, before_suite: Mapping | None = None,
                       now_suite: Mapping | None = None) -> list[Difference]:
    """Every difference between two runs' settings that a comparison must not ignore.

    Identities are compared only where both sides recorded them (results version 2);
    ``*_suite`` are the results files' ``suite`` blocks (name and version).
    """
    diffs = []
    if before.judge != now.judge:
        diffs.append(Difference("judge", "judge", before.judge, now.judge))
    elif before.judge_identity and now.judge_identity and before.judge_identity != now.judge_identity:
        diffs.append(Difference("judge", "judge identity (model, settings or prompt files)", before.judge_identity, now.judge_identity))
    common = sorted({_label(b) for b in before.backends} & {_label(b) for b in now.backends})
    for label in common:
        a, b = before.backend_identities.get(label), now.backend_identities.get(label)
        if a and b and a != b:
            diffs.append(Difference("backend", f"backend {label} identity", a, b))
    if before.images_per_prompt != now.images_per_prompt:
        diffs.append(Difference("images", "images per prompt", str(before.images_per_prompt), str(now.images_per_prompt)))
    if before_suite is not None and now_suite is not None:
        for key in ("name", "version"):
            a, b = str(before_suite.get(key, "")), str(now_suite.get(key, ""))
            if a != b:
                diffs.append(Difference("suite", f"suite {key}", a, b))
    return diffs


def _mismatch_message(refused: list[Difference], allow_flag: str) -> str:
    kinds = sorted({d.kind for d in refused}, key=CHANGE_KINDS.index)
    lines = [f"the baseline is not like for like, so its differences would not be the prompter's: {d}" for d in refused]
    lines.append(
        f"compare with a baseline measured the same way (save a new one with --atelier-save-baseline), or pass "
        f"{allow_flag} {','.join(kinds)} to report the comparison as a {'/'.join(kinds)} change that never fails the run"
    )
    return "\n".join(lines)


# --- classification ---------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """One checkpoint in the baseline, the current run, or both."""

    task_id: str
    prompter: str
    backend: str
    side: str
    checkpoint: str
    before: str | None  # "pass" | "fail" | "abstain" | "skipped" | "error" | None (absent)
    after: str | None
    status: str  # one of STATUSES

    def label(self) -> str:
        return f"{self.task_id} [{pair_label(self.prompter, self.backend)}] {self.side}:{self.checkpoint}"


def _status(before: str | None, after: str | None) -> str:
    if before is None:
        return "new"
    if after is None:
        return "missing"
    if before not in DECIDED or after not in DECIDED:
        return "undecided"
    return {("pass", "fail"): "regression", ("fail", "pass"): "improvement",
            ("fail", "fail"): "expected_failure"}.get((before, after), "unchanged")


def _changes(before: dict[Key, str], after: dict[Key, str]) -> list[Change]:
    keys = sorted(set(before) | set(after))
    return [Change(*k, before.get(k), after.get(k), _status(before.get(k), after.get(k))) for k in keys]


# --- tests ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScopeTest:
    """One task-level test: a pair's objective headline in one scope, or its undecided share.

    ``kind`` is "overall", one of SCOPE_KINDS, or "undecided" (the share of checkpoints
    present in both runs that were not decided: a rise is the bad direction). ``worse`` and
    ``better`` count checkpoints that moved in each direction.
    """

    kind: str
    scope: str
    prompter: str
    backend: str
    n: int
    n_tasks: int
    before: float | None
    after: float | None
    worse: int
    better: int
    test: SignFlip
    p_adjusted: float = 1.0
    family: str = ""  # the Holm family: the kind ("overall", "category", ..., "undecided")
    gated: bool = False
    significant: bool = False

    @property
    def pair(self) -> str:
        return pair_label(self.prompter, self.backend)

    def describe(self) -> str:
        what = "undecided share" if self.kind == "undecided" else "objective"
        where = "" if self.scope == "all" else f" {self.kind}:{self.scope}"
        verdict = ("SIGNIFICANT RISE" if self.kind == "undecided" else "SIGNIFICANT DROP") if self.significant else "not significant"
        return (f"{self.pair}{where}: {what} {_fmt(self.before)} -> {_fmt(self.after)} (n={self.n}, {self.n_tasks} tasks; "
                f"{self.worse} worse, {self.better} better), p={self.test.p_value:.3g}, adjusted p={self.p_adjusted:.3g}: {verdict}")


@dataclass(frozen=True)
class PairComparison:
    """The overall comparison of one (prompter, backend) pair on the checkpoints present in both runs
    (rates: the headline, the share shown satisfied)."""

    prompter: str
    backend: str
    n: int  # checkpoints present in both runs
    n_tasks: int
    before_rate: float | None
    after_rate: float | None
    diff: Interval  # after minus before, interval over tasks
    regressed: int  # checkpoints pass -> fail
    improved: int  # checkpoints fail -> pass
    test: SignFlip
    p_adjusted: float
    significant: bool  # a significant regression that fails the run
    dropped: bool  # a significant drop, gated or not (under an allowed change it is reported, never gated)
    counts: dict[str, int]
    outcomes: dict[str, dict[str, int]]  # "before"/"after": checkpoints per outcome, among those in both runs
    undecided: ScopeTest | None


def _task_sums(changes: Iterable[Change], undecided: bool) -> tuple[list[float], int, int, float, float, int, int]:
    """Per task, the change in checkpoints shown (or undecided); with n, tasks, before, after, worse, better."""
    by_task: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    n = worse = better = 0
    before = after = 0.0
    for c in changes:
        if undecided:
            if c.before is None or c.after is None:
                continue
            b, a = float(c.before not in DECIDED), float(c.after not in DECIDED)
        else:  # the headline: shown satisfied among the checkpoints present in both runs
            if c.before is None or c.after is None:
                continue
            b, a = float(c.before == "pass"), float(c.after == "pass")
        by_task[c.task_id][0] += b
        by_task[c.task_id][1] += a
        n += 1
        before += b
        after += a
        worse += (a > b) if undecided else (a < b)
        better += (a < b) if undecided else (a > b)
    diffs = [a - b for b, a in (by_task[t] for t in sorted(by_task))]
    return diffs, n, len(by_task), before, after, worse, better


def _scope_test(kind: str, scope: str, pair: tuple[str, str], changes: list[Change], resampling: dict) -> ScopeTest:
    undecided = kind == "undecided"
    diffs, n, n_tasks, before, after, worse, better = _task_sums(changes, undecided)
    test = sign_flip_test(diffs, alternative="greater" if undecided else "less", **resampling)
    rates = (before / n, after / n) if n else (None, None)
    return ScopeTest(kind, scope, pair[0], pair[1], n, n_tasks, *rates, worse, better, test)


def _bad_direction(t: ScopeTest) -> bool:
    return t.test.statistic > 0 if t.kind == "undecided" else t.test.statistic < 0


def _adjust(tests: list[ScopeTest], gate_kinds: set[str], alpha: float, gating: bool) -> list[ScopeTest]:
    """Holm within each kind: the overall tests of all pairs are one family, each scope kind another.

    A gate's decisions therefore do not depend on which other gates were given: adding
    ``regression(tag)`` cannot hide a drop that the overall test or ``regression(category)``
    shows alone (docs/gating.md, "Multiplicity"). Gated: the overall family and the gated kinds.
    """
    families: dict[str, list[int]] = defaultdict(list)
    for i, t in enumerate(tests):
        families[t.kind].append(i)
    out = list(tests)
    for family, idx in families.items():
        for i, p in zip(idx, holm([tests[i].test.p_value for i in idx])):
            t = tests[i]
            significant = p < alpha and _bad_direction(t)
            out[i] = ScopeTest(**{**t.__dict__, "p_adjusted": p, "family": family,
                                  "gated": gating and (family == "overall" or family in gate_kinds), "significant": significant})
    return out


# --- the comparison ---------------------------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    """Everything :func:`compare` found; ``summary()`` is the terminal text."""

    alpha: float
    correction: str
    pairs: list[PairComparison]
    changes: list[Change]
    tests: list[ScopeTest] = field(default_factory=list)  # every task-level test, overall ones included
    gate_kinds: tuple[str, ...] = ()
    changed: list[Difference] = field(default_factory=list)  # allowed differences: nothing is gated
    notes: list[str] = field(default_factory=list)
    test: str = TEST_NAME

    def by_status(self, status: str) -> list[Change]:
        return [c for c in self.changes if c.status == status]

    @property
    def significant(self) -> list[PairComparison]:
        """Pairs whose overall regression is significant and gated: these fail the run."""
        return [p for p in self.pairs if p.significant]

    @property
    def gated_failures(self) -> list[ScopeTest]:
        """Scopes under a ``regression(KIND)`` gate that moved significantly: these fail the run too."""
        return [t for t in self.tests if t.significant and t.gated]

    def flagged(self, kind: str) -> list[ScopeTest]:
        """Significant tests of one kind (gated or not)."""
        return [t for t in self.tests if t.kind == kind and t.significant]

    def to_dict(self) -> dict:
        return {
            "alpha": self.alpha, "test": self.test, "correction": self.correction, "gate_kinds": list(self.gate_kinds),
            "changed": [asdict(d) for d in self.changed], "notes": list(self.notes),
            "pairs": [asdict(p) for p in self.pairs],
            "scopes": [{**asdict(t), "test": asdict(t.test)} for t in self.tests if t.kind not in ("overall",)],
            "changes": [asdict(c) for c in self.changes if c.status != "unchanged"],
        }

    def summary(self, max_listed: int = 20) -> str:
        lines = [f"baseline comparison: {len(self.pairs)} (prompter, backend) pair(s), {self.test}, "
                 f"{self.correction} within each kind (the pairs' overall tests, each gated kind), alpha {self.alpha:g}"]
        if self.changed:
            kinds = "/".join(sorted({d.kind for d in self.changed}, key=CHANGE_KINDS.index)).upper()
            lines.append(f"{kinds} CHANGE: the differences below measure that change, not the prompter; nothing is gated")
            lines += [f"  {d}" for d in self.changed]
        lines += [f"note: {n}" for n in self.notes]
        change = "/".join(sorted({d.kind for d in self.changed}, key=CHANGE_KINDS.index))
        lines += [_pair_line(p, change) for p in self.pairs]
        flagged = [t for t in self.tests if t.kind != "overall" and t.significant]
        if flagged:
            lines.append("where it moved (significant after Holm):")
            lines += [f"  {t.describe()}" + ("" if t.gated else " [reported, not gated]") for t in flagged]
        for status in ("regression", "improvement"):
            listed = self.by_status(status)
            if listed:
                lines.append(f"{status}s ({len(listed)}):")
                lines += [f"  {c.label()}" for c in listed[:max_listed]]
                if len(listed) > max_listed:
                    lines.append(f"  ... and {len(listed) - max_listed} more")
        counts = Counter(c.status for c in self.changes)
        lines.append(", ".join(f"{s.replace('_', ' ')}: {counts.get(s, 0)}" for s in STATUSES[2:]))
        return "\n".join(lines)


def _fmt(value: float | None, spec: str = ".3f") -> str:
    return "n/a" if value is None else format(value, spec)


def _pair_line(p: PairComparison, change: str = "") -> str:
    if p.significant:
        verdict = "SIGNIFICANT REGRESSION"
    elif p.dropped:
        verdict = f"significant drop (not gated: {change} change)" if change else "significant drop (not gated)"
    else:
        verdict = "no significant regression"
    ci = f"{p.diff.confidence:.0%} CI [{_fmt(p.diff.low, '+.3f')}, {_fmt(p.diff.high, '+.3f')}]"
    if p.diff.low is not None and not p.diff.reliable:
        ci += " (too few tasks for it to cover as stated)"
    line = (f"  {pair_label(p.prompter, p.backend)}: objective {_fmt(p.before_rate)} -> {_fmt(p.after_rate)} "
            f"(diff {_fmt(p.diff.estimate, '+.3f')}, {ci}; n={p.n} checkpoints, {p.n_tasks} tasks); "
            f"{p.regressed} regressed, {p.improved} improved, p={p.test.p_value:.3g}, "
            f"adjusted p={p.p_adjusted:.3g}: {verdict}")
    before, after = p.outcomes["before"], p.outcomes["after"]
    undecided = ", ".join(f"{k} {before.get(k, 0)} -> {after.get(k, 0)}" for k in ("abstain", "skipped", "error"))
    line += f"\n    undecided: {undecided}"
    if p.undecided is not None and p.undecided.n:
        u = p.undecided
        line += (f" (share {u.before:.1%} -> {u.after:.1%}, p={u.test.p_value:.3g}"
                 f"{', SIGNIFICANT RISE' if u.significant else ''})")
    return line


def _pair_figures(pair: tuple[str, str], changes: list[Change], tests: dict, confidence: float) -> PairComparison:
    overall, undecided = tests[("overall", "all", pair)], tests.get(("undecided", "all", pair))
    paired = [c for c in changes if c.before is not None and c.after is not None]
    tasks = sorted({c.task_id for c in paired})
    index = {t: i for i, t in enumerate(tasks)}
    before, after, count = [0.0] * len(tasks), [0.0] * len(tasks), [0.0] * len(tasks)
    for c in paired:
        before[index[c.task_id]] += c.before == "pass"
        after[index[c.task_id]] += c.after == "pass"
        count[index[c.task_id]] += 1
    diff = paired_diff_interval(after, count, before, count, confidence=confidence)
    both = [c for c in changes if c.before is not None and c.after is not None]
    outcomes = {"before": dict(Counter(c.before for c in both)), "after": dict(Counter(c.after for c in both))}
    return PairComparison(pair[0], pair[1], overall.n, overall.n_tasks, overall.before, overall.after, diff,
                          overall.worse, overall.better, overall.test, overall.p_adjusted,
                          overall.significant and overall.gated, overall.significant, dict(Counter(c.status for c in changes)), outcomes, undecided)


def _default_scopes(*results: Results) -> dict[tuple[str, str], tuple[str, ...]]:
    """Without the suite at hand, each checkpoint's scopes are its task's category."""
    return {(r.task_id, v.checkpoint): (f"category:{r.category}",) for res in results for r in res.runs for v in r.final}


def compare(
    current: Results,
    baseline: Results,
    *,
    alpha: float = 0.05,
    scopes: Mapping[tuple[str, str], Sequence[str]] | None = None,
    gate_kinds: Iterable[str] = (),
    allow: Iterable[str] = (),
    allow_flag: str = "--atelier-allow-change",
    confidence: float = 0.95,
    n_resamples: int = 99_999,
    seed: int = 0,
) -> Comparison:
    """Classify every checkpoint and test each (prompter, backend) pair for a significant regression.

    ``scopes`` maps (task id, checkpoint) to its selectors (``"category:CO"``,
    ``"primitive:text"``, ``"subtask:poster"``, ``"tag:NAME"``; see
    :func:`.aggregate.checkpoint_scopes`); without it, categories come from the run records.
    ``gate_kinds`` are the kinds of SCOPE_KINDS and "undecided" that ``regression(KIND)``
    gates put under gate. The tests are exact (differences of pass counts); ``n_resamples`` would
    only serve differences that fit no exact grid, and is raised so that its floor stays below
    alpha over the largest family. Raises :class:`BaselineMismatch` when the two runs were not
    measured alike, unless each differing kind of CHANGE_KINDS is in ``allow``.
    """
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must lie strictly between 0 and 1, not {alpha}")
    gate_kinds = tuple(dict.fromkeys(gate_kinds))
    unknown = set(gate_kinds) - {*SCOPE_KINDS, "undecided"} or set(allow) - set(CHANGE_KINDS)
    if unknown:
        raise ValueError(f"unknown kind(s) {sorted(unknown)}")
    differences = config_differences(baseline.config, current.config, baseline.suite, current.suite)
    refused = [d for d in differences if d.kind not in set(allow)]
    if refused:
        raise BaselineMismatch(_mismatch_message(refused, allow_flag))
    notes = []
    if baseline.version < 2 or current.version < 2 or not baseline.config.judge_identity:
        notes.append("the baseline records no component identities (results version 1): judge settings, prompt files and "
                     "backend identities could not be checked; save a new baseline to have them checked")
    changes = _changes(checkpoint_outcomes(baseline), checkpoint_outcomes(current))
    by_pair: dict[tuple[str, str], list[Change]] = defaultdict(list)
    for c in changes:
        by_pair[(c.prompter, c.backend)].append(c)
    scopes = _default_scopes(baseline, current) if scopes is None else scopes
    groups: list[tuple[str, str, tuple[str, str], list[Change]]] = []
    for pair, cs in sorted(by_pair.items()):
        groups += [("overall", "all", pair, cs), ("undecided", "all", pair, cs)]
        grouped: dict[tuple[str, str], list[Change]] = defaultdict(list)
        for c in cs:
            for selector in scopes.get((c.task_id, c.checkpoint), ()):
                kind, _, name = selector.partition(":")
                if kind in SCOPE_KINDS:
                    grouped[(kind, name)].append(c)
        groups += [(kind, name, pair, grouped[(kind, name)]) for kind, name in sorted(grouped)]
    largest = max(Counter(kind for kind, *_ in groups).values(), default=1)
    resampling = {"n_resamples": max(n_resamples, math.ceil(10 * largest / alpha)), "seed": seed}
    raw = [_scope_test(kind, name, pair, cs, resampling) for kind, name, pair, cs in groups]
    tests = _adjust(raw, set(gate_kinds), alpha, gating=not differences)
    index = {(t.kind, t.scope, (t.prompter, t.backend)): t for t in tests}
    pairs = [_pair_figures(pair, cs, index, confidence) for pair, cs in sorted(by_pair.items())]
    return Comparison(alpha, "holm", pairs, changes, tests, gate_kinds, differences, notes)


# --- gates and exit status --------------------------------------------------------------


def regression_gate_records(gates: Sequence[Gate], comparison: Comparison | None) -> list[GateRecord]:
    """One record per ``regression(KIND)`` gate and pair, plus one on all pairs: a gate fails where
    a gated scope of that kind dropped (or, for ``undecided``, rose) significantly."""
    records = []
    for gate in gates:
        kind = gate.selector
        if comparison is None:
            records.append(GateRecord(expression=gate.expression, scope="all", value=None, passed=False, n=0,
                                      message=f"{gate.expression} FAILED: there is no baseline comparison to gate on"))
            continue
        tests = [t for t in comparison.tests if t.kind == kind]
        if not tests:
            records.append(GateRecord(expression=gate.expression, scope="all", value=None, passed=False, n=0,
                                      message=f"{gate.expression} FAILED: nothing to test: {_lacks(kind)}"))
            continue
        for label in sorted({t.pair for t in tests}) + ["all"]:
            mine = [t for t in tests if label in ("all", t.pair)]
            bad = [t for t in mine if t.significant and t.gated]
            where = "all pairs pooled" if label == "all" else label
            if comparison.changed:
                message = f"{gate.expression} not gated on {where}: the baseline differs ({'; '.join(map(str, comparison.changed))})"
            elif bad:
                message = f"{gate.expression} FAILED on {where}: " + "; ".join(t.describe() for t in bad)
            else:
                message = f"{gate.expression} passed on {where}: no significant {'rise' if kind == 'undecided' else 'drop'} in {len(mine)} scope(s)"
            smallest = min((t.p_adjusted for t in mine), default=None)
            records.append(GateRecord(expression=gate.expression, scope=label, value=smallest, passed=not bad,
                                      n=sum(t.n for t in mine), message=message))
    return records


_LACKS = {
    "category": "no checkpoint present in both runs has a category",
    "primitive": "no checkpoint of the suite declares a challenge primitive (`primitive:` in its checklist)",
    "subtask": "the suite has no subtask scope: no task declares a `subtask:`",
    "tag": "the suite has no tag scope: no task declares `tags:`",
    "undecided": "no checkpoint is present in both runs",
}


def _lacks(kind: str) -> str:
    """What the compared runs' suite lacks for a ``regression(KIND)`` gate to have a scope."""
    return f"{_LACKS[kind]}; drop regression({kind}) or gate on a kind the suite has"


def exit_status(
    pytest_status: int,
    *,
    gates: Sequence[GateRecord] = (),
    comparison: Comparison | None = None,
    gating: bool,
    n_errors: int = 0,
    refused: bool = False,
) -> int:
    """The session's exit status (see the table in docs/gating.md).

    ``gating`` is True when any gate or a baseline was given. Without it, pytest's own
    status stands. With it, checkpoint failures are measurements, not test failures: the
    run fails (1) when a gate fails, a regression is significant, or an item errored, and
    passes (0) otherwise. A baseline refused as not like for like is a usage error (4).
    Interrupted, internal error, usage error and no tests collected (2, 3, 4, 5) are kept
    as pytest set them.
    """
    if not gating or pytest_status in _EXIT_KEPT:
        return pytest_status
    if refused:
        return _EXIT_USAGE
    failed = not gates_passed(gates) or (comparison is not None and comparison.significant) or n_errors > 0
    return _EXIT_FAILED if failed else _EXIT_OK


def obtained_path(baseline: Path) -> Path:
    """Where a run that regressed significantly is written, next to its baseline
    (``baseline.json`` -> ``baseline.obtained.json``, as pytest-regressions does)."""
    return baseline.with_name(f"{baseline.stem}.obtained{baseline.suffix or '.json'}")
