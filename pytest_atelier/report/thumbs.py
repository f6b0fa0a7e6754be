"""Image thumbnails for the report: small JPEG files beside it, or data URIs inside it.

:class:`Thumbnails` collects every image the report shows (generated images, IM target
images), makes the missing thumbnails in a thread pool (Pillow releases the GIL while it
decodes and resizes), and answers each image's ``src`` or the reason it has none.
Thumbnail files are named by content hash, so a second render reuses them. The engine makes a
generated image's thumbnail as it stores the image (:func:`make_thumbnail`, beside it in the
cache), so a first render only links those into place.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import shutil
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, UnidentifiedImageError

__all__ = ["THUMB_SIZE", "UNREADABLE", "Thumb", "Thumbnails", "cached_thumbnail", "make_thumbnail"]

THUMB_SIZE = 192  # longest side in pixels; shown 128 px wide, enlarged to this on a click
UNREADABLE = (OSError, UnidentifiedImageError, Image.DecompressionBombError)  # what reading a bad image raises


def cached_thumbnail(image: Path) -> Path:
    """Where the thumbnail made with an image lies: beside it, ``NAME.thumb.jpg``."""
    return image.with_name(f"{image.stem}.thumb.jpg")


def make_thumbnail(image: Path) -> Path:
    """Write ``image``'s thumbnail beside it (unless it is there); raises one of ``UNREADABLE`` when it cannot be read."""
    target = cached_thumbnail(image)
    if not target.is_file():
        _write_atomic(target, _jpeg(image))
    return target


def _jpeg(source: Path) -> bytes:
    with Image.open(source) as image:
        image.draft("RGB", (THUMB_SIZE, THUMB_SIZE))
        image.thumbnail((THUMB_SIZE, THUMB_SIZE), reducing_gap=2.0)
        small = image.convert("RGB")
    buffer = io.BytesIO()
    small.save(buffer, "JPEG", quality=80, optimize=True)
    return buffer.getvalue()


def _write_atomic(target: Path, data: bytes) -> None:
    tmp = target.with_name(f"{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    tmp.write_bytes(data)
    tmp.replace(target)


@dataclass(frozen=True)
class Thumb:
    """What the page shows for one image: ``src`` (relative file or data URI) or ``missing`` (why not)."""

    src: str | None
    missing: str = ""


class Thumbnails:
    """Thumbnails written to ``folder`` (linked as ``link_prefix/NAME``), or embedded when ``embed``."""

    def __init__(self, folder: Path, link_prefix: str, *, embed: bool = False, workers: int | None = None):
        self.folder, self.link_prefix, self.embed = Path(folder), link_prefix, embed
        self.workers = workers or min(8, os.cpu_count() or 1)
        self._wanted: dict[str, str | Path] = {}  # key -> source (a Path only when its thumbnail is made: 46,000 cost 1 s)
        self._done: dict[str, Thumb] = {}

    def add(self, path: str | Path, sha256: str | None = None) -> str:
        """Register an image; returns the key to look its :class:`Thumb` up by after :meth:`make`."""
        key = sha256 or "p" + hashlib.sha256(str(path).encode()).hexdigest()
        self._wanted.setdefault(key, path)
        return key

    def make(self) -> None:
        """Make every registered thumbnail that is not made yet."""
        todo = []
        for key, source in self._wanted.items():
            if key in self._done:
                continue
            name = self._name(key)
            if not self.embed and (self.folder / name).is_file():  # made by an earlier render
                self._done[key] = Thumb(f"{self.link_prefix}/{name}")
            else:
                todo.append((key, Path(source)))
        if not todo:
            return
        if not self.embed:
            self.folder.mkdir(parents=True, exist_ok=True)
        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            for key, thumb in zip([k for k, _ in todo], pool.map(lambda kp: self._one(*kp), todo)):
                self._done[key] = thumb

    def get(self, key: str) -> Thumb:
        return self._done.get(key) or Thumb(None, "not rendered")

    @staticmethod
    def _name(key: str) -> str:
        return f"{key[:24]}.jpg"

    def _one(self, key: str, source: Path) -> Thumb:
        name = self._name(key)
        target = self.folder / name
        cached = cached_thumbnail(source)
        if not source.is_file():
            return Thumb(None, f"image file not found: {source}")
        if cached.is_file() and not self.embed:  # made with the image: link it into place
            try:
                os.link(cached, target)
            except FileExistsError:  # a render beside this one linked it first
                pass
            except OSError:  # another file system, or no hard links there
                tmp = target.with_name(f"{name}.{os.getpid()}.{threading.get_ident()}.tmp")
                shutil.copyfile(cached, tmp)
                tmp.replace(target)
            return Thumb(f"{self.link_prefix}/{name}")
        try:
            data = cached.read_bytes() if cached.is_file() else _jpeg(source)
        except UNREADABLE as exc:
            return Thumb(None, f"cannot read image {source.name}: {exc}")
        if self.embed:
            return Thumb("data:image/jpeg;base64," + base64.b64encode(data).decode("ascii"))
        _write_atomic(target, data)
        return Thumb(f"{self.link_prefix}/{name}")
