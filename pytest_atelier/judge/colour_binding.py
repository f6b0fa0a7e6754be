"""Colours bound to a noun phrase of a prompt ("a blue hat", "the hat is blue", "hat (blue)")."""

from __future__ import annotations

from . import colors
from .prompt_words import DETERMINERS, LIST_JOINERS, Word, labels_line
from .quantities import ADJECTIVE_GAP, GAP_STOP, NUMBER_WORDS
from .text_units import in_quotes

__all__ = ["colour_of", "colour_phrase", "colour_words_bound", "ones_after"]

# --- colours -----------------------------------------------------------------------------

_COLOUR_MODIFIERS = frozenset(
    "bright deep dark light pale vivid rich soft muted dusty warm cool neon pastel glossy matte "
    "saturated faded brilliant intense solid pure near nearly almost deeper darker lighter brighter paler "
    "softer warmer cooler richer creamy milky smoky dusky inky".split()
)
_SHADE_WORDS = _COLOUR_MODIFIERS | {"mint", "plain"}  # may lead a colour given on its own ("mint green", "plain white")
_HUE_SUFFIXES = frozenset({"colored", "coloured", "toned", "tinted", "hued", "ish"})
_PREDICATE_LINKS = frozenset({"is", "are", "in", "coloured", "colored", "painted", "dyed", "tinted", "of", "be", "all"})
_PHRASE_STOPS = frozenset(
    {*DETERMINERS, *LIST_JOINERS, *GAP_STOP, "beside", "behind", "near", "under", "over", "above", "below",
     "next", "against", "holding", "wearing", "inside", "outside", "between", "among", "across", "along",
     "around", "through", "like", "as", "while", "is", "are", "sits", "stands", "has", "have"}
)  # fmt: skip


_ADVERBS = frozenset({"behind", "itself", "here", "there", "too", "also", "overall", "below", "above"})
_IRREGULAR_LINKS = frozenset({"drawn", "shown", "done", "lit", "set", "made", "worn", "dressed"})


def _participle_link(words: list[Word], k: int) -> bool:
    """A participle followed by "in", "of", a colour or "a" and a colour links a noun to a colour
    ("highlighted in green", "drawn in amber", "clouds lit orange", "painted a soft green", "made of teal glass")."""
    participle = (words[k].text.endswith("ed") and not colour_of(words[k].text)) or words[k].text in _IRREGULAR_LINKS  # not "red"
    return participle and k + 1 < len(words) and (words[k + 1].text in ("in", "of", "a", "an") or colour_of(words[k + 1].text) is not None)


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
        if words[n].clause != words[k].clause or words[n].text in _PHRASE_STOPS:
            return k
        if words[n].text in _PIECES and words[n + 1].text == "of" and colour_of(words[n + 2].text):
            return n + 2
    return k


def _named_shade(words: list[Word], k: int) -> bool:
    """A thing naming a shade of the colour after it, right after a copula or "in" ("the box is
    sky blue", "walls in forest green")."""
    first, last = k, k
    while first > 0 and words[first - 1].hyphen_next:
        first -= 1  # "duck-egg blue"
    while last + 1 < len(words) and words[last].hyphen_next:
        last += 1
    return (first > 0 and (words[first - 1].text in _COPULAS or words[first - 1].text == "in") and last + 1 < len(words) and colour_of(words[last + 1].text) is not None
            and words[last + 1].clause == words[k].clause and words[k].text not in _PHRASE_STOPS
            and words[k].text not in _NEGATORS and not words[k].text.endswith("ly"))  # not "is not red", "is mostly red"


_NEGATORS = frozenset({"not", "never", "no", "nor", "hardly", "barely", "nowhere", "isn't", "aren't", "isnt", "arent"})


# Prepositions whose object is never the subject of the verb after it: in "the hat on the table
# is red" and "Next to the door is a red chair" the colour is not the table's or the door's.
_PREPOSITIONS = frozenset(
    "on at in by near beside behind under over above below beneath of with to from into onto against along "
    "across around inside outside between among toward towards".split()
)
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
    if j >= len(words) or words[j].text not in _PREPOSITIONS:
        return j
    for k in range(j + 1, min(len(words), j + 6)):
        if words[k].clause != words[j].clause or words[k].text in LIST_JOINERS:
            return j
        if words[k].text in _COPULAS:
            return k
    return j


