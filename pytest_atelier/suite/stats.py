"""Suite statistics: primitive and tag distributions, checklist sizes (``atelier suite stats``)."""

from __future__ import annotations

from collections import Counter

from .loader import Suite
from .models import CONSTRAINT_PRIMITIVES, SEMANTIC_PRIMITIVES, TAG_VOCABULARY, Category

__all__ = ["suite_stats", "format_stats", "PAPER_TAGS", "PAPER_INSTANCES", "tag_gap", "paper_without_theme"]

# The AtelierEval paper's figures over its 360 tasks (facts, for comparison): appendix B,
# Table 6 (tasks carrying each tag, per category: OE, CO, IM) and appendix C, Table 7 (challenge
# primitive instances per task: min, max, mean, std).
PAPER_TAGS: dict[str, tuple[int, int, int]] = {
    "object": (56, 96, 39), "character": (49, 37, 58), "environment": (45, 34, 54), "typography": (6, 76, 18),
    "data_element": (17, 32, 14),
    "portrait_closeup": (27, 25, 22), "full_body_shot": (18, 21, 20), "schematic_diagram": (18, 25, 26),
    "knolling_layout": (10, 15, 6), "sequential_panel": (7, 6, 15), "ui_interface": (8, 6, 12), "isometric_view": (0, 6, 4),
    "photorealistic": (43, 37, 48), "traditional_media": (50, 12, 6), "vector_flat": (7, 52, 18), "3d_render": (15, 26, 27),
    "cel_shaded": (5, 8, 19),
    "corporate_clean": (21, 56, 35), "scifi_cyberpunk": (24, 14, 17), "fantasy_mythic": (26, 9, 13),
    "abstract_conceptual": (25, 2, 11), "cute_pop": (15, 27, 13), "retro_vintage": (27, 15, 4), "horror_dark": (16, 3, 1),
}  # fmt: skip
PAPER_INSTANCES: dict[str, dict[str, tuple[float, float, float, float]]] = {
    "OE": {"semantic": (6, 10, 8.2, 0.9), "constraint": (0, 0, 0.0, 0.0)},
    "CO": {"semantic": (3, 4, 3.7, 0.4), "constraint": (10, 18, 12.7, 3.1)},
    "IM": {"semantic": (3, 7, 4.3, 1.0), "constraint": (7, 16, 12.4, 2.8)},
}


def tag_gap(tags: dict, category: str) -> int:
    """Summed distance of one category's tag counts (``stats["tags"]``) from the paper's Table 6."""
    cats = [c.value for c in Category]
    return sum(abs(counts[category] - PAPER_TAGS[tag][cats.index(category)])
               for dim in tags.values() for tag, counts in dim.items())


def paper_without_theme(category: str, per_category: int = 120) -> int:
    """The fewest of the paper's tasks in ``category`` that carry no theme tag: Table 6 counts tags, a
    task may carry several, so at most the summed theme counts have one (0 where they reach 120)."""
    index = [c.value for c in Category].index(category)
    return max(0, per_category - sum(PAPER_TAGS[tag][index] for tag in TAG_VOCABULARY["theme"]))


def suite_stats(suite: Suite) -> dict:
    """Counts per category: tasks, tags (paper table 6), tasks with no theme tag (none of the seven
    applies), the summed tag gap, primitive instances and checklist sizes (table 7)."""
    cats = [c.value for c in Category]
    out: dict = {"suite": suite.manifest.name, "tasks": {}, "tags": {}, "without_theme": {}, "tag_gap": {}, "primitives": {},
                 "instances": {}, "checklist": {},
                 "paper": {"tags": {tag: dict(zip(cats, n)) for tag, n in PAPER_TAGS.items()},
                           "without_theme_at_least": {c: paper_without_theme(c) for c in cats},
                           "instances": {c: {k: dict(zip(("min", "max", "mean", "std"), v)) for k, v in kinds.items()}
                                         for c, kinds in PAPER_INSTANCES.items()}}}
    for cat in cats:
        tasks = [t for t in suite.tasks if t.category.value == cat]
        out["tasks"][cat] = len(tasks)
        tags = Counter(tag for t in tasks for tag in set(t.tags.all()))
        for dim, vocab in TAG_VOCABULARY.items():
            for tag in vocab:
                out["tags"].setdefault(dim, {}).setdefault(tag, {})[cat] = tags[tag]
        out["without_theme"][cat] = sorted(t.id for t in tasks if not t.tags.theme)
        prim = Counter()
        for t in tasks:
            prim.update({p.value: n for p, n in t.primitives.items()})
        out["primitives"][cat] = dict(prim)
        sem = [sum(t.primitives.get(p, 0) for p in SEMANTIC_PRIMITIVES) for t in tasks]
        con = [sum(t.primitives.get(p, 0) for p in CONSTRAINT_PRIMITIVES) for t in tasks]
        out["instances"][cat] = {"semantic": _summary(sem), "constraint": _summary(con)}
        out["checklist"][cat] = _summary([len(t.checkpoints) for t in tasks])
    out["tag_gap"] = {c: tag_gap(out["tags"], c) for c in cats}
    return out


