"""Negation scope: which words of a prompt lie inside an exclusion ("no X", "without X",
"X-free", "leave out X", "nothing that looks like X", a negative prompt, "X is not allowed").

Read by the prompt rules and by the safety gate alike, so both read exclusions the same way.
"""

from __future__ import annotations

import re

from .prompt_words import AFFIRMED, DETERMINERS, LIST_JOINERS, NEGATED, UNCLEAR, Word
from .regions import REGION_AXES
from .text_units import in_quotes

__all__ = ["scope_statuses", "word_statuses", "excluded_after"]

# --- negation scope ----------------------------------------------------------------------

# Single-word cues that open an exclusion scope.
_CUES = frozenset(
    "no not without never avoid avoiding avoided exclude excluding excluded omit omitting omitted "
    "nothing none nor minus lacking sans zero nobody neither skip".split()
)
# Pronoun cues govern their whole predicate ("nothing that looks like a clock").
_PRONOUN_CUES = frozenset({"nothing", "nobody", "none", "neither"})
_TWO_WORD_CUES = {("free", "of"), ("leave", "out"), ("leaving", "out"), ("leaves", "out"), ("keep", "out"), ("keeps", "out"), ("rather", "than"), ("instead", "of"),
                  ("empty", "of"), ("devoid", "of"), ("clear", "of"), ("in", "place"), ("no", "one")}  # fmt: skip
# "no more than three", "not only", "not just": not exclusions.
_NOT_NEGATION_AFTER = {"no": {"more", "less", "fewer", "larger", "bigger", "smaller", "longer", "wider"},
                       "not": {"only", "just", "merely", "too", "overly", "more", "less"}}  # fmt: skip
# Words that end an exclusion scope: the sentence goes on to ask for something. Right after
# a cue they belong to it instead ("don't include", "avoid showing", "never add").
_SCOPE_BREAKERS = frozenset(
    "with but while featuring showing show shows depicting depict includes include including add adding plus "
    "except yet though although then keep place put make use set give let only instead rather where "
    "see want wants need needs draw".split()
)
# Prepositions of place after an excluded thing: what follows says where, and is not excluded itself.
_PLACE_WORDS = frozenset("on onto in inside at against across along under over above below beneath behind beside near".split())
# Breakers that are also nouns ("place names", "a tea set"): they break a scope only as verbs,
# before a determiner or pronoun ("place the logo", "set it").
_NOUN_BREAKERS = frozenset({"place", "set"})
_OBJECT_PRONOUNS = frozenset({"it", "them", "him", "her", "those", "these", "everything", "something"})
_EXCEPTIONS = {"but": "", "except": "", "besides": "", "beyond": "", "other": "than", "save": "for", "apart": "from", "aside": "from"}


def _exception_at(words: list[Word], k: int) -> bool:
    """An exception to an exclusion starts at word ``k``: "but", "except", "besides", "beyond",
    "other than", "save for", "apart from", "aside from" ("or other props" is not one)."""
    need = _EXCEPTIONS.get(words[k].text)
    if need is None:
        return False
    return not need or (k + 1 < len(words) and words[k + 1].text == need)
# Cues that are verbs taking the excluded things as their object ("avoid glare, dust and fingerprints").
_VERB_CUES = frozenset("avoid avoiding exclude excluding omit omitting skip".split())
_AUXILIARIES = frozenset("must should do does did will would can could may might shall is are was were be".split())
# A determiner after these keeps the scope open ("nothing that looks like a clock", "no X or a Y").
_SCOPE_KEEPERS = frozenset({"like", "resembling", "resembles", "as", "of", "or", "nor", "any", "such", "than", "with"})
# "keep people out of the frame", "keep tourists away from the fountain".
_KEEP_VERBS, _KEEP_PARTICLES = frozenset({"keep", "keeps", "leave", "leaves", "kept", "left"}), frozenset({"out", "away", "off"})
# After a cue these govern their whole predicate like "nothing" ("avoid anything that looks like a clock").
_INDEFINITES = frozenset({"anything", "something", "everything", "whatever"})
_NEGATIVE_MARKER = re.compile(
    r"(?:^|(?<=[\s,.;(]))(?:negatives?(?:\s+prompts?)?|avoid|exclusions?|exclude[sd]?|do\s+not\s+include|don['’]t\s+include|"
    r"must\s+not\s+(?:include|contain|show)|no|forbidden|banned|unwanted|not\s+wanted)\s*\**\s*:",
    re.IGNORECASE,
)


def _negative_spans(text: str) -> list[tuple[int, int]]:
    """Character spans of "Negative prompt: ..." (or "Avoid: ...") lists: from the marker to
    the end of its line, and bullet lines right below a marker that ends its line."""
    spans = []
    offset, open_list = 0, False
    for line in text.split("\n"):
        end = offset + len(line)
        m = _NEGATIVE_MARKER.search(line)
        if m:
            spans.append((offset + m.start(), end))
            open_list = not line[m.end() :].strip()
        elif open_list and re.match(r"^\s*[-*•]\s+", line):
            spans.append((offset, end))
        else:
            open_list = False
        offset = end + 1
    return spans


