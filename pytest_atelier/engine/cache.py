"""A content-addressed cache of model calls, safe for several processes.

Every finished call is one JSON file named by the hash of its inputs; images are PNG
blobs named by the hash of their bytes. Writes go to a temporary file that is renamed
into place, so a reader never sees half a file and an interrupted run keeps every call
that finished. Secrets never enter a key: components hash settings, not credentials.

Nothing is handed back unchecked. Each call entry carries the SHA-256 of its value's canonical
JSON; an entry that is not valid JSON, not such an envelope, whose checksum does not match (a
flipped bit), or whose value has the wrong shape for its kind (:data:`SHAPES`) is a miss: it is recomputed and the reason logged once
(logger ``pytest_atelier.cache``). A ``generate`` entry whose image blob is missing or no longer
hashes to its name (a truncated or edited PNG) is a miss too, and :meth:`Cache.put_blob`
rewrites a blob whose bytes do not match its name instead of skipping it.
"""

from __future__ import annotations

import contextlib
import itertools
import dataclasses
import hashlib
import json
import logging
import os
import re
import threading
from pathlib import Path
import typing
from typing import Any, Callable, Iterator

from pydantic import ValidationError

from ..components import Outcome, Safety, Score, Verdict
from ..errors import ConfigError
from .calls import CallCounter

__all__ = ["Cache", "call_key", "SHAPES", "shape_problem", "atomic_write", "file_lock"]

LAYOUT = "v1"
log = logging.getLogger("pytest_atelier.cache")
_tmp_numbers = itertools.count()
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_CHOICES = {"side": ("prompt", "image"), "outcome": typing.get_args(Outcome)}
_TYPES = {"str": str, "bool": bool, "float | None": (int, float, type(None)), "list[str]": list, "list[str] | None": (list, type(None))}


