"""Gate expressions: parse ``[SCOPE.]METRIC OP NUMBER`` and evaluate it on the aggregates.

A gate must hold for every (prompter, backend) pair and for all pairs pooled; each of
those yields one :class:`GateRecord`. A scope with no data fails the gate (it does not
pass silently). ``regression(KIND)`` gates on the baseline comparison instead (evaluated
by :func:`.baseline.regression_gate_records`). See docs/gating.md.
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from ..errors import ConfigError
from .records import GateRecord

__all__ = ["GATE_GRAMMAR", "REGRESSION_KINDS", "Gate", "parse_gate", "parse_gates", "evaluate_gates", "gates_passed"]

GATE_GRAMMAR = """\
a gate is [SCOPE.]METRIC OP NUMBER
  SCOPE   OE | CO | IM | category:NAME | primitive:NAME | tag:NAME | subtask:NAME  (default: all tasks)
  METRIC  objective | prompt.objective | image.objective            (share of checkpoints shown, 0..1)
          subjective.prompt | subjective.image                      (mean score, 1..5)
          subjective.prompt.DIMENSION | subjective.image.DIMENSION  (one dimension)
          idea.prompt | idea.image                                  (IDEA hierarchical score, 0..1)
  OP      >= | > | <= | < | ==
or, with --atelier-baseline, regression(KIND): no significant drop in any KIND scope
  KIND    category | primitive | subtask | tag | undecided (a rise in abstained, skipped, errored)
examples: objective>=0.65  image.objective>=0.6  subjective.prompt>=3.5
          CO.objective>=0.5  OE.image.objective>0.4  primitive:text.objective>=0.5
          regression(category)  regression(primitive)  regression(undecided)"""

_OPS = {">=": operator.ge, ">": operator.gt, "<=": operator.le, "<": operator.lt, "==": operator.eq}
_EXPR = re.compile(r"^\s*(?P<lhs>[^<>=\s]+)\s*(?P<op>>=|<=|==|>|<)\s*(?P<num>[-+]?(?:\d+\.?\d*|\.\d+))\s*$")
_CATEGORIES = ("OE", "CO", "IM")
_SELECTOR_KINDS = ("category", "primitive", "tag", "subtask")
_NAME = re.compile(r"^[A-Za-z0-9_-]+$")
_RATES = {"objective": "objective", "prompt.objective": "prompt", "image.objective": "image"}
REGRESSION_KINDS = ("category", "primitive", "subtask", "tag", "undecided")
_REGRESSION = re.compile(r"^\s*regression\s*\(\s*(?P<kind>[^)]*?)\s*\)\s*$")


@dataclass(frozen=True)
class Gate:
    """One parsed gate: ``selector`` is "all" or "KIND:VALUE"; ``metric`` as written.

    A ``regression(KIND)`` gate has metric "regression", selector KIND, no operator."""

    expression: str
    selector: str
    metric: str
    op: str
    threshold: float

    def holds(self, value: float) -> bool:
        return _OPS[self.op](value, self.threshold)

    @property
    def on_baseline(self) -> bool:
        """True for ``regression(KIND)``: it needs a baseline comparison."""
        return self.metric == "regression"


def _malformed(text: str, why: str) -> ConfigError:
    return ConfigError(f"malformed gate {text!r}: {why}\n{GATE_GRAMMAR}")


def _split_scope(text: str, lhs: str) -> tuple[str, str]:
    head, _, rest = lhs.partition(".")
    if head in _CATEGORIES and rest:
        return f"category:{head}", rest
    kind, colon, name = head.partition(":")
    if not colon:
        return "all", lhs
    if kind not in _SELECTOR_KINDS:
        raise _malformed(text, f"unknown scope kind {kind!r} (use {', '.join(_SELECTOR_KINDS)})")
    if not _NAME.match(name) or not rest:
        raise _malformed(text, f"scope {head!r} needs a name and a metric after it, e.g. {kind}:NAME.objective")
    return head, rest


def _check_metric(text: str, metric: str) -> None:
    parts = metric.split(".")
    if metric in _RATES or metric in ("idea.prompt", "idea.image"):
        return
    if parts[0] == "subjective" and len(parts) in (2, 3) and parts[1] in ("prompt", "image") and all(map(_NAME.match, parts[2:])):
        return
    raise _malformed(text, f"unknown metric {metric!r}")


def parse_gate(text: str) -> Gate:
    """Parse one gate expression, or raise ConfigError showing the grammar."""
    regression = _REGRESSION.match(text or "")
    if regression:
        kind = regression["kind"]
        if kind not in REGRESSION_KINDS:
            raise _malformed(text, f"regression({kind}) is not a kind: use one of {', '.join(REGRESSION_KINDS)}")
        return Gate(f"regression({kind})", kind, "regression", "", 0.0)
    match = _EXPR.match(text or "")
    if not match:
        raise _malformed(text, "expected [SCOPE.]METRIC OP NUMBER")
    selector, metric = _split_scope(text, match["lhs"])
    _check_metric(text, metric)
    return Gate(text.strip(), selector, metric, match["op"], float(match["num"]))


def parse_gates(texts: Iterable[str]) -> list[Gate]:
    """Parse several gates; each entry may hold several, one per line (as in an ini file)."""
    return [parse_gate(line) for text in texts for line in text.splitlines() if line.strip()]


# --- evaluation -------------------------------------------------------------------------


def _scope_metrics(node: dict | None, selector: str) -> dict | None:
    if node is None:
        return None
    if selector == "all":
        return node.get("all")
    kind, _, name = selector.partition(":")
    return node.get(kind, {}).get(name)


def _figure(metrics: dict | None, metric: str) -> tuple[float | None, int]:
    """(value, n) of a metric in one scope's figures; (None, 0) where there is none."""
    if metrics is None:
        return None, 0
    parts = metric.split(".")
    if metric in _RATES:
        fig = metrics[_RATES[metric]]
        return fig["rate"], fig["n"]
    if parts[0] == "idea":
        fig = metrics.get("idea", {}).get(parts[1])
        return (fig["score"], fig["n"]) if fig else (None, 0)
    fig = metrics["subjective"][parts[1]]
    if len(parts) == 3:
        fig = fig["dimensions"].get(parts[2])
        return (fig["mean"], fig["n"]) if fig else (None, 0)
    return fig["mean"], fig["n"]


