"""Reply threads: a prompt in one post, its image or its correction in a reply.

A thread is a root post and every reply below it, in reading order (depth first, replies by
time). A post that answers a post missing from the file starts a thread of its own.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict

from .model import Post

__all__ = ["Thread", "build_threads", "image_ref"]


def image_ref(post: Post, index: int) -> str:
    """How the pipeline names a post's image: ``POSTID#N`` (1-based)."""
    return f"{post.id}#{index + 1}"


@dataclasses.dataclass(frozen=True)
class Thread:
    posts: tuple[Post, ...]
    parents: dict  # post id -> the id it replies to, within the thread

    @property
    def root(self) -> Post:
        return self.posts[0]

    def images(self) -> dict[str, tuple[Post, int]]:
        return {
            image_ref(p, i): (p, i) for p in self.posts for i in range(len(p.images))
        }

    def render(self) -> str:
        """The thread as the LLM reads it (handles left out)."""
        lines = []
        for post in self.posts:
            parent = self.parents.get(post.id)
            head = f"[post {post.id}]" + (
                f" (reply to {parent})" if parent else " (first post)"
            )
            refs = ", ".join(image_ref(post, i) for i in range(len(post.images)))
            lines.append(head + (f" images: {refs}" if refs else ""))
            lines.append(post.text.strip() or "(no text)")
            lines.append("")
        return "\n".join(lines).strip()


def build_threads(posts: list[Post]) -> list[Thread]:
    order = {p.id: i for i, p in enumerate(posts)}
    by_id = {p.id: p for p in posts}
    children: dict[str, list[Post]] = defaultdict(list)
    for post in posts:
        if post.reply_to in by_id and post.reply_to != post.id:
            children[post.reply_to].append(post)

    def when(post: Post):
        return (
            post.created_at is None,
            post.created_at.timestamp() if post.created_at else 0.0,
            order[post.id],
        )

    roots = [p for p in posts if p.reply_to not in by_id or p.reply_to == p.id]
    placed: set[str] = set()
    threads = []

    def thread_from(root: Post) -> Thread:
        ordered, parents, stack = [], {}, [root]
        while stack:
            post = stack.pop()
            if post.id in placed:
                continue
            placed.add(post.id)
            ordered.append(post)
            kids = sorted(children[post.id], key=when)
            for kid in kids:
                parents.setdefault(kid.id, post.id)
            stack.extend(reversed(kids))
        return Thread(tuple(ordered), parents)

    for root in sorted(roots, key=when):
        threads.append(thread_from(root))
    for post in posts:  # replies in a loop (a -> b -> a): no root reaches them
        if post.id not in placed:
            threads.append(thread_from(post))
    return threads
