"""Words that link a noun to its colour: shading words, names of shades, participles and verbs
of light ("matte white", "sage green", "painted in", "floodlit pale gold", "glow amber")."""

from __future__ import annotations

from . import colors
from .prompt_words import DETERMINERS, LIST_JOINERS, Word
from .quantities import GAP_STOP

__all__ = ["COLOUR_MODIFIERS", "COLOUR_NOUNS", "HUE_SUFFIXES", "PHRASE_STOPS", "PREPOSITIONS", "SHADE_WORDS", "colour_of", "colour_phrase", "manner_word",
           "participle_link", "shades_next", "tint_of"]

COLOUR_MODIFIERS = frozenset(
    "bright deep dark light pale vivid rich soft muted dusty warm cool neon pastel glossy matte "
    "saturated faded brilliant intense solid pure near nearly almost deeper darker lighter brighter paler "
    "softer warmer cooler richer creamy milky smoky dusky inky".split()
)
SHADE_WORDS = COLOUR_MODIFIERS | {"mint", "plain"}  # may lead a colour given on its own ("mint green", "plain white")
HUE_SUFFIXES = frozenset({"colored", "coloured", "toned", "tinted", "hued", "ish"})
PHRASE_STOPS = frozenset(
    {*DETERMINERS, *LIST_JOINERS, *GAP_STOP, "beside", "behind", "near", "under", "over", "above", "below",
     "next", "against", "holding", "wearing", "inside", "outside", "between", "among", "across", "along",
     "around", "through", "like", "as", "while", "is", "are", "sits", "stands", "has", "have"}
)  # fmt: skip

_IRREGULAR_LINKS = frozenset({"drawn", "shown", "done", "lit", "set", "made", "worn", "dressed", "written"})


# Verbs of giving off light, whose colour is the thing's own ("lanterns glow amber").
_LIGHT_VERBS = frozenset("glow glows shine shines gleam gleams glimmer glimmers shimmer shimmers glint glints blaze blazes burn burns".split())
# Words for size or manner between a participle and "in" ("set large in black", "printed boldly in red").
_MANNER_WORDS = frozenset("large small big huge tiny tall bold boldly thin thick wide".split())


def participle_link(words: list[Word], k: int) -> bool:
    """A participle or a verb of light followed by "in", "of", a colour or "a" and a colour links
    a noun to a colour ("highlighted in green", "drawn in amber", "clouds lit orange", "painted a
    soft green", "made of teal glass", "floodlit pale gold", "glow amber"), also past a word of
    size or manner before "in" ("set large in black")."""
    w = words[k].text
    participle = (w.endswith("ed") and not colour_of(w)) or w in _IRREGULAR_LINKS or w.endswith("lit") or w in _LIGHT_VERBS  # not "red"
    return participle and k + 1 < len(words) and (words[k + 1].text in ("in", "of", "a", "an") or colour_of(words[k + 1].text) is not None
                                                  or _shading(words, k + 1) or manner_word(words, k + 1))


def _shading(words: list[Word], k: int) -> bool:
    """Shading words, at most two, before a colour ("warm cream", "pale icy blue")."""
    n = k
    while n < len(words) and n - k < 2 and words[n].text in COLOUR_MODIFIERS:
        n += 1
    return n > k and n < len(words) and words[n].clause == words[k].clause and colour_of(words[n].text) is not None


def manner_word(words: list[Word], k: int) -> bool:
    """A word of size or manner (or an -ly adverb) right before "in" ("set large in black")."""
    w = words[k].text
    return (w in _MANNER_WORDS or len(w) > 4 and w.endswith("ly")) and k + 1 < len(words) and words[k + 1].text == "in" and words[k + 1].clause == words[k].clause


# Prepositions whose object is never the subject of the verb after it: in "the hat on the table
# is red" and "Next to the door is a red chair" the colour is not the table's or the door's.
PREPOSITIONS = frozenset(
    "on at in by near beside behind under over above below beneath of with to from into onto against along "
    "across around inside outside between among toward towards".split()
)
# Nouns for a thing's colour: "box colour: sky blue" gives the box its colour.
COLOUR_NOUNS = frozenset({"colour", "color", "colours", "colors"})
# Things whose names lead a colour to name a shade of it ("sage green", "dove grey", "jet black").
_SHADE_NAMES = frozenset(
    "sage forest sky baby powder royal steel slate dove hunter bottle sea ice blood cherry jet pitch bone snow "
    "hot electric midnight storm pine moss rust brick fire shell pearl stone sand".split()
)


def shades_next(words: list[Word], k: int) -> bool:
    """Word ``k`` shades the colour right after it: a shading word ("packaging matte white") or,
    the colour closing its clause, a thing that names the shade ("lids olive green;")."""
    if k + 1 >= len(words) or words[k + 1].clause != words[k].clause or not colour_of(words[k + 1].text) or colour_of(words[k].text):
        return False
    closes = k + 2 >= len(words) or words[k + 2].clause != words[k].clause
    return words[k].text in SHADE_WORDS or closes and words[k].text in _SHADE_NAMES


def colour_of(word: str) -> str | None:
    """The palette colour a word names: a colour word ("crimson") or its "-ish" form ("reddish",
    "bluish", "greyish": a tint of that colour)."""
    return colors.canonical(word) or tint_of(word)


def tint_of(word: str) -> str | None:
    """The colour of an "-ish" word formed from a colour word, spelt with a doubled consonant or a
    dropped "e" ("reddish", "whitish", "purplish", "greenish"), else None ("finish", "radish")."""
    if len(word) < 6 or not word.endswith("ish"):
        return None
    stem = word[:-3]
    doubled = stem[:-1] if stem[-1] == stem[-2] else None
    return next((colors.canonical(base) for base in (stem, stem + "e", doubled) if base and colors.canonical(base)), None)


def colour_phrase(text: str) -> bool:
    """Whether ``text`` is only a colour, with at most two shading words ("mint green", "pale gold")."""
    words = text.lower().replace("-", " ").split()
    return 0 < len(words) <= 3 and bool(colour_of(words[-1])) and all(colour_of(w) or w in SHADE_WORDS for w in words[:-1])