def _cue_at(text: str, words: list[Word], i: int) -> int:
    """Length of a negation cue starting at word ``i`` (0 when there is none). A cue joined
    by a hyphen to the next word is a modifier ("no-parking sign"), one followed by a comma
    or "!" is an interjection ("No, the dog should sit"), one that ends a hyphenated name is part of
    it ("forget-me-not"), and one right after another cue cancels it ("never without his hat"):
    none of these is a cue."""
    w = words[i].text
    nxt = words[i + 1].text if i + 1 < len(words) and words[i + 1].sentence == words[i].sentence else ""
    if words[i].hyphen_next or text[words[i].end : words[i].end + 1] in (",", "!"):
        return 0
    if w in ("not", "no", "never", "nor") and i > 0 and words[i - 1].hyphen_next:
        return 0  # the end of a hyphenated name: "forget-me-not", "touch-me-not"
    if i > 0 and words[i - 1].sentence == words[i].sentence and words[i - 1].text in ("not", "never", "no", "nor"):
        return 0
    if (w, nxt) in _TWO_WORD_CUES:
        return 2
    direction = w == "left" and i > 0 and (words[i - 1].text in REGION_AXES or words[i - 1].text in DETERMINERS
                                            or words[i - 1].text in ("to", "on", "at", "far", "lower", "upper"))
    if w in _KEEP_VERBS and not direction and any(
        words[j].text in _KEEP_PARTICLES and words[j].sentence == words[i].sentence for j in range(i + 2, min(i + 7, len(words)))
    ):
        return 1
    if w in _CUES and nxt not in _NOT_NEGATION_AFTER.get(w, ()):
        return 1
    return 0


def _own_words(text: str, words: list[Word], start: int, skip: list[bool]) -> list[Word]:
    """The words of a cue's sentence from ``start`` up to the next cue: an or-list after that
    cue is its own ("no background: simple, no dimensions or part numbers" closes no list of
    the first "no")."""
    own = []
    for k in range(start, len(words)):
        if words[k].sentence != words[start - 1].sentence:
            break
        if not skip[k] and words[k].text != "nor" and _cue_at(text, words, k):
            break
        own.append(words[k])
    return own