def _predicate_noun(words: list[Word], k: int) -> int:
    """After "is"/"are", a short noun phrase that a participle then colours ("the bird is carved
    wood painted a soft green"): the participle's index, else ``k``."""
    for n in range(k, min(len(words), k + 4)):
        if words[n].clause != words[k].clause or words[n].text in _PHRASE_STOPS or colour_of(words[n].text):
            return k
        if n > k and _participle_link(words, n):
            return n + 1
    return k


# Nouns for a picture of a thing: their colour is the colour the thing is drawn in.
_DEPICTIONS = frozenset(
    "drawing drawings sketch sketches silhouette silhouettes outline outlines illustration illustrations painting "
    "print engraving etching rendering icon icons stencil cutout doodle figurine statue sculpture carving".split()
)


def _ground(words: list[Word], k: int) -> bool:
    """A colour word used as the ground a thing is set on: after "on" or "against", closing its
    phrase ("isolated on white", "a vignette on white with ragged edges"; not "on white sails")."""
    after = words[k + 1] if k + 1 < len(words) else None
    closes = after is None or after.clause != words[k].clause or after.text in _PHRASE_STOPS
    return k > 0 and words[k - 1].text in ("on", "against") and words[k - 1].clause == words[k].clause and closes


# Nouns for text, whose colour is the colour of the letters it is set in, and nouns for those letters.
_TEXT_NOUNS = frozenset(
    "headline title subtitle heading caption text wording words lettering slogan tagline greeting name label quote".split()
)
_LETTER_NOUNS = frozenset("letters lettering type typeface font ink capitals caps script characters numerals digits".split())
# Words for a pose between a noun and what is said of it ("a skater mid-air, printed in teal").
_POSTURE_WORDS = frozenset({"aloft", "upright", "midair", "overhead"})


def _lettered(words: list[Word], end: int, j: int) -> list[tuple[int, str]]:
    """A text noun set "in" coloured letters ('the headline "JAZZ" in big bold orange letters',
    "the title in red capitals"): the letters' colours are the text's."""
    if end == 0 or words[end - 1].text not in _TEXT_NOUNS or j >= len(words) or words[j].text != "in":
        return []
    found, k = [], j + 1 + (j + 1 < len(words) and words[j + 1].text in ("a", "an"))
    while k < len(words) and words[k].clause == words[j].clause and k - j <= 6:
        if words[k].text in _LETTER_NOUNS and k > j + 1:
            return found
        if colour_of(words[k].text):
            found.append((k, colour_of(words[k].text)))
        elif words[k].text in _PHRASE_STOPS - LIST_JOINERS:
            return []
        k += 1
    return []


def _past_posture(words: list[Word], j: int) -> int:
    """Past a pose word that closes the noun's clause ("one skater mid-air, printed in teal")."""
    n = 2 if j + 1 < len(words) and words[j].text == "mid" and words[j].hyphen_next and words[j + 1].text == "air" else int(j < len(words) and words[j].text in _POSTURE_WORDS)
    closes = n and (j + n >= len(words) or words[j + n].clause != words[j].clause)
    return j + n if closes else j


def _object_of_preposition(words: list[Word], start: int) -> bool:
    """The noun phrase at ``start`` follows a preposition in its clause, behind at most a
    determiner and two modifiers ("on the old table", "Next to the door")."""
    for i in range(start - 1, max(-1, start - 5), -1):
        if words[i].clause != words[start].clause:
            return False
        if words[i].text in _PREPOSITIONS:
            return True
        if words[i].text in _PHRASE_STOPS - DETERMINERS:
            return False
    return False


def _resultative(words: list[Word], start: int, j: int) -> list[tuple[int, str]]:
    """A colour right after the object of a colouring verb, closing the phrase ("light tints that
    shadow red", "paint the door deep blue"): the colour is the object's."""
    i = start - 1
    while i >= 0 and words[i].clause == words[start].clause and (words[i].text in DETERMINERS or colour_of(words[i].text) is None and i >= start - 2 and words[i].text not in _PHRASE_STOPS and words[i].text not in _COLOURING_VERBS):
        i -= 1
    if i < 0 or words[i].text not in _COLOURING_VERBS or words[i].clause != words[start].clause:
        return []
    k = j
    while k < len(words) and words[k].text in _COLOUR_MODIFIERS and k - j < 2:
        k += 1
    if k >= len(words) or words[k].clause != words[start].clause or colour_of(words[k].text) is None:
        return []
    after = words[k + 1] if k + 1 < len(words) else None
    if after is not None and after.clause == words[k].clause and after.text not in _PHRASE_STOPS and not colour_of(after.text):
        return []  # "paints the fence red flowers"? the colour belongs to a noun of its own
    return [(k, colour_of(words[k].text))]


