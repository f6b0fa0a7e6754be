"""What a prompt says, read as evidence: mentions with their negation status, quoted text
units, quantities bound to nouns, colours bound to noun phrases and frame regions.

Every reader answers with three states where that matters: a mention is ``affirmed``
(asked for), ``negated`` (inside an exclusion) or ``unclear`` (its scope cannot be told from
the words, it is part of a compound such as "hot dog stand", or it is said to be gone). The rules in
:mod:`.prompt_rules` decide on affirmed and negated evidence only. docs/suite-format.md
("How the offline judge reads the prompt side") documents every pattern read here.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata

from . import colors
from .text_match import same_word

__all__ = [
    "Word",
    "Mention",
    "AFFIRMED",
    "NEGATED",
    "UNCLEAR",
    "read_words",
    "mentions",
    "in_quotes",
    "excluded_after",
    "names_a_thing",
    "plain_head",
    "refers_back",
    "word_statuses",
    "quoted_units",
    "normalise_text",
    "number_value",
    "quantity_before",
    "colour_words_bound",
    "REGION_AXES",
    "regions_in",
    "regions_of",
    "adjective",
    "names_style",
    "Relation",
    "CONVERSE",
    "relations_between",
    "relative_placements",
]

AFFIRMED, NEGATED, UNCLEAR = "affirmed", "negated", "unclear"


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


# Sentences end at . ! ? ; and line breaks; clauses also at , : ( ) [ ] and a dash.
_TOKEN = re.compile(r"[^\W_]+(?:['’][a-z]+)?|[.!?;]+|[,:()\[\]]|[ \t][-–—][ \t]|\n", re.IGNORECASE)
_SENT_END = re.compile(r"^[.!?;]+$")


def read_words(text: str) -> list[Word]:
    """Words of ``text`` with sentence, clause and line numbers; ``n't`` reads as ``not``."""
    out: list[Word] = []
    sentence = clause = line = 0
    for m in _TOKEN.finditer(text):
        tok = m.group()
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
                out.append(Word(low.split("'")[0], m.start(), m.end(), sentence, clause, line, hyphen, tok[0].isupper()))
    return out


# --- negation scope ----------------------------------------------------------------------

