"""Gather item outcomes and run records as they arrive, then build, gate and write the results.

The pytest plugin feeds it the ``atelier`` payload of each test report (from this process
or from xdist workers); nothing here imports pytest.
"""

from __future__ import annotations

import datetime as _dt
import re
import time
from pathlib import Path

from .. import __version__
from ..engine.calls import COUNTS, describe
from ..errors import ConfigError
from ..suite.sample import stratified_sample
from .aggregate import IDEA_CATEGORIES, SIDES, aggregate, checkpoint_scopes
from .baseline import BaselineMismatch, Comparison, compare, exit_status, regression_gate_records
from .gates import Gate, evaluate_gates
from .metric_means import metric_means
from .people import COMPARED_GROUPS, people
from .power import NoiseModel, gate_power, tasks_needed
from .records import GateRecord, ItemRecord, Results, RunConfig, RunRecord, write_results

__all__ = ["ResultsCollector"]


class ResultsCollector:
    def __init__(self, settings, gates: list[Gate] | None = None, workers: int = 0, baseline: Results | None = None,
                 alpha: float = 0.05, allow: tuple[str, ...] = (), sample: int | None = None, sample_drop: float = 0.05):
        if not 0 < alpha < 1:
            raise ConfigError(f"--atelier-alpha must lie between 0 and 1, got {alpha}")
        self.settings, self.workers = settings, workers
        self.gates = list(gates or [])
        self.baseline, self.alpha, self.allow = baseline, alpha, tuple(allow)
        self.sample, self.sample_drop = sample, sample_drop
        self.identity: dict = {}  # the components' identities, as a worker (or this process) reported them
        self.refused: str | None = None  # why the baseline comparison was refused
        self.comparison: Comparison | None = None
        self.runs: dict[str, RunRecord] = {}
        self.suite_roots: set[str] = set()
        self.items: list[ItemRecord] = []
        self.started = time.time()
        self.results: Results | None = None
        self.gate_records: list[GateRecord] = []
        self.problems: list[str] = []
        self.written: list[tuple[str, Path]] = []  # (what, path) of every file written, in order

    def add(self, payload: dict) -> None:
        self.items.append(ItemRecord.model_validate(payload["item"]))
        self.suite_roots.add(payload["suite_root"])
        if payload.get("run"):
            run = RunRecord.model_validate(payload["run"])
            self.runs.setdefault(run.key, run)
        if payload.get("identity") and not self.identity:
            self.identity = payload["identity"]

    def has_data(self) -> bool:
        return bool(self.items)

    def build(self, session, hook=None) -> Results:
        """Assemble the results: runs, items (sorted by node id), aggregates and gates."""
        suites = [session.suite(root) for root in sorted(self.suite_roots)]  # loaded here too under xdist
        suite_info = _suite_info(suites)
        tasks = {t.id: t for suite in suites for t in suite.tasks}
        items = sorted(self.items, key=lambda i: i.nodeid)
        runs = sorted(self.runs.values(), key=lambda r: (r.task_id, r.prompter, r.backend))
        s = self.settings
        self.results = Results(
            atelier_version=__version__,
            created=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            wall_s=round(time.time() - self.started, 3),
            suite=suite_info,
            config=RunConfig(
                prompters=list(s.prompters), backends=list(s.backends), judge=judge_label(s), images_per_prompt=s.images,
                seed=s.seed, workers=self.workers, judge_identity=self.identity.get("judge"),
                backend_identities=self.identity.get("backends", {}), prompter_identities=self.identity.get("prompters", {}),
            ),
            runs=runs,
            items=items,
        )
        self.results.aggregates = aggregate(runs, items, tasks, scoring=suite_info.get("scoring", "atelier"))
        measured = metric_means(runs)
        if measured:
            self.results.aggregates["metrics"] = measured
        who = people(runs, self.results.aggregates.get("pairs", {}))
        if who is not None:
            self.results.aggregates["people"] = who
        if self.baseline is not None:
            try:
                self.comparison = compare(
                    self.results, self.baseline, alpha=self.alpha, seed=s.seed, scopes=checkpoint_scopes(runs, tasks),
                    gate_kinds=[g.selector for g in self.gates if g.on_baseline], allow=self.allow,
                )
                self.results.aggregates["baseline"] = self.comparison.to_dict()
            except BaselineMismatch as exc:
                self.refused = str(exc)
                self.problems.append(f"baseline refused: {exc}")
        if self.sample is not None:
            self.results.config.sample = self._sample_info(suites)
        self.gate_records = evaluate_gates(self.gates, self.results.aggregates) + regression_gate_records(
            [g for g in self.gates if g.on_baseline], self.comparison
        )
        self.results.gates = self.gate_records
        if hook is not None:
            hook.pytest_atelier_results_ready(results=self.results, config=None)
        return self.results

    def exit_status(self, pytest_status: int) -> int:
        """pytest's status, or the gates' and baseline's verdict when any is set (docs/gating.md)."""
        return exit_status(
            pytest_status,
            gates=self.gate_records,
            comparison=self.comparison,
            gating=bool(self.gates or self.baseline is not None),
            n_errors=sum(i.outcome == "error" for i in self.items),
            refused=self.refused is not None,
        )

    def _sample_info(self, suites) -> dict:
        """What --atelier-sample chose, and the simulated power of the baseline gate at that size."""
        all_tasks = [t for suite in suites for t in suite.tasks]
        chosen = set(stratified_sample(all_tasks, self.sample, self.settings.seed)) if all_tasks else set()
        mine = [t for t in all_tasks if t.id in chosen]
        sides = sum(len(cp.sides()) for t in mine for cp in t.checkpoints) / len(mine) if mine else 0.0
        overall = (self.results.aggregates.get("overall") or {}).get("all") or {}
        rate = (overall.get("objective") or {}).get("rate")
        model = NoiseModel(base_rate=min(max(rate if rate is not None else 0.65, 0.05), 0.95))
        drop = min(self.sample_drop, model.base_rate * 0.9)
        info = {"n": len(mine), "of": len(all_tasks), "seed": self.settings.seed, "tasks": sorted(chosen),
                "checkpoints_per_task": round(sides, 2), "drop": drop, "alpha": self.alpha,
                "model": {"base_rate": round(model.base_rate, 4), "image_sd": model.image_sd, "prompt_sd": model.prompt_sd},
                "power": None, "tasks_for_80": None}
        if mine and sides:
            params = dict(checkpoints_per_task=sides, model=model, drop=drop, alpha=self.alpha, n_sim=400, seed=0)
            info["power"] = gate_power(len(mine), **params)
            info["tasks_for_80"] = tasks_needed(**params, max_tasks=4096).n_tasks
        return info

    def write_json(self, path: Path) -> Path:
        if self.results is None:
            raise ConfigError("results are written after they are built")
        return self._wrote("results", write_results(self.results, path))

    def write_report(self, path: Path) -> Path:
        from ..report.render import render_report

        return self._wrote("report", render_report([self.results], path))

    def _wrote(self, what: str, path: Path) -> Path:
        self.written.append((what, Path(path)))
        return path

    def summary_lines(self, here: Path | None = None, hidden_failures: tuple[int, int] = (0, 0), metrics: bool = False) -> list[str]:
        """The end of the terminal: how many failures were not listed (``hidden_failures``: not
        listed, listed), the ranked summary (and the specialised metrics' means when ``metrics``),
        what else was measured, the gates' verdicts, and last the files written (relative to
        ``here`` where they lie below it)."""
        lines = []
        hidden, listed = hidden_failures
        if hidden:
            report = next((_shown_path(path, here) for what, path in self.written if what == "report"), None)
            where = f"{report} has" if report else "a report (--atelier-report=report.html) would have"
            lines.append(f"{hidden} more failed checkpoints not listed above (the first {listed} are): {where} every "
                         "verdict with its reason; -rf or --tb=long lists them all here")
        if self.results is not None:
            lines += _headline(self.results)
            if metrics:
                lines += _metric_lines(self.results.aggregates.get("metrics") or {})
        if self.comparison is not None:
            lines.append(self.comparison.summary())
        sample = self.results.config.sample if self.results is not None else None
        if sample:
            lines.append(_sample_line(sample))
        calls = {what: sum(getattr(r.calls, what) for r in self.runs.values()) for what in COUNTS}
        spent = sum(r.calls.spent_usd for r in self.runs.values())  # by this session's requests: reused answers cost nothing
        limit = self.settings.max_cost
        spend = (f"; spent ${spent:.4f}" if spent or limit is not None else "") + (f" of the --atelier-max-cost ${limit:g}" if limit is not None else "")
        lines.append(f"model calls: {describe(**calls)}{spend}")
        lines += [f"problem: {p}" for p in self.problems]
        lines += [f"gate {'PASS' if gate.passed else 'FAIL'}: {gate.message}" for gate in self.gate_records]
        lines += [f"{what} written to {_shown_path(path, here)}" for what, path in self.written]
        return lines


