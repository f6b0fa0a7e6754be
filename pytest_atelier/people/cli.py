"""``atelier collect SUITE --out prompts.jsonl``: serve the collection app with uvicorn."""

from __future__ import annotations

import ipaddress
import sys
from pathlib import Path

from ..errors import AtelierError
from ..suite.loader import load_suite
from .assign import CollectConfig

__all__ = ["add_collect_arguments", "run_collect_command"]


def add_collect_arguments(parser) -> None:
    parser.add_argument("path", help="suite folder")
    parser.add_argument("--out", required=True, help="JSON Lines file the answers are appended to (replay: --prompter=human:FILE?author=ID)")
    parser.add_argument("--rounds", type=int, default=6, help="rounds per participant (default 6, as the paper)")
    parser.add_argument("--tasks-per-round", type=int, default=5, help="tasks per round, all of one category (default 5)")
    parser.add_argument("--categories", default="", help="comma-separated categories the rounds cycle through (default: all the suite's)")
    parser.add_argument("--min-seconds", type=float, default=30, help="minimum time on a task before its answer is accepted (default 30)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8765)


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def run_collect_command(args) -> int:
    try:
        import uvicorn

        from .app import make_app
    except ImportError as exc:
        print(f"atelier collect needs the collect extra: pip install 'pytest-atelier[collect]' ({exc})", file=sys.stderr)
        return 2
    try:
        categories = tuple(c.strip().upper() for c in args.categories.split(",") if c.strip())
        config = CollectConfig(args.rounds, args.tasks_per_round, categories, args.min_seconds)
        app = make_app(load_suite(args.path), Path(args.out), config)
    except (AtelierError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 1
    if not _is_loopback(args.host):
        print(f"warning: listening on {args.host}: anyone who can reach this machine can open the app and write answers", file=sys.stderr)
    print(f"collecting prompts into {args.out}: open http://{args.host}:{args.port}/ (a participant resumes at /p/ID)")
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
