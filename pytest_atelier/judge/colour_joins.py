"""Colours joined to those of a noun phrase: lists joined by "and"/"or" ("blue and white
tiles"), ranges ("light grey to black"), modifiers that share the noun ("red second and minute
needles") and colours that stand for another of the noun, its head left out ("a yellow kite,
then red")."""

from __future__ import annotations

from .colour_links import COLOUR_MODIFIERS, PHRASE_STOPS, colour_of
from .prompt_words import Word

__all__ = ["PREDICATE_LINKS", "colour_follows", "colour_range", "coordinated_modifiers", "elided_head", "joined_colours", "shared_head"]

# Words that say a colour of what comes before them ("the barn is red", "walls painted in blue").
PREDICATE_LINKS = frozenset({"is", "are", "in", "coloured", "colored", "painted", "dyed", "tinted", "of", "be", "all"})


def shared_head(words: list[Word], joiner: int, start: int, bound: list[tuple[int, str]]) -> bool:
    """"red tail-light and white headlight trails": the phrase after "and" has a word between
    its colour and the noun, and the phrase before it has a colour just as far back, so the
    noun may be shared by both colours."""
    if not bound or bound[-1][0] >= start - 1:
        return False
    before = range(joiner - 1, max(-1, joiner - 4), -1)
    return any(colour_of(words[k].text) and words[k].clause == words[joiner].clause for k in before if k != joiner - 1)


def colour_follows(words: list[Word], k: int) -> bool:
    """A colour comes right after word ``k`` in its clause, behind at most two shading words."""
    n = k + 1
    while n < len(words) and n - k <= 2 and words[n].text in COLOUR_MODIFIERS:
        n += 1
    return n < len(words) and words[n].clause == words[k].clause and colour_of(words[n].text) is not None


def colour_range(words: list[Word], to: int, start: int) -> bool:
    """"to" between two colours before the noun phrase at ``start`` gives a range of its colours
    ("a light grey to black cat", "pale pink to deep red petals")."""
    between = range(to + 1, start)
    return (words[to].text == "to" and to > 0 and words[to - 1].clause == words[start].clause and colour_of(words[to - 1].text) is not None
            and any(colour_of(words[k].text) for k in between) and all(colour_of(words[k].text) or words[k].text in COLOUR_MODIFIERS for k in between))


def coordinated_modifiers(words: list[Word], joiner: int, start: int) -> list[tuple[int, str]]:
    """Colours before two one-word modifiers joined by "and"/"or" that share the noun ("red second
    and minute needles", "blue work and garden overalls"): the colours may be the noun's, so they
    bind, and the binding is unclear ("a red car and bike" may leave the bike uncoloured)."""
    second, first = range(joiner + 1, start), joiner - 1
    plain = [k for k in (*second, first) if 0 <= k and words[k].clause == words[start].clause and not colour_of(words[k].text)
             and words[k].text not in PHRASE_STOPS and words[k].text not in COLOUR_MODIFIERS and not words[k].text.isdigit()]
    if len(second) != 1 or len(plain) != 2:
        return []
    found, k = [], first - 1
    while k >= 0 and words[k].clause == words[start].clause and (colour_of(words[k].text) or words[k].text in COLOUR_MODIFIERS):
        if colour_of(words[k].text):
            found.append((k, colour_of(words[k].text)))
        k -= 1
    return found


def joined_colours(words: list[Word], joiner: int) -> list[tuple[int, str]]:
    """The colours joined by "and"/"or" to those of a noun phrase ("blue and white checkerboard"):
    under either reading (a two-colour board, or blue boards and white ones) they are the noun's.
    Not a colour said of something before ("the barn is red and blue hats ...")."""
    k, found = joiner - 1, []
    while k >= 0 and words[k].clause == words[joiner].clause and (colour_of(words[k].text) or words[k].text in COLOUR_MODIFIERS):
        if colour_of(words[k].text) and not words[k].hyphen_next:
            found.append((k, colour_of(words[k].text)))
        k -= 1
    said_of_another = k >= 0 and words[k].clause == words[joiner].clause and words[k].text in PREDICATE_LINKS - {"in", "of"}  # "in red and tan grass" is a place
    return [] if said_of_another else found


def elided_head(words: list[Word], k: int) -> bool:
    """A colour after "then" that closes its clause stands for another of the noun before it, its
    head left out ("a red kite on the left, then blue, then green")."""
    n = k - 1
    while n > 0 and words[n].text in COLOUR_MODIFIERS:
        n -= 1
    closes = k + 1 >= len(words) or words[k + 1].clause != words[k].clause
    return n >= 0 and words[n].text == "then" and words[n].clause == words[k].clause and closes and colour_of(words[k].text) is not None
