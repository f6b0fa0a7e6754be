"""The report's head-to-head section: what ``atelier pairwise`` wrote into a results file, as rows.

One entry per results file that has a ``pairwise`` block (docs/pairwise.md): its judges, the
prompters ranked by Bradley-Terry strength with interval, head-to-head win rate and score-based
rate side by side (with each one's rank), the pairs, and how often judging and scores agree.
"""

from __future__ import annotations

from typing import Sequence

from ..results.records import Results

__all__ = ["pairwise_sections"]


def _ranks(values: dict[str, float | None]) -> dict[str, int | None]:
    ordered = sorted((v, p) for p, v in values.items() if v is not None)
    ordered.reverse()
    return {**{p: None for p in values}, **{p: i for i, (_, p) in enumerate(ordered, 1)}}


def pairwise_sections(results: Sequence[Results]) -> list[dict]:
    sections = []
    for r in results:
        pw = r.pairwise
        if not pw or not pw.get("bradley_terry"):
            continue
        bt, overall, scores = pw["bradley_terry"], pw.get("overall", {}), pw.get("score_rates", {})
        bt_rank = _ranks({p: s["strength"] for p, s in bt.items()})
        score_rank = _ranks(dict(scores))
        rows = [
            {"prompter": p, "strength": s["strength"], "low": s["low"], "high": s["high"], "n": s["n"],
             "reliable": s.get("ci_reliable", True),
             "win_rate": overall.get(p, {}).get("win_rate"), "score_rate": scores.get(p),
             "bt_rank": bt_rank[p], "score_rank": score_rank.get(p)}
            for p, s in sorted(bt.items(), key=lambda item: -item[1]["strength"])
        ]
        sections.append({"judges": pw.get("judges", []), "n": pw.get("n", 0), "rows": rows, "pairs": pw.get("pairs", []),
                         "agreement": pw.get("agreement", {}), "bootstrap": pw.get("bootstrap", {})})
    return sections