def _shown_path(path: Path, here: Path | None) -> str:
    path = Path(path).resolve()
    if here is not None and path.is_relative_to(Path(here).resolve()):
        return str(path.relative_to(Path(here).resolve()))
    return str(path)


def judge_label(settings) -> str:
    """How the results file names the judge: the specs, joined, with the repeats."""
    return " + ".join(settings.judges) + (f" x{settings.judge_repeats}" if settings.judge_repeats > 1 else "")


def _sample_line(sample: dict) -> str:
    power = "n/a" if sample["power"] is None else f"{sample['power']:.2f}"
    need = sample["tasks_for_80"]
    needed = f"power 0.8 needs about {need} tasks" if need else "power 0.8 is out of reach below 4096 tasks"
    m = sample["model"]
    return (f"sample: {sample['n']} of {sample['of']} tasks (stratified by category and primitive, seed {sample['seed']}); "
            f"power of the baseline gate to catch a {sample['drop'] * 100:g}-point drop at alpha {sample['alpha']:g}: {power}; "
            f"{needed} (simulated: base rate {m['base_rate']:.2f}, image sd {m['image_sd']:g}, prompt sd {m['prompt_sd']:g} "
            f"on the logit, {sample['checkpoints_per_task']:g} checkpoint sides per task; docs/gating.md)")


