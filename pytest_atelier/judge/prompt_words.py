"""Words of a prompt with their sentence, clause and line, and mentions of phrases in them.

Shared by the prompt readers (:mod:`.negation`, :mod:`.text_units`, :mod:`.quantities`,
:mod:`.colour_binding`, :mod:`.regions`, :mod:`.relations`, :mod:`.prompt_evidence`).
"""

from __future__ import annotations

import dataclasses
import functools
import re
import threading

import snowballstemmer

from .text_match import same_word

__all__ = ["Word", "Mention", "AFFIRMED", "NEGATED", "UNCLEAR", "DETERMINERS", "LIST_JOINERS", "read_words", "same_term", "same_form", "labels_line", "ADVERBIAL_OPENERS"]

AFFIRMED, NEGATED, UNCLEAR = "affirmed", "negated", "unclear"

# Words that open a short adverbial phrase said between a fronted place or relation and the thing
# it is about ("At the top, under the arch, a window"; "Behind the jug, toward the back, a cup");
# the place and relation readers each add the openers their own phrases take.
ADVERBIAL_OPENERS = frozenset(
    "toward towards along across near behind beside under below above over between against just slightly partly".split()
)


@dataclasses.dataclass(frozen=True)
class Word:
    """A lower-cased word with its character span, sentence and clause, and whether a
    hyphen joins it to the next word (``clutter-free``)."""

    text: str
    start: int
    end: int
    sentence: int
    clause: int
    line: int
    hyphen_next: bool = False
    capital: bool = False  # written with a capital first letter
    possessive: bool = False  # written with 's ("the trunk's right edge")


# Sentences end at . ! ? ; and line breaks; clauses also at , : ( ) [ ] and a dash.
_TOKEN = re.compile(r"[^\W_]+(?:['’][a-z]+)?|[.!?;]+|[,:()\[\]]|[ \t][-–—][ \t]|\n", re.IGNORECASE)
_SENT_END = re.compile(r"^[.!?;]+$")
# Text quoted to be shown, on one line: its commas and stops are the text's, not the prompt's
# ("a headline "WAIT HERE, PLEASE!" at the top" is one clause), except a stop closing the quote
# before a new sentence ('says "Hello." Then ...').
_QUOTED = re.compile(r'"[^"\n]{1,80}"|“[^”\n]{1,80}”|«[^»\n]{1,80}»')


def read_words(text: str) -> list[Word]:
    """Words of ``text`` with sentence, clause and line numbers; ``n't`` reads as ``not``."""
    out: list[Word] = []
    sentence = clause = line = 0
    inner = set()  # where punctuation belongs to quoted text
    for q in _QUOTED.finditer(text):
        after = text[q.end() :].lstrip(" \t")
        ends = not after or not (after[0].islower() or after[0] in ",:)")
        inner.update(range(q.start() + 1, q.end() - 1 - (ends and text[q.end() - 2] in ".!?")))
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if not tok[0].isalnum() and tok != "\n" and m.start() in inner:
            continue  # punctuation of the quoted text
        if tok == "\n":
            sentence, clause, line = sentence + 1, clause + 1, line + 1
        elif _SENT_END.match(tok):
            # a full stop inside a number or abbreviation-like "3.5" is not a sentence end
            if not (tok == "." and m.end() < len(text) and text[m.end()].isalnum()):
                sentence, clause = sentence + 1, clause + 1
        elif not tok[0].isalnum():
            clause += 1
        else:
            low = tok.lower().replace("’", "'")
            hyphen = text[m.end() : m.end() + 1] == "-"
            if low.endswith("n't"):
                base = {"won't": "will", "can't": "can"}.get(low, low[:-3])
                out.append(Word(base, m.start(), m.end() - 3, sentence, clause, line))
                out.append(Word("not", m.end() - 3, m.end(), sentence, clause, line, hyphen))
            else:
                out.append(Word(low.split("'")[0], m.start(), m.end(), sentence, clause, line, hyphen, tok[0].isupper(), low.endswith("'s")))
    return out



def labels_line(text: str, words: list[Word], start: int, end: int) -> bool:
    """The noun phrase is the label of a ``label: description`` line ("background: light gray
    gradient", "- Letters: hand-painted red"): it opens its line or sentence, at most two words
    after the start, and a colon follows it."""
    if end >= len(words) or ":" not in text[words[end - 1].end : words[end].start]:
        return False
    lead = [k for k in range(max(0, start - 3), start) if words[k].sentence == words[start].sentence]
    return len(lead) <= 2 and all(words[k].clause == words[start].clause for k in lead)


LIST_JOINERS = frozenset({"and", "or", "nor"})
DETERMINERS = frozenset("a an the this that these those his her its their our my your some one".split())


@dataclasses.dataclass(frozen=True)
class Mention:
    """An occurrence of a phrase: word indices ``[start, end)`` and its negation status."""

    start: int
    end: int
    status: str
    phrase: str
    compound: bool = False  # unclear only as part of a compound ("grass cover", "risograph print")


def _singular_stem(word: str) -> str:
    return word.replace("colour", "color").replace("grey", "gray").replace("centre", "center")


def same_term(a: str, b: str) -> bool:
    a, b = _singular_stem(a), _singular_stem(b)
    return a == b or same_word(a, b)


_LOCAL = threading.local()  # a Snowball stemmer keeps state while it works: one per thread


def _stem(word: str) -> str:
    if not hasattr(_LOCAL, "stemmer"):
        _LOCAL.stemmer = snowballstemmer.stemmer("english")
    return _LOCAL.stemmer.stemWord(word)

# Endings that make another form of one word without changing what it names ("charm",
# "charming"; "tidy", "tidiness"; "elegance", "elegant"), after an optional e, y or i.
_FORM_ENDINGS = frozenset(
    "s es d ed ing ly ily ness ful fully ous ously ion ions ance ant antly ence ent ently able".split()
) | {""}


@functools.lru_cache(maxsize=1 << 14)
def same_form(a: str, b: str) -> bool:
    """The word ``b`` of a prompt is a form of the keyword ``a``: the same term, or the same
    Snowball (Porter 2) stem with each word the stem plus one of a few endings that keep the
    sense. Snowball alone makes some unrelated words one ("animal", "animation"; "universe",
    "university"), and "-ing" on a short word often names another thing ("evening", "boxing"):
    both are left apart. A participle in the prompt is not its keyword's noun ("highly
    detailed" asks for no detail, "lighting" for no light), though the noun says the
    participle's quality ("charm" for charming)."""
    if same_term(a, b):
        return True
    stem = _stem(a)
    if len(stem) < 3 or stem != _stem(b):
        return False

    def ending(word: str) -> str | None:
        base = stem[:-1] + "y" if stem.endswith("i") and not word.startswith(stem) else stem  # "tidi" of "tidy"
        if not word.startswith(base):
            return None
        rest = word[len(base) :]
        rest = rest[1:] if rest[:1] in ("e", "y", "i") and rest[1:] in _FORM_ENDINGS else rest
        return rest if rest in _FORM_ENDINGS else None

    ends = (ending(a), ending(b))
    if None in ends or ends[1] in ("ing", "ed", "d") and ends[0] not in ("ing", "ed", "d"):
        return False
    short = min(a, b, key=len)
    return not ("ing" in ends and len(short) < 5)
