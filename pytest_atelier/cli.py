"""The ``atelier`` command: validate and describe suites, render reports.

    atelier suite validate [--strict] PATH...
    atelier suite stats [--json] PATH
    atelier suite notice PATH
    atelier suite from-posts POSTS.jsonl -o task_suites/NAME --llm SPEC [--image-license SPDX]
    atelier posts mastodon ARCHIVE.zip -o posts.jsonl
    atelier memory build SCORES.csv -o memory.yaml --name OE.image
    atelier memory validate SUITE
    atelier human template PATH -o prompts.csv [--author NAME]
    atelier collect SUITE --out prompts.jsonl [--rounds 6 --tasks-per-round 5 --min-seconds 30]
    atelier label RESULTS.json --out labels.yaml --raters ann1,ann2,ann3 [--share 0.2]
    atelier report RESULTS.json [RESULTS.json ...] -o report.html
    atelier meta-eval LABELS --judge SPEC [--ablate]
    atelier pairwise RESULTS.json --judge SPEC [--judge SPEC ...] [-o OUT.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .errors import AtelierError
from .judge.memory_build import build_memory
from .judge.metaeval_cli import add_metaeval_arguments, run_metaeval_command
from .judge.pairwise_cli import add_pairwise_arguments, run_pairwise_command
from .posts.cli import add_from_posts_arguments, add_mastodon_arguments, run_from_posts_command, run_mastodon_command
from .people.cli import add_collect_arguments, add_label_arguments, run_collect_command, run_label_command
from .prompters.human import write_template
from .report.cli import add_report_arguments, run_report_command
from .suite.loader import load_suite
from .suite.stats import format_stats, suite_stats
from .suite.strict import strict_suite_problems

__all__ = ["main", "build_parser"]


def _validate(args) -> int:
    status = 0
    for path in args.paths:
        try:
            suite = load_suite(path)
        except AtelierError as exc:
            print(exc, file=sys.stderr)
            status = 1
            continue
        problems = strict_suite_problems(suite) if args.strict else []
        for file, problem in problems:
            print(f"{file}: {problem}", file=sys.stderr)
        if problems:
            status = 1
            print(f"{path}: {len(problems)} problems in {len({f for f, _ in problems})} of {len(suite.tasks)} tasks", file=sys.stderr)
        else:
            mode = "strict" if args.strict else "basic"
            print(f"{path}: suite {suite.manifest.name} {suite.manifest.version}: {len(suite.tasks)} tasks valid ({mode})")
    return status


def _stats(args) -> int:
    try:
        suite = load_suite(args.path)
    except AtelierError as exc:
        print(exc, file=sys.stderr)
        return 1
    stats = suite_stats(suite)
    print(json.dumps(stats, indent=1) if args.json else format_stats(stats))
    return 0


def _notice(args) -> int:
    from .suite.attribution import write_notice

    try:
        path = write_notice(load_suite(args.path))
    except AtelierError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"{path}: written from images/attribution/*.yaml")
    return 0


def _memory_build(args) -> int:
    try:
        memory = build_memory(args.table, args.output, name=args.name, side=args.side)
    except AtelierError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"{args.output}: memory {memory.name} with {len(memory.exemplars)} {memory.side} exemplars")
    return 0


def _memory_validate(args) -> int:
    """Leave-one-task-out Spearman of the offline judge's nearest-exemplar estimates, and how far
    content-free text lifts them."""
    from .judge.image_embed import get_image_embedder
    from .judge.memory import MAX_LIFT, MIN_SPEARMAN, ExemplarIndex, content_free_lift, validate_knn
    from .judge.text_match import get_embedder
    from .suite.exemplars import load_memory_with_source

    try:
        suite = load_suite(args.path)
        for name in sorted(suite.manifest.exemplars):
            loaded = load_memory_with_source(suite.exemplar_path(name), within=suite.root)
            embed = get_embedder(args.embeddings).encode if loaded.memory.side == "prompt" else get_image_embedder("tiny").encode
            index = ExemplarIndex(loaded.memory, loaded.root, embed)
            rho = validate_knn(index, list(loaded.memory.dimensions), args.k)
            lift, how = content_free_lift(index, list(loaded.memory.dimensions), args.k)
            ok = all(r is not None and r >= MIN_SPEARMAN for r in rho.values()) and lift <= MAX_LIFT
            figures = ", ".join(f"{d} {'-' if r is None else f'{r:.2f}'}" for d, r in rho.items())
            lifted = f"; content-free lift {lift:.2f} ({how})" if how else ""
            print(f"{name} ({len(loaded.memory.exemplars)} exemplars): {figures}{lifted}: {'estimates given' if ok else 'withheld'}")
    except AtelierError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


def _human_template(args) -> int:
    try:
        rows = write_template(load_suite(args.path), Path(args.output), author=args.author)
    except AtelierError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"{args.output}: {rows} tasks to write prompts for; grade them with --prompter=human:{args.output}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="atelier", description="pytest-atelier: suites, reports and judges.")
    sub = parser.add_subparsers(dest="command", required=True)
    suite = sub.add_parser("suite", help="validate or describe a suite").add_subparsers(dest="suite_command", required=True)
    validate = suite.add_parser("validate", help="check suite files (file:line errors)")
    validate.add_argument("paths", nargs="+", help="suite folders")
    validate.add_argument("--strict", action="store_true", help="also enforce the benchmark's ranges and consistency rules")
    validate.set_defaults(func=_validate)
    stats = suite.add_parser("stats", help="primitive and tag distributions, checklist sizes")
    stats.add_argument("path", help="suite folder")
    stats.add_argument("--json", action="store_true", help="print JSON instead of tables")
    stats.set_defaults(func=_stats)
    notice = suite.add_parser("notice", help="write SUITE/NOTICE from images/attribution/*.yaml")
    notice.add_argument("path", help="suite folder")
    notice.set_defaults(func=_notice)
    posts_suite = suite.add_parser("from-posts", help="draft a suite from community posts with an LLM, for a person to review")
    add_from_posts_arguments(posts_suite)
    posts_suite.set_defaults(func=run_from_posts_command)
    posts = sub.add_parser("posts", help="convert exported posts").add_subparsers(dest="posts_command", required=True)
    mastodon = posts.add_parser("mastodon", help="a Mastodon account archive to the posts format")
    add_mastodon_arguments(mastodon)
    mastodon.set_defaults(func=run_mastodon_command)
    memory = sub.add_parser("memory", help="exemplar memories").add_subparsers(dest="memory_command", required=True)
    build = memory.add_parser("build", help="make an exemplar memory from a CSV of scored images or prompts")
    build.add_argument("table", help="CSV: task_id, image (or prompt), DIM and DIM_rationale per dimension")
    build.add_argument("-o", "--output", required=True, help="memory YAML file to write")
    build.add_argument("--name", required=True, help="memory name, e.g. OE.image")
    build.add_argument("--side", choices=["image", "prompt"], default="image")
    build.set_defaults(func=_memory_build)
    check = memory.add_parser("validate", help="leave-one-task-out Spearman of the offline judge's estimates per memory")
    check.add_argument("path", help="suite folder")
    check.add_argument("-k", type=int, default=3, help="exemplars per estimate (default 3, as the offline judge)")
    check.add_argument("--embeddings", choices=["auto", "minilm", "ngram"], default="auto")
    check.set_defaults(func=_memory_validate)
    human = sub.add_parser("human", help="prompts written by people").add_subparsers(dest="human_command", required=True)
    template = human.add_parser("template", help="a CSV of a suite's tasks for people to write prompts in")
    template.add_argument("path", help="suite folder")
    template.add_argument("-o", "--output", required=True, help="CSV file to write")
    template.add_argument("--author", default="", help="fill the author column (one file per person)")
    template.set_defaults(func=_human_template)
    collect = sub.add_parser("collect", help="serve a local web app where people write prompts (replayed by human:FILE)")
    add_collect_arguments(collect)
    collect.set_defaults(func=run_collect_command)
    label = sub.add_parser("label", help="serve a local web app where people label runs of a results file (read by meta-eval)")
    add_label_arguments(label)
    label.set_defaults(func=run_label_command)
    report = sub.add_parser("report", help="render (or merge) results files into one HTML report")
    add_report_arguments(report)
    report.set_defaults(func=run_report_command)
    metaeval = sub.add_parser("meta-eval", help="measure a judge against human labels")
    add_metaeval_arguments(metaeval)
    metaeval.set_defaults(func=run_metaeval_command)
    pairwise = sub.add_parser("pairwise", help="judge prompters head to head: win rates and Bradley-Terry strengths")
    add_pairwise_arguments(pairwise)
    pairwise.set_defaults(func=run_pairwise_command)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