def _suite_info(suites) -> dict:
    if len(suites) != 1:
        names = "+".join(s.manifest.name for s in suites)
        return {"name": names, "version": "", "license": "", "scoring": "atelier", "root": ""}
    m = suites[0].manifest
    return {"name": m.name, "version": m.version, "license": m.license, "scoring": m.scoring, "root": str(suites[0].root)}


def _headline(results: Results) -> list[str]:
    """The ranked summary: one row per (prompter, backend), best pooled objective first within
    each backend, with its undecided share, each side's rate and the subjective means, each with
    its n. Labels are printed whole; a column is as wide as its widest cell."""
    pairs = results.aggregates.get("pairs", {})
    if not pairs:
        return []
    header = ["rank", "prompter", "backend", "objective", "undecided", "prompt side", "image side", "subj prompt", "subj image"]
    rows = []
    for backend, ranked in _ranked_pairs(pairs):
        for rank, label, m in ranked:
            rows.append([str(rank), label.rsplit("|", 1)[0], backend, _rate(m["objective"]), _share(m["objective"].get("undecided_share")),
                         _rate(m["prompt"]), _rate(m["image"]), _mean(m["subjective"]["prompt"]), _mean(m["subjective"]["image"])])
    lines = _table(header, rows, left=3)
    lines.append("objective: share of all checkpoints shown satisfied, undecided counting as not shown (docs/results-format.md)")
    lines += _people_lines(results.aggregates.get("people"))
    if any("idea" in scopes["all"] for scopes in pairs.values()):
        idea = {label: scopes["all"].get("idea", {}) for label, scopes in sorted(pairs.items())}
        lines += _table(["IDEA score: hierarchical / plain", "prompt", "image"],
                        [[label, _idea(i.get("prompt")), _idea(i.get("image"))] for label, i in idea.items()], left=1)
        lines += _idea_categories(pairs)
    note = estimate_note(results.runs)
    return [*lines, note] if note else lines


def _ranked_pairs(pairs: dict) -> list[tuple[str, list[tuple[int, str, dict]]]]:
    """Per backend, its pairs ranked by the pooled objective (ties share a rank; n/a last)."""
    by_backend: dict[str, list[tuple[str, dict]]] = {}
    for label, scopes in pairs.items():
        by_backend.setdefault(label.rsplit("|", 1)[1], []).append((label, scopes["all"]))
    out = []
    for backend, members in sorted(by_backend.items()):
        members.sort(key=lambda lm: (lm[1]["objective"].get("rate") is None, -(lm[1]["objective"].get("rate") or 0), lm[0]))
        ranked: list[tuple[int, str, dict]] = []
        for position, (label, m) in enumerate(members, 1):
            tied = ranked and m["objective"].get("rate") == ranked[-1][2]["objective"].get("rate")
            ranked.append((ranked[-1][0] if tied else position, label, m))
        out.append((backend, ranked))
    return out