def _record(gate: Gate, scope: str, metrics: dict | None) -> GateRecord:
    value, n = _figure(metrics, gate.metric)
    where = "all pairs pooled" if scope == "all" else scope
    if gate.selector != "all":
        where += f", {gate.selector}"
    if value is None:
        message = f"{gate.expression} FAILED on {where}: no data (n=0), so the gate cannot hold"
        return GateRecord(expression=gate.expression, scope=scope, value=None, passed=False, n=0, message=message)
    passed = gate.holds(value)
    verdict = "passed" if passed else "FAILED"
    message = f"{gate.expression} {verdict} on {where}: {gate.metric} = {value:.3f} (n={n}), required {gate.op} {gate.threshold:g}"
    return GateRecord(expression=gate.expression, scope=scope, value=value, passed=passed, n=n, message=message)


def evaluate_gates(gates: Sequence[Gate], aggregates: dict) -> list[GateRecord]:
    """One record per gate and (prompter, backend) pair, plus one on all pairs pooled.

    A gate passes when all its records pass. With no pair at all, the pooled record alone
    is produced, and fails for lack of data. ``regression(KIND)`` gates are left out.
    """
    pairs = aggregates.get("pairs") or {}
    records = []
    for gate in (g for g in gates if not g.on_baseline):
        for label in sorted(pairs):
            records.append(_record(gate, label, _scope_metrics(pairs[label], gate.selector)))
        records.append(_record(gate, "all", _scope_metrics(aggregates.get("overall"), gate.selector)))
    return records


def gates_passed(records: Sequence[GateRecord]) -> bool:
    """True when every gate record passed (vacuously true with no gates)."""
    return all(r.passed for r in records)
