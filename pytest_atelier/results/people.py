"""Who the human prompters are: groups and participants, and the novice vs skilled comparison.

``human:FILE?author=ID`` replays one participant, ``human:FILE?group=NAME`` a group of them
(``prompters/human.py``); each run keeps the participant and group in its prompter meta. From the
runs and the aggregates this module builds ``aggregates["people"]`` (docs/results-format.md).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Sequence

from .records import RunRecord

__all__ = ["people", "COMPARED_GROUPS"]

COMPARED_GROUPS = ("novice", "skilled")  # the groups of ``atelier collect``, compared as the AtelierEval study does
_RATES = ("objective", "prompt", "image")


def people(runs: Sequence[RunRecord], pairs: dict) -> dict | None:
    """Per human prompter, its participants (with their group and tasks) and, for a group, how
    many answers were left unused; per backend, the novice and skilled groups' figures side by
    side, overall and per category. None when no run was written by a person."""
    found: dict[str, dict] = {}
    for run in runs:
        meta = run.prompter_meta or {}
        if "author" not in meta or run.error:
            continue
        entry = found.setdefault(run.prompter, {"kind": "participant", "group": None, "participants": {}, "n_tasks": 0,
                                                "n_answers": 0})
        if meta.get("replayed_group") is not None:
            entry["kind"], entry["group"] = "group", meta["replayed_group"]
        who = entry["participants"].setdefault(meta["author"] or "(no author)", {"group": meta.get("group") or None, "n_tasks": 0})
        who["n_tasks"] += 1
        entry["n_tasks"] += 1
        entry["n_answers"] += int(meta.get("answers", 1))
    if not found:
        return None
    for entry in found.values():
        groups = {p["group"] for p in entry["participants"].values()}
        if entry["group"] is None and len(groups) == 1:
            entry["group"] = next(iter(groups))
    return {"prompters": dict(sorted(found.items())), "comparison": _comparison(found, pairs)}


def _comparison(found: dict, pairs: dict) -> dict:
    """backend -> scope ("all", then each category) -> group -> figures, for backends where
    one prompter replays each compared group."""
    by_backend: dict[str, dict[str, str]] = defaultdict(dict)
    for label in pairs:
        prompter, backend = label.rsplit("|", 1)
        entry = found.get(prompter)
        if entry and entry["kind"] == "group" and entry["group"] in COMPARED_GROUPS:
            by_backend[backend].setdefault(entry["group"], label)
    out = {}
    for backend, labels in sorted(by_backend.items()):
        if set(labels) != set(COMPARED_GROUPS):
            continue
        scopes = {"all": {g: pairs[labels[g]]["all"] for g in COMPARED_GROUPS}}
        categories = sorted(set.union(*(set(pairs[labels[g]].get("category", {})) for g in COMPARED_GROUPS)))
        for c in categories:
            scopes[c] = {g: pairs[labels[g]].get("category", {}).get(c) for g in COMPARED_GROUPS}
        out[backend] = {
            "prompters": labels,
            "scopes": {scope: {g: _figures(m) for g, m in groups.items()} for scope, groups in scopes.items()},
        }
    return out


def _figures(m: dict | None) -> dict | None:
    """The figures a comparison shows: objective and per-side rates, subjective means, with their intervals and n."""
    if m is None:
        return None
    keep = ("rate", "mean", "low", "high", "n", "n_tasks", "undecided_share")
    out = {name: {k: m[name].get(k) for k in keep if k in m[name]} for name in _RATES}
    out.update({f"subjective_{side}": {k: m["subjective"][side].get(k) for k in keep if k in m["subjective"][side]}
                for side in ("prompt", "image")})
    return out