def _checksum(value: Any) -> str:
    """The SHA-256 of a value's canonical JSON (what a stored entry must still hash to)."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def call_key(kind: str, *parts: Any) -> str:
    """A stable hash of a call's kind and inputs (JSON-encoded, keys sorted)."""
    blob = json.dumps([kind, *parts], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def _fits(cls) -> Callable[[Any], str | None]:
    """A check that a dict can rebuild ``cls`` (a dataclass): required fields, no unknown ones,
    plain types where the annotation is a plain type."""
    fields = {f.name: f for f in dataclasses.fields(cls)}
    required = {n for n, f in fields.items() if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}

    def check(value: Any) -> str | None:
        if not isinstance(value, dict):
            return f"expected a {cls.__name__} mapping, got {type(value).__name__}"
        missing, unknown = required - value.keys(), value.keys() - fields.keys()
        if missing or unknown:
            return f"{cls.__name__} fields missing {sorted(missing)}, unknown {sorted(unknown)}"
        for name, item in value.items():
            kind = _TYPES.get(str(fields[name].type))
            if kind is not None and (not isinstance(item, kind) or (kind is not bool and isinstance(item, bool))):
                return f"{cls.__name__}.{name} is {type(item).__name__}"
        for name, choices in _CHOICES.items():
            if name in fields and value[name] not in choices:
                return f"{cls.__name__}.{name} is {value[name]!r}"
        return None

    return check


def _list_of(check: Callable[[Any], str | None]) -> Callable[[Any], str | None]:
    def checks(value: Any) -> str | None:
        if not isinstance(value, list):
            return f"expected a list, got {type(value).__name__}"
        return next((p for p in map(check, value) if p), None)

    return checks


def _meta(meta: Any) -> str | None:
    """A component's meta mapping; the cost the engine adds up must be a number."""
    if not isinstance(meta, dict):
        return "meta is not a mapping"
    cost = meta.get("cost_usd")
    return None if cost is None or (isinstance(cost, (int, float)) and not isinstance(cost, bool)) else "meta.cost_usd is not a number"


def _prompt(value: Any) -> str | None:
    if not isinstance(value, dict) or set(value) != {"prompts", "meta"}:
        return "expected {prompts, meta}"
    if not isinstance(value["prompts"], list) or not value["prompts"]:
        return "expected a non-empty prompts list"
    if not all(isinstance(p, str) for p in value["prompts"]):
        return "a prompt is not a string"
    return _meta(value["meta"])


def _generate(value: Any) -> str | None:
    if not isinstance(value, dict) or set(value) != {"sha256", "meta"}:
        return "expected {sha256, meta}"
    if not isinstance(value["sha256"], str) or not _SHA256.match(value["sha256"]):
        return "sha256 is not a hex digest"
    return _meta(value["meta"])


def _metric(value: Any) -> str | None:
    from ..results.records import MetricRecord

    try:
        MetricRecord.model_validate(value)
    except ValidationError as exc:
        return f"not a metric: {exc.errors()[0]['msg']}"
    return None


SHAPES: dict[str, Callable[[Any], str | None]] = {
    "metrics": _list_of(_metric),
    "prompt": _prompt,
    "generate": _generate,
    "judge_prompt": _list_of(_fits(Verdict)),
    "judge_image": _list_of(_fits(Verdict)),
    "score_prompt": _list_of(_fits(Score)),
    "score_image": _list_of(_fits(Score)),
    "safety_prompt": _fits(Safety),
    "safety_image": _fits(Safety),
}


def shape_problem(kind: str, value: Any) -> str | None:
    """Why ``value`` cannot be a cached ``kind`` answer, or None when it can (unknown kinds: any)."""
    check = SHAPES.get(kind)
    return check(value) if check else None


class Cache:
    def __init__(self, root: str | Path):
        self.root = Path(root) / LAYOUT
        try:
            for sub in ("calls", "blobs", "locks"):
                (self.root / sub).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConfigError(
                f"cache folder {Path(root)} cannot be used ({exc.strerror or exc}): point --atelier-cache-dir "
                "(ini atelier_cache_dir) at a folder you can write, or at a path that does not exist yet"
            ) from None
        self._verified: set[tuple[str, int, int]] = set()  # blobs already hashed: (path, size, mtime_ns)
        self._warned: set[str] = set()
        self._folders: set[Path] = set()  # folders this process has made sure exist
        self._root_text = str(self.root)

    def _path(self, sub: str, key: str, suffix: str) -> Path:
        return Path(f"{self._root_text}/{sub}/{key[:2]}/{key}{suffix}")

    def _write(self, path: Path, data: bytes) -> None:
        if path.parent in self._folders:
            try:
                return atomic_write(path, data, make_folder=False)
            except FileNotFoundError:  # the folder was removed meanwhile: make it again
                pass
        atomic_write(path, data)
        self._folders.add(path.parent)

    def get(self, key: str, kind: str = "") -> Any | None:
        """The value stored under ``key``, or None when there is none or it cannot be trusted: not
        JSON, not a ``{value, sha256}`` envelope, a checksum that does not match the value (a flipped
        bit), or a value of the wrong shape for ``kind`` (:data:`SHAPES`). The reason is logged once."""
        path = self._path("calls", key, ".json")
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            return self._distrust(key, kind, f"unreadable ({exc.strerror or exc})")
        try:
            entry = json.loads(raw)
        except ValueError:
            return self._distrust(key, kind, "not JSON")
        if not isinstance(entry, dict) or "value" not in entry or set(entry) - {"value", "sha256"}:
            return self._distrust(key, kind, "not a cache entry")
        value = entry["value"]
        if "sha256" in entry and entry["sha256"] != _checksum(value):
            return self._distrust(key, kind, "its checksum does not match its content")
        if value is None:  # put(key, None) forgets an answer on purpose
            return None
        problem = shape_problem(kind, value)
        if problem is None and kind == "generate" and not self.blob_ok(value["sha256"]):
            problem = f"image blob {value['sha256'][:12]} is missing or damaged"
        if problem:
            return self._distrust(key, kind, problem)
        if "sha256" not in entry:  # written before entries had checksums: add one
            with contextlib.suppress(OSError):
                self.put(key, value)
        return value

    def _distrust(self, key: str, kind: str, problem: str) -> None:
        self._warn(key, f"cache entry {kind or 'call'} {key[:12]} is recomputed: {problem}")
        return None

    def put(self, key: str, value: Any) -> None:
        entry = {"value": value, "sha256": _checksum(value)}
        self._write(self._path("calls", key, ".json"), json.dumps(entry, ensure_ascii=False).encode("utf-8"))

    def get_or_call(self, kind: str, key: str, compute: Callable[[], Any], counter: CallCounter | None = None) -> Any:
        """The cached value for ``key`` (counted on ``counter`` as an answer reused), or
        ``compute()`` stored under it (its requests count themselves, as they go out)."""
        value = self.get(key, kind)
        if value is not None:
            if counter:
                counter.add(kind, "cached")
            return value
        value = compute()
        self.put(key, value)
        return value

    def put_blob(self, data: bytes, suffix: str = ".png") -> tuple[Path, str]:
        digest = hashlib.sha256(data).hexdigest()
        path = self._path("blobs", digest, suffix)
        if not self.blob_ok(digest, suffix):  # missing, or damaged: write it (again)
            self._write(path, data)
        return path, digest

    def blob_path(self, digest: str, suffix: str = ".png") -> Path:
        return self._path("blobs", digest, suffix)

    def blob_ok(self, digest: str, suffix: str = ".png") -> bool:
        """Whether the blob exists and its bytes still hash to its name (checked once per process
        while its size and modification time stay the same)."""
        path = self.blob_path(digest, suffix)
        try:
            stat = path.stat()
            seen = (str(path), stat.st_size, stat.st_mtime_ns)
            if seen in self._verified:
                return True
            ok = hashlib.sha256(path.read_bytes()).hexdigest() == digest
        except OSError:
            return False
        if ok:
            self._verified.add(seen)
        else:
            self._warn(digest, f"image blob {path} is damaged (its bytes do not hash to its name): it is made again")
        return ok

    def _warn(self, what: str, message: str) -> None:
        if what not in self._warned:
            self._warned.add(what)
            log.warning(message)

    def lock(self, key: str) -> contextlib.AbstractContextManager[None]:
        """An exclusive lock across processes (so two workers never produce one run twice)."""
        return file_lock(self.root / "locks" / f"{key}.lock")


@contextlib.contextmanager
def file_lock(path: Path, blocking: bool = True) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``path`` (made if missing); on a platform without it, nothing.
    With ``blocking=False``, raise ``BlockingIOError`` at once when another holds it."""
    with open(path, "a+b") as handle:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX: the cache stays correct, may repeat work
            yield
            return
        fcntl.flock(handle, fcntl.LOCK_EX if blocking else fcntl.LOCK_EX | fcntl.LOCK_NB)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def atomic_write(path: Path, data: bytes, make_folder: bool = True) -> None:
    """Write ``data`` to a new file beside ``path`` (a name no other process or thread uses),
    then rename it into place."""
    if make_folder:
        path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.parent / f".tmp-{os.getpid()}-{threading.get_ident()}-{next(_tmp_numbers)}"
    try:
        with open(tmp, "xb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
