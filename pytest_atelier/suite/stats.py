"""Suite statistics: primitive and tag distributions, checklist sizes (``atelier suite stats``)."""

from __future__ import annotations

from collections import Counter

from .loader import Suite
from .models import CONSTRAINT_PRIMITIVES, SEMANTIC_PRIMITIVES, TAG_VOCABULARY, Category

__all__ = ["suite_stats", "format_stats"]


def suite_stats(suite: Suite) -> dict:
    """Counts per category: tasks, tags (paper table 6), primitive instances and checklist sizes (table 7)."""
    cats = [c.value for c in Category]
    out: dict = {"suite": suite.manifest.name, "tasks": {}, "tags": {}, "primitives": {}, "instances": {}, "checklist": {}}
    for cat in cats:
        tasks = [t for t in suite.tasks if t.category.value == cat]
        out["tasks"][cat] = len(tasks)
        tags = Counter(tag for t in tasks for tag in set(t.tags.all()))
        for dim, vocab in TAG_VOCABULARY.items():
            for tag in vocab:
                out["tags"].setdefault(dim, {}).setdefault(tag, {})[cat] = tags[tag]
        prim = Counter()
        for t in tasks:
            prim.update({p.value: n for p, n in t.primitives.items()})
        out["primitives"][cat] = dict(prim)
        sem = [sum(t.primitives.get(p, 0) for p in SEMANTIC_PRIMITIVES) for t in tasks]
        con = [sum(t.primitives.get(p, 0) for p in CONSTRAINT_PRIMITIVES) for t in tasks]
        out["instances"][cat] = {"semantic": _summary(sem), "constraint": _summary(con)}
        out["checklist"][cat] = _summary([len(t.checkpoints) for t in tasks])
    return out


def _summary(values: list[int]) -> dict:
    if not values:
        return {"n": 0, "min": None, "max": None, "mean": None, "std": None}
    n = len(values)
    mean = sum(values) / n
    std = (sum((v - mean) ** 2 for v in values) / n) ** 0.5
    return {"n": n, "min": min(values), "max": max(values), "mean": round(mean, 2), "std": round(std, 2)}


def format_stats(stats: dict) -> str:
    cats = [c.value for c in Category]
    lines = [f"suite {stats['suite']}: " + ", ".join(f"{c} {stats['tasks'][c]}" for c in cats) + " tasks", ""]
    lines.append(f"{'tag':<26}" + "".join(f"{c:>6}" for c in cats))
    for dim, tags in stats["tags"].items():
        lines.append(f"[{dim}]")
        for tag, counts in tags.items():
            lines.append(f"  #{tag:<23}" + "".join(f"{counts[c]:>6}" for c in cats))
    lines += ["", f"{'primitive':<26}" + "".join(f"{c:>6}" for c in cats)]
    for p in (*SEMANTIC_PRIMITIVES, *CONSTRAINT_PRIMITIVES):
        lines.append(f"  {p.value:<24}" + "".join(f"{stats['primitives'][c].get(p.value, 0):>6}" for c in cats))
    lines += ["", f"{'instances per task':<26}{'min':>6}{'max':>6}{'mean':>7}{'std':>6}"]
    for c in cats:
        for kind in ("semantic", "constraint"):
            s = stats["instances"][c][kind]
            lines.append(f"  {c} {kind:<21}" + _row(s))
    lines += ["", f"{'checklist size':<26}{'min':>6}{'max':>6}{'mean':>7}{'std':>6}"]
    for c in cats:
        lines.append(f"  {c:<24}" + _row(stats["checklist"][c]))
    return "\n".join(lines)


def _row(s: dict) -> str:
    if not s["n"]:
        return f"{'-':>6}{'-':>6}{'-':>7}{'-':>6}"
    return f"{s['min']:>6}{s['max']:>6}{s['mean']:>7}{s['std']:>6}"
