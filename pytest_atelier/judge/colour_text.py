"""Colours of a text to render said through its letters ('the headline "JAZZ" in orange
letters', "the title runs across the top in pink", "title across the width, pink letters")."""

from __future__ import annotations

from .colour_links import PHRASE_STOPS, PREPOSITIONS, SHADE_WORDS, colour_of, participle_link
from .prompt_words import DETERMINERS, LIST_JOINERS, Word
from .regions import FRAME_NOUNS, REGION_AXES

__all__ = ["lettered_colours"]

# Nouns for text, whose colour is the colour of the letters it is set in, and nouns for those letters.
_TEXT_NOUNS = frozenset(
    "headline title subtitle heading caption text wording words lettering slogan tagline greeting name label quote".split()
)
_LETTER_NOUNS = frozenset("letters lettering type typeface font ink capitals caps script characters numerals digits".split())


_SPANS = frozenset({"width", "height", "length", "full", "whole", "entire"})  # "along the whole bottom"


def _place_words(words: list[Word], j: int) -> int:
    """Past a verb and a place in the frame after a text noun, in its clause ("runs across the
    width"): the index after them, or -1 when another word comes (a thing of its own)."""
    k = j
    while k < len(words) and words[k].clause == words[j].clause:
        w = words[k].text
        if colour_of(w) or w in LIST_JOINERS or k > j and not (w in PREPOSITIONS or w in DETERMINERS or w in REGION_AXES or w in FRAME_NOUNS | _SPANS or w.endswith("ly")):
            return -1
        k += 1
    return k


def _apposed_letters(words: list[Word], j: int) -> list[tuple[int, str]]:
    """Coloured letters said in apposition after a text noun and its place ('title "JAM" across
    the width, chunky pink letters', '..., hand-cut letters printed in pink')."""
    k = _place_words(words, j) if j < len(words) and words[j].clause == words[j - 1].clause else j
    if k < 0 or k >= len(words) or words[k].sentence != words[j].sentence:
        return []
    found, n = [], k + (words[k].text in ("a", "an"))
    while n < len(words) and words[n].clause == words[k].clause and words[n].text not in _LETTER_NOUNS:
        if colour_of(words[n].text):
            found.append((n, colour_of(words[n].text)))
        elif words[n].text in PHRASE_STOPS or n - k > 4:
            return []
        n += 1
    if n >= len(words) or words[n].clause != words[k].clause:
        return []
    m = n + 1
    if m < len(words) and words[m].clause == words[n].clause and participle_link(words, m):
        m += 1 + (m + 1 < len(words) and words[m + 1].text in ("in", "a", "an"))
        while m < len(words) and words[m].text in SHADE_WORDS:
            m += 1
        found += [(m, colour_of(words[m].text))] if m < len(words) and colour_of(words[m].text) else []
    return found


def _letters_in(words: list[Word], j: int) -> int:
    """Where "in" opens the letters of a text noun ending before ``j``: right after it, or past
    a verb and a place phrase in its sentence ('the title runs across the top in pink letters');
    not past a colour, a joiner or another text ('the title sits above the sign in red letters'
    names the sign's)."""
    for k in range(j, min(len(words), j + 8)):
        w = words[k].text
        if w == "in" and words[k].sentence == words[j].sentence:
            return k
        place = w in PREPOSITIONS or w in DETERMINERS or w in REGION_AXES or w in FRAME_NOUNS | _SPANS or w.endswith("ly")
        if words[k].sentence != words[j].sentence or colour_of(w) or w in LIST_JOINERS or k > j and not place:
            return -1  # the first word may be the verb; after it only a place in the frame
    return -1


def lettered_colours(words: list[Word], end: int, j: int) -> list[tuple[int, str]]:
    """A text noun set "in" coloured letters ('the headline "JAZZ" in big bold orange letters',
    "the title in red capitals", "the title runs across the top in chunky, hand-cut pink letters"):
    the letters' colours are the text's."""
    if end == 0 or words[end - 1].text not in _TEXT_NOUNS or j >= len(words):
        return []
    opened = _letters_in(words, j)
    if opened < 0:
        return _apposed_letters(words, j)
    j = opened
    found, k = [], j + 1 + (j + 1 < len(words) and words[j + 1].text in ("a", "an"))
    # past a place, a colour alone closing the phrase is the text's too ('the title across the top in pink')
    plain = j > end
    while k < len(words) and words[k].sentence == words[j].sentence and k - j <= 6:
        if words[k].text in _LETTER_NOUNS and k > j + 1:
            return found
        if plain and found and words[k].clause != words[k - 1].clause and colour_of(words[k - 1].text):
            return found
        if colour_of(words[k].text):
            found.append((k, colour_of(words[k].text)))
        elif words[k].text in PHRASE_STOPS - LIST_JOINERS:
            return []
        plain &= words[k].text in SHADE_WORDS | LIST_JOINERS or colour_of(words[k].text) is not None
        k += 1
    return found if plain and k - 1 > j and colour_of(words[k - 1].text) else []
