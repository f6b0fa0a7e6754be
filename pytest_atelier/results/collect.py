"""Gather item outcomes and run records as they arrive, then build, gate and write the results.

The pytest plugin feeds it the ``atelier`` payload of each test report (from this process
or from xdist workers); nothing here imports pytest.
"""

from __future__ import annotations

import datetime as _dt
import time
from pathlib import Path

from .. import __version__
from ..errors import ConfigError
from .records import GateRecord, ItemRecord, Results, RunConfig, RunRecord, write_results

__all__ = ["ResultsCollector"]


class ResultsCollector:
    def __init__(self, settings, gates: list[str] | None = None, workers: int = 0):
        self.settings = settings
        self.workers = workers
        self.gate_texts = list(gates or [])
        self.gates = []
        if self.gate_texts:
            from .gates import parse_gate

            self.gates = [parse_gate(text) for text in self.gate_texts]  # ConfigError on a malformed one
        self.runs: dict[str, RunRecord] = {}
        self.items: list[ItemRecord] = []
        self.started = time.time()
        self.results: Results | None = None
        self.gate_records: list[GateRecord] = []
        self.problems: list[str] = []

    def add(self, payload: dict) -> None:
        self.items.append(ItemRecord.model_validate(payload["item"]))
        if payload.get("run"):
            run = RunRecord.model_validate(payload["run"])
            self.runs.setdefault(run.key, run)

    def has_data(self) -> bool:
        return bool(self.items)

    def build(self, session, hook=None) -> Results:
        """Assemble the results: runs, items (sorted by node id), aggregates and gates."""
        suites = {run.suite for run in self.runs.values()}
        suite_info = self._suite_info(session, suites)
        tasks = {}
        for suite in session._suites.values():
            if suite.manifest.name in suites:
                tasks.update({t.id: t for t in suite.tasks})
        items = sorted(self.items, key=lambda i: i.nodeid)
        runs = sorted(self.runs.values(), key=lambda r: (r.task_id, r.prompter, r.backend))
        s = self.settings
        self.results = Results(
            atelier_version=__version__,
            created=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            wall_s=round(time.time() - self.started, 3),
            suite=suite_info,
            config=RunConfig(
                prompters=list(s.prompters), backends=list(s.backends), judge=s.judge, images_per_prompt=s.images, seed=s.seed, workers=self.workers
            ),
            runs=runs,
            items=items,
        )
        from .aggregate import compute_aggregates
        from .gates import evaluate_gates

        self.results.aggregates = compute_aggregates(runs, items, tasks, scoring=suite_info.get("scoring", "atelier"))
        self.gate_records = evaluate_gates(self.gates, self.results.aggregates) if self.gates else []
        self.results.gates = self.gate_records
        if hook is not None:
            hook.atelier_results_ready(results=self.results, config=None)
        return self.results

    def _suite_info(self, session, names: set[str]) -> dict:
        loaded = [s for s in session._suites.values() if s.manifest.name in names]
        if len(loaded) != 1:
            return {"name": "+".join(sorted(names)), "version": "", "license": "", "scoring": "atelier", "root": ""}
        m = loaded[0].manifest
        return {"name": m.name, "version": m.version, "license": m.license, "scoring": m.scoring, "root": str(loaded[0].root)}

    def gate_ok(self) -> bool:
        return all(g.passed for g in self.gate_records) and not any(i.outcome == "error" for i in self.items)

    def write_json(self, path: Path) -> Path:
        if self.results is None:
            raise ConfigError("results are written after they are built")
        return write_results(self.results, path)

    def write_report(self, path: Path) -> Path:
        from ..report.render import render_report

        return render_report([self.results], path)

    def summary_lines(self) -> list[str]:
        lines = []
        if self.results is not None:
            lines += _headline(self.results)
        for gate in self.gate_records:
            lines.append(f"gate {'PASS' if gate.passed else 'FAIL'}: {gate.message}")
        calls_made = sum(r.calls.made for r in self.runs.values())
        calls_cached = sum(r.calls.cached for r in self.runs.values())
        lines.append(f"model calls: {calls_made} made, {calls_cached} from cache")
        lines += [f"problem: {p}" for p in self.problems]
        return lines


def _headline(results: Results) -> list[str]:
    """One row per (prompter, backend): objective rates and subjective means with their n."""
    pairs = results.aggregates.get("by_pair", {})
    if not pairs:
        return []
    rows = [f"{'prompter':<24}{'backend':<16}{'prompt obj':>12}{'image obj':>12}{'subj prompt':>13}{'subj image':>12}"]
    for entry in pairs.values():
        rows.append(
            f"{entry['prompter']:<24.24}{entry['backend']:<16.16}"
            f"{_rate(entry['prompt']):>12}{_rate(entry['image']):>12}"
            f"{_mean(entry['subjective']['prompt']):>13}{_mean(entry['subjective']['image']):>12}"
        )
    return rows


def _rate(block: dict) -> str:
    return "n/a" if block.get("rate") is None else f"{block['rate']:.1%} ({block['n']})"


def _mean(block: dict) -> str:
    return "n/a" if block.get("mean") is None else f"{block['mean']:.2f} ({block['n']})"