# Single-word cues that open an exclusion scope.
_CUES = frozenset(
    "no not without never avoid avoiding avoided exclude excluding excluded omit omitting omitted "
    "nothing none nor minus lacking sans zero nobody neither skip".split()
)
# Pronoun cues govern their whole predicate ("nothing that looks like a clock").
_PRONOUN_CUES = frozenset({"nothing", "nobody", "none", "neither"})
_TWO_WORD_CUES = {("free", "of"), ("leave", "out"), ("leaving", "out"), ("leaves", "out"), ("rather", "than"), ("instead", "of"),
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
_LIST_JOINERS = frozenset({"and", "or", "nor"})
_AUXILIARIES = frozenset("must should do does did will would can could may might shall is are was were be".split())
_DETERMINERS = frozenset("a an the this that these those his her its their our my your some one".split())
# A determiner after these keeps the scope open ("nothing that looks like a clock", "no X or a Y").
_SCOPE_KEEPERS = frozenset({"like", "resembling", "resembles", "as", "of", "or", "nor", "any", "such", "than", "with"})
# "keep people out of the frame", "keep tourists away from the fountain".
_KEEP_VERBS, _KEEP_PARTICLES = frozenset({"keep", "keeps", "leave", "leaves", "kept", "left"}), frozenset({"out", "away", "off"})
# After a cue these govern their whole predicate like "nothing" ("avoid anything that looks like a clock").
_INDEFINITES = frozenset({"anything", "something", "everything", "whatever"})
# A mention followed closely by one of these is not asked for as visible ("the sun hidden").
_POST_NEGATORS = frozenset({"hidden", "invisible", "absent", "missing", "gone", "removed", "empty", "erased", "obscured"})
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
    or "!" is an interjection ("No, the dog should sit"), and one right after another cue
    cancels it ("never without his hat"): none of these is a cue."""
    w = words[i].text
    nxt = words[i + 1].text if i + 1 < len(words) and words[i + 1].sentence == words[i].sentence else ""
    if words[i].hyphen_next or text[words[i].end : words[i].end + 1] in (",", "!"):
        return 0
    if i > 0 and words[i - 1].sentence == words[i].sentence and words[i - 1].text in ("not", "never", "no", "nor"):
        return 0
    if (w, nxt) in _TWO_WORD_CUES:
        return 2
    direction = w == "left" and i > 0 and (words[i - 1].text in REGION_AXES or words[i - 1].text in _DETERMINERS
                                            or words[i - 1].text in ("to", "on", "at", "far", "lower", "upper"))
    if w in _KEEP_VERBS and not direction and any(
        words[j].text in _KEEP_PARTICLES and words[j].sentence == words[i].sentence for j in range(i + 2, min(i + 7, len(words)))
    ):
        return 1
    if w in _CUES and nxt not in _NOT_NEGATION_AFTER.get(w, ()):
        return 1
    return 0


def _scope_statuses(text: str, words: list[Word], skip: list[bool]) -> list[str]:
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
        rest = [w.text for w in words[c + size :] if w.sentence == words[c].sentence]
        closed_list = "or" in rest or "nor" in rest
        # "must not overwhelm the eye with flashing alerts": a negated verb governs its whole phrase
        verbal = words[c].text in ("not", "never") and c > 0 and words[c - 1].text in _AUXILIARIES
        mode, seen, prev, scoped, joined = NEGATED, False, None, [], False
        # "leave out the chairs, the towels and the umbrellas": a list of determiner phrases
        first = next((w.text for w in words[c + size :] if w.text not in _SCOPE_BREAKERS), "")
        tail = [w for w in words[c + size :] if w.sentence == words[c].sentence]
        closes = any(a.text in _LIST_JOINERS and b.text in _DETERMINERS for a, b in zip(tail, tail[1:]))
        listed = first in _DETERMINERS and closes
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
            if joined and prev is not None and w.clause != prev.clause and w.text not in _LIST_JOINERS:
                break  # "no computers or screens, square image": the or-list has closed
            joined |= w.text in ("or", "nor")
            nxt = words[k + 1].text if k + 1 < len(words) and words[k + 1].sentence == w.sentence else ""
            verb = w.text not in _NOUN_BREAKERS or nxt in _DETERMINERS or nxt in _OBJECT_PRONOUNS
            if verbal and seen and (w.text == "with" or w.text in _DETERMINERS) and prev is not None and w.clause == prev.clause:
                status[k] = NEGATED if status[k] == NEGATED else mode
                scoped.append(k)
                prev = w
                continue
            if w.text == "with" and seen and prev is not None and w.clause == prev.clause and mode == NEGATED:
                mode = UNCLEAR  # "no laptops with a logo on them": the logo is part of what is excluded
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
            if w.text in _DETERMINERS and seen and prev is not None and prev.text not in _SCOPE_KEEPERS:
                if listed and w.clause != prev.clause and text[prev.end : w.start].strip() == ",":
                    mode = UNCLEAR  # the next item of a list, or a new phrase: cannot tell
                elif prev.text != "and" and not pronoun:
                    break
                mode = UNCLEAR if prev.text == "and" else mode
            if status[k] != NEGATED:
                status[k] = mode
            scoped.append(k)
            seen |= w.text not in _DETERMINERS
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


def _same(a: str, b: str) -> bool:
    a, b = _singular_stem(a), _singular_stem(b)
    return a == b or same_word(a, b)


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
    if first.text in _ZERO_WORDS and any(c in between for c in ":=(") and "\n" not in between:
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


# Words after a noun that do not make it a modifier of a following noun.
_AFTER_HEAD = frozenset(
    "of and or nor but with without while is are was were be been has have had sits sit stands stand lies lie "
    "a an the in on at to for from by as into onto over under above below beside behind near between among "
    "against along across around through where which that who whose this its their his her there here "
    "each both all every per only just also too very so then than like not no never next "
    "feel feels felt look looks seem seems appear appears become becomes remain remains stay stays".split()
)


# Nouns that end like adverbs ("-ly") and may head a compound ("penguin family", "lily pond").
_LY_NOUNS = frozenset("family assembly jelly belly lily butterfly fly rally holly ally bully supply reply folly gully".split())
_DEFINITE = frozenset("the this that these those his her its their our my your".split())


def refers_back(words: list[Word], m: Mention) -> bool:
    """The mention starts with a definite determiner within three words before it, in its
    clause ("the cat", "its small red boat"): it names a thing already mentioned."""
    for k in range(m.start - 1, max(-1, m.start - 4), -1):
        if words[k].clause != words[m.start].clause:
            return False
        if words[k].text in _DETERMINERS:
            return words[k].text in _DEFINITE
    return False


def _modifies_next(words: list[Word], end: int) -> bool:
    """The mention is followed, in its clause, by a word that reads as the head of a compound
    it modifies ("violin case", "wolf pack", "anime convention")."""
    if end >= len(words) or words[end].clause != words[end - 1].clause or words[end].sentence != words[end - 1].sentence:
        return False
    w = words[end].text
    verbish = (w.endswith(("ing", "ed", "ly")) and w not in _LY_NOUNS) or (w.endswith("s") and not w.endswith("ss"))
    placed = _relation_at(words, end) is not None  # "a sign beneath the door", "a lamp far from the bed"
    picture = w in _FORMAT_NOUNS  # "square format", "vertical crop": the word describes the picture
    return not (w in _AFTER_HEAD or verbish or placed or picture or w.isdigit() or w in NUMBER_WORDS or _colour_of(w))


# Nouns for the picture's own shape: a word before them describes the picture, not a thing.
_FORMAT_NOUNS = frozenset("format formats aspect ratio crop orientation canvas image".split())
_NAMED_THINGS = frozenset("font typeface typography style brand logo movie film song book game band series".split())


def names_a_thing(words: list[Word], end: int) -> bool:
    """Quoted text followed by what it names ('the "Lobster" font', 'a "Blade Runner" style')."""
    return end < len(words) and words[end].clause == words[end - 1].clause and words[end].text in _NAMED_THINGS


# Adjectives common enough in prompts to name as plain modifiers; other words right before a
# noun may be nouns that change its sense ("baseball bat", "computer mouse", "hot dog").
_PLAIN_ADJECTIVES = frozenset(
    "big small little large huge tiny giant old young new tall short long fat thin wide narrow cute wild lone "
    "single whole full dark light bright pale deep soft warm cold cool wet dry clean fresh ripe slim tame stray "
    "brave proud calm quiet loud happy sad angry gentle fierce friendly lonely sleeping running flying majestic "
    "beautiful lovely elegant ancient modern rustic vintage cozy cosy tiny white black free".split()
)
_ADJECTIVE_ENDINGS = ("y", "ful", "ous", "ive", "al", "ic", "ish", "less", "able", "ible", "ed", "ing", "en", "est", "ern", "ese", "ian")


_STRICT_ADJECTIVE_ENDINGS = ("ful", "ous", "ive", "ic", "ish", "less", "able", "ible")


def adjective(word: str, strict: bool = False) -> bool:
    """A colour, a common adjective or a word with an adjective ending ("rainy", "golden");
    ``strict`` leaves out endings that nouns share ("butterfly", "garden", "painting")."""
    endings = _STRICT_ADJECTIVE_ENDINGS if strict else _ADJECTIVE_ENDINGS
    return _colour_of(word) is not None or word in _PLAIN_ADJECTIVES or (len(word) > 4 and word.endswith(endings))


def plain_head(words: list[Word], m: Mention) -> bool:
    """The mention is not preceded, in its phrase, by a word that may be a noun modifying its
    sense: nothing, a determiner, a number, a colour or an adjective comes right before it."""
    if m.start == 0 or words[m.start - 1].clause != words[m.start].clause:
        return True
    w = words[m.start - 1].text
    return w in _DETERMINERS or w in _AFTER_HEAD or w in NUMBER_WORDS or w.isdigit() or adjective(w)


_GONE = frozenset({"nowhere", "vanished", "disappeared", "gone", "missing", "absent"})


def _gone_later(words: list[Word], start: int, end: int) -> bool:
    """Later in the mention's clause it is said to be gone ("the dragon has flown away and
    is nowhere to be seen")."""
    return any(w.text in _GONE for w in words[end:] if w.clause == words[start].clause)


def word_statuses(text: str, words: list[Word]) -> list[str]:
    """The negation status of every word of ``text``, quoted words included."""
    return _scope_statuses(text, words, in_quotes(text, words))


def in_quotes(text: str, words: list[Word]) -> list[bool]:
    """Whether each word lies inside a quoted or ``cue:``-delimited text unit."""
    units = quoted_units(text)
    return [any(a <= w.start < b for a, b, _, _ in units) for w in words]


def mentions(phrases: list[str], text: str, words: list[Word] | None = None, quoted: bool = False) -> list[Mention]:
    """Every occurrence of any phrase (plural and British/American spelling tolerant), with
    its status. Words of quoted text are text to render, not things asked for: they are
    skipped unless ``quoted``. A mention hyphen-joined to a neighbour is part of a compound
    ("dog-eared", "tiger-striped", "five-day forecast") and one followed closely by "hidden",
    "empty" ... is not asked for as visible: both are ``unclear``."""
    words = words if words is not None else read_words(text)
    skip = in_quotes(text, words)
    statuses = _scope_statuses(text, words, skip)
    found: dict[tuple[int, int], Mention] = {}
    for phrase in phrases:
        want = [w.text for w in read_words(phrase)]
        if not want:
            continue
        for i in range(len(words) - len(want) + 1):
            if (skip[i] and not quoted) or not all(_same(w, words[i + k].text) for k, w in enumerate(want)):
                continue
            end = i + len(want)
            status = statuses[i]
            if any(words[k].text == "free" and words[k - 1].hyphen_next for k in range(i + 1, end)):
                status = statuses[end - 1]  # the phrase is the "-free" word itself ("stress-free")
            after = [w.text for w in words[end : end + 3] if w.sentence == words[i].sentence]
            compound = (
                words[end - 1].hyphen_next
                or (i > 0 and words[i - 1].hyphen_next)
                or (end < len(words) and not skip[end] and not adjective(words[end - 1].text, strict=True) and _modifies_next(words, end))
            )  # "dog-eared", "five-day", "hot dog stand", "wolf pack"; not 'letters "THANK YOU"' 
            gone = bool(_POST_NEGATORS.intersection(after)) or _gone_later(words, i, end)
            if status == AFFIRMED and excluded_after(text, words, end):
                status = NEGATED  # "text is not allowed", "people: none"
            elif status == AFFIRMED and (compound or gone):
                found.setdefault((i, end), Mention(i, end, UNCLEAR, phrase, compound=not gone))
                continue
            found.setdefault((i, end), Mention(i, end, status, phrase))
    return sorted(found.values(), key=lambda m: (m.start, m.end))


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
_APPROXIMATE = frozenset(
    "about around approximately roughly nearly almost several few many some multiple numerous "
    "least most than up".split()
)
_ADJECTIVE_GAP = 3  # words allowed between a number and its noun ("four small brass keys")
_GAP_STOP = frozenset({*_DETERMINERS, *_LIST_JOINERS, "of", "in", "on", "at", "with", "by", "for", "to", "from"})


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


def _plural(word: str) -> bool:
    return word.endswith("s") and not word.endswith(("ss", "us", "is")) or word in ("people", "children", "men", "women", "mice", "geese", "teeth", "feet")


def quantity_before(text: str, words: list[Word], start: int) -> tuple[int | None, str]:
    """The quantity bound to the noun phrase whose head starts at ``start``:
    ``(value, how)``. ``how`` is ``number``, ``article`` (a/an before a singular noun, with
    up to three modifiers between), ``approximate`` (about, at least ...) or ``none``."""
    for gap in range(0, _ADJECTIVE_GAP + 1):
        for length in (3, 2, 1):
            i = start - gap - length
            if i < 0 or words[i].sentence != words[start].sentence:
                continue
            got = number_value(text, words, i)
            if got and got[1] == length:
                between = words[i + length : start]
                if any(b.text in _GAP_STOP or number_value(text, words, k) for k, b in enumerate(between, i + length)):
                    continue
                before = words[i - 1].text if i > 0 and words[i - 1].clause == words[i].clause else ""  # not "waist-up, one"
                if before in _APPROXIMATE or (i > 1 and words[i - 2].text in ("at", "up") and before in ("least", "most", "to")):
                    return None, "approximate"
                return got[0], "number"
    if not _plural(words[start].text):
        for i in range(start - 1, max(-1, start - _ADJECTIVE_GAP - 2), -1):
            if words[i].sentence != words[start].sentence or words[i].clause != words[start].clause:
                break
            if words[i].text in ("a", "an"):
                return 1, "article"
            if words[i].text in _GAP_STOP or words[i].text in _APPROXIMATE:
                break
    return None, "none"


# --- colours -----------------------------------------------------------------------------

_COLOUR_MODIFIERS = frozenset(
    "bright deep dark light pale vivid rich soft muted dusty warm cool neon pastel glossy matte "
    "saturated faded brilliant intense solid pure".split()
)
_HUE_SUFFIXES = frozenset({"colored", "coloured", "toned", "tinted", "hued", "ish"})
_PREDICATE_LINKS = frozenset({"is", "are", "in", "coloured", "colored", "painted", "dyed", "tinted", "of", "be", "all"})
_PHRASE_STOPS = frozenset(
    {*_DETERMINERS, *_LIST_JOINERS, *_GAP_STOP, "beside", "behind", "near", "under", "over", "above", "below",
     "next", "against", "holding", "wearing", "inside", "outside", "between", "among", "across", "along",
     "around", "through", "like", "as", "while", "is", "are", "sits", "stands", "has", "have"}
)  # fmt: skip


def _participle_link(words: list[Word], k: int) -> bool:
    """A participle followed by "in" links a noun to a colour ("highlighted in green")."""
    return words[k].text.endswith("ed") and k + 1 < len(words) and words[k + 1].text == "in"


def _colour_of(word: str) -> str | None:
    return colors.canonical(word)


def colour_words_bound(text: str, words: list[Word], start: int, end: int) -> tuple[list[tuple[int, str]], bool]:
    """Colour words bound to the noun phrase ``words[start:end]``: pre-modifiers inside the
    phrase (back to a determiner, joiner or preposition) and predicates right after it
    ("the hat is blue", "a hat in bright blue", "the bar highlighted in green", "hat (blue)"). Returns ``([(index,
    canonical colour)], ambiguous)``; ambiguous is true when a colour-only phrase is joined
    to this one by and/or ("red and blue hats"), so the binding cannot be told."""
    bound: list[tuple[int, str]] = []
    ambiguous = False
    i = start - 1
    while i >= 0 and words[i].sentence == words[start].sentence and words[i].clause == words[start].clause:
        w = words[i].text
        if w in _LIST_JOINERS and words[i].hyphen_next and i > 0 and words[i - 1].hyphen_next:
            i -= 1  # "blue-and-white": one compound colour
            continue
        if w in _PHRASE_STOPS:
            if w in _LIST_JOINERS and i > 0 and _colour_of(words[i - 1].text) and words[i - 1].clause == words[start].clause:
                ambiguous = True
            break
        colour = _colour_of(w)
        joined = words[i + 1].text if words[i].hyphen_next else ""
        compound = joined and not _colour_of(joined) and joined not in _HUE_SUFFIXES and joined not in _LIST_JOINERS
        named = text[words[i].start].isupper() and i > 0 and words[i - 1].sentence == words[i].sentence
        if colour and not compound and not named and start - i <= _ADJECTIVE_GAP + 1:
            bound.append((i, colour))  # not "red-haired" (the hair) nor "Green Valley Farms" (a name)
        i -= 1
    j = end
    if j < len(words) and words[j].sentence == words[start].sentence:
        k = j
        while k < len(words) and (words[k].text in _PREDICATE_LINKS or _participle_link(words, k)) and k - j < 3:
            k += 1
        while k < len(words) and words[k].text in _COLOUR_MODIFIERS:
            k += 1
        linked = k > j or words[j].clause != words[end - 1].clause  # "hat (blue)" / "hat, blue"
        if linked and k < len(words) and words[k].sentence == words[start].sentence:
            colour = _colour_of(words[k].text)
            after = words[k + 1].text if k + 1 < len(words) and words[k + 1].clause == words[k].clause else ""
            if colour and (not after or after in _PHRASE_STOPS or _colour_of(after)):
                bound.append((k, colour))
                k += 1  # "navy blue", "in red, yellow and purple"
                while k < len(words) and words[k].sentence == words[start].sentence:
                    if _colour_of(words[k].text):
                        bound.append((k, _colour_of(words[k].text)))
                    elif words[k].text not in _LIST_JOINERS and words[k].text not in _COLOUR_MODIFIERS:
                        break
                    k += 1
    return bound, ambiguous


# --- frame regions -----------------------------------------------------------------------

# Each region word names one position on an axis.
REGION_AXES: dict[str, tuple[str, str]] = {
    "top": ("v", "top"), "upper": ("v", "top"), "header": ("v", "top"), "topmost": ("v", "top"),
    "bottom": ("v", "bottom"), "lower": ("v", "bottom"), "footer": ("v", "bottom"), "bottommost": ("v", "bottom"),
    "left": ("h", "left"), "leftmost": ("h", "left"), "right": ("h", "right"), "rightmost": ("h", "right"),
    "center": ("c", "center"), "centre": ("c", "center"), "middle": ("c", "center"), "central": ("c", "center"),
    "centered": ("c", "center"), "centred": ("c", "center"), "centrally": ("c", "center"),
}  # fmt: skip
_FRAME_NOUNS = frozenset(
    "side edge corner third half part portion area band strip region zone margin quadrant frame image canvas "
    "composition poster page picture scene card cover layout screen panel border".split()
)
SOFT_CENTRE = frozenset({"centered", "centred", "centrally"})  # may be centred on one axis only
_SELF_ANCHORED = frozenset(
    "centered centred centrally header footer topmost bottommost leftmost rightmost".split()
)
# What a region can belong to and still be the frame's: "the top of the poster".
_FRAME_OWNERS = frozenset("frame image canvas composition poster page picture scene card cover layout screen "
                          "shot photo photograph illustration artwork design flyer banner sheet".split())


def _of_an_object(words: list[Word], k: int) -> bool:
    """Whether the region phrase ending before word ``k`` continues "of (the) X" with an X that
    is not the picture itself (then the region is relative to X)."""
    while k < len(words) and words[k].text in _FRAME_NOUNS - _FRAME_OWNERS:
        k += 1
    if k + 1 >= len(words) or words[k].text != "of" or words[k + 1].sentence != words[k].sentence:
        return False
    k += 1
    while k < len(words) and words[k].text in _DETERMINERS:
        k += 1
    return k < len(words) and words[k].text not in _FRAME_OWNERS


# Words that may follow a frame region without being described by it.
_REGION_FOLLOWERS = frozenset(
    "of and or with while is are sits stands sit stand a an the in on at to for from by as where which that there "
    "this its their his her".split()
)
_FRAME_PREPS = frozenset({"on", "at", "in", "to", "along", "across", "toward", "towards", "into", "near"})


# Words that start a new part of a clause, with its own thing and place ("the date along the
# bottom and the pace at the top").
_COORDINATORS = frozenset({"and", "while", "whereas", "plus", "but", "with"})


def regions_of(words: list[Word], m: Mention) -> list[tuple[int, dict[str, str]]]:
    """The frame regions said of the mention: those in its part of the clause (split at "and",
    "while", "with" ...), or, when that part has none, those in its whole clause ("the logo
    and the title at the top"), or else those of a short region clause right before it ("In the
    center, the output figure")."""
    clause = [k for k, w in enumerate(words) if w.clause == words[m.start].clause]
    lo, hi = clause[0], clause[-1] + 1
    start = max([k + 1 for k in range(lo, m.start) if words[k].text in _COORDINATORS], default=lo)
    end = min([k for k in range(m.end, hi) if words[k].text in _COORDINATORS], default=hi)
    own = regions_in(words, start, end) or regions_in(words, lo, hi)
    before = [k for k in range(lo) if words[k].sentence == words[lo].sentence and words[k].clause == words[lo - 1].clause]
    if own or not before or len(before) > 5 or words[before[0]].text not in _FRAME_PREPS:
        return own
    return regions_in(words, before[0], lo)  # "In the center, the output figure": a fronted region


def regions_in(words: list[Word], lo: int, hi: int) -> list[tuple[int, dict[str, str]]]:
    """Frame-anchored region phrases among ``words[lo:hi]`` as ``(index, {axis: value})``:
    "at the top", "top-left corner", "upper third", "centered", "in the header". A bare
    "left" or "above" (relative to another object, or a left hand) is not a frame region, nor
    is a region "of" an object ("the top part of the label", "the right side of the fox")."""
    found = []
    i = lo
    while i < hi:
        axis = REGION_AXES.get(words[i].text)
        named = axis is not None and words[i].capital and i > 0 and words[i - 1].sentence == words[i].sentence
        if axis is None or named:  # "the Left Bank" is a place
            i += 1
            continue
        place, k = {axis[0]: axis[1]}, i + 1
        while k < hi and k < i + 3 and REGION_AXES.get(words[k].text):  # "top left", "upper-right"
            extra = REGION_AXES[words[k].text]
            place.setdefault(extra[0], extra[1])
            k += 1
        same = k < len(words) and words[k].sentence == words[i].sentence and words[k].clause == words[i].clause
        nxt = words[k].text if same else ""
        prev = [words[m].text for m in range(max(0, i - 2), i) if words[m].sentence == words[i].sentence]
        # "on the right bank", "in her left hand": the region word describes another noun
        modifies = nxt and nxt not in _FRAME_NOUNS and nxt not in _REGION_FOLLOWERS and not nxt.endswith(("ing", "ed"))
        anchored = (
            words[i].text in _SELF_ANCHORED
            or nxt in _FRAME_NOUNS
            or (nxt == "of" and k + 2 < len(words) and words[k + 2].text in _FRAME_NOUNS)
            or (not modifies and len(prev) == 2 and prev[0] in _FRAME_PREPS and prev[1] == "the")
            or (not modifies and bool(prev) and prev[-1] in _FRAME_PREPS and ("c" in place or words[i].text in ("top", "bottom")))
        )
        if anchored and _of_an_object(words, k):
            anchored = False  # "the top part of the label", "the right side of the fox"
        if anchored:
            if len(place) > 1:
                place.pop("c", None)  # "upper middle" is the top
            found.append((i, place))
        i = k
    return found


# --- styles ------------------------------------------------------------------------------

_STYLE_NOUNS = frozenset(
    "style styled aesthetic look painting paintings illustration illustrations art artwork render rendering drawing "
    "sketch print poster photo photograph photography shot image picture wash technique medium piece portrait "
    "composition vibe design graphic graphics animation still film render".split()
)
_STYLE_LEADS = frozenset({"in", "as", "like", "via", "using"})


def names_style(words: list[Word], m: Mention) -> bool:
    """A style mention names how the image is made, not a thing in it: it ends in or is
    followed by a style noun ("watercolor painting", "anime style"), follows "in"/"as"
    ("rendered in watercolour"), or stands alone as a comma-list item or a clause opening
    ("..., anime, highly detailed", "Watercolor of a fox"). "tubes of watercolor paint" or
    "reading a comic book" do not count."""
    last, nxt = words[m.end - 1], words[m.end] if m.end < len(words) else None
    follows = nxt is not None and nxt.sentence == last.sentence and nxt.clause == last.clause
    if last.text in _STYLE_NOUNS or (follows and nxt.text in _STYLE_NOUNS) or last.hyphen_next and follows and nxt.text in ("style", "styled", "inspired"):
        return True
    prev = words[m.start - 1] if m.start > 0 and words[m.start - 1].sentence == words[m.start].sentence else None
    if prev is not None and prev.clause == words[m.start].clause:
        return prev.text in _STYLE_LEADS
    return not follows or nxt.text in ("of", "with", "and")


# --- relations between two things ---------------------------------------------------------

# Phrases that state where one thing is relative to another, longest first at each word, with
# the relations each states ("on top of" is both on and above).
_RELATION_PHRASES: dict[tuple[str, ...], frozenset[str]] = {
    tuple(k.split()): frozenset(v.split())
    for k, v in {
        "above": "above", "over": "above", "higher than": "above", "atop": "on above", "on top of": "on above",
        "below": "below", "under": "below", "underneath": "below", "beneath": "below", "lower than": "below",
        "left of": "left_of", "to the left of": "left_of", "on the left of": "left_of", "at the left of": "left_of",
        "to the left side of": "left_of", "on the left side of": "left_of", "leftward of": "left_of",
        "right of": "right_of", "to the right of": "right_of", "on the right of": "right_of", "at the right of": "right_of",
        "to the right side of": "right_of", "on the right side of": "right_of", "rightward of": "right_of",
        "in front of": "in_front_of", "before": "in_front_of", "ahead of": "in_front_of",
        "behind": "behind", "in back of": "behind", "at the back of": "behind",
        "on": "on", "upon": "on", "onto": "on", "resting on": "on",
        "in": "inside", "inside": "inside", "inside of": "inside", "within": "inside", "into": "inside",
        "next to": "next_to", "beside": "next_to", "alongside": "next_to", "adjacent to": "next_to",
        "near": "next_to", "close to": "next_to", "close beside": "next_to", "by the side of": "next_to",
        "outside": "outside", "outside of": "outside", "far from": "apart", "away from": "apart",
    }.items()
}  # fmt: skip
_RELATION_LENGTHS = sorted({len(k) for k in _RELATION_PHRASES}, reverse=True)
# What the relation says of the other thing when the two swap places ("the door below the sign").
CONVERSE = {"above": "below", "below": "above", "left_of": "right_of", "right_of": "left_of", "in_front_of": "behind",
            "behind": "in_front_of", "on": "under_load", "inside": "contains", "next_to": "next_to",
            "outside": "outside", "apart": "apart"}  # fmt: skip
# Words allowed between a thing and the relation phrase that places it ("the sign that hangs
# just above the door"); any other word may be a noun the phrase belongs to instead.
_RELATION_LINKS = frozenset(
    "is are was be being been sits sit sitting stands stand standing lies lie lying hangs hang hanging rests rest "
    "resting floats float floating placed positioned located set mounted perched tucked leaning leans lean propped "
    "stacked piled tucked pinned shown seen that which who just directly slightly right immediately partly partially "
    "half squarely high low far close centred centered neatly placed put kept peeking peeks peeking standing "
    "should must will can".split()
)


@dataclasses.dataclass(frozen=True)
class Relation:
    """A relation phrase read between two mentions: ``first`` relation ``second`` (indices into
    the mention list given to :func:`relations_between`), the phrase and its status."""

    first: int
    second: int
    relations: frozenset[str]
    phrase: str
    status: str


def _relation_at(words: list[Word], i: int) -> tuple[int, frozenset[str]] | None:
    for n in _RELATION_LENGTHS:
        got = tuple(w.text for w in words[i : i + n])
        if len(got) == n and got in _RELATION_PHRASES and all(w.sentence == words[i].sentence for w in words[i : i + n]):
            return n, _RELATION_PHRASES[got]
    return None


_RELATION_STOPS = frozenset({*_DETERMINERS, *_LIST_JOINERS, *_GAP_STOP, "with", "without", "while", "and", "or"})


def _linking(word: str) -> bool:
    return word in _RELATION_LINKS or word.endswith(("ing", "ed", "ly")) or word in ("up", "down", "out", "together", "there")


def _subject_gap(words: list[Word], lo: int, hi: int, quoted: list[bool]) -> bool:
    """Words between a thing and the relation phrase placing it: none, link words ("that hangs
    just"), or one verb ("lanterns dangle over"); quoted text (the sign "OPEN") is skipped."""
    gap = [words[k] for k in range(lo, hi) if not quoted[k]]
    if any(w.clause != words[lo - 1].clause or w.text in _RELATION_STOPS for w in gap):
        return False
    return len(gap) <= 1 or (len(gap) <= 3 and all(_linking(w.text) for w in gap))


def _modifier_gap(words: list[Word], lo: int, hi: int) -> bool:
    """Words between a relation phrase and its object: a determiner and up to three modifiers."""
    gap = [words[k] for k in range(lo, hi)]
    return len(gap) <= 4 and all(w.clause == words[lo].clause for w in gap) and all(
        w.text in _DETERMINERS or w.text not in _RELATION_STOPS for w in gap) and sum(w.text in _DETERMINERS for w in gap) <= 1


def relations_between(text: str, words: list[Word], found: list[Mention]) -> list[Relation]:
    """Relation phrases that join two of the mentions ``found``: "A (link words) PHRASE (the,
    adjectives) B" and the fronted "PHRASE B (,) (link words) A" ("Above the door hangs a sign").
    A relation phrase takes the mention right after it, behind at most a determiner and three
    modifiers, as its object; its subject is the nearest mention before it joined only by link
    words (is, sits, hanging, just ...). The status is negated or unclear when the phrase or
    either mention is (so "no cat on the mat" states nothing)."""
    quoted = in_quotes(text, words)
    statuses = _scope_statuses(text, words, quoted)
    out: list[Relation] = []
    i = 0
    while i < len(words):
        hit = _relation_at(words, i)
        if hit is None:
            i += 1
            continue
        n, rels = hit
        after = [k for k, m in enumerate(found) if i + n <= m.start <= i + n + 4 and words[m.start].sentence == words[i].sentence]
        obj = min(after, key=lambda k: found[k].start) if after else None
        if obj is not None and not _modifier_gap(words, i + n, found[obj].start):
            obj = None
        if obj is None:
            i += n
            continue
        phrase = " ".join(w.text for w in words[i : i + n])
        subj = None
        before = [k for k, m in enumerate(found) if m.end <= i and words[m.start].sentence == words[i].sentence]
        if before:
            k = max(before, key=lambda k: found[k].end)
            if found[k].end == i or _subject_gap(words, found[k].end, i, quoted):
                subj = k
        opens = i == 0 or words[i - 1].clause != words[i].clause or words[i - 1].text in ("and", "just", "directly", "right")
        fronted = opens and (not before or all(words[found[k].end - 1].clause != words[i].clause for k in before))
        if subj is None and fronted:  # "Above the door, a sign" / "Beside the bed stands a lamp"
            later = [k for k, m in enumerate(found) if m.start >= found[obj].end and words[m.start].sentence == words[i].sentence]
            if later:
                k = min(later, key=lambda k: found[k].start)
                gap = [words[g] for g in range(found[obj].end, found[k].start)]
                if len(gap) <= 5 and sum(w.text in _DETERMINERS for w in gap) <= 1 and all(
                        w.text in _DETERMINERS or w.text not in _RELATION_STOPS for w in gap):
                    subj = k
        if subj is not None and subj != obj:
            marks = {statuses[k] for k in range(i, i + n)} | {found[subj].status, found[obj].status}
            status = NEGATED if NEGATED in marks else UNCLEAR if UNCLEAR in marks else AFFIRMED
            out.append(Relation(subj, obj, rels, phrase, status))
        i += n
    return out


_DIRECTIONAL = frozenset({"above", "below", "left_of", "right_of", "in_front_of", "behind", "next_to"})


def relative_placements(text: str) -> list[tuple[str, frozenset[str]]]:
    """Phrases of ``text`` that place something relative to another thing rather than in a
    region of the frame: a directional relation phrase (above, below, left of, in front of,
    behind, next to ...) followed by a noun that is not the frame, a region word or a frame
    part ("above the awning", "left of the door"; not "left of centre", "below the frame's
    midline", "on the left"). Returns ``(phrase with its object, relations)``."""
    words = read_words(text)
    frame = {*_FRAME_NOUNS, *_FRAME_OWNERS, *REGION_AXES, "midline", "edge", "edges", "it", "them", "this", "that"}
    out = []
    i = 0
    while i < len(words):
        hit = _relation_at(words, i)
        if hit is None or not (hit[1] & _DIRECTIONAL):
            i += 1
            continue
        n, rels = hit
        k = i + n
        if k < len(words) and words[k].text in _DETERMINERS:
            k += 1
        noun = []  # the object's words: up to three, in the clause, before any stop word
        while k < len(words) and len(noun) < 3 and words[k].clause == words[i].clause and words[k].text not in _RELATION_STOPS:
            noun.append(words[k])
            k += 1
        before = words[i - 1].text if i > 0 and words[i - 1].clause == words[i].clause else ""
        region = before in REGION_AXES or (before == "the" and hit[1] & {"left_of", "right_of"})  # "top left of the sky"
        side = any(w.text in ("side", "part", "half", "corner", "end") for w in words[i : i + n])  # a region of the object
        if noun and not region and not side and not any(w.text in frame or w.text.isdigit() or w.text in NUMBER_WORDS for w in noun):
            out.append((text[words[i].start : noun[-1].end], rels))
        i += n
    return out
