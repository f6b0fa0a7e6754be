"""The ``atelier suite from-posts`` and ``atelier posts mastodon`` commands."""

from __future__ import annotations

import sys
from pathlib import Path

from ..errors import AtelierError, ConfigError

__all__ = [
    "add_from_posts_arguments",
    "add_mastodon_arguments",
    "run_from_posts_command",
    "run_mastodon_command",
]


def add_from_posts_arguments(parser) -> None:
    parser.add_argument(
        "posts", type=Path, help="posts file (JSON Lines, docs/posts.md)"
    )
    parser.add_argument(
        "-o",
        "--out",
        type=Path,
        required=True,
        help="the suite folder to write (made by this command only)",
    )
    parser.add_argument(
        "--llm",
        required=True,
        help="the LLM: openai:MODEL, anthropic:MODEL, gemini:MODEL (with ?base_url=...) or an alias such as gpt-5.2",
    )
    parser.add_argument(
        "--work",
        type=Path,
        help="where each step's output and review.csv go (default .atelier_posts/NAME)",
    )
    parser.add_argument(
        "--cache-dir",
        type=Path,
        default=Path(".atelier_cache"),
        help="LLM calls are cached here",
    )
    parser.add_argument(
        "--threshold",
        type=int,
        default=4,
        choices=range(1, 6),
        metavar="1-5",
        help="relevance a thread needs (default 4)",
    )
    parser.add_argument(
        "--dedupe",
        type=float,
        default=0.9,
        help="cosine similarity of briefs above which a sample is a duplicate",
    )
    parser.add_argument(
        "--name", default="", help="suite name (default: the folder name)"
    )
    parser.add_argument(
        "--license", default="see the source posts", help="licence of the suite's text"
    )
    parser.add_argument(
        "--image-license",
        help="SPDX licence under which the posts' images may be shipped (needed when tasks use them)",
    )
    parser.add_argument(
        "--embeddings",
        choices=["auto", "minilm", "ngram"],
        default="auto",
        help="embeddings used to find duplicates",
    )


def run_from_posts_command(args) -> int:
    from ..providers.clients import CLIENTS, chat_client
    from ..providers.factory import model_of
    from ..registry import ComponentContext, Registry, load_aliases
    from .pipeline import PostsOptions, from_posts

    try:
        spec = Registry(load_aliases(Path.cwd())).resolve(
            args.llm
        )  # aliases such as gpt-5.2 too
        if spec.name not in CLIENTS:
            raise ConfigError(
                f"--llm {args.llm!r}: give openai:MODEL, anthropic:MODEL, gemini:MODEL or an alias of one"
            )
        ctx = ComponentContext(root=Path.cwd(), cache_dir=args.cache_dir)
        client = chat_client(spec, ctx)
        identity = f"{spec.name}:{model_of(spec)}"
        work = args.work or Path(".atelier_posts") / (args.name or args.out.name)
        opts = PostsOptions(
            posts=args.posts, out=args.out, work=work, cache_dir=args.cache_dir, threshold=args.threshold, dedupe=args.dedupe,
            name=args.name, license=args.license, image_license=args.image_license, embeddings=args.embeddings,
        )  # fmt: skip
        summary = from_posts(opts, client, identity)
    except AtelierError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if summary.pending:
        print(
            f"review the drafts: set decision to accept or reject in {work / 'review.csv'} (edit {work / 'drafts'}/ID.yaml first "
            "to change a task), then run this command again"
        )
    return 0


def add_mastodon_arguments(parser) -> None:
    parser.add_argument(
        "archive",
        type=Path,
        help="the archive Mastodon sent (archive-*.zip) or its unpacked folder",
    )
    parser.add_argument(
        "-o",
        "--out",
        type=Path,
        required=True,
        help="posts file to write (images go to media/ next to it)",
    )


def run_mastodon_command(args) -> int:
    from .mastodon import convert_mastodon_archive

    try:
        n = convert_mastodon_archive(args.archive, args.out)
    except AtelierError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{args.out}: {n} posts")
    return 0
