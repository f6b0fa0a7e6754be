"""The posts file `atelier suite from-posts` reads: JSON Lines, one post per line.

    {"id": "p1", "text": "prompt below", "reply_to": null, "author": "@ana", "created_at": "2026-03-01T10:00:00Z", "images": []}
    {"id": "p2", "text": "a fox in the snow, woodcut style", "reply_to": "p1", "images": ["media/p2-1.png"]}

``id`` is required and unique; ``images`` are paths relative to the posts file's folder and
must stay inside it. ``author`` is read so that a converter can keep it, and is never written
into a suite.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..errors import ConfigError

__all__ = ["IMAGE_SUFFIXES", "Post", "load_posts"]

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif")


class Post(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(
        min_length=1, max_length=200, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.:-]*$"
    )
    text: str = ""
    reply_to: str | None = None
    author: str = ""
    created_at: dt.datetime | None = None
    images: list[str] = []


def load_posts(path: str | Path) -> list[Post]:
    """The posts of a JSON Lines file, with ``file:line: field: problem`` errors."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read the posts file ({exc})") from None
    folder = path.parent.resolve()
    posts: list[Post] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            post = Post.model_validate(json.loads(line))
        except json.JSONDecodeError as exc:
            raise ConfigError(
                f"{where}: not JSON ({exc.msg}); each line holds one post object"
            ) from None
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(p) for p in err["loc"]) or "post"
            raise ConfigError(
                f"{where}: {field}: {err['msg']} (see docs/posts.md for the format)"
            ) from None
        if post.id in seen:
            raise ConfigError(
                f"{where}: id {post.id!r} is already used on line {seen[post.id]}; ids must be unique"
            )
        for i, rel in enumerate(post.images):
            if "\0" in rel:
                raise ConfigError(f"{where}: images[{i}]: {rel!r} contains a NUL byte, which no file name can hold")
            image = (folder / rel).resolve()
            if not image.is_relative_to(folder):
                raise ConfigError(
                    f"{where}: images[{i}]: {rel!r} is outside the posts file's folder {folder}"
                )
            if image.suffix.lower() not in IMAGE_SUFFIXES or not image.is_file():
                raise ConfigError(
                    f"{where}: images[{i}]: {rel!r} is not an image file next to the posts file ({', '.join(IMAGE_SUFFIXES)})"
                )
        seen[post.id] = number
        posts.append(post)
    if not posts:
        raise ConfigError(f"{path}: no posts (one JSON object per line)")
    return posts
