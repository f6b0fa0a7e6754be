"""Markdown prompts and labelled lines read into plain lines: one line per heading, bullet and
line; the lines of an exclusion block as ``Avoid:`` lines; a heading that names a thing said of
the bullets that describe it; a heading that names a part of the frame ("### Left half") said of
every line under it; a heading that asks for something kept as a line.
"""

from __future__ import annotations

import re

from .prompt_labels import EXCLUSION_LINE, SECTION_WORDS, exclusion_label, names, region_label, region_lead, region_parts
from .prompt_styles import STYLE_LABELS

__all__ = ["plain_lines"]

_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^\s*(?:[-*•+–]|\d{1,2}[.)])\s+")
_LABEL = re.compile(r"^\s*([A-Za-z][\w '’/&-]{0,40}?)\s*:\s*(.*)$")
_REGION_LINE = re.compile(r"^\s*([A-Za-z][\w ,-]{0,40}?)\s*:\s*(\S.*)$")


def plain_lines(text: str) -> str:
    """One line per heading, bullet and line; the lines of an exclusion block each become an
    ``Avoid:`` line. A block opens at an exclusion heading (``## Avoid``, ``## Negative
    prompt``) and runs to the next heading, or at an exclusion label that ends its line
    (``Negative prompt:``, ``What to leave out:``) and runs to the next blank line after its
    items or the next label."""
    out: list[str] = []
    block, items = None, False  # block: None, "heading" or "label"; items: the label's list has begun
    subject = None  # the thing a heading names, said of each bullet under it
    region = None  # the part of the frame a heading names, where each line under it is
    styled = False  # under a heading for how the picture is made ("## Style"): each line says it
    lines = text.split("\n")
    for n, raw in enumerate(lines):
        line = re.sub(r"(\*\*|__)(.*?)\1", r"\2", raw)  # **bold**
        heading = _HEADING.match(line)
        if heading:
            title = heading.group(1).strip().rstrip(":").strip()
            block = "heading" if exclusion_label(title) else None
            subject = None if block else _subject_heading(title, lines[n + 1 :])
            region = region_lead(title) if not block and region_label(title) else None
            styled = not block and _style_heading(title)
            if not block and not subject and _content_heading(title):
                out.append(re.sub(r"\s*\((.*)\)\s*$", r": \1", title))  # "## Layers (exactly four)": "Layers: exactly four"
            continue  # a heading that names a part of the prompt ("## Style") or a thing asks for nothing
        stripped = _BULLET.sub("", line).strip().lstrip(",").strip()
        if not stripped:
            if block == "label" and not items:
                continue  # blank lines between the label and its list
            block = None if block == "label" else block
            out.append("")
            continue
        placed = _REGION_LINE.match(stripped)
        lead = region_parts(placed.group(1)) if placed and not block else None
        if lead:  # "Top, full width, orange: "JAZZ"" reads "At the top: "JAZZ", full width, orange"
            stripped = f"{lead[0]}: {', '.join([placed.group(2).strip(), *lead[1]])}"
        elif region and not block:
            stripped = f"{region}: {stripped}"  # "### Left half" then "- One person": "At the left half: One person"
        elif styled and not block and not _LABEL.match(stripped):
            stripped = f"Style: {stripped}"  # "## Style" then "- Coloured chalk on a blackboard"
        label = _LABEL.match(stripped)
        if label and exclusion_label(label.group(1), strict=True):
            rest = label.group(2).strip()
            if rest:
                out.append(EXCLUSION_LINE + rest)
            elif block != "heading":
                block, items = "label", False
            continue
        if block == "label" and label and not _BULLET.match(line):
            block = None  # the next label ends the list
        if block:
            out.append(EXCLUSION_LINE + stripped)
            items = True
        elif subject and _BULLET.match(line) and not label and not names(stripped, subject):
            out.append(f"{subject}: {stripped}")  # "## Robot" then "- Silver body": "Robot: Silver body"
        else:
            out.append(stripped)
    return "\n".join(out)


def _style_heading(title: str) -> bool:
    """A heading for how the picture is made ("## Style", "## Medium & technique", "## Art style")."""
    words = re.findall(r"[\w&]+", title.lower())
    return 0 < len(words) <= 4 and any(w in STYLE_LABELS for w in words) and all(w in STYLE_LABELS or w in _STYLE_FILLER for w in words)


_STYLE_FILLER = frozenset("art visual the and & of".split())


def _subject_heading(title: str, after: list[str]) -> str | None:
    """A heading of one to three words that names a thing, not a part of the prompt, and that a
    bullet under it names again ("## Robot", then "- One small robot"): its other bullets
    describe that thing ("- Silver body"), as a ``label: description`` line does."""
    words = re.findall(r"[\w&'’-]+", title.lower())
    if not 0 < len(words) <= 3 or any(w in SECTION_WORDS or w.isdigit() for w in words):
        return None
    section = next((k for k, line in enumerate(after) if _HEADING.match(line)), len(after))
    named = any(_BULLET.match(line) and names(line, title) for line in after[:section])
    return title if named else None


_HEADING_FILLER = frozenset("the a an of and & in for with to".split())


def _content_heading(title: str) -> bool:
    """A heading that asks for something itself: a phrase of two to four words ("## Hidden
    details", "## VHS artefacts") or a noun with a note ("## Layers (exactly four)"), with a word
    that is not one for a part of the prompt or the frame ("## Camera & mood", "## Top left")."""
    lead = re.sub(r"\s*\(.*\)\s*$", "", title)
    words = re.findall(r"[\w&'’-]+", lead.lower())
    if not words or all(w in SECTION_WORDS or w in _HEADING_FILLER for w in words) or region_label(lead):
        return False
    return 2 <= len(words) <= 4 or (len(words) == 1 and lead != title)
