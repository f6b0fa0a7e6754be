"""Compare a run with a stored baseline, and decide the exit status.

Checkpoints are matched by (task, prompter, backend, side, checkpoint). A checkpoint that
failed in the baseline and fails again is an expected failure; one that passed and now
fails is a regression. Per (prompter, backend) pair, the regressions and improvements
among checkpoints decided in both runs go through McNemar's exact test, Holm-corrected
across pairs; a pair's regression is significant when its adjusted p-value is below
alpha and it lost more checkpoints than it gained. A task-resampling bootstrap interval
of the objective-rate difference is reported next to it. See docs/gating.md.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Sequence

from .aggregate import checkpoint_outcome, pair_label
from .gates import gates_passed
from .records import GateRecord, Results
from .stats import Interval, McNemar, holm, mcnemar_exact, paired_bootstrap_diff

__all__ = [
    "Key",
    "STATUSES",
    "Change",
    "PairComparison",
    "Comparison",
    "checkpoint_outcomes",
    "expected_failures",
    "compare",
    "exit_status",
    "obtained_path",
]

Key = tuple[str, str, str, str, str]  # (task_id, prompter, backend, side, checkpoint)
STATUSES = ("regression", "improvement", "expected_failure", "unchanged", "new", "missing", "undecided")
_EXIT_OK, _EXIT_FAILED = 0, 1
_EXIT_KEPT = (2, 3, 4, 5)  # interrupted, internal error, usage error, no tests collected


def checkpoint_outcomes(results: Results) -> dict[Key, str]:
    """Outcome of each checkpoint that ran: "pass", "fail" or "undecided" (skip, abstain, error).

    Uses the checkpoint items of the results; a file without items counts every final verdict.
    """
    runs = {r.key: r for r in results.runs}
    finals = {(r.key, v.side, v.checkpoint): v for r in results.runs for v in r.final}
    out: dict[Key, str] = {}
    items = [i for i in results.items if i.kind == "checkpoint"]
    if items:
        for i in items:
            outcome = checkpoint_outcome(finals.get((i.run_key, i.side, i.checkpoint)), i.outcome)
            out[(i.task_id, i.prompter, i.backend, i.side, i.checkpoint)] = outcome
    else:
        for (run_key, side, checkpoint), verdict in finals.items():
            run = runs[run_key]
            out[(run.task_id, run.prompter, run.backend, side, checkpoint)] = checkpoint_outcome(verdict)
    return {k: v if v in ("pass", "fail") else "undecided" for k, v in out.items()}


def expected_failures(baseline: Results) -> set[Key]:
    """Checkpoints that failed in the baseline: the plugin marks them xfail when they fail again."""
    return {k for k, v in checkpoint_outcomes(baseline).items() if v == "fail"}


@dataclass(frozen=True)
class Change:
    """One checkpoint in the baseline, the current run, or both."""

    task_id: str
    prompter: str
    backend: str
    side: str
    checkpoint: str
    before: str | None  # "pass" | "fail" | "undecided" | None (absent)
    after: str | None
    status: str  # one of STATUSES

    def label(self) -> str:
        return f"{self.task_id} [{pair_label(self.prompter, self.backend)}] {self.side}:{self.checkpoint}"


def _status(before: str | None, after: str | None) -> str:
    if before is None:
        return "new"
    if after is None:
        return "missing"
    if "undecided" in (before, after):
        return "undecided"
    return {("pass", "fail"): "regression", ("fail", "pass"): "improvement",
            ("fail", "fail"): "expected_failure"}.get((before, after), "unchanged")


@dataclass(frozen=True)
class PairComparison:
    """The paired comparison of one (prompter, backend) pair on checkpoints decided in both runs."""

    prompter: str
    backend: str
    n: int  # checkpoints decided in both runs
    n_tasks: int
    before_rate: float | None
    after_rate: float | None
    diff: Interval  # after minus before, bootstrap over tasks
    mcnemar: McNemar  # b = regressions, c = improvements
    p_adjusted: float  # Holm across pairs
    significant: bool
    counts: dict[str, int]


@dataclass(frozen=True)
class Comparison:
    """Everything :func:`compare` found; ``summary()`` is the terminal text."""

    alpha: float
    correction: str
    pairs: list[PairComparison]
    changes: list[Change]

    def by_status(self, status: str) -> list[Change]:
        return [c for c in self.changes if c.status == status]

    @property
    def significant(self) -> list[PairComparison]:
        """Pairs whose regression is significant: these fail the run."""
        return [p for p in self.pairs if p.significant]

    def to_dict(self) -> dict:
        return {"alpha": self.alpha, "correction": self.correction,
                "pairs": [asdict(p) for p in self.pairs], "changes": [asdict(c) for c in self.changes if c.status != "unchanged"]}

    def summary(self, max_listed: int = 20) -> str:
        lines = [f"baseline comparison: {len(self.pairs)} (prompter, backend) pair(s), McNemar exact, "
                 f"{self.correction} across pairs, alpha {self.alpha:g}"]
        lines += [_pair_line(p, self.alpha) for p in self.pairs]
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


def _pair_line(p: PairComparison, alpha: float) -> str:
    verdict = "SIGNIFICANT REGRESSION" if p.significant else "no significant regression"
    ci = f"{p.diff.confidence:.0%} CI [{_fmt(p.diff.low, '+.3f')}, {_fmt(p.diff.high, '+.3f')}]"
    return (f"  {pair_label(p.prompter, p.backend)}: objective {_fmt(p.before_rate)} -> {_fmt(p.after_rate)} "
            f"(diff {_fmt(p.diff.estimate, '+.3f')}, {ci}; n={p.n} checkpoints, {p.n_tasks} tasks); "
            f"{p.mcnemar.b} regressed, {p.mcnemar.c} improved, p={p.mcnemar.p_value:.3g}, "
            f"adjusted p={p.p_adjusted:.3g}: {verdict}")


def _changes(before: dict[Key, str], after: dict[Key, str]) -> list[Change]:
    keys = sorted(set(before) | set(after))
    return [Change(*k, before.get(k), after.get(k), _status(before.get(k), after.get(k))) for k in keys]


def _pair_figures(changes: list[Change], boot: dict) -> tuple:
    """(n, n_tasks, before rate, after rate, bootstrap diff, McNemar) over checkpoints decided in both."""
    paired = [c for c in changes if c.status in ("regression", "improvement", "expected_failure", "unchanged")]
    tasks = sorted({c.task_id for c in paired})
    index = {t: i for i, t in enumerate(tasks)}
    before, after, count = [0.0] * len(tasks), [0.0] * len(tasks), [0.0] * len(tasks)
    for c in paired:
        before[index[c.task_id]] += c.before == "pass"
        after[index[c.task_id]] += c.after == "pass"
        count[index[c.task_id]] += 1
    n = len(paired)
    diff = paired_bootstrap_diff(after, count, before, count, **boot)
    b = sum(1 for c in paired if c.status == "regression")
    c_ = sum(1 for c in paired if c.status == "improvement")
    rates = (sum(before) / n, sum(after) / n) if n else (None, None)
    return n, len(tasks), *rates, diff, mcnemar_exact(b, c_, n)


def compare(
    current: Results,
    baseline: Results,
    *,
    alpha: float = 0.05,
    n_boot: int = 2000,
    confidence: float = 0.95,
    seed: int = 0,
) -> Comparison:
    """Classify every checkpoint and test each (prompter, backend) pair for a significant regression."""
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must lie strictly between 0 and 1, not {alpha}")
    changes = _changes(checkpoint_outcomes(baseline), checkpoint_outcomes(current))
    by_pair: dict[tuple[str, str], list[Change]] = defaultdict(list)
    for c in changes:
        by_pair[(c.prompter, c.backend)].append(c)
    boot = {"n_boot": n_boot, "confidence": confidence, "seed": seed}
    figures = {pair: _pair_figures(cs, boot) for pair, cs in sorted(by_pair.items())}
    adjusted = dict(zip(figures, holm([f[-1].p_value for f in figures.values()])))
    pairs = []
    for (prompter, backend), (n, n_tasks, before, after, diff, test) in figures.items():
        p_adj = adjusted[(prompter, backend)]
        counts = dict(Counter(c.status for c in by_pair[(prompter, backend)]))
        pairs.append(PairComparison(prompter, backend, n, n_tasks, before, after, diff, test, p_adj,
                                    p_adj < alpha and test.b > test.c, counts))
    return Comparison(alpha, "holm", pairs, changes)


def exit_status(
    pytest_status: int,
    *,
    gates: Sequence[GateRecord] = (),
    comparison: Comparison | None = None,
    gating: bool,
    n_errors: int = 0,
) -> int:
    """The session's exit status (see the table in docs/gating.md).

    ``gating`` is True when any gate or a baseline was given. Without it, pytest's own
    status stands. With it, checkpoint failures are measurements, not test failures: the
    run fails (1) when a gate fails, a regression is significant, or an item errored, and
    passes (0) otherwise. Interrupted, internal error, usage error and no tests collected
    (2, 3, 4, 5) are kept as pytest set them.
    """
    if not gating or pytest_status in _EXIT_KEPT:
        return pytest_status
    failed = not gates_passed(gates) or (comparison is not None and comparison.significant) or n_errors > 0
    return _EXIT_FAILED if failed else _EXIT_OK


def obtained_path(baseline: Path) -> Path:
    """Where a run that regressed significantly is written, next to its baseline
    (``baseline.json`` -> ``baseline.obtained.json``, as pytest-regressions does)."""
    return baseline.with_name(f"{baseline.stem}.obtained{baseline.suffix or '.json'}")
