"""Colours bound to a noun phrase of a prompt ("a blue hat", "the hat is blue", "hat (blue)")."""

from __future__ import annotations

from .colour_links import (COLOUR_MODIFIERS, COLOUR_NOUNS, HUE_SUFFIXES, PHRASE_STOPS, PREPOSITIONS, colour_of, manner_word,
                           participle_link, shades_next, tint_of)
from .colour_joins import PREDICATE_LINKS, colour_follows, colour_range, coordinated_modifiers, elided_head, joined_colours, shared_head
from .colour_lists import colon_list, colour_items, comma_modifiers, label_value_colours, one_each, parenthesised_colours
from .colour_text import lettered_colours
from .prompt_words import DETERMINERS, LIST_JOINERS, Word, labels_line
from .quantities import ADJECTIVE_GAP
from .text_units import in_quotes

__all__ = ["colour_words_bound", "ones_after"]

_ADVERBS = frozenset({"behind", "itself", "here", "there", "too", "also", "overall", "below", "above"})


# What a thing can be made of or set in: a colour on it is the thing's own ("the floor is beige
# wood", "a vase in glossy cobalt glaze", "water made of teal patches").
_MATTER = frozenset(
    "wood timber stone marble granite slate concrete brick glass metal steel iron brass copper bronze chrome "
    "paper card cardboard fabric cloth felt wool linen cotton silk velvet denim leather suede plastic rubber "
    "resin ceramic porcelain clay enamel glaze paint lacquer ink plaster stucco "
    "patch patches shard shards piece pieces scrap scraps fleck flecks stroke strokes".split()
)
_PIECES = frozenset({"patch", "patches", "shard", "shards", "piece", "pieces", "scrap", "scraps", "fleck", "flecks", "stroke", "strokes"})


def _pieces_of(words: list[Word], k: int) -> int:
    """Past pieces named before their colour ("overlapping angular patches of teal"): the index
    of the colour after "of", else ``k``."""
    for n in range(k, min(len(words) - 2, k + 4)):
        if words[n].clause != words[k].clause or words[n].text in PHRASE_STOPS:
            return k
        if words[n].text in _PIECES and words[n + 1].text == "of" and colour_of(words[n + 2].text):
            return n + 2
    return k


def _named_shade(words: list[Word], k: int, after_noun: bool = False) -> bool:
    """A thing naming a shade of the colour after it, right after a copula or "in" ("the box is
    sky blue", "walls in forest green"), or ``after_noun`` closing a terse clause ("lids olive green;")."""
    if after_noun and shades_next(words, k):
        return True
    first, last = k, k
    while first > 0 and words[first - 1].hyphen_next:
        first -= 1  # "duck-egg blue"
    while last + 1 < len(words) and words[last].hyphen_next:
        last += 1
    return (first > 0 and (words[first - 1].text in _COPULAS or words[first - 1].text == "in") and last + 1 < len(words) and colour_of(words[last + 1].text) is not None
            and words[last + 1].clause == words[k].clause and words[k].text not in PHRASE_STOPS
            and words[k].text not in _NEGATORS and not words[k].text.endswith("ly"))  # not "is not red", "is mostly red"


_NEGATORS = frozenset({"not", "never", "no", "nor", "hardly", "barely", "nowhere", "isn't", "aren't", "isnt", "arent"})


# Verbs that give their object a colour as a result ("tints the shadow red", "paint the door blue").
_COLOURING_VERBS = frozenset(
    "tint tints tinting paint paints painting dye dyes dyeing stain stains staining colour colours colouring "
    "color colors coloring turn turns turning make makes making wash washes washing bathe bathes bathing "
    "light lights lighting glaze glazes keep keeps".split()
)
_COPULAS = frozenset({"is", "are"})


def _copula_after_phrase(words: list[Word], j: int) -> int:
    """Where a copula follows a prepositional phrase closing a noun ("the blades on the right are
    blue": the blades are): the copula's index, else ``j``."""
    if j >= len(words) or words[j].text not in PREPOSITIONS:
        return j
    for k in range(j + 1, min(len(words), j + 6)):
        if words[k].clause != words[j].clause or words[k].text in LIST_JOINERS:
            return j
        if words[k].text in _COPULAS:
            return k
    return j