def _summary(values: list[int]) -> dict:
    if not values:
        return {"n": 0, "min": None, "max": None, "mean": None, "std": None}
    n = len(values)
    mean = sum(values) / n
    std = (sum((v - mean) ** 2 for v in values) / n) ** 0.5
    return {"n": n, "min": min(values), "max": max(values), "mean": round(mean, 2), "std": round(std, 2)}


def format_stats(stats: dict) -> str:
    """Tables of the suite's figures, each beside the paper's (Table 6 for tags, Table 7 for
    primitive instances per task); the paper has 120 tasks per category."""
    cats = [c.value for c in Category]
    paper = stats.get("paper", {})
    lines = [f"suite {stats['suite']}: " + ", ".join(f"{c} {stats['tasks'][c]}" for c in cats) + " tasks"
             + ("; paper: 120 per category" if paper else ""), ""]
    lines.append(f"{'tag (suite | paper Table 6)':<30}" + "".join(f"{c:>5}" for c in cats) + "  |" + "".join(f"{c:>5}" for c in cats))
    for dim, tags in stats["tags"].items():
        lines.append(f"[{dim}]")
        for tag, counts in tags.items():
            theirs = paper.get("tags", {}).get(tag)
            ref = "  |" + "".join(f"{theirs[c]:>5}" for c in cats) if theirs else ""
            lines.append(f"  #{tag:<27}" + "".join(f"{counts[c]:>5}" for c in cats) + ref)
    if "without_theme" in stats:
        least = paper.get("without_theme_at_least")
        ref = "  |" + "".join(f"{'>=' + str(least[c]):>5}" for c in cats) if least else ""
        lines.append(f"  {'(none of the 7 themes)':<28}" + "".join(f"{len(stats['without_theme'][c]):>5}" for c in cats) + ref)
        lines.append(f"  {'summed |suite - paper|':<28}" + "".join(f"{stats['tag_gap'][c]:>5}" for c in cats))
    lines += ["", f"{'primitive':<26}" + "".join(f"{c:>6}" for c in cats)]
    for p in (*SEMANTIC_PRIMITIVES, *CONSTRAINT_PRIMITIVES):
        lines.append(f"  {p.value:<24}" + "".join(f"{stats['primitives'][c].get(p.value, 0):>6}" for c in cats))
    lines += ["", f"{'instances per task':<26}{'min':>6}{'max':>6}{'mean':>7}{'std':>6}  | paper Table 7"]
    for c in cats:
        for kind in ("semantic", "constraint"):
            s = stats["instances"][c][kind]
            theirs = paper.get("instances", {}).get(c, {}).get(kind)
            ref = f"  |{theirs['min']:>4g}{theirs['max']:>5g}{theirs['mean']:>6}{theirs['std']:>5}" if theirs else ""
            lines.append(f"  {c} {kind:<21}" + _row(s) + ref)
    lines += ["", f"{'checklist size':<26}{'min':>6}{'max':>6}{'mean':>7}{'std':>6}"]
    for c in cats:
        lines.append(f"  {c:<24}" + _row(stats["checklist"][c]))
    return "\n".join(lines)


def _row(s: dict) -> str:
    if not s["n"]:
        return f"{'-':>6}{'-':>6}{'-':>7}{'-':>6}"
    return f"{s['min']:>6}{s['max']:>6}{s['mean']:>7}{s['std']:>6}"