def _described_as(words: list[Word], k: int) -> bool:
    """An adjective or participle right before a colour ("eyes glowing cyan", "yolks: jammy orange")."""
    w = words[k].text
    return len(w) > 3 and w.endswith(("y", "ing", "ed", "ish")) and k + 1 < len(words) and colour_of(words[k + 1].text) is not None


def _listed(words: list[Word], k: int) -> bool:
    """A word that a comma closes, in a list of qualities ("the soup is thick, creamy orange")."""
    return k + 1 < len(words) and words[k + 1].clause != words[k].clause and words[k + 1].sentence == words[k].sentence


def _shared_head(words: list[Word], joiner: int, start: int, bound: list[tuple[int, str]]) -> bool:
    """"red tail-light and white headlight trails": the phrase after "and" has a word between
    its colour and the noun, and the phrase before it has a colour just as far back, so the
    noun may be shared by both colours."""
    if not bound or bound[-1][0] >= start - 1:
        return False
    before = range(joiner - 1, max(-1, joiner - 4), -1)
    return any(colour_of(words[k].text) and words[k].clause == words[joiner].clause for k in before if k != joiner - 1)


def _joined_colours(words: list[Word], joiner: int) -> list[tuple[int, str]]:
    """The colours joined by "and"/"or" to those of a noun phrase ("blue and white checkerboard"):
    under either reading (a two-colour board, or blue boards and white ones) they are the noun's.
    Not a colour said of something before ("the barn is red and blue hats ...")."""
    k, found = joiner - 1, []
    while k >= 0 and words[k].clause == words[joiner].clause and (colour_of(words[k].text) or words[k].text in _COLOUR_MODIFIERS):
        if colour_of(words[k].text) and not words[k].hyphen_next:
            found.append((k, colour_of(words[k].text)))
        k -= 1
    said_of_another = k >= 0 and words[k].clause == words[joiner].clause and words[k].text in _PREDICATE_LINKS
    return [] if said_of_another else found


def _label_value_colours(words: list[Word], k: int) -> list[tuple[int, str]]:
    """Colours of the first phrase of a label's description, which says what the labelled thing
    is: "plain grey table", "one, teal, around the neck"; up to a preposition or "with"."""
    first = words[k].sentence if k < len(words) else -1
    while k < len(words) and words[k].sentence == first and (words[k].text in DETERMINERS or words[k].text in NUMBER_WORDS or words[k].text.isdigit()):
        k += 1  # "a", "one,"
    found = []
    clause = words[k].clause if k < len(words) else -1
    while k < len(words) and words[k].clause == clause and words[k].text not in _PHRASE_STOPS - LIST_JOINERS:
        joined = words[k + 1].text if words[k].hyphen_next and k + 1 < len(words) else ""
        if colour_of(words[k].text) and (not joined or colour_of(joined) or joined in _HUE_SUFFIXES):
            found.append((k, colour_of(words[k].text)))
        k += 1
    return found


def colour_of(word: str) -> str | None:
    return colors.canonical(word)


def colour_phrase(text: str) -> bool:
    """Whether ``text`` is only a colour, with at most two shading words ("mint green", "pale gold")."""
    words = text.lower().replace("-", " ").split()
    return 0 < len(words) <= 3 and bool(colour_of(words[-1])) and all(colour_of(w) or w in _SHADE_WORDS for w in words[:-1])