_RELATIVES = frozenset({"which", "who", "whose", "where", "whom"})


def _copula_after_list(words: list[Word], j: int) -> int:
    """Where a copula follows a list of nouns that the noun opens, with no colour of their own
    ("every lid, handle and spout is green", "the cup and saucer are white": each is): the
    copula's index, else ``j``."""
    if j == 0 or j >= len(words) or words[j].clause == words[j - 1].clause and words[j].text not in LIST_JOINERS:
        return j
    joined = False
    for k in range(j, min(len(words), j + 9)):
        w = words[k].text
        if words[k].sentence != words[j - 1].sentence or colour_of(w) or w in _RELATIVES or w in PHRASE_STOPS - DETERMINERS - LIST_JOINERS - _COPULAS:
            return j
        if w in _COPULAS:
            return k if joined else j
        joined |= w in LIST_JOINERS
    return j


def _predicate_noun(words: list[Word], k: int) -> int:
    """After "is"/"are", a short noun phrase that a participle then colours ("the bird is carved
    wood painted a soft green"): the participle's index, else ``k``."""
    for n in range(k, min(len(words), k + 4)):
        if words[n].clause != words[k].clause or words[n].text in PHRASE_STOPS or colour_of(words[n].text):
            return k
        if n > k and participle_link(words, n):
            return n + 1
    return k


# Nouns for a picture of a thing: their colour is the colour the thing is drawn in.
_DEPICTIONS = frozenset(
    "drawing drawings sketch sketches silhouette silhouettes outline outlines illustration illustrations painting "
    "print engraving etching rendering icon icons stencil cutout doodle figurine statue sculpture carving".split()
)


# Nouns for a group of things: the colour of "a blue stack of books" is the books'.
_GROUPS = frozenset(
    "stack stacks pile piles heap heaps bunch bunches bundle bundles cluster clusters pair pairs set sets".split()
)


def _ground(words: list[Word], k: int) -> bool:
    """A colour word used as the ground a thing is set on: after "on" or "against", closing its
    phrase ("isolated on white", "a vignette on white with ragged edges"; not "on white sails")."""
    after = words[k + 1] if k + 1 < len(words) else None
    closes = after is None or after.clause != words[k].clause or after.text in PHRASE_STOPS
    return k > 0 and words[k - 1].text in ("on", "against") and words[k - 1].clause == words[k].clause and closes


# Words for a pose between a noun and what is said of it ("a skater mid-air, printed in teal").
_POSTURE_WORDS = frozenset({"aloft", "upright", "midair", "overhead"})


def _past_phrase(words: list[Word], j: int) -> int:
    """Past a "with" or place phrase without colours closed by a comma, when a participle that
    links a colour, or "in" and a colour, opens the next clause ("towers with pointed spires,
    floodlit in pale gold", "the headline under the circle, in orange"): said of the noun, not of
    the phrase's object. The index of that clause, else ``j``."""
    if j >= len(words) or words[j].text != "with" and words[j].text not in PREPOSITIONS:
        return j
    for k in range(j + 1, min(len(words), j + 6)):
        if words[k].sentence != words[j].sentence:
            return j
        if words[k].clause != words[j].clause:
            coloured = words[k].text == "in" and k + 1 < len(words) and (colour_of(words[k + 1].text) or words[k + 1].text in COLOUR_MODIFIERS)
            return k if participle_link(words, k) or coloured else j
        if colour_of(words[k].text) or words[k].text in PHRASE_STOPS - DETERMINERS:
            return j
    return j


def _past_posture(words: list[Word], j: int) -> int:
    """Past a pose word that closes the noun's clause ("one skater mid-air, printed in teal")."""
    n = 2 if j + 1 < len(words) and words[j].text == "mid" and words[j].hyphen_next and words[j + 1].text == "air" else int(j < len(words) and words[j].text in _POSTURE_WORDS)
    closes = n and (j + n >= len(words) or words[j + n].clause != words[j].clause)
    return j + n if closes else j


