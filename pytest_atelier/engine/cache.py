"""A content-addressed cache of model calls, safe for several processes.

Every finished call is one JSON file named by the hash of its inputs; images are PNG
blobs named by the hash of their bytes. Writes go to a temporary file that is renamed
into place, so a reader never sees half a file and an interrupted run keeps every call
that finished. Secrets never enter a key: components hash settings, not credentials.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator

__all__ = ["Cache", "call_key", "CallCounter"]

LAYOUT = "v1"


def call_key(kind: str, *parts: Any) -> str:
    """A stable hash of a call's kind and inputs (JSON-encoded, keys sorted)."""
    blob = json.dumps([kind, *parts], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class CallCounter:
    """Counts, per call kind, calls made and calls answered from the cache."""

    def __init__(self):
        self.by_kind: dict[str, dict[str, int]] = {}

    def add(self, kind: str, cached: bool) -> None:
        entry = self.by_kind.setdefault(kind, {"made": 0, "cached": 0})
        entry["cached" if cached else "made"] += 1

    @property
    def made(self) -> int:
        return sum(e["made"] for e in self.by_kind.values())

    @property
    def cached(self) -> int:
        return sum(e["cached"] for e in self.by_kind.values())


class Cache:
    def __init__(self, root: str | Path):
        self.root = Path(root) / LAYOUT
        for sub in ("calls", "blobs", "locks"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)

    def _path(self, sub: str, key: str, suffix: str) -> Path:
        return self.root / sub / key[:2] / f"{key}{suffix}"

    def get(self, key: str) -> Any | None:
        path = self._path("calls", key, ".json")
        try:
            return json.loads(path.read_text(encoding="utf-8"))["value"]
        except FileNotFoundError:
            return None
        except (json.JSONDecodeError, KeyError, OSError):
            return None  # a damaged entry is recomputed, never trusted

    def put(self, key: str, value: Any) -> None:
        _atomic_write(self._path("calls", key, ".json"), json.dumps({"value": value}, ensure_ascii=False).encode("utf-8"))

    def get_or_call(self, kind: str, key: str, compute: Callable[[], Any], counter: CallCounter | None = None) -> Any:
        """The cached value for ``key``, or ``compute()`` stored under it."""
        value = self.get(key)
        if value is not None:
            if counter:
                counter.add(kind, cached=True)
            return value
        value = compute()
        self.put(key, value)
        if counter:
            counter.add(kind, cached=False)
        return value

    def put_blob(self, data: bytes, suffix: str = ".png") -> tuple[Path, str]:
        digest = hashlib.sha256(data).hexdigest()
        path = self._path("blobs", digest, suffix)
        if not path.exists():
            _atomic_write(path, data)
        return path, digest

    def blob_path(self, digest: str, suffix: str = ".png") -> Path:
        return self._path("blobs", digest, suffix)

    @contextlib.contextmanager
    def lock(self, key: str) -> Iterator[None]:
        """An exclusive lock across processes (so two workers never produce one run twice)."""
        path = self.root / "locks" / f"{key}.lock"
        with open(path, "a+b") as handle:
            try:
                import fcntl
            except ImportError:  # pragma: no cover - not POSIX: the cache stays correct, may repeat work
                yield
                return
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)


def _atomic_write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