def colour_words_bound(text: str, words: list[Word], start: int, end: int) -> tuple[list[tuple[int, str]], bool]:
    """Colour words bound to the noun phrase ``words[start:end]``: pre-modifiers inside the
    phrase (back to a determiner, joiner or preposition) and predicates right after it
    ("the hat is blue", "a hat in bright blue", "the bar highlighted in green", "hat (blue)"). Returns ``([(index,
    canonical colour)], ambiguous)``; ambiguous is true when a colour-only phrase is joined
    to this one by and/or ("red and blue hats"), so the binding cannot be told."""
    if end - start == 1 and colour_of(words[start].text) and _ground(words, start):
        return [(start, colour_of(words[start].text))], False  # "isolated on white": white is the ground
    bound: list[tuple[int, str]] = []
    ambiguous = False
    prep_object = _object_of_preposition(words, start)
    i = start - 1
    while i >= 0 and words[i].sentence == words[start].sentence and words[i].clause == words[start].clause:
        w = words[i].text
        if w in LIST_JOINERS and words[i].hyphen_next and i > 0 and words[i - 1].hyphen_next:
            i -= 1  # "blue-and-white": one compound colour
            continue
        if w in _PHRASE_STOPS:
            if w in LIST_JOINERS and i > 0 and colour_of(words[i - 1].text) and words[i - 1].clause == words[start].clause:
                ambiguous = True
                bound += _joined_colours(words, i)
            ambiguous |= w in LIST_JOINERS and _shared_head(words, i, start, bound)
            of = i - (w in DETERMINERS)
            if not bound and of > 0 and words[of].text == "of" and words[of - 1].text in _DEPICTIONS and words[of - 1].clause == words[start].clause:
                bound += colour_words_bound(text, words, of - 1, of)[0]  # "a black ink drawing of a saxophone"
            break
        colour = colour_of(w)
        joined = words[i + 1].text if words[i].hyphen_next else ""
        compound = joined and not colour_of(joined) and joined not in _HUE_SUFFIXES and joined not in LIST_JOINERS
        named = text[words[i].start].isupper() and i > 0 and words[i - 1].clause == words[i].clause  # not after "Left half:"
        gap = sum(not words[k - 1].hyphen_next for k in range(i + 1, start))  # "brush-and-ink" is one word
        if colour and not compound and not named and gap <= ADJECTIVE_GAP:
            bound.append((i, colour))  # not "red-haired" (the hair) nor "Green Valley Farms" (a name)
        i -= 1
    j = end
    quoted = in_quotes(text, words)
    while j < len(words) and quoted[j] and words[j].sentence == words[start].sentence:
        j += 1  # 'the title "WINTER HYMNS" in red': the text the noun holds comes between
    if labels_line(text, words, start, end):
        first = _label_value_colours(words, end)
        rest = next((n for n in range(end + 1, len(words)) if words[n].clause != words[end].clause), len(words))
        more = _colour_items(words, rest) if rest < len(words) and words[rest].sentence == words[end].sentence else []
        return bound + first + more, ambiguous  # "lighting: dim, cold, blue-toned"
    lettered = _lettered(words, end, j)
    if lettered:
        return bound + lettered, ambiguous
    j = _copula_after_phrase(words, _past_posture(words, j))  # "the blades on the right are blue"
    if j < len(words) and words[j].sentence == words[start].sentence:
        k = j + (words[j].text in _ADVERBS and j + 1 < len(words) and words[j + 1].text in ("is", "are"))  # "the wall behind is"
        while k < len(words) and (words[k].text in _PREDICATE_LINKS or _participle_link(words, k)) and k - j < 3:
            k += 1
        if k > j and words[k - 1].text in _COPULAS:
            if prep_object:
                return bound, ambiguous  # "Next to the door is a red chair": the chair is red
            k = _predicate_noun(words, k)  # "the bird is carved wood painted ..."
        material = k > j and words[k - 1].text in ("in", "of")  # "made of", "set in": what follows is its matter
        k = _pieces_of(words, k) if material else k  # "made of overlapping patches of teal"
        article = k > j and k < len(words) and words[k].text in ("a", "an") and (words[k - 1].text in _COPULAS or _participle_link(words, k - 1))
        copula = article and words[k - 1].text in _COPULAS
        k += article  # "the sky is a pale grey band", "a door painted a deep red"
        mods = k
        while k < len(words) and (words[k].text in _COLOUR_MODIFIERS or (k > j and _listed(words, k)) or _described_as(words, k) or _named_shade(words, k)
                                  or (article and words[k].text not in _PHRASE_STOPS and k - mods < 3)) and not colour_of(words[k].text) and k - mods < 4:
            k += 1  # "is a smooth pastel blue", "is a smooth matte white disc"
        said = k > j and words[k - 1].text in _COPULAS or k > mods
        if said and k + 2 < len(words) and not colour_of(words[k].text) and words[k + 1].text in LIST_JOINERS and colour_of(words[k + 2].text) and words[k + 2].clause == words[k].clause:
            k += 2  # "the blades are cool periwinkle and blue": coordinated predicates are all said of the noun
        linked = k > j or words[j].clause != words[end - 1].clause  # "hat (blue)" / "hat, blue"
        if k < len(words) and words[k].sentence == words[start].sentence:
            colour = colour_of(words[k].text)
            after = words[k + 1].text if k + 1 < len(words) and words[k + 1].clause == words[k].clause else ""
            # "sails in cream crossed by red stripes": a participle after the colour opens a phrase of its own
            ends = not after or after in _PHRASE_STOPS or colour_of(after) or (len(after) > 4 and after.endswith("ed"))
            ends = ends or after in _MATTER and (material or words[mods - 1].text in _COPULAS)  # "is beige wood", "in cobalt glaze"
            # "blades pink, ..." (a colour closing a short clause that opens with the noun) binds without a link word
            terse = not after and (start < 2 or words[start - 2].clause != words[start].clause)
            if colour and (ends and (linked or terse) or copula):
                bound.append((k, colour))
                k += 1  # "navy blue", "in red, yellow and purple"
                while k < len(words) and words[k].sentence == words[start].sentence:
                    if colour_of(words[k].text):
                        bound.append((k, colour_of(words[k].text)))
                    elif words[k].text not in LIST_JOINERS and words[k].text not in _COLOUR_MODIFIERS:
                        break
                    k += 1
        if not bound:
            bound += _resultative(words, start, j)
    if not bound:
        bound += _colon_list(text, words, start, end)
    return bound, ambiguous


