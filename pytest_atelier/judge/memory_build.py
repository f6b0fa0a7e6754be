"""``atelier memory build``: turn a user's scored images (or prompts) into an exemplar memory.

The input is a CSV file with one row per exemplar: ``task_id``, ``image`` (a path relative to
the CSV) or ``prompt``, and for each dimension a score column ``DIM`` (1-5) and a rationale
column ``DIM_rationale``. The output is a memory YAML file the judges load (see
:mod:`pytest_atelier.suite.exemplars`); name it in a suite's ``exemplars`` under ``OE.image``,
``CO.image`` (image memories) or ``OE``/``CO``/``IM`` (prompt memories).
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

import yaml
from pydantic import ValidationError

from ..components import IMAGE_DIMENSIONS, PROMPT_DIMENSIONS
from ..errors import SuiteError
from ..suite.exemplars import ExemplarMemory

__all__ = ["build_memory"]


def build_memory(table: str | Path, out: str | Path, *, name: str, side: str = "image", dimensions: list[str] | None = None) -> ExemplarMemory:
    """Read ``table``, validate every row, write the memory to ``out`` and return it."""
    table, out = Path(table), Path(out)
    dims = dimensions or list(IMAGE_DIMENSIONS if side == "image" else PROMPT_DIMENSIONS)
    try:
        with table.open(newline="", encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle))
    except OSError as exc:
        raise SuiteError(table, [(None, "", f"cannot read the table: {exc}")]) from exc
    if not rows:
        raise SuiteError(table, [(None, "", "the table has no rows")])
    problems, exemplars = [], []
    for line, row in enumerate(rows, start=2):  # line 1 is the header
        where = _problems_of_row(row, dims, side, table.parent)
        if where:
            problems += [(line, field, msg) for field, msg in where]
            continue
        entry = {"id": f"{name.replace('.', '_').lower()}_{line - 1:04d}", "task_id": row["task_id"]}
        if side == "image":
            image = (table.parent / row["image"]).resolve()
            entry["image"] = os.path.relpath(image, out.parent.resolve())
        else:
            entry["prompt"] = row["prompt"]
        entry["scores"] = {d: {"score": int(row[d]), "rationale": row[f"{d}_rationale"].strip()} for d in dims}
        exemplars.append(entry)
    if problems:
        raise SuiteError(table, problems)
    data = {"name": name, "side": side, "dimensions": dims, "exemplars": exemplars}
    try:
        memory = ExemplarMemory.model_validate(data)
    except ValidationError as exc:
        raise SuiteError(table, [(None, ".".join(map(str, e["loc"])), e["msg"]) for e in exc.errors()]) from None
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return memory


def _problems_of_row(row: dict, dims: list[str], side: str, base: Path) -> list[tuple[str, str]]:
    out = []
    if not (row.get("task_id") or "").strip():
        out.append(("task_id", "is empty"))
    if side == "image":
        if not (row.get("image") or "").strip():
            out.append(("image", "is empty"))
        elif not (base / row["image"]).is_file():
            out.append(("image", f"file not found: {row['image']}"))
    elif not (row.get("prompt") or "").strip():
        out.append(("prompt", "is empty"))
    for dim in dims:
        raw = (row.get(dim) or "").strip()
        if raw not in {"1", "2", "3", "4", "5"}:
            out.append((dim, f"needs a whole score from 1 to 5, got {raw!r}"))
        if not (row.get(f"{dim}_rationale") or "").strip():
            out.append((f"{dim}_rationale", "is empty"))
    return out
