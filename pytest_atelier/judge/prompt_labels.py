"""The words of labels, headings and object keys in a prompt: which open an exclusion ("## Avoid",
"Negative prompt:"), which name a part of the frame ("Bottom left:"), which name a part of the
prompt rather than a thing ("## Style", a ``"details"`` key). Shared by :mod:`.prompt_formats`
(objects and tool syntax) and :mod:`.prompt_markdown` (headings, bullets and labelled lines).
"""

from __future__ import annotations

import re

from .text_match import same_word

__all__ = ["EXCLUSION_LINE", "PLAIN_KEYS", "SECTION_WORDS", "key_words", "region_label", "region_lead", "region_parts", "exclusion_label",
           "names"]

EXCLUSION_LINE = "Avoid: "

# Words that make a short label or heading an exclusion ("## Avoid", "What to leave out:").
_EXCLUSION_LABEL = re.compile(
    r"\b(?:negatives?|avoid\w*|exclu\w+|omit\w*|leave\s+out|left\s+out|keep\s+out|don['’]?ts?|do\s+not|not|no|without|never|"
    r"unwanted|forbidden|banned|prohibited|skip)\b",
    re.IGNORECASE,
)
# Keys that only structure the object: their values are said without the key.
PLAIN_KEYS = frozenset(
    "subject subjects main_subject primary_subject description desc prompt positive positive_prompt details detail "
    "content contents elements element items item value values main summary overview notes note other extra extras "
    "additional additional_details features attributes scene concept idea focus objects props characters".split()
)
# Headings that name a part of the prompt rather than a thing in the picture ("## Style", "## Layout").
SECTION_WORDS = PLAIN_KEYS | frozenset(
    "style styles mood moods lighting light lights composition layout format formats colour color colours colors "
    "palette camera setting settings scene render rendering attitude tone atmosphere text texts typography lettering "
    "title titles caption captions copy words type font fonts quality technical framing lens overview brief audience "
    "purpose look feel vibe and & environment negative parameters specs specifications shot view angle perspective "
    "finish medium technique background backdrop graphics graphic time presentation design concept spec".split()
)


def key_words(key: str) -> str:
    """An object key or label as lower-case words ("headlineText", "body_color": "body color")."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", str(key))
    return " ".join(re.split(r"[_\-\s]+", spaced.strip())).lower()


# Words a label that opens an exclusion list may have beside its cue ("What to leave out",
# "Things to avoid", "Negative prompt"); a label with other words says something itself
# ("no dogs allowed: just a cat").
_LABEL_FILLER = frozenset(
    "what to things thing items elements list please strictly prompt prompts words tags keep out of the in any "
    "image picture scene frame want wanted include including show showing must should will leave left do don't "
    "dont doesn't i we you is are be".split()
)


# Words a label that names a part of the frame may have ("Bottom left", "Top, across the width").
_REGION_WORDS = frozenset(
    "top upper bottom lower left right center centre middle header footer corner side edge third half strip band "
    "area zone margin the across along width of frame image poster page column row".split()
)


def region_label(label: str) -> bool:
    """A line label that is a frame region: what follows it is placed there ("Bottom left:
    the date", a ``"footer"`` key)."""
    words = re.findall(r"[a-z]+", label.lower().replace("_", " "))
    anchors = {"top", "upper", "bottom", "lower", "left", "right", "center", "centre", "middle", "header", "footer"}
    if words in (["upper"], ["lower"]):
        return False  # a part of a thing ("upper": "lavender" of a shoe), not of the frame
    return 0 < len(words) <= 6 and words[0] in anchors and all(w in _REGION_WORDS for w in words)


_ANCHORS = frozenset("top upper bottom lower left right center centre middle header footer".split())


def region_parts(label: str) -> tuple[str, list[str]] | None:
    """A line label that opens with a frame region, said as a fronted place, and the notes after
    it: "Bottom left" gives ("At the bottom left", []); "Top, full width, orange" gives ("At the
    top", ["full width", "orange"]); "Left column, top" gives ("At the left top", []). None when
    the label does not open with a region, or a note is long."""
    parts = [p.strip() for p in label.split(",") if p.strip()]
    if not parts or not region_label(parts[0]) or any(len(p.split()) > 4 for p in parts):
        return None
    places = [p for p in parts if region_label(p)]
    notes = [p for p in parts if not region_label(p)]
    if len(places) == 1:
        return region_lead(places[0]), notes
    words = [w for p in places for w in re.findall(r"[a-z]+", p.lower()) if w in _ANCHORS]
    return region_lead(" ".join(words)), notes


def region_lead(label: str) -> str:
    """A region label said as a fronted place: "At the bottom left", "In the footer"."""
    words = re.findall(r"[a-z]+", label.lower().replace("_", " "))
    return f"{'In' if words[0] in ('header', 'footer') else 'At'} the {' '.join(words)}"


def exclusion_label(label: str, strict: bool = False) -> bool:
    """A heading or key (or, ``strict``, a label before a colon) that opens an exclusion."""
    words = key_words(label).replace("’", "'").split()
    if not 0 < len(words) <= 6 or not _EXCLUSION_LABEL.search(" ".join(words)):
        return False
    return not strict or all(w in _LABEL_FILLER or _EXCLUSION_LABEL.fullmatch(w) for w in words)


def names(line: str, subject: str) -> bool:
    """The line names the subject's head noun (in any number: "robot", "robots")."""
    head = re.findall(r"\w+", subject.lower())[-1]
    return any(same_word(head, w) for w in re.findall(r"\w+", line.lower()))