def _colon_list(text: str, words: list[Word], start: int, end: int) -> list[tuple[int, str]]:
    """Colours listed after a colon that closes the clause the noun opens ("The robot appears in
    every panel: white, rounded, on six wheels"): a list item that is only a colour is said of
    the clause's subject; an item with a noun of its own ("a red scarf") is not."""
    lead = [k for k in range(start) if words[k].clause == words[start].clause]
    if len(lead) > 4 or any(words[k].text in _PHRASE_STOPS - DETERMINERS or colour_of(words[k].text) for k in lead):
        return []
    clause = [k for k in range(end, len(words)) if words[k].clause == words[start].clause]
    k = (clause[-1] if clause else end - 1) + 1
    if k >= len(words) or words[k].sentence != words[start].sentence or ":" not in text[words[k - 1].end : words[k].start]:
        return []
    return _colour_items(words, k)


def _colour_items(words: list[Word], k: int) -> list[tuple[int, str]]:
    """Colours of the list items from word ``k`` to the sentence end that are only a colour,
    behind shading words or a hyphenated modifier ("white", "pale blue", "blue-toned",
    "out-of-focus green"); an item of more than three words or with a noun ends the list."""
    found, sentence = [], words[k].sentence if k < len(words) else -1
    while k < len(words) and words[k].sentence == sentence:
        item = [n for n in range(k, len(words)) if words[n].clause == words[k].clause]
        if item[-1] > item[0] and words[item[-1]].text in _HUE_SUFFIXES and words[item[-1] - 1].hyphen_next:
            item = item[:-1]  # "blue-toned"
        chained = [n > item[0] and words[n - 1].hyphen_next for n in item]  # "out-of-focus" counts once
        if len(item) - sum(chained) > 3:
            break
        last = item[-1]
        if colour_of(words[last].text) and all(colour_of(words[n].text) or words[n].text in _SHADE_WORDS or words[n].hyphen_next or c
                                               for n, c in zip(item[:-1], chained)):
            found += [(n, colour_of(words[n].text)) for n in item if colour_of(words[n].text) and (n == last or not words[n].hyphen_next)]
        k = max(n for n in range(k, len(words)) if words[n].clause == words[k].clause) + 1
    return found


def ones_after(words: list[Word], end: int) -> list[int]:
    """Indices of "one"/"ones" later in the sentence that stand for another of the noun ending
    before ``end``, with a colour of their own ("a red pennant ... and a yellow one")."""
    found = []
    for k in range(end, len(words)):
        if words[k].sentence != words[end - 1].sentence:
            break
        if words[k].text not in ("one", "ones") or (k + 1 < len(words) and words[k + 1].text == "of"):
            continue
        lead = words[max(end, k - 3) : k]
        if any(colour_of(w.text) for w in lead) and any(w.text in DETERMINERS - {"one"} for w in lead):
            found.append(k)
    return found
