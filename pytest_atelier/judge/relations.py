"""Relations between two things of a prompt ("the sign above the door", "Under the table sleeps a dog")."""

from __future__ import annotations

import dataclasses

from .negation import scope_statuses
from .prompt_words import ADVERBIAL_OPENERS, AFFIRMED, DETERMINERS, LIST_JOINERS, NEGATED, UNCLEAR, Mention, Word, labels_line, read_words
from .quantities import GAP_STOP, NUMBER_WORDS
from .regions import FRAME_NOUNS, FRAME_OWNERS, REGION_AXES, regions_in
from .text_units import in_quotes

__all__ = ["Relation", "CONVERSE", "relation_at", "relations_between", "relative_placements"]

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
        "between": "next_to", "in between": "next_to",
        "outside": "outside", "outside of": "outside", "far from": "apart", "away from": "apart",
        "to its left": "left_of", "on its left": "left_of", "to its right": "right_of", "on its right": "right_of",
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
    "stacked piled tucked pinned shown seen that which who just directly slightly right immediately partly partially well "
    "half squarely high low far close centred centered neatly placed put kept peeking peeks peeking standing "
    "should must will can".split()
)


# Verbs that place their subject on a surface ("rests on the table", "stands on the island").
_PLACE_VERBS = frozenset(
    "is are sits sit stands stand lies lie rests rest hangs hang perches perch waits wait leans lean floats float runs run".split()
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


def relation_at(words: list[Word], i: int) -> tuple[int, frozenset[str]] | None:
    for n in _RELATION_LENGTHS:
        got = tuple(w.text for w in words[i : i + n])
        if len(got) == n and got in _RELATION_PHRASES and all(w.sentence == words[i].sentence for w in words[i : i + n]):
            return n, _RELATION_PHRASES[got]
    return None


_RELATION_STOPS = frozenset({*DETERMINERS, *LIST_JOINERS, *GAP_STOP, "with", "without", "while", "and", "or"})


def _linking(word: str) -> bool:
    return word in _RELATION_LINKS or word.endswith(("ing", "ed", "ly")) or word in ("up", "down", "out", "together", "there")


def _subject_gap(words: list[Word], lo: int, hi: int, quoted: list[bool]) -> bool:
    """Words between a thing and the relation phrase placing it: none, link words ("that hangs
    just"), or one verb ("lanterns dangle over"); quoted text (the sign "OPEN") is skipped."""
    gap = [words[k] for k in range(lo, hi) if not quoted[k]]
    if gap and all(w.text.endswith("ing") and _linking(w.text) for w in gap) and len(gap) <= 2 and gap[0].sentence == words[lo - 1].sentence:
        return True  # "a goblet, standing behind the carafe": a participle after a comma still places the thing
    if _support_between(gap) or _with_phrase_between(gap) or _region_between(words, lo, hi, quoted):
        return True
    if any(w.clause != words[lo - 1].clause or w.text in _RELATION_STOPS for w in gap):
        return False
    return len(gap) <= 1 or (len(gap) <= 3 and all(_linking(w.text) for w in gap))


# Words of a phrase that places a thing in the frame: "at the very top", "in the upper left corner of the frame".
_FRAME_PLACE_WORDS = frozenset({"at", "on", "in", "along", "across", "near", "toward", "towards", "the", "of", "very", "far",
                                "dead", "extreme", *REGION_AXES, *FRAME_NOUNS, *FRAME_OWNERS})


def _region_between(words: list[Word], lo: int, hi: int, quoted: list[bool]) -> bool:
    """A frame region of the thing said between it and the relation phrase, after link words if
    any ("a phone at the top left, above the mug"; "a kite far right beside the tree"; "a hut
    standing left of centre on the hill"): the relation is still the thing's."""
    gap = [k for k in range(lo, hi) if not quoted[k]]
    while gap and words[gap[0]].text not in _FRAME_PLACE_WORDS and _linking(words[gap[0]].text):
        gap = gap[1:]  # "a castle sitting left of centre on the hill": a verb of place before the region
    if not gap or len(gap) > 8 or any(words[k].sentence != words[lo - 1].sentence or words[k].text not in _FRAME_PLACE_WORDS for k in gap):
        return False
    bare = sum(words[k].text in REGION_AXES for k in gap) >= 2 or words[gap[0]].text in ("very", "far", "dead", "extreme")
    return bare or bool(regions_in(words, lo, hi))


# Grounds that spread under everything: a relation after one places the part where a thing is
# ("a shadow on the floor below the chair"), never the ground as a whole.
_SPREAD_GROUNDS = frozenset("ground floor water sand grass snow ice road street pavement lawn beach surface".split())


def _support_between(gap: list[Word]) -> bool:
    """The surface a thing is on, after a verb of place, between the thing and a relation phrase
    ("a dipper rests on the table to the right of the jar"), or without a verb when it is a
    spread ground ("a shadow on the floor below the chair"; in "a key on the desk left of the
    lamp" the desk may be what is left of it): the relation is said of the thing."""
    verb = int(bool(gap) and gap[0].text in _PLACE_VERBS)
    if len(gap) < verb + 2 or gap[verb].text not in ("on", "in", "at", "upon", "atop") or not verb and gap[-1].text not in _SPREAD_GROUNDS:
        return False
    return all(w.clause == gap[0].clause for w in gap) and _noun_gap(gap[verb + 1 :], 4)


def _with_phrase_between(gap: list[Word]) -> bool:
    """A "with" phrase of the thing and then its verb ("tracks with grey rollers run underneath
    the machine"): the relation is said of the verb's subject, the thing."""
    verb = next((k for k, w in enumerate(gap) if k > 1 and w.text in _PLACE_VERBS), None)
    if not gap or gap[0].text != "with" or verb is None or verb > 4:
        return False
    return all(w.clause == gap[0].clause for w in gap) and _noun_gap(gap[1:verb], 3) and all(
        _linking(w.text) or w.text in _PLACE_VERBS for w in gap[verb + 1 :])


def _label_value(text: str, words: list[Word], label: Mention, i: int) -> bool:
    """The relation phrase at ``i`` opens the description of a labelled thing, behind a count and
    link words ("phone booths: two, directly next to the meeting room")."""
    gap = words[label.end : i]
    return labels_line(text, words, label.start, label.end) and len(gap) <= 4 and all(
        w.text in NUMBER_WORDS or w.text.isdigit() or _linking(w.text) for w in gap)


def _modifier_gap(words: list[Word], lo: int, hi: int) -> bool:
    """Words between a relation phrase and its object: a determiner and up to three modifiers."""
    gap = [words[k] for k in range(lo, hi)]
    if any(w.text in ("it", "them", "him") for w in gap):
        return False  # "behind him stands a kiln": the pronoun is the object
    return len(gap) <= 4 and all(w.clause == words[lo].clause for w in gap) and all(
        w.text in DETERMINERS or w.text not in _RELATION_STOPS for w in gap) and sum(w.text in DETERMINERS for w in gap) <= 1


def relations_between(text: str, words: list[Word], found: list[Mention], kinds: list[str] | None = None) -> list[Relation]:
    """Relation phrases that join two of the mentions ``found``: "A (link words) PHRASE (the,
    adjectives) B" and the fronted "PHRASE B (,) (link words) A" ("Above the door hangs a sign").
    A relation phrase takes the mention right after it, behind at most a determiner and three
    modifiers, as its object; its subject is the nearest mention before it joined only by link
    words (is, sits, hanging, just ...). The status is negated or unclear when the phrase or
    either mention is (so "no cat on the mat" states nothing). A fronted phrase with a pronoun
    ("Behind him stands a frame") takes the nearest mention before it of another kind than its
    subject (``kinds``, one per mention; the phrase by default) as the pronoun's thing."""
    kinds = kinds or [m.phrase for m in found]
    quoted = in_quotes(text, words)
    statuses = scope_statuses(text, words, quoted)
    out: list[Relation] = []
    i = 0
    while i < len(words):
        hit = relation_at(words, i)
        if hit is None:
            i += 1
            continue
        n, rels = hit
        inner = any(w.text == "its" for w in words[i : i + n])  # "to its right" holds its own object
        after = [k for k, m in enumerate(found) if i + n <= m.start <= i + n + 4 and words[m.start].sentence == words[i].sentence]
        obj = min(after, key=lambda k: found[k].start) if after and not inner else None
        if obj is not None and not _modifier_gap(words, i + n, found[obj].start):
            obj = None
        pronoun = obj is None and _pronoun_object(words, i, n)
        if obj is None and not pronoun:
            i += n
            continue
        phrase = " ".join(w.text for w in words[i : i + n])
        subj = None
        before = [k for k, m in enumerate(found) if m.end <= i and words[m.start].sentence == words[i].sentence]
        if before:
            k = max(before, key=lambda k: found[k].end)
            if found[k].end == i or _subject_gap(words, found[k].end, i, quoted) or _label_value(text, words, found[k], i):
                subj = k
        opens = i == 0 or words[i - 1].clause != words[i].clause or words[i - 1].text in ("and", "just", "directly", "right")
        if pronoun and subj is None and opens:  # "Behind him stands a frame", "and to its right a trumpet"
            tail = i + n + (not inner)  # past "it" in "below it"
            subj = _fronted_subject(words, found, tail, i)
            obj = _subject_before(words, found, i, kinds, avoid=kinds[subj]) if subj is not None else None
            if obj is not None:
                marks = {statuses[k] for k in range(i, i + n)} | {found[subj].status, found[obj].status}
                status = NEGATED if NEGATED in marks else UNCLEAR if UNCLEAR in marks else AFFIRMED
                out.append(Relation(subj, obj, rels, " ".join(w.text for w in words[i:tail]), status))
            i += n
            continue
        if pronoun:  # "a lamp with a bird hanging beneath it", "...; the glass is to its left"
            obj = _antecedent(words, found, found[subj].start) if subj is not None else None
            if obj is not None and found[obj].phrase != found[subj].phrase:
                marks = {statuses[k] for k in range(i, i + n)} | {found[subj].status, found[obj].status}
                status = NEGATED if NEGATED in marks else UNCLEAR if UNCLEAR in marks else AFFIRMED
                out.append(Relation(subj, obj, rels, " ".join(w.text for w in words[i : i + n + all(w.text != "its" for w in words[i : i + n])]), status))
            i += n
            continue
        fronted = opens and (not before or all(words[found[k].end - 1].clause != words[i].clause for k in before))
        if subj is None and fronted:  # "Above the door, a sign" / "Beside the bed stands a lamp"
            subj = _fronted_subject(words, found, found[obj].end, i)
        if subj is None and opens and _closes_sentence(words, found[obj].end, i):  # "a cake with candles, left of the balloons"
            subj = _clause_before(words, found, i, kinds, avoid=kinds[obj])
        if subj is not None and subj != obj:
            marks = {statuses[k] for k in range(i, i + n)} | {found[subj].status, found[obj].status}
            status = NEGATED if NEGATED in marks else UNCLEAR if UNCLEAR in marks else AFFIRMED
            out.append(Relation(subj, obj, rels, phrase, status))
        i += n
    return out


def _pronoun_object(words: list[Word], i: int, n: int) -> bool:
    """The relation phrase at ``i`` takes a pronoun as its object ("beneath it", "to its left", "behind him")."""
    if any(w.text == "its" for w in words[i : i + n]):
        return True
    return i + n < len(words) and words[i + n].text in ("it", "them", "him") and words[i + n].clause == words[i].clause


def _antecedent(words: list[Word], found: list[Mention], before: int) -> int | None:
    """The thing a pronoun stands for: the nearest mention before the clause's own subject, in
    its sentence or the one before."""
    near = [k for k, m in enumerate(found) if m.end <= before and words[before].sentence - words[m.start].sentence <= 1]
    return max(near, key=lambda k: found[k].end) if near else None


def _subject_before(words: list[Word], found: list[Mention], i: int, kinds: list[str], avoid: str) -> int | None:
    """The thing the pronoun of a fronted phrase at ``i`` stands for: the subject of the nearest
    clause before it (in its sentence or the one before) that opens with its subject rather than
    a place or a participle, when that subject is a mention ("A teapot sits on the tray. To its
    right ..."; "a drawing of a saxophone stands on the left, and to its right ..."). None when
    that subject is something else, or of the kind of the phrase's own subject (in "Behind him
    stands a frame" he is not the frame)."""
    k = i - 1
    while k >= 0 and words[i].sentence - words[k].sentence <= 1:
        start = k
        while start > 0 and words[start - 1].clause == words[k].clause:
            start -= 1
        opener = words[start].text
        described = opener in ("each", "both", "all", "with") or k - start < 3 and opener not in DETERMINERS and not any(
            start <= m.start <= k for m in found)  # "..., face down, ...", "..., each with a red cap; ...": said of the thing before
        if words[k].clause != words[i].clause and not (opener in _ADVERBIAL_OPENERS or opener in _RELATION_LINKS or described or opener.endswith(("ed", "ing"))):
            return _opening_mention(words, found, start, kinds, avoid)
        verb = next((v for v in range(start + 1, min(k + 1, start + 6)) if words[v].text in _PLACE_VERBS), None)
        if words[k].clause != words[i].clause and opener in ("on", "at", "in") and verb is not None:
            return _opening_mention(words, found, verb + 1, kinds, avoid)  # "On the left sits the larger boat"
        k = start - 1
    return None


def _closes_sentence(words: list[Word], k: int, i: int) -> bool:
    """No word of the sentence of ``i`` comes after the clause holding word ``k - 1``."""
    return k >= len(words) or words[k].sentence != words[i].sentence or (
        words[k].clause == words[k - 1].clause and _closes_sentence(words, k + 1, i))


def _clause_before(words: list[Word], found: list[Mention], i: int, kinds: list[str], avoid: str) -> int | None:
    """The subject of the clause right before a relation clause that closes the sentence ("a
    chocolate cake with candles, to the right of the balloons": the cake is)."""
    if i == 0 or words[i - 1].sentence != words[i].sentence or words[i - 1].clause == words[i].clause:
        return None
    start = i - 1
    while start > 0 and words[start - 1].clause == words[i - 1].clause:
        start -= 1
    return _opening_mention(words, found, start, kinds, avoid)


def _opening_mention(words: list[Word], found: list[Mention], start: int, kinds: list[str], avoid: str) -> int | None:
    """The mention that heads the noun phrase opening a clause at ``start``: behind determiners
    and modifiers, or after "of" ("a drawing of a saxophone")."""
    first = min((k for k, m in enumerate(found) if m.start >= start and words[m.start].clause == words[start].clause), key=lambda k: found[k].start, default=None)
    if first is None or found[first].start - start > 10 or kinds[first] == avoid:
        return None
    for k in range(start, found[first].start):
        w = words[k].text
        joined = k > 0 and words[k - 1].hyphen_next  # "brush-and-ink"
        new_phrase = w in DETERMINERS and k > start and words[k - 1].text != "of"  # "a shelf holds a teapot"
        if not joined and ((w in _RELATION_STOPS and w not in DETERMINERS and w != "of") or w in _RELATION_LINKS or new_phrase):
            return None  # the mention is not the clause's subject
    return first


# Words that open a short adverbial clause between a fronted relation phrase and its subject
# ("Behind the carafe, toward the back, is a goblet"; "Behind him, and clearly behind his body, stands").
_ADVERBIAL_OPENERS = ADVERBIAL_OPENERS | frozenset("in on at far well clearly and".split())


def _fronted_subject(words: list[Word], found: list[Mention], lo: int, i: int) -> int | None:
    """The subject of a fronted relation phrase at ``i`` whose object ends before ``lo``: the first
    mention after it in the sentence, past short adverbial clauses ("Behind the carafe, toward the
    back, is a goblet"), a place phrase and link words ("below it on the ground is a shadow"), a
    determiner and modifiers (hyphened words count once)."""
    later = [k for k, m in enumerate(found) if m.start >= lo and words[m.start].sentence == words[i].sentence]
    if not later:
        return None
    k = min(later, key=lambda k: found[k].start)
    g = lo
    while g < found[k].start and words[g].clause != words[i].clause and words[g].clause != words[found[k].start].clause:
        clause = [c for c in range(g, found[k].start) if words[c].clause == words[g].clause]
        if len(clause) > 6 or words[g].text not in _ADVERBIAL_OPENERS:
            return None
        g = clause[-1] + 1
    g = _past_distance(words, g, found[k].start)  # "To its right and a little farther off is a boat"
    if g < found[k].start and words[g].text in ("on", "in", "at", "along", "across") and words[g].clause == words[found[k].start].clause:
        place = g + 1 + (g + 1 < len(words) and words[g + 1].text in DETERMINERS)
        while place < found[k].start and place - g <= 4 and words[place].text not in _RELATION_LINKS:
            place += 1
        if place < found[k].start and words[place].text in _RELATION_LINKS:
            g = place  # "below him on the white ground is a shadow"
    gap = [words[c] for c in range(g, found[k].start) if not (c > 0 and words[c - 1].hyphen_next)]
    if _noun_gap(gap, 5):
        return k
    held = [n for n, w in enumerate(gap) if w.text == "with"]  # "To the left of the radar, a panel with three gauges"
    if held and 0 < held[0] and _noun_gap(gap[: held[0]], 5) and _noun_gap(gap[held[0] + 1 :], 3) and all(
            w.clause == gap[0].clause for w in gap):
        return k
    return None


def _noun_gap(gap: list[Word], most: int) -> bool:
    """Up to ``most`` words of a noun phrase before a mention: one determiner and modifiers."""
    return len(gap) <= most and sum(w.text in DETERMINERS for w in gap) <= 1 and all(
        w.text in DETERMINERS or w.text not in _RELATION_STOPS for w in gap)


# Adverbs of distance that close a short phrase said between a fronted relation and its subject.
_DISTANCE = frozenset("off away back further farther closer nearer apart".split())
_DEGREE = frozenset("a little bit slightly much way somewhat just".split())


def _past_distance(words: list[Word], g: int, stop: int) -> int:
    """Past "and a little farther off" between a fronted relation phrase and the link verb
    before its subject: the index after the distance adverb, else ``g``."""
    if g >= stop or words[g].text != "and":
        return g
    for k in range(g + 1, min(stop, g + 6)):
        if words[k].text in _DISTANCE and (k + 1 >= stop or words[k + 1].text not in _DISTANCE):
            return k + 1 if k + 1 < stop and words[k + 1].text in _RELATION_LINKS else g
        if words[k].text not in _DEGREE and words[k].text not in _DISTANCE:
            return g
    return g


_DIRECTIONAL = frozenset({"above", "below", "left_of", "right_of", "in_front_of", "behind", "next_to"})


def relative_placements(text: str) -> list[tuple[str, frozenset[str]]]:
    """Phrases of ``text`` that place something relative to another thing rather than in a
    region of the frame: a directional relation phrase (above, below, left of, in front of,
    behind, next to ...) followed by a noun that is not the frame, a region word or a frame
    part ("above the awning", "left of the door"; not "left of centre", "below the frame's
    midline", "on the left"), nor "between", which places a thing among others that a frame
    region may place as well ("the sky between the towers"). Returns ``(phrase with its object, relations)``."""
    words = read_words(text)
    frame = {*FRAME_NOUNS, *FRAME_OWNERS, *REGION_AXES, "midline", "edge", "edges", "it", "them", "this", "that"}
    out = []
    i = 0
    while i < len(words):
        hit = relation_at(words, i)
        if hit is None or not (hit[1] & _DIRECTIONAL) or any(w.text == "between" for w in words[i : i + hit[0]]):
            i += 1
            continue
        n, rels = hit
        k = i + n
        if k < len(words) and words[k].text in DETERMINERS:
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
