"""``atelier collect SUITE --out prompts.jsonl`` and ``atelier label RESULTS --out labels.yaml``:
serve the collection or the labelling app with uvicorn."""

from __future__ import annotations

import ipaddress
import socket
import sys
from pathlib import Path

from ..errors import AtelierError
from ..suite.loader import load_suite
from .assign import CollectConfig

__all__ = ["add_collect_arguments", "add_label_arguments", "run_collect_command", "run_label_command", "served_hosts"]


def _add_server_arguments(parser, port: int) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=port, help=f"port (default {port})")
    parser.add_argument("--admin-token", default="", help="token of the admin page /admin (default: a new one, printed at start)")


def add_collect_arguments(parser) -> None:
    parser.add_argument("path", help="suite folder")
    parser.add_argument("--out", required=True, help="JSON Lines file the answers are appended to (replay: --prompter=human:FILE?author=ID)")
    parser.add_argument("--rounds", type=int, default=6, help="rounds per participant (default 6, as the paper)")
    parser.add_argument("--tasks-per-round", type=int, default=5, help="tasks per round, all of one category (default 5)")
    parser.add_argument("--categories", default="", help="comma-separated categories the rounds cycle through (default: all the suite's)")
    parser.add_argument("--min-seconds", type=float, default=30, help="minimum time on a task before its answer is accepted (default 30)")
    _add_server_arguments(parser, 8765)


def add_label_arguments(parser) -> None:
    parser.add_argument("results", help="results file (--atelier-json) whose runs are labelled")
    parser.add_argument("--out", required=True, help="labels file to write (YAML, read by atelier meta-eval); a journal goes beside it")
    parser.add_argument("--raters", required=True, help="comma-separated rater ids, e.g. ann1,ann2,ann3")
    parser.add_argument("--share", type=float, default=0.2, help="share of the items rated by several raters (default 0.2)")
    parser.add_argument("--overlap", type=int, default=2, help="raters per shared item (default 2)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the assignment (default: random, recorded in the journal)")
    parser.add_argument("--suite", default="", help="suite folder (default: the one the results file names)")
    _add_server_arguments(parser, 8766)


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def served_hosts(host: str) -> tuple[str, ...] | None:
    """The host names the app answers for: the address it listens on (and this machine's names when
    that is loopback); any when it listens on every address (``--host 0.0.0.0``)."""
    from .guard import LOOPBACK_HOSTS

    if host in ("", "0.0.0.0", "::"):
        return None
    return (host, *LOOPBACK_HOSTS) if _is_loopback(host) else (host,)


def _serve(app, args, what: str, start: str, counts, title: str) -> int:
    import uvicorn

    from .admin import add_admin, new_token

    token = args.admin_token or new_token()
    add_admin(app, token, counts, title)
    if not _is_loopback(args.host):
        print(f"warning: listening on {args.host}: anyone who can reach this machine can open the app and write answers", file=sys.stderr)
    try:  # bound before anything says where to open it
        sock = socket.create_server((args.host, args.port))
    except OSError as exc:
        print(f"cannot listen on {args.host}:{args.port} ({exc.strerror or exc}): choose another --port", file=sys.stderr)
        return 2
    print(f"{what}: open http://{args.host}:{args.port}/ ({start})")
    print(f"admin page: http://{args.host}:{args.port}/admin with the token {token}", flush=True)
    with sock:
        uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
    return 0


def _weak_token(args) -> bool:
    from .guard import token_problem

    problem = token_problem(args.admin_token) if args.admin_token else None
    if problem:
        print(problem, file=sys.stderr)
    return problem is not None


def _missing_extra(command: str, exc: ImportError) -> int:
    print(f"atelier {command} needs the collect extra: pip install 'pytest-atelier[collect]' ({exc})", file=sys.stderr)
    return 2


def run_collect_command(args) -> int:
    try:
        import uvicorn  # noqa: F401

        from .admin import collect_counts
        from .app import make_app
    except ImportError as exc:
        return _missing_extra("collect", exc)
    if _weak_token(args):
        return 2
    try:
        categories = tuple(c.strip().upper() for c in args.categories.split(",") if c.strip())
        config = CollectConfig(args.rounds, args.tasks_per_round, categories, args.min_seconds)
        suite = load_suite(args.path)
        app = make_app(suite, Path(args.out), config, hosts=served_hosts(args.host))
    except (AtelierError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 1
    store = app.state.store
    return _serve(app, args, f"collecting prompts into {args.out}", "a participant resumes at /p/ID",
                  lambda: collect_counts(store, suite), f"prompts for {suite.manifest.name}")  # fmt: skip


def open_labelling(results_path, out, raters: list[str], *, share=0.2, overlap=2, seed=None, suite_path=""):
    """(store, suite) of a labelling: the results file's runs, planned over ``raters``."""
    from ..results.records import load_results
    from .label_store import LabelStore, items_of

    results = load_results(results_path)
    root = suite_path or results.suite.get("root") or ""
    if not root or not Path(root).is_dir():
        raise AtelierError(f"{results_path}: the suite folder {root or '(none recorded)'} is not here; name it with --suite")
    suite = load_suite(root)
    items = items_of(results, suite)
    if not items:
        raise AtelierError(f"{results_path}: no run to label (runs with an error, or over tasks {suite.root} lacks, are left out)")
    store = LabelStore(Path(out), items, suite.root, raters, share, overlap, seed, source=Path(results_path).name)
    return store, suite


def run_label_command(args) -> int:
    try:
        import uvicorn  # noqa: F401

        from .label_app import make_label_app
    except ImportError as exc:
        return _missing_extra("label", exc)
    if _weak_token(args):
        return 2
    from .app import PID_PATTERN

    raters = [r.strip() for r in args.raters.split(",") if r.strip()]
    bad = [r for r in raters if not PID_PATTERN.fullmatch(r)]
    try:
        if bad or not raters:
            raise AtelierError(f"--raters: {', '.join(bad) or '(none)'}: rater ids are letters, digits, - and _, separated by commas")
        store, suite = open_labelling(args.results, args.out, raters, share=args.share, overlap=args.overlap, seed=args.seed,
                                      suite_path=args.suite)  # fmt: skip
    except (AtelierError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 1
    if len(raters) < 2:
        print("note: with one rater no item is rated twice, so meta-eval has no human-human ceiling", file=sys.stderr)
    app = make_label_app(store, suite, hosts=served_hosts(args.host))
    return _serve(app, args, f"labelling {len(store.items)} runs into {args.out}", "a rater resumes at /r/ID",
                  store.counts, f"labels for {Path(args.results).name}")  # fmt: skip
