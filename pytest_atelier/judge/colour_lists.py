"""Colours listed with a noun: a label's description, a colon list of colours, members counted
one each and modifiers set off by commas ("lighting: dim, cold, blue-toned", "robot: white,
rounded", "lines: one red, one blue", "a white, glossy vase")."""

from __future__ import annotations

from .colour_links import HUE_SUFFIXES, PHRASE_STOPS, SHADE_WORDS, colour_of, participle_link
from .prompt_words import DETERMINERS, LIST_JOINERS, Word
from .quantities import NUMBER_WORDS

__all__ = ["colon_list", "colour_items", "comma_modifiers", "label_value_colours", "one_each", "parenthesised_colours"]


def label_value_colours(words: list[Word], k: int) -> list[tuple[int, str]]:
    """Colours of the first phrase of a label's description, which says what the labelled thing
    is: "plain grey table", "one, teal, around the neck"; up to a preposition or "with"."""
    first = words[k].sentence if k < len(words) else -1
    while k < len(words) and words[k].sentence == first and (words[k].text in DETERMINERS or words[k].text in NUMBER_WORDS or words[k].text.isdigit()):
        k += 1  # "a", "one,"
    found = []
    clause = words[k].clause if k < len(words) else -1
    while k < len(words) and words[k].clause == clause and words[k].text not in PHRASE_STOPS - LIST_JOINERS:
        joined = words[k + 1].text if words[k].hyphen_next and k + 1 < len(words) else ""
        if colour_of(words[k].text) and (not joined or colour_of(joined) or joined in HUE_SUFFIXES):
            found.append((k, colour_of(words[k].text)))
        k += 1
    return found


def one_each(words: list[Word], j: int) -> list[tuple[int, str]]:
    """Colours of the members listed right after a noun, one each, at least two ("three lines,
    one red, one green and one blue", "lines: one red, one pale blue"): each is a colour of the noun."""
    found, k = [], j
    while k < len(words) and words[k].sentence == words[j].sentence and words[k].text == "one":
        n = k + 1
        while n < len(words) and n - k < 3 and words[n].text in SHADE_WORDS:
            n += 1
        if n >= len(words) or words[n].clause != words[k].clause or not colour_of(words[n].text):
            break
        found.append((n, colour_of(words[n].text)))
        k = n + 1 + (n + 1 < len(words) and words[n + 1].text in LIST_JOINERS)
    return found if len(found) > 1 else []


def colon_list(text: str, words: list[Word], start: int, end: int) -> list[tuple[int, str]]:
    """Colours listed after a colon that closes the clause the noun opens ("The robot appears in
    every panel: white, rounded, on six wheels"): a list item that is only a colour is said of
    the clause's subject; an item with a noun of its own ("a red scarf") is not."""
    lead = [k for k in range(start) if words[k].clause == words[start].clause]
    if len(lead) > 4 or any(words[k].text in PHRASE_STOPS - DETERMINERS or colour_of(words[k].text) for k in lead):
        return []
    clause = [k for k in range(end, len(words)) if words[k].clause == words[start].clause]
    k = (clause[-1] if clause else end - 1) + 1
    if k >= len(words) or words[k].sentence != words[start].sentence or ":" not in text[words[k - 1].end : words[k].start]:
        return []
    return colour_items(words, k)


