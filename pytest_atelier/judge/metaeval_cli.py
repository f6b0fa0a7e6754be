"""The ``atelier meta-eval`` command: argument parsing and running, for :mod:`pytest_atelier.cli`.

    atelier meta-eval LABELS --judge SPEC [--judge SPEC ...] [--repeats N] [--ablate] [--json OUT]

Several ``--judge`` (or ``--repeats`` above 1) evaluate an :class:`~.ensemble.EnsembleJudge`.
Judge specs resolve through the same registry and aliases as ``pytest --judge``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..errors import AtelierError
from ..registry import ComponentContext, Registry, load_aliases, parse_spec
from .cases import Cases, is_cases_file, load_cases
from .ensemble import EnsembleJudge
from .metaeval import ablate, format_ablation, format_report, load_labels, report

__all__ = ["add_metaeval_arguments", "run_metaeval_command", "build_judge"]


def add_metaeval_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments to ``parser`` (the ``meta-eval`` subparser)."""
    parser.add_argument("labels", help="labelled set (YAML or JSON): prompt-image pairs with human labels and scores")
    parser.add_argument("--judge", action="append", help="judge spec (repeat for an ensemble); default: offline")
    parser.add_argument("--repeats", type=int, default=1, help="ask every judge N times (seeds vary); default 1")
    parser.add_argument("--ablate", action="store_true", help="also run retrieval strategies zero/fixed/random/similarity x k=1..4")
    parser.add_argument("--json", metavar="OUT", help="also write every figure to this JSON file")
    parser.add_argument("--show-wrong", action="store_true", help="list every confident wrong verdict with the judge's reason")
    parser.add_argument("--concurrency", type=int, default=4, help="judge calls in flight at once (default 4)")


def _with_k(raw: str, k: int) -> str:
    return f"{raw}{'&' if '?' in raw else '?'}k={k}" if k else raw


def build_judge(specs: list[str], repeats: int, root: Path, k: int = 0):
    """One judge, or an ensemble when several specs or repeats are given (``k`` > 0 sets it)."""
    registry = Registry(load_aliases(root))
    ctx = ComponentContext(root=root)
    judges = [registry.make("judge", _with_k(spec, k), ctx) for spec in specs]
    for judge, spec in zip(judges, specs):
        judge.label = parse_spec(spec).label
    if len(judges) == 1 and repeats == 1:
        return judges[0]
    return EnsembleJudge(judges, repeats)


def run_metaeval_command(args: argparse.Namespace) -> int:
    """Run ``atelier meta-eval``; returns the exit status (1 on a usage or file error)."""
    specs = args.judge or ["offline"]
    root = Path.cwd()
    try:
        if args.repeats < 1:
            raise AtelierError("--repeats must be at least 1")
        if not Path(args.labels).is_file():
            raise AtelierError(f"{args.labels}: no such labels file")
        labels = load_cases(args.labels) if is_cases_file(Path(args.labels)) else load_labels(args.labels)
        judge = build_judge(specs, args.repeats, root)
        figures = report(judge, labels, concurrency=args.concurrency)
        print(format_report(figures, show_wrong=args.show_wrong), end="")
        if args.ablate and isinstance(labels, Cases):
            raise AtelierError("--ablate needs a labels file of scored pairs, not stand-alone cases")
        if args.ablate:
            rows = ablate(lambda k: build_judge(specs, args.repeats, root, k), labels, concurrency=args.concurrency)
            figures["ablation"] = rows
            print()
            print(format_ablation(rows), end="")
    except AtelierError as exc:
        print(f"atelier meta-eval: {exc}", file=sys.stderr)
        return 1
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2, default=str), encoding="utf-8")
    return 0