# Words for the whole of a set or mass before "of": "all of the cups" are the cups themselves.
_WHOLE_OF = frozenset({"all", "each", "both", "every"})


def _object_of_preposition(words: list[Word], start: int) -> bool:
    """The noun phrase at ``start`` follows a preposition in its clause, behind at most a
    determiner and two modifiers ("on the old table", "Next to the door"); not the "of" of a
    whole ("all of the cups", "each of them")."""
    for i in range(start - 1, max(-1, start - 5), -1):
        if words[i].clause != words[start].clause:
            return False
        if words[i].text in PREPOSITIONS:
            whole = i > 0 and (words[i - 1].text in _WHOLE_OF or words[i - 1].text == "one" and i > 1 and words[i - 2].text == "every")
            return not (words[i].text == "of" and whole)
        if words[i].text in PHRASE_STOPS - DETERMINERS:
            return False
    return False


def _resultative(words: list[Word], start: int, j: int) -> list[tuple[int, str]]:
    """A colour right after the object of a colouring verb, closing the phrase ("light tints that
    shadow red", "paint the door deep blue"): the colour is the object's."""
    i = start - 1
    while i >= 0 and words[i].clause == words[start].clause and (words[i].text in DETERMINERS or colour_of(words[i].text) is None and i >= start - 2 and words[i].text not in PHRASE_STOPS and words[i].text not in _COLOURING_VERBS):
        i -= 1
    if i < 0 or words[i].text not in _COLOURING_VERBS or words[i].clause != words[start].clause:
        return []
    k = j
    while k < len(words) and words[k].text in COLOUR_MODIFIERS and k - j < 2:
        k += 1
    if k >= len(words) or words[k].clause != words[start].clause or colour_of(words[k].text) is None:
        return []
    after = words[k + 1] if k + 1 < len(words) else None
    if after is not None and after.clause == words[k].clause and after.text not in PHRASE_STOPS and not colour_of(after.text):
        return []  # "paints the fence red flowers"? the colour belongs to a noun of its own
    return [(k, colour_of(words[k].text))]


def _described_as(words: list[Word], k: int) -> bool:
    """An adjective or participle right before a colour ("eyes glowing cyan", "yolks: jammy orange")."""
    w = words[k].text
    return len(w) > 3 and w.endswith(("y", "ing", "ed", "ish")) and k + 1 < len(words) and colour_of(words[k + 1].text) is not None


def _listed(words: list[Word], k: int) -> bool:
    """A word that a comma closes, in a list of qualities ("the soup is thick, creamy orange")."""
    return k + 1 < len(words) and words[k + 1].clause != words[k].clause and words[k + 1].sentence == words[k].sentence