def scope_statuses(text: str, words: list[Word], skip: list[bool]) -> list[str]:
    """The negation status of every word. Words of quoted text (``skip``) neither open nor
    close a scope. A cue's scope runs forward through its phrase and a list of phrases and
    ends at the sentence end, at a word that asks for something else ("with", "but",
    "showing"), or at a determiner that starts a new phrase ("no people on the street");
    items after a comma, or after "and a", are unclear unless the list is closed by or/nor."""
    status = [AFFIRMED] * len(words)
    for a, b in _negative_spans(text):
        inside = [k for k, w in enumerate(words) if a <= w.start < b]
        partial = any(_exception_at(words, k) for k in inside)  # "anything besides green and white"
        for k in inside:
            status[k] = UNCLEAR if partial else NEGATED
    for c in range(len(words)):
        size = _cue_at(text, words, c) if not skip[c] else 0
        if not size:
            continue
        pronoun = words[c].text in _PRONOUN_CUES
        rest = [w.text for w in _own_words(text, words, c + size, skip)]
        # "must not overwhelm the eye with flashing alerts": a negated verb governs its whole phrase
        verbal = words[c].text in ("not", "never") and c > 0 and words[c - 1].text in _AUXILIARIES
        # "keep out sharp teeth, fire and smoke", "do not show a pose, a rescue or anyone in the
        # water": a verb's object list, closed by and/or, is excluded whole
        verb_list = (verbal or words[c].text in _VERB_CUES or size == 2 and words[c].text in _KEEP_VERBS) and "," in text[
            words[c].end : max((w.end for w in words[c + size :] if w.sentence == words[c].sentence), default=words[c].end)]
        closed_list = "or" in rest or "nor" in rest or (verb_list and "and" in rest)
        mode, seen, prev, scoped, joined = NEGATED, False, None, [], False
        # "leave out the chairs, the towels and the umbrellas": a list of determiner phrases
        first = next((w.text for w in words[c + size :] if w.text not in _SCOPE_BREAKERS), "")
        tail = [w for w in words[c + size :] if w.sentence == words[c].sentence]
        closes = any(a.text in LIST_JOINERS and b.text in DETERMINERS for a, b in zip(tail, tail[1:]))
        listed = first in DETERMINERS and (closes or verb_list and closed_list)
        for k in range(c + size, len(words)):
            w = words[k]
            if w.sentence != words[c].sentence:
                break
            if skip[k]:  # quoted text inside the scope is excluded with it
                status[k] = NEGATED if status[k] == NEGATED else mode
                scoped.append(k)
                continue
            if _exception_at(words, k):  # "nothing but flowers", "no text other than KOA"
                for j in scoped:  # "no birds other than the heron" excludes only some birds
                    status[j] = UNCLEAR
                break
            if joined and prev is not None and w.clause != prev.clause and w.text not in LIST_JOINERS:
                break  # "no computers or screens, square image": the or-list has closed
            joined |= w.text in ("or", "nor")
            nxt = words[k + 1].text if k + 1 < len(words) and words[k + 1].sentence == w.sentence else ""
            verb = w.text not in _NOUN_BREAKERS or nxt in DETERMINERS or nxt in _OBJECT_PRONOUNS
            if verbal and seen and (w.text == "with" or w.text in DETERMINERS) and prev is not None and w.clause == prev.clause:
                status[k] = NEGATED if status[k] == NEGATED else mode
                scoped.append(k)
                prev = w
                continue
            if w.text == "with" and seen and prev is not None and w.clause == prev.clause and mode == NEGATED:
                mode = UNCLEAR  # "no laptops with a logo on them": the logo is part of what is excluded
                prev = w
                continue
            if w.text in _PLACE_WORDS and seen and not verbal and prev is not None and w.clause == prev.clause and mode == NEGATED:
                mode = UNCLEAR  # "no overlap on the green mat": the mat is where, not what is excluded
                prev = w
                continue
            if w.text in _SCOPE_BREAKERS and verb:
                if seen:
                    break
                prev = w
                continue
            if prev is not None and prev.text == "with" and mode == UNCLEAR and w.clause != prev.clause:
                break
            if prev is not None and w.clause != prev.clause and not closed_list:
                mode = UNCLEAR
            if w.text in _INDEFINITES and k - c - size <= 2:
                pronoun = True  # "omit anything that looks like an umbrella", "don't put in anything that ..."
            if w.text in DETERMINERS and seen and prev is not None and prev.text not in _SCOPE_KEEPERS:
                if listed and w.clause != prev.clause and text[prev.end : w.start].strip() == ",":
                    mode = mode if verb_list and closed_list else UNCLEAR  # the next item of a list, or a new phrase
                elif prev.text != "and" and not pronoun:
                    break
                mode = UNCLEAR if prev.text == "and" else mode
            if status[k] != NEGATED:
                status[k] = mode
            scoped.append(k)
            seen |= w.text not in DETERMINERS
            prev = w
    for k in range(len(words)):
        if words[k].hyphen_next and k + 1 < len(words) and words[k + 1].text == "free":
            status[k] = NEGATED  # "clutter-free"
    for c in range(1, len(words) - 2):  # "we print the labels ourselves, so leave those out": the clause before may be meant
        if words[c].text in _KEEP_VERBS and words[c + 1].text in _OBJECT_PRONOUNS and words[c + 2].text in _KEEP_PARTICLES:
            near = {words[c].clause, words[c].clause - 1}
            for k in range(c):
                if words[k].sentence == words[c].sentence and words[k].clause in near and status[k] == AFFIRMED:
                    status[k] = UNCLEAR
    return status


_EXCLUDING_PREDICATES = frozenset(
    "forbidden prohibited banned excluded omitted disallowed unwanted".split()
)
_NEGATED_PREDICATES = frozenset(
    "allowed permitted included visible shown present wanted needed desired used depicted rendered drawn "
    "appear appears appearing".split()
)
_COPULAS = frozenset("is are be should must may will can shall".split())
_ZERO_WORDS = frozenset({"none", "zero", "0", "no", "nothing"})


def excluded_after(text: str, words: list[Word], end: int) -> bool:
    """A mention excluded by what follows it in its clause: "text is not allowed", "logos
    should not appear", "watermarks are forbidden", "people: none", "people = 0"."""
    first = words[end] if end < len(words) else None
    if first is None or first.sentence != words[end - 1].sentence:
        return False
    between = text[words[end - 1].end : first.start]
    after = words[end + 1] if end + 1 < len(words) else None
    alone = after is None or after.clause != first.clause or first.text != "no"  # not "line art (no colour fill)"
    if first.text in _ZERO_WORDS and any(c in between for c in ":=(") and "\n" not in between and alone:
        return True
    if first.clause != words[end - 1].clause:
        return False
    k = end
    while k < len(words) and k < end + 2 and words[k].text in _COPULAS and words[k].clause == first.clause:
        k += 1
    if k < len(words) and words[k].clause == first.clause and words[k].text in _EXCLUDING_PREDICATES:
        return True
    if k + 1 < len(words) and words[k].text in ("left", "kept") and words[k + 1].text in _KEEP_PARTICLES and k > end:
        return True  # "people are left out of the frame", "cars are kept away"
    if k + 1 < len(words) and words[k].text in ("not", "never") and words[k + 1].clause == first.clause:
        nxt = words[k + 2].text if words[k + 1].text == "be" and k + 2 < len(words) else words[k + 1].text
        return nxt in _NEGATED_PREDICATES
    return False



def word_statuses(text: str, words: list[Word]) -> list[str]:
    """The negation status of every word of ``text``, quoted words included."""
    return scope_statuses(text, words, in_quotes(text, words))