def _people_lines(who: dict | None) -> list[str]:
    """Who each human prompter is (a group or a participant, with the tasks each answered), then
    novice vs skilled per backend: overall and per category, objective and subjective figures."""
    if not who:
        return []
    lines = []
    for label, entry in who["prompters"].items():
        if entry["kind"] == "group":
            members = ", ".join(f"{pid} ({p['n_tasks']} tasks)" for pid, p in entry["participants"].items())
            unused = entry["n_answers"] - entry["n_tasks"]
            extra = f"; {unused} further answers to tasks already answered are not replayed" if unused else ""
            lines.append(f"{label}: group {entry['group']}, {len(entry['participants'])} participant(s): {members}{extra}")
        else:
            (pid, p), = entry["participants"].items()
            lines.append(f"{label}: participant {pid} ({p['group'] or 'no group'}), {p['n_tasks']} tasks answered")
    for backend, comparison in who["comparison"].items():
        header = [f"novice vs skilled on {backend}", *(f"{name} {g}" for name in ("objective", "subj prompt", "subj image")
                                                         for g in COMPARED_GROUPS)]
        rows = []
        for scope, groups in comparison["scopes"].items():
            cells = []
            for name, fmt in (("objective", _rate), ("subjective_prompt", _mean), ("subjective_image", _mean)):
                cells += [fmt(groups[g][name]) if groups[g] else "n/a" for g in COMPARED_GROUPS]
            rows.append([scope, *cells])
        lines += _table(header, rows, left=1)
    return lines


def _metric_lines(measured: dict) -> list[str]:
    """The specialised metrics' means per prompter and backend, with their intervals and n (docs/metrics.md)."""
    names = sorted({name for by_name in measured.values() for name in by_name})
    if not names:
        return []
    rows = []
    for pair, by_name in sorted(measured.items()):
        cells = []
        for name in names:
            m = by_name.get(name)
            interval = "" if m is None or m["low"] is None else f" [{m['low']:.3g}, {m['high']:.3g}]"
            cells.append("n/a" if m is None else f"{m['mean']:.3g}{interval} ({m['n']})")
        rows.append([pair, *cells])
    return _table(["metrics: mean [95% interval over tasks] (n)", *names], rows, left=1)


def _table(header: list[str], rows: list[list[str]], left: int) -> list[str]:
    """Rows under a header; the first ``left`` columns are aligned left, the others right."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    return ["  ".join(c.ljust(w) if i < left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()
            for cells in [header, *rows]]


def estimate_note(runs) -> str | None:
    """A line saying that offline subjective scores are estimates, with each memory's
    validated correlation (None when no score is an offline estimate)."""
    found = {}
    for run in runs:
        for score in run.scores:
            m = re.match(r"offline:estimate\((.+), rho=([-\d.]+)\)", score.decided_by)
            if m:
                found.setdefault(m.group(1), set()).add(float(m.group(2)))
    if not found:
        return None
    parts = [f"memory {name}: Spearman {min(r):.2f}-{max(r):.2f}" if len(r) > 1 else f"memory {name}: Spearman {min(r):.2f}"
             for name, r in sorted(found.items())]
    return "subjective scores of the offline judge are estimates from scored exemplars, validated leave-one-task-out (" + "; ".join(parts) + ")"


def _rate(block: dict) -> str:
    return f"n/a ({block['n']})" if block.get("rate") is None else f"{block['rate']:.1%} ({block['n']})"


def _share(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1%}"


def _mean(block: dict) -> str:
    return f"n/a ({block['n']})" if block.get("mean") is None else f"{block['mean']:.2f} ({block['n']})"


def _idea_categories(pairs: dict) -> list[str]:
    """IDEA score per IDEA-Bench category (T2I ... I(s)2Is) and pair, prompt side / image side."""
    blocks = {label: scopes["all"].get("idea", {}) for label, scopes in pairs.items()}
    present = {c for idea in blocks.values() for side in SIDES for c in (idea.get(side) or {}).get("by_category", {})}
    shown = [c for c in IDEA_CATEGORIES if c in present] + sorted(present - set(IDEA_CATEGORIES))
    if not shown:
        return []
    rows = []
    for label, idea in sorted(blocks.items()):
        cells = []
        for c in shown:
            values = [(idea.get(side) or {}).get("by_category", {}).get(c) for side in SIDES]
            cells.append("/".join("n/a" if v is None else f"{v:.2f}" for v in values))
        rows.append([label, *cells])
    return _table(["IDEA by category (IDEA-Bench's official rule): prompt / image", *shown], rows, left=1)


def _idea(block: dict | None) -> str:
    """Hierarchical score / plain pass rate, with the number of cases scored."""
    if not block or block.get("score") is None:
        return f"n/a ({(block or {}).get('n', 0)})"
    return f"{block['score']:.2f}/{block['pass_rate']:.2f} ({block['n']})"