def colour_items(words: list[Word], k: int) -> list[tuple[int, str]]:
    """Colours of the list items from word ``k`` to the sentence end that are only a colour,
    behind shading words or a hyphenated modifier ("white", "pale blue", "blue-toned",
    "out-of-focus green"); an item of more than three words or with a noun ends the list."""
    found, sentence = [], words[k].sentence if k < len(words) else -1
    while k < len(words) and words[k].sentence == sentence:
        item = [n for n in range(k, len(words)) if words[n].clause == words[k].clause]
        while len(item) > 1 and (participle_link(words, item[0]) or item[0] > k and words[item[0]].text in ("in", "a", "an")):
            item = item[1:]  # "floodlit in pale gold", "painted a deep red": said of the same thing
        if item[-1] > item[0] and words[item[-1]].text in HUE_SUFFIXES and words[item[-1] - 1].hyphen_next:
            item = item[:-1]  # "blue-toned"
        chained = [n > item[0] and words[n - 1].hyphen_next for n in item]  # "out-of-focus" counts once
        if len(item) - sum(chained) > 3:
            break
        last = item[-1]
        if colour_of(words[last].text) and all(colour_of(words[n].text) or words[n].text in SHADE_WORDS or words[n].hyphen_next or c
                                               for n, c in zip(item[:-1], chained)):
            found += [(n, colour_of(words[n].text)) for n in item if colour_of(words[n].text) and (n == last or not words[n].hyphen_next)]
        k = max(n for n in range(k, len(words)) if words[n].clause == words[k].clause) + 1
    return found


_ADJECTIVE_ENDINGS = ("y", "ly", "ed", "ing", "ful", "ous", "ive", "al", "ic", "ish", "less", "est", "er")


def comma_modifiers(text: str, words: list[Word], i: int, start: int) -> list[tuple[int, str]]:
    """Colours of modifiers set off by commas before a noun phrase that has only modifiers in its
    own clause ("a tall, glossy white vase", "- Mostly green, softly blurred background"): clauses
    of describing words only, back to a determiner or the sentence start, with a word besides
    colours among them (not "- Pink, green walls", a list). ``i`` is the word before the noun's
    clause, or -1 when the phrase stopped inside it."""
    found, describing = [], False
    while i >= 0 and words[i].sentence == words[start].sentence and text[words[i].end : words[i + 1].start].strip() == ",":
        first = i
        while first > 0 and words[first - 1].clause == words[i].clause:
            first -= 1
        opened = words[first].text in DETERMINERS
        for k in range(first + opened, i + 1):
            w = words[k].text
            if colour_of(w):
                found.append((k, colour_of(w)))
            elif w in SHADE_WORDS or len(w) > 3 and w.endswith(_ADJECTIVE_ENDINGS) and w not in PHRASE_STOPS:
                describing = True
            else:
                return []
        if opened or first == 0 or words[first - 1].sentence != words[first].sentence:
            return found if describing or opened else []
        i = first - 1
    return []


def _parenthesis(text: str, words: list[Word], first: int) -> list[int]:
    """The words of the parenthesis opening at word ``first``, or [] when none opens there."""
    if first <= 0 or first >= len(words) or "(" not in text[words[first - 1].end : words[first].start]:
        return []
    inner = [k for k in range(first, len(words)) if words[k].clause == words[first].clause]
    closed = inner[-1] + 1 < len(words) and ")" in text[words[inner[-1]].end : words[inner[-1] + 1].start]
    return inner if closed or inner[-1] + 1 == len(words) else []


def parenthesised_colours(text: str, words: list[Word], start: int, end: int) -> list[tuple[int, str]]:
    """Colours in parentheses that describe the noun phrase ``words[start:end]``: right after it,
    at most two describing words and a colour ("a jug (satin orange)", "the lid (pale, mint green)"),
    or, just before it, a gloss of its modifier made only of colours ("a pewter (blue-grey) wall")."""
    after = _parenthesis(text, words, end)
    if after and len(after) <= 3 and colour_of(words[after[-1]].text) and not any(
            words[k].text in PHRASE_STOPS or words[k].text in NUMBER_WORDS for k in after):
        return [(k, colour_of(words[k].text)) for k in after if colour_of(words[k].text)]
    opened = next((k for k in range(start - 1, max(-1, start - 5), -1) if words[k].clause != words[start].clause), None)
    before = [k for k in range(start) if opened is not None and words[k].clause == words[opened].clause]
    glosses = before and ")" in text[words[before[-1]].end : words[before[-1] + 1].start] and _parenthesis(text, words, before[0]) == before
    if glosses and all(colour_of(words[k].text) or words[k].text in SHADE_WORDS for k in before) and before[-1] + 1 == start:
        return [(k, colour_of(words[k].text)) for k in before if colour_of(words[k].text)]
    return []
