"""A small rule-based prompt agent: turns a design brief into a text-to-image prompt.

pytest-atelier calls ``write(task)`` with the task payload (brief, constraint fields,
outputs, tags) and grades what it returns. The switches below are what a team would tune.
"""

from __future__ import annotations

import re

__all__ = ["write", "STYLE_PHRASES"]

KEEP_CONSTRAINTS = True  # restate every structured constraint in the prompt
NEGATIVE_PROMPT = True  # turn "no X" / "without X" in the brief into a negative prompt

STYLE_PHRASES = {
    "photorealistic": "photorealistic photograph, natural light, sharp focus",
    "traditional_media": "hand-painted illustration with visible brush texture",
    "vector_flat": "flat vector illustration, clean geometric shapes, solid colours",
    "3d_render": "polished 3D render, soft studio lighting",
    "cel_shaded": "cel-shaded illustration with crisp outlines",
}

_NEGATION = re.compile(r"\b(?:no|without|avoid|never|not)\s+(?:any\s+)?([a-z][a-z -]{2,40}?)(?=[,.;:!?]|\band\b|\bor\b|$)", re.I)


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s.strip()]


def _negatives(brief: str) -> list[str]:
    found = []
    for match in _NEGATION.finditer(brief):
        phrase = match.group(1).strip()
        if phrase not in found:
            found.append(phrase)
    return found


def write(task: dict) -> list[str]:
    """One prompt per output image of the task."""
    kept = [s for s in _sentences(task["brief"]) if not _NEGATION.search(s)]
    parts = [" ".join(kept) or task["brief"]]
    if KEEP_CONSTRAINTS and task.get("constraints"):
        for values in task["constraints"].values():
            parts += values
    styles = [STYLE_PHRASES[s] for s in task["tags"].get("visual_style", []) if s in STYLE_PHRASES]
    parts += styles
    body = ". ".join(p.rstrip(". ") for p in parts)
    negatives = _negatives(task["brief"]) if NEGATIVE_PROMPT else []
    tail = f". Negative prompt: {', '.join(negatives)}" if negatives else ""
    outputs = task.get("outputs") or [""]
    return [f"{body}{'. Image ' + str(i) + ': ' + desc if desc else ''}{tail}" for i, desc in enumerate(outputs, 1)]
