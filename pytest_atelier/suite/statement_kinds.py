"""What a checkpoint statement names that keyword groups cannot decide.

A ``match`` group only finds words: it passes "a blue hard hat" for a red one, "a ball behind
the box" for one in front, and "people" for a statement that excludes them. A prompt statement
that names a colour of a thing, a count, a position or an exclusion therefore needs a typed
``check`` (colour on an entity, count, layout or relation, absence) so that the judge reads the
binding, the number, the place or the negation. :func:`named_kinds` finds those words;
``validate --strict`` uses it (docs/suite-format.md, "Strict validation").
"""

from __future__ import annotations

import re

from ..judge.colors import COLOR_WORDS

__all__ = ["named_kinds"]

_NUMBERS = "two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen twenty dozen pair single"
_NUMBER = r"(?:" + _NUMBERS.replace(" ", "|") + r"|\d+)"

_COLOUR = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, COLOR_WORDS), key=len, reverse=True)) + r")\b")
# colour words that name something else ("golden hour", "compass rose", "white space")
_NOT_A_COLOUR = re.compile(
    r"\b(?:golden\s+hour|compass\s+rose|white\s+space|wine\s+(?:shops?|bottles?|glass(?:es)?)|rose\s+(?:petals?|bush|flowers?)"
    r"|lime\s+(?:slices?|wedges?)|olive\s+(?:oil|branch|trees?))\b"
)
# a set of colours bound to no entity (a palette, tones, a gradient): keyword groups naming
# each colour are the evidence for it
_PALETTE = re.compile(
    r"\b(?:palette|tones?|toning|hues|colou?r\s+scheme|colou?rs|contrast|gradient|grading|complementary|clashing|accents?"
    r"|monochrome|colou?rless)\b"
)

# a number of things, followed by what is counted: not a ratio (16:9), a measure (45 degrees),
# a range, an age or a bare number ("step 1")
_COUNT = re.compile(
    rf"(?<![\w:/])(?<!aged ){_NUMBER}\b(?![:./]\d|-quarter|[- ]?(?:degrees?|years?|percent|%|mm|cm|km|px|pt|by)\b)(?=[- ]+[a-z])"
)
_RANGE = re.compile(rf"\b\d+\s*[-–]\s*\d+\b|\b{_NUMBER}\s+(?:to|or)\s+{_NUMBER}\b")

_POSITION = re.compile(
    r"\b(?:top|bottom|left|right|upper|lower|cent(?:re|er|red|ered)|middle|corner|above|below|beneath|underneath|under"
    r"|behind|in\s+front\s+of|beside|next\s+to|between|on\s+top\s+of|atop|foreground)\b"
)
# directions of light, view, gaze and movement are not places ("lit from the upper left",
# "a top-down view", "facing left", "from left to right"); nor is "a table top" or "is left"
_SIDE = r"(?:left|right)"
_DIRECTION = re.compile(
    r"\b(?:(?:lit|light|lighting|shadows?|glow|rays|shafts)\b[^.,;]*?\b(?:from|to(?:ward)?)\s+(?:the\s+)?"
    rf"(?:upper\s+|lower\s+|front\s+|back\s+)?(?:{_SIDE}|above|below|top)"
    r"|from\s+(?:above|below)|top[- ]down|gaze\b[^.]*?\b" + _SIDE
    + r"|(?:facing|faces|looking|looks|turned|turns|leaning|leans|walking|striding|moving|heading|tilted|tilts|angled)"
    rf"\s+(?:up\s+)?(?:to\s+the\s+)?{_SIDE}"
    rf"|(?:falling|cast|casting|pointing|sloping|tilts?\s+the\s+\w+|to\s+the\s+side)\s+(?:to(?:ward)?s?\s+)?(?:the\s+)?{_SIDE}"
    r"|(?:toward|towards)\s+the\s+(?:upper\s+|lower\s+)?(?:top|bottom|left|right)"
    r"|left\s+to\s+right|right\s+to\s+left|top\s+to\s+bottom|bottom\s+to\s+top"
    r"|from\s+(?:the\s+)?(?:top|bottom|upper|lower)(?:\s+(?:left|right))?\s+to\s+(?:the\s+)?(?:top|bottom|upper|lower)(?:\s+(?:left|right))?"
    r"|right[- ](?:angles?|aligned)|left[- ]aligned|table\s*top|(?:is|are|was|were|been|room)\s+left)\b"
)

_EXCLUSION = re.compile(
    r"\b(?:no|not|without|never|nothing|excludes?|avoids?|rules?\s+out|keeps?\b[^.]*?\b(?:out|free|away|empty)"
    r"|leaves?\s+out|omits?|free\s+of|empty\s+of)\b"
)


def named_kinds(statement: str) -> list[tuple[str, str]]:
    """``(kind, word)`` for each kind of requirement the statement names (colour, count,
    position, exclusion, in that order), with the first word found of it. Quoted text is left
    out: 'reads "TWO 4 ONE"' gives text to render, not a count."""
    text = re.sub(r"\"[^\"]*\"|“[^”]*”", " ", statement.casefold())
    found = []
    for kind, pattern, where in (
        ("colour", _COLOUR, "" if _PALETTE.search(text) else _NOT_A_COLOUR.sub(" ", text)),
        ("count", _COUNT, _RANGE.sub(" ", text)),
        ("position", _POSITION, _DIRECTION.sub(" ", text)),
        ("exclusion", _EXCLUSION, text),
    ):
        hit = pattern.search(where)
        if hit:
            found.append((kind, hit.group(0)))
    return found
