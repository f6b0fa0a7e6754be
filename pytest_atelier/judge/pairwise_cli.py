"""The ``atelier pairwise`` command: head-to-head judging of a results file's prompters.

    atelier pairwise RESULTS.json --judge SPEC [--judge SPEC ...] [-o OUT.json] [--suite PATH]
                     [--cache-dir .atelier_cache] [--record DIR | --replay DIR] [--n-boot 1000]

Every pair of prompters is compared on each task and backend where both have a top-1 image,
asked in both orders, by every judge (majority decides). The figures (win rates per pair and
overall, Bradley-Terry strengths with bootstrap intervals, agreement with the score-based
ranking) are printed and written into the results file's ``pairwise`` block (``-o`` writes a
copy instead), where ``atelier report`` shows them. See docs/pairwise.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..engine.cache import Cache
from ..errors import AtelierError, ConfigError, require
from ..registry import ComponentContext, Registry, load_aliases, parse_spec
from ..results.pairwise import summarise
from ..results.records import load_results, write_results
from ..suite.loader import load_suite
from .pairwise import IDENTITY, check_judges, duels_for, run_duels, run_image_scores

__all__ = ["add_pairwise_arguments", "run_pairwise_command", "format_pairwise"]


def add_pairwise_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("results", help="results file written by pytest --atelier-json (two or more prompters)")
    parser.add_argument("--judge", action="append", required=True, help="model judge spec (repeat for a majority of judges)")
    parser.add_argument("-o", "--output", help="write the results with their pairwise block here (default: RESULTS itself)")
    parser.add_argument("--suite", help="suite folder (default: the one recorded in the results file)")
    parser.add_argument("--prompter", action="append", help="compare only these prompters (repeatable; default: all)")
    parser.add_argument("--cache-dir", default=".atelier_cache", help="cache folder for judge answers (default .atelier_cache)")
    parser.add_argument("--record", metavar="DIR", help="record every judge API exchange in DIR")
    parser.add_argument("--replay", metavar="DIR", help="answer judge API requests from a recording in DIR, with no network")
    parser.add_argument("--n-boot", type=int, default=1000, help="bootstrap resamples of tasks for the intervals (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="bootstrap seed (default 0)")
    parser.add_argument("--concurrency", type=int, default=4, help="duels judged at once (default 4)")


def _judges(specs: list[str], root: Path, args) -> list:
    registry = Registry(load_aliases(root))
    ctx = ComponentContext(root=root, options={"record_dir": args.record, "replay_dir": args.replay})
    judges = [registry.make("judge", spec, ctx) for spec in specs]
    labels = [parse_spec(s).label for s in specs]
    for i, judge in enumerate(judges):
        judge.label = labels[i] if labels.count(labels[i]) == 1 else f"{labels[i]}[{i + 1}]"
    check_judges(judges)
    return judges


def _pct(value) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}%"


def format_pairwise(figures: dict) -> str:
    """A plain-text summary of :func:`~pytest_atelier.results.pairwise.summarise`'s figures."""
    lines = [f"{figures['n']} duels (each asked in both orders)", "", "prompter            BT strength [95% CI]       win rate   n   score rate"]
    bt = figures["bradley_terry"]
    for p in sorted(bt, key=lambda p: -bt[p]["strength"]):
        s = bt[p]
        ci = "n/a" if s["low"] is None else f"[{s['low']:+.2f}, {s['high']:+.2f}]"
        lines.append(f"{p:<19} {s['strength']:+.2f} {ci:<20} {_pct(figures['overall'][p]['win_rate']):>8} {s['n']:>3}   {_pct(figures['score_rates'].get(p))}")
    lines += ["", "pair                          wins-losses-ties   win rate of the first"]
    for row in figures["pairs"]:
        lines.append(f"{row['a'] + ' vs ' + row['b']:<29} {row['wins']}-{row['losses']}-{row['ties']:<14} {_pct(row['win_rate'])}")
    agree = figures["agreement"]
    duels, ranking = agree["duels"], agree["ranking"]
    tau = ranking["kendall_tau_b"]
    lines += ["", f"agreement with the scores: {duels['agree']} of {duels['n']} decisive duels ({_pct(duels['rate'])}) prefer the "
              f"run with the higher image-side score; {ranking['same_order']} of {ranking['pairs']} prompter pairs in the same order"
              + (f" (Kendall tau-b {tau:+.2f})" if tau is not None else "")]
    return "\n".join(lines) + "\n"


def run_pairwise_command(args: argparse.Namespace) -> int:
    root = Path.cwd()
    try:
        if args.record and args.replay:
            raise ConfigError("--record and --replay cannot be used together: record once, then replay")
        if args.n_boot < 1 or args.concurrency < 1:
            raise ConfigError("--n-boot and --concurrency must be at least 1")
        require("choix", "pairwise", "Bradley-Terry strengths")  # before any judge call, not after
        results = load_results(args.results)
        suite_root = args.suite or results.suite.get("root")
        if not suite_root or not Path(suite_root).is_dir():
            raise ConfigError(f"{args.results}: the suite folder {suite_root!r} is not there: give it with --suite PATH")
        suite = load_suite(suite_root)
        duels = duels_for(results, args.prompter)
        if not duels:
            raise ConfigError(f"{args.results}: no two prompters have a top-1 image for the same task and backend: nothing to compare")
        judges = _judges(args.judge, root, args)
        cache = Cache(root / args.cache_dir)
        decided = run_duels(judges, {t.id: t for t in suite.tasks}, duels,
                            lambda kind, key, fn: cache.get_or_call(kind, key, fn), args.concurrency)
        run_scores, prompter_scores = run_image_scores(results)
        figures = summarise(decided, run_scores, prompter_scores, n_boot=args.n_boot, seed=args.seed)
        figures["judges"] = [j.label for j in judges]
        figures["identity"] = IDENTITY
        figures["duels"] = [{"task": d.task, "backend": d.backend, "output": d.output, "a": d.a, "b": d.b, "outcome": d.outcome,
                             "votes": list(d.votes), "reason": d.reason} for d in decided]
        results.pairwise = figures
        write_results(results, args.output or args.results)
    except AtelierError as exc:
        print(f"atelier pairwise: {exc}", file=sys.stderr)
        return 1
    print(format_pairwise(figures), end="")
    return 0
