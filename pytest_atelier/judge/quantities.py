"""Numbers in a prompt and the quantity bound to a noun ("four small brass keys", "a pair of")."""

from __future__ import annotations

import re

from .prompt_words import DETERMINERS, LIST_JOINERS, Word, labels_line

__all__ = ["NUMBER_WORDS", "APPROXIMATE", "ADJECTIVE_GAP", "GAP_STOP", "number_value", "plural", "quantity_before", "label_count"]

# --- quantities --------------------------------------------------------------------------

_UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()


def _number_words() -> dict[str, int]:
    table = {w: i for i, w in enumerate(_UNITS)}
    for k, tens in enumerate(_TENS, start=2):
        table[tens] = 10 * k
        for u in range(1, 10):
            table[f"{tens}-{_UNITS[u]}"] = 10 * k + u
    table.update({"hundred": 100, "single": 1, "lone": 1, "twin": 2, "twins": 2, "dozen": 12, "both": 2})
    return table


NUMBER_WORDS = _number_words()
_PHRASES: tuple[tuple[tuple[str, ...], int], ...] = (
    (("half", "a", "dozen"), 6), (("a", "pair", "of"), 2), (("a", "trio", "of"), 3), (("a", "quartet", "of"), 4),
    (("a", "dozen"), 12), (("a", "single"), 1), (("one", "single"), 1),
)  # fmt: skip
APPROXIMATE = frozenset(
    "about around approximately roughly nearly almost several few many some multiple numerous "
    "least most than up".split()
)
ADJECTIVE_GAP = 3  # words allowed between a number and its noun ("four small brass keys")
GAP_STOP = frozenset({*DETERMINERS, *LIST_JOINERS, "of", "in", "on", "at", "with", "by", "for", "to", "from"})


def number_value(text: str, words: list[Word], i: int) -> tuple[int, int] | None:
    """``(value, length)`` of a number starting at word ``i``: digits (``3``, ``3x``),
    number words up to ninety-nine and their hyphenated compounds, ``a pair of``,
    ``half a dozen``, ``two dozen``, ``a single``, ``twin``. A number hyphen-joined to a
    word that is not a number is a compound modifier ("ten-year-old", "four-leaf", "five-star"),
    not a quantity."""
    for phrase, value in _PHRASES:
        got = tuple(w.text for w in words[i : i + len(phrase)])
        if got == phrase:
            return value, len(phrase)
    w = words[i].text
    nxt = words[i + 1].text if i + 1 < len(words) else ""
    if words[i].hyphen_next and f"{w}-{nxt}" in NUMBER_WORDS:
        value, length = NUMBER_WORDS[f"{w}-{nxt}"], 2
    elif words[i].hyphen_next:
        return None
    elif re.fullmatch(r"\d+x?|x\d+", w):
        value, length = int(w.strip("x")), 1
    elif w in NUMBER_WORDS:
        value, length = NUMBER_WORDS[w], 1
    else:
        return None
    if i + length < len(words) and words[i + length].text == "dozen" and w != "dozen":
        return value * 12, length + 1  # "two dozen"
    return value, length


def plural(word: str) -> bool:
    """The word is written as a plural noun ("cups", "geese")."""
    return word.endswith("s") and not word.endswith(("ss", "us", "is")) or word in ("people", "children", "men", "women", "mice", "geese", "teeth", "feet")


def quantity_before(text: str, words: list[Word], start: int) -> tuple[int | None, str]:
    """The quantity bound to the noun phrase whose head starts at ``start``:
    ``(value, how)``. ``how`` is ``number``, ``article`` (a/an before a singular noun, with
    up to three modifiers between), ``approximate`` (about, at least ...) or ``none``."""
    for gap in range(0, 2 * ADJECTIVE_GAP + 1):
        for length in (3, 2, 1):
            i = start - gap - length
            if i < 0 or words[i].clause != words[start].clause:  # not 'panel 2 "KNOCK", panel'
                continue
            if sum(not words[k - 1].hyphen_next for k in range(i + length, start)) > ADJECTIVE_GAP:
                continue  # a hyphenated modifier is one ("one small silver wind-up robot")
            got = number_value(text, words, i)
            if got and got[1] == length:
                between = words[i + length : start]
                # a possessive after a plural number classifies the head ("two jeweller's screwdrivers")
                if any((b.text in GAP_STOP and not words[k - 1].hyphen_next) or (b.possessive and got[0] == 1) or number_value(text, words, k) for k, b in enumerate(between, i + length)):
                    continue
                if _numbers_a_sequence(text, words, i):
                    continue  # "panel 2 cat": the number names the panel
                before = words[i - 1].text if i > 0 and words[i - 1].clause == words[i].clause else ""  # not "waist-up, one"
                if before in APPROXIMATE or (i > 1 and words[i - 2].text in ("at", "up") and before in ("least", "most", "to")):
                    return None, "approximate"
                return got[0], "number"
    if not plural(words[start].text):
        for i in range(start - 1, max(-1, start - ADJECTIVE_GAP - 2), -1):
            if words[i].sentence != words[start].sentence or words[i].clause != words[start].clause:
                break
            if words[i].possessive:
                break  # "a restaurant's head chef": the article is the owner's
            if words[i].text in ("a", "an"):
                return 1, "article"
            if words[i].text in GAP_STOP or words[i].text in APPROXIMATE:
                break
    return None, "none"


def _numbers_a_sequence(text: str, words: list[Word], i: int) -> bool:
    """The number at word ``i`` follows a noun that is numbered by the next or the last number
    elsewhere too ("panel 1 ..., panel 2 ...", "step two ... step three"): it names one of a
    sequence, and counts no noun after it (not "exactly two ... exactly three")."""
    if i == 0 or words[i - 1].clause != words[i].clause or not words[i - 1].text.isalpha():
        return False
    noun = words[i - 1].text
    if noun in DETERMINERS or noun in GAP_STOP or noun in NUMBER_WORDS or noun in APPROXIMATE or noun.endswith("ly") or noun in _LIMITS:
        return False
    value, length = number_value(text, words, i)
    if value > 1 and i + length < len(words) and plural(words[i + length].text):
        return False  # "two cats" counts
    return any(w.text == noun and k != i - 1 and (other := number_value(text, words, k + 1)) and abs(other[0] - value) == 1
               for k, w in enumerate(words[:-1]))


_LIMITS = frozenset({"only", "just", "all", "total", "over", "under", "nearly"})


def label_count(text: str, words: list[Word], start: int, end: int) -> int | None:
    """The number that is the whole first part of a label's description, which counts the
    labelled thing: "stethoscope: one, teal, around the neck", "wind-up key: exactly 1"."""
    if not labels_line(text, words, start, end):
        return None
    k = end + (words[end].text in ("exactly", "only", "just"))
    got = number_value(text, words, k) if k < len(words) and words[k].line == words[end - 1].line else None
    if got is None:
        return None
    after = k + got[1]
    return got[0] if after >= len(words) or words[after].clause != words[k].clause else None
