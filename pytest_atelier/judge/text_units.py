"""Text to render in a prompt: quoted strings and ``cue: text`` units, and their normal form."""

from __future__ import annotations

import re
import unicodedata

from .prompt_words import Word

__all__ = ["quoted_units", "normalise_text", "in_quotes", "names_a_thing"]

# --- quoted text -------------------------------------------------------------------------

_QUOTE_PAIRS = (('"', '"'), ("“", "”"), ("„", "“"), ("«", "»"), ("‹", "›"), ("`", "`"), ("‘", "’"), ("'", "'"))
_TEXT_CUES = (
    r"reads|reading|read|says|saying|said|spells|spelling|spelled|spelt|text|caption|captioned|title|titled|"
    r"headline|heading|label|labelled|labeled|lettering|letters|wording|words|slogan|tagline|banner|sign"
)
_DELIMITED = re.compile(rf"\b(?:{_TEXT_CUES})\s*[:=]\s*(?P<unit>[^\n.;!?,()\[\]\"“”«»]+)", re.IGNORECASE)


def quoted_units(text: str) -> list[tuple[int, int, str, bool]]:
    """Quoted strings and ``cue: text`` units as ``(start, end, content, quoted)``, in order.

    Straight and typographic double quotes, guillemets and backticks always delimit a unit,
    and so does a quote nested in a unit ('"pace \'5:12 /km\' in large numerals"');
    single quotes do when the opening one follows a space or an opening bracket and the
    closing one is followed by a space, punctuation or the end (so apostrophes do not). A
    ``cue: text`` unit (``text: Little Wren Bakery``, ``reads: OPEN``) runs to the next
    comma, bracket or sentence end, so its extent is less certain (``quoted`` is false).
    """
    units: list[tuple[int, int, str, bool]] = []
    taken = [False] * len(text)
    for open_q, close_q in _QUOTE_PAIRS:
        single = open_q in ("'", "‘")
        i = 0
        while True:
            i = text.find(open_q, i)
            if i < 0:
                break
            if taken[i] or (single and i > 0 and not (text[i - 1].isspace() or text[i - 1] in "([{:—-")):
                i += 1
                continue
            j = text.find(close_q, i + 1)
            while single and j >= 0 and j + 1 < len(text) and text[j + 1].isalnum():
                j = text.find(close_q, j + 1)  # an apostrophe inside the unit (Joe's)
            if j < 0 or "\n\n" in text[i:j] or any(taken[i : j + 1]):
                i += 1
                continue
            units.append((i, j + 1, text[i + 1 : j], True))
            for k in range(i, j + 1):
                taken[k] = True
            i = j + 1
    for a, b, content, _ in list(units):  # 'a sign "pace '5:12 /km' in large numerals"'
        units += [(a + 1 + x, a + 1 + y, inner, True) for x, y, inner, quoted in quoted_units(content) if quoted]
    for m in _DELIMITED.finditer(text):
        if not any(taken[m.start("unit") : m.end("unit")]):
            units.append((m.start("unit"), m.end("unit"), m.group("unit"), False))
    return sorted(units)


def normalise_text(text: str, case_sensitive: bool = False) -> str:
    """Unicode NFKC, typographic quotes and dashes made plain, whitespace (line breaks, `` / ``
    line separators) collapsed, punctuation and symbols at either end dropped (``BOO!``,
    ``24°``), case folded unless ``case_sensitive``."""
    text = unicodedata.normalize("NFKC", text)
    text = text.translate(str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-"}))
    text = re.sub(r"\s+[/|]\s+", " ", text)
    text = " ".join(text.split())
    text = re.sub(r"^[^\w]+|[^\w]+$", "", text)  # "BOO!", "24°", "(PLAY)": OCR ignores these too
    return text if case_sensitive else text.casefold()



def in_quotes(text: str, words: list[Word]) -> list[bool]:
    """Whether each word lies inside a quoted or ``cue:``-delimited text unit."""
    units = quoted_units(text)
    return [any(a <= w.start < b for a, b, _, _ in units) for w in words]


_NAMED_THINGS = frozenset("font typeface typography style brand logo movie film song book game band series".split())


def names_a_thing(words: list[Word], end: int) -> bool:
    """Quoted text followed by what it names ('the "Lobster" font', 'a "Blade Runner" style')."""
    return end < len(words) and words[end].clause == words[end - 1].clause and words[end].text in _NAMED_THINGS
