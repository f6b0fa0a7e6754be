"""Read one results file for the report a chunk of runs at a time, never the whole file as records.

:func:`load_results` turns a file of 11,520 runs into a million pydantic records at once (2 GB).
The report needs each run only long enough to fold it into a :class:`~.view.Digest`, so here
``msgspec`` splits the file into the raw JSON of each run and each item (views into the bytes
read, no parsing of their contents), and pydantic validates them in chunks with the same models
as :func:`load_results`: the same checks, and an error that names the file, the run or item,
and the field. What cannot be streamed (a file that is not a results file at all, or whose
aggregates are from an older version and must be recomputed from every run) returns ``None``,
and the caller loads the file the ordinary way, which also gives its precise error. So does a
missing ``msgspec`` (the ``report`` extra: ``pip install 'pytest-atelier[report]'``).
"""

from __future__ import annotations

import json
import types
from collections.abc import Iterator
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from ..errors import GateError
from ..results.aggregate import AGGREGATES_VERSION
from ..results.records import (
    READABLE_VERSIONS,
    SCHEMA,
    ItemRecord,
    Results,
    RunRecord,
    _resolve_relative_paths,
    paused_gc,
)
from .thumbs import Thumbnails
from .view import Digest, Loaded, load_inputs

try:
    import msgspec
except ImportError:  # the report extra is not installed: files are loaded whole
    msgspec = None

__all__ = ["stream_inputs"]

RUN_CHUNK = 256  # runs validated together: large enough for pydantic's speed, small enough to be forgotten
ITEM_CHUNK = 4096

_RUNS = TypeAdapter(list[RunRecord])
_ITEMS = TypeAdapter(list[ItemRecord])


def _chunks(path: Path, field: str, raws: list, size: int, adapter: TypeAdapter) -> Iterator[list]:
    for start in range(0, len(raws), size):
        try:
            yield adapter.validate_json(b"[" + b",".join(raws[start : start + size]) + b"]")
        except ValidationError as exc:
            first = exc.errors()[0]
            loc = list(first["loc"])
            where = ".".join(str(p) for p in [field, start + int(loc[0]), *loc[1:]]) if loc else field
            raise GateError(f"{path}: {where}: {first['msg']}") from exc


def _array(top: dict, name: str) -> list | None:
    if name not in top:
        return []
    try:
        return msgspec.json.decode(top[name], type=list[msgspec.Raw])
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None


def stream_inputs(path: str | Path, thumbs: Thumbnails, *, intervals: bool = True) -> tuple[Loaded, Digest] | None:
    """The report's inputs from one results file read in chunks, or ``None`` when it must be loaded whole."""
    path = Path(path)
    if msgspec is None:
        return None
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise GateError(f"{path}: cannot read results: {exc}") from exc
    try:
        top = msgspec.json.decode(raw, type=dict[str, msgspec.Raw])
        schema, version = (msgspec.json.decode(top[k]) if k in top else None for k in ("schema", "version"))
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None
    runs, items = _array(top, "runs"), _array(top, "items")
    if schema != SCHEMA or version not in READABLE_VERSIONS or runs is None or items is None:
        return None
    head = b"{" + b",".join(json.dumps(k).encode() + b":" + bytes(v) for k, v in top.items() if k not in ("runs", "items")) + b"}"
    del top
    with paused_gc():
        try:
            header = Results.model_validate_json(head)
        except ValidationError:
            return None  # the ordinary load names the field
        if header.aggregates.get("version") != AGGREGATES_VERSION:
            return None
        base = path.resolve().parent
        _resolve_relative_paths(header, base)
        loaded = load_inputs([header], intervals=intervals)  # the aggregates are current: nothing recomputed
        digest = Digest(loaded.tasks, thumbs)
        for chunk in _chunks(path, "items", items, ITEM_CHUNK, _ITEMS):
            digest.add_items(chunk)
        del items
        for chunk in _chunks(path, "runs", runs, RUN_CHUNK, _RUNS):
            _resolve_relative_paths(types.SimpleNamespace(suite={}, runs=chunk), base)  # relative image paths read from the file's folder
            for run in chunk:
                digest.add(run)
    return loaded, digest
