"""Convert a Mastodon account archive into the posts format.

Mastodon lets every user download their own data (Preferences > Import and export > Request
your archive): a zip (or its unpacked folder) holding ``outbox.json``, an ActivityStreams
``OrderedCollection`` whose ``Create`` activities carry the user's posts as ``Note`` objects
(``content`` in HTML, ``inReplyTo``, ``published``, ``attachment`` with a ``url`` into the
archive's ``media_attachments/`` folder). Boosts (``Announce``) are someone else's posts and are
left out; replies to posts outside the archive keep their ``reply_to`` and start a thread.
"""

from __future__ import annotations

import html.parser
import json
import re
import zipfile
from pathlib import Path, PurePosixPath

from ..errors import ConfigError
from .model import IMAGE_SUFFIXES

_POST_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}")  # what the posts format accepts as an id

__all__ = ["convert_mastodon_archive", "html_to_text"]


class _Text(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "br":
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag == "p":
            self.parts.append("\n\n")

    def handle_data(self, data):
        self.parts.append(data)


def html_to_text(content: str) -> str:
    """A post's HTML as plain text: paragraphs and line breaks kept, tags dropped, entities decoded."""
    parser = _Text()
    parser.feed(content or "")
    parser.close()
    lines = "".join(parser.parts).split("\n")
    return "\n".join(line.rstrip() for line in lines).strip()


def _attachments(value) -> list[dict]:
    """A Note's attachments as mappings: ActivityStreams allows one object, a list, or a bare URL."""
    items = value if isinstance(value, list) else [value]
    return [{"url": a} if isinstance(a, str) else a for a in items if isinstance(a, (dict, str))]


def _status_id(url: str) -> str:
    """The numeric id at the end of a status URL (``https://host/users/u/statuses/123`` -> ``123``)."""
    tail = url.rstrip("/").rsplit("/", 1)[-1]
    return tail if tail else url


def convert_mastodon_archive(archive: str | Path, out: str | Path) -> int:
    """Write ``out`` (posts JSON Lines) and ``out``'s folder ``media/`` from an archive; returns the post count."""
    archive, out = Path(archive), Path(out)
    reader = _Archive(archive)
    try:
        outbox = json.loads(reader.read("outbox.json"))
    except (KeyError, FileNotFoundError):
        raise ConfigError(
            f"{archive}: no outbox.json; give the zip Mastodon sent, or the folder it unpacks to"
        ) from None
    except json.JSONDecodeError as exc:
        raise ConfigError(
            f"{archive}: outbox.json is not JSON ({exc.msg} at line {exc.lineno})"
        ) from None
    except (RecursionError, UnicodeDecodeError):
        raise ConfigError(
            f"{archive}: outbox.json is not a Mastodon outbox (not UTF-8 JSON, or nested too deeply to be one)"
        ) from None
    items = outbox.get("orderedItems") if isinstance(outbox, dict) else None
    if not isinstance(items, list):
        raise ConfigError(
            f"{archive}: outbox.json has no orderedItems list (is this a Mastodon archive?)"
        )
    media = out.parent / "media"
    lines = []
    for n, item in enumerate(items):
        note = (
            item.get("object")
            if isinstance(item, dict) and item.get("type") == "Create"
            else None
        )
        if not isinstance(note, dict) or note.get("type") != "Note":
            continue  # boosts, polls' votes and other activities
        post_id = _status_id(str(note.get("id", "")))
        if not _POST_ID.fullmatch(post_id):
            raise ConfigError(
                f"{archive}: outbox.json orderedItems[{n}].object.id {note.get('id')!r} does not end in a status id"
            )
        images = []
        for k, attachment in enumerate(_attachments(note.get("attachment"))):
            url = str(attachment.get("url", ""))
            name = PurePosixPath(url).name
            if (
                not str(attachment.get("mediaType", "image/")).startswith("image/")
                or PurePosixPath(name).suffix.lower() not in IMAGE_SUFFIXES
                or "\0" in url
            ):
                continue
            try:
                data = reader.read(url.lstrip("/"))
            except (KeyError, FileNotFoundError):
                continue  # media the archive does not hold (remote or deleted)
            media.mkdir(parents=True, exist_ok=True)
            target = media / f"{post_id}-{k + 1}{PurePosixPath(name).suffix.lower()}"
            target.write_bytes(data)
            images.append(target.relative_to(out.parent).as_posix())
        reply = note.get("inReplyTo")
        lines.append(
            json.dumps(
                {
                    "id": post_id,
                    "text": html_to_text(str(note.get("content") or "")),
                    "reply_to": _status_id(str(reply)) if reply else None,
                    "author": str(note.get("attributedTo") or item.get("actor") or ""),
                    "created_at": note.get("published") or item.get("published"),
                    "images": images,
                },
                ensure_ascii=False,
            )
        )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return len(lines)


class _Archive:
    """Reads members of the zip, or files of the unpacked folder, without leaving it."""

    def __init__(self, path: Path):
        self.path = path
        if not path.exists():
            raise ConfigError(f"{path}: no such file or folder; give the archive Mastodon sent (archive-*.zip) or its unpacked folder")
        if path.is_dir():
            self.zip = None
        elif zipfile.is_zipfile(path):
            self.zip = zipfile.ZipFile(path)
        else:
            raise ConfigError(
                f"{path}: not a zip file or a folder; give the archive Mastodon sent (archive-*.zip)"
            )

    def read(self, member: str) -> bytes:
        if self.zip is not None:
            return self.zip.read(member)
        if "\0" in member:
            raise FileNotFoundError(member)
        root = self.path.resolve()
        target = (root / member).resolve()
        if not target.is_relative_to(root):
            raise FileNotFoundError(member)
        return target.read_bytes()