def colour_words_bound(text: str, words: list[Word], start: int, end: int) -> tuple[list[tuple[int, str]], bool]:
    """Colour words bound to the noun phrase ``words[start:end]``: pre-modifiers inside the
    phrase (back to a determiner, joiner or preposition) and predicates right after it
    ("the hat is blue", "a hat in bright blue", "the bar highlighted in green", "hat (blue)"). Returns ``([(index,
    canonical colour)], ambiguous)``; ambiguous is true when a colour-only phrase is joined
    to this one by and/or ("red and blue hats"), so the binding cannot be told."""
    if end - start == 1 and colour_of(words[start].text) and (_ground(words, start) or elided_head(words, start)):
        return [(start, colour_of(words[start].text))], False  # "isolated on white": white is the ground; "..., then blue"
    bound: list[tuple[int, str]] = []
    ambiguous = False
    prep_object = _object_of_preposition(words, start)
    i = start - 1
    while i >= 0 and words[i].sentence == words[start].sentence and words[i].clause == words[start].clause:
        w = words[i].text
        if w in LIST_JOINERS and words[i].hyphen_next and i > 0 and words[i - 1].hyphen_next:
            i -= 1  # "blue-and-white": one compound colour
            continue
        if w in PHRASE_STOPS:
            if colour_range(words, i, start):
                bound += joined_colours(words, i)  # "a light grey to black cat": both are the cat's
            if w in LIST_JOINERS and i > 0 and colour_of(words[i - 1].text) and words[i - 1].clause == words[start].clause:
                ambiguous = True
                bound += joined_colours(words, i)
            ambiguous |= w in LIST_JOINERS and shared_head(words, i, start, bound)
            shared = coordinated_modifiers(words, i, start) if w in LIST_JOINERS and not bound else []
            bound, ambiguous = bound + shared, ambiguous or bool(shared)  # "red second and minute needles"
            of = i - (w in DETERMINERS)
            if not bound and of > 0 and words[of].text == "of" and words[of - 1].text in _DEPICTIONS | _GROUPS and words[of - 1].clause == words[start].clause:
                bound += colour_words_bound(text, words, of - 1, of)[0]  # "a black ink drawing of a saxophone", "a blue pile of books"
            i = -1
            break
        colour = colour_of(w)
        joined = words[i + 1].text if words[i].hyphen_next else ""
        compound = joined and not colour_of(joined) and joined not in HUE_SUFFIXES and joined not in LIST_JOINERS
        colour = None if joined and tint_of(w) and colour_of(joined) else colour  # "reddish-brown" is a brown
        named = text[words[i].start].isupper() and i > 0 and words[i - 1].clause == words[i].clause  # not after "Left half:"
        gap = sum(not words[k - 1].hyphen_next for k in range(i + 1, start))  # "brush-and-ink" is one word
        if colour and not compound and not named and gap <= ADJECTIVE_GAP:
            bound.append((i, colour))  # not "red-haired" (the hair) nor "Green Valley Farms" (a name)
        i -= 1
    bound += comma_modifiers(text, words, i, start)  # "a tall, glossy white vase", "mostly green, blurred background"
    glossed = parenthesised_colours(text, words, start, end)
    if glossed:
        return bound + glossed, ambiguous  # "a jug (satin orange)", "a pewter (blue-grey) wall"
    j = end
    quoted = in_quotes(text, words)
    while j < len(words) and quoted[j] and words[j].sentence == words[start].sentence:
        j += 1  # 'the title "WINTER HYMNS" in red': the text the noun holds comes between
    each = one_each(words, j) if j < len(words) and words[j].clause != words[end - 1].clause else []
    if each:
        return bound + each, ambiguous  # "three lines, one red, one green and one blue"
    if end < len(words) and words[end].text in COLOUR_NOUNS and labels_line(text, words, start, end + 1):
        return bound + label_value_colours(words, end + 1), ambiguous  # "- Box colour: sky blue"
    if labels_line(text, words, start, end) and not quoted[end]:  # 'Title: "SALE" in red' reads as 'the title "SALE" in red'
        first = label_value_colours(words, end)
        rest = next((n for n in range(end + 1, len(words)) if words[n].clause != words[end].clause), len(words))
        more = colour_items(words, rest) if rest < len(words) and words[rest].sentence == words[end].sentence else []
        return bound + first + more, ambiguous  # "lighting: dim, cold, blue-toned"
    lettered = lettered_colours(words, end, j)
    if lettered:
        return bound + lettered, ambiguous
    j = _copula_after_list(words, _copula_after_phrase(words, _past_phrase(words, _past_posture(words, j))))  # "the blades on the right are blue"
    if j < len(words) and words[j].sentence == words[start].sentence:
        k = j + (words[j].text in _ADVERBS and j + 1 < len(words) and words[j + 1].text in ("is", "are"))  # "the wall behind is"
        while k < len(words) and (words[k].text in PREDICATE_LINKS or participle_link(words, k) or k > j and manner_word(words, k) and participle_link(words, k - 1)) and k - j < 4:
            k += 1
        if k > j and words[k - 1].text in _COPULAS:
            if prep_object:
                return bound, ambiguous  # "Next to the door is a red chair": the chair is red
            k = _predicate_noun(words, k)  # "the bird is carved wood painted ..."
        material = k > j and words[k - 1].text in ("in", "of")  # "made of", "set in": what follows is its matter
        k = _pieces_of(words, k) if material else k  # "made of overlapping patches of teal"
        article = k > j and k < len(words) and words[k].text in ("a", "an") and (words[k - 1].text in _COPULAS or participle_link(words, k - 1))
        copula = article and words[k - 1].text in _COPULAS
        k += article  # "the sky is a pale grey band", "a door painted a deep red"
        mods = k
        while k < len(words) and (words[k].text in COLOUR_MODIFIERS or (k > j and _listed(words, k)) or _described_as(words, k) or _named_shade(words, k, k == j)
                                  or (article and words[k].text not in PHRASE_STOPS and k - mods < 3)) and not colour_of(words[k].text) and k - mods < 4:
            k += 1  # "is a smooth pastel blue", "is a smooth matte white disc"
        said = k > j and words[k - 1].text in _COPULAS or k > mods
        if said and k + 2 < len(words) and not colour_of(words[k].text) and words[k + 1].text in LIST_JOINERS and colour_of(words[k + 2].text) and words[k + 2].clause == words[k].clause:
            k += 2  # "the blades are cool periwinkle and blue": coordinated predicates are all said of the noun
        linked = k > j or words[j].clause != words[end - 1].clause  # "hat (blue)" / "hat, blue"
        if k < len(words) and words[k].sentence == words[start].sentence:
            colour = colour_of(words[k].text)
            after = words[k + 1].text if k + 1 < len(words) and words[k + 1].clause == words[k].clause else ""
            # "sails in cream crossed by red stripes": a participle after the colour opens a phrase of its own
            ends = not after or after in PHRASE_STOPS or colour_of(after) or (len(after) > 4 and after.endswith("ed"))
            ends = ends or after in _MATTER and (material or words[mods - 1].text in _COPULAS)  # "is beige wood", "in cobalt glaze"
            ends = ends or after in ("light", "glow") and any(words[n].text.endswith("lit") for n in range(j, mods))  # "floodlit in gold light"
            # "blades pink, ..." (a colour closing a short clause that opens with the noun) binds without a link word
            terse = not after and (start < 2 or words[start - 2].clause != words[start].clause)
            if colour and (ends and (linked or terse) or copula):
                bound.append((k, colour))
                k += 1  # "navy blue", "in red, yellow and purple"
                while k < len(words) and words[k].sentence == words[start].sentence:
                    if colour_of(words[k].text):
                        bound.append((k, colour_of(words[k].text)))
                    elif words[k].text not in LIST_JOINERS and words[k].text not in COLOUR_MODIFIERS and not (words[k].text == "to" and colour_follows(words, k)):
                        break  # "the cat is grey to black": a range
                    k += 1
        if not bound:
            bound += _resultative(words, start, j)
    if not bound:
        bound += colon_list(text, words, start, end)
    return bound, ambiguous


def ones_after(words: list[Word], end: int) -> list[int]:
    """Indices of "one"/"ones" later in the sentence that stand for another of the noun ending
    before ``end``, with a colour of their own ("a red pennant ... and a yellow one"), and of
    colours that stand for another with the noun left out, when the noun has a colour of its own
    ("a red kite, then blue")."""
    found = []
    coloured = any(colour_of(w.text) and w.clause == words[end - 1].clause for w in words[max(0, end - 4) : end - 1])
    for k in range(end, len(words)):
        if words[k].sentence != words[end - 1].sentence:
            break
        if coloured and elided_head(words, k):
            found.append(k)
        if words[k].text not in ("one", "ones") or (k + 1 < len(words) and words[k + 1].text == "of"):
            continue
        lead = words[max(end, k - 3) : k]
        if any(colour_of(w.text) for w in lead) and any(w.text in DETERMINERS - {"one"} for w in lead):
            found.append(k)
    return found
