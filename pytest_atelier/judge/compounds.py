"""Whether a mention of a noun is plain or part of a compound: a word before it that may be a
noun changing its sense ("baseball bat", "sea lion"), or a noun after it that it modifies
("hot dog stand", "wolf pack"). Read by :func:`.prompt_evidence.mentions` and the presence and
keyword rules; docs/suite-format.md ("How the offline judge reads the prompt side") lists the
word classes.
"""

from __future__ import annotations

import re

from .colour_links import COLOUR_NOUNS, colour_of, shades_next
from .prompt_words import DETERMINERS, Mention, Word, same_term
from .quantities import NUMBER_WORDS
from .regions import REGION_AXES
from .relations import relation_at

__all__ = ["plain_head", "adjective", "describes"]

# Words after a noun that do not make it a modifier of a following noun.
_AFTER_HEAD = frozenset(
    "of and or nor but with without while is are was were be been has have had sits sit stands stand lies lie "
    "a an the in on at to for from by as into onto over under above below beside behind near between among "
    "against along across around through where which that who whose this its their his her there here "
    "each both all every per only just also too very so then than like not no never next "
    "feel feels felt look looks seem seems appear appears become becomes remain remains stay stays "
    "yet so though although because if when until unless whilst plus versus toward towards within beyond past via "
    "amid amidst upon throughout despite except".split()
)


# Nouns that end like adverbs ("-ly") and may head a compound ("penguin family", "lily pond").
_LY_NOUNS = frozenset("family assembly jelly belly lily butterfly fly rally holly ally bully supply reply folly gully".split())


def _modifies_next(words: list[Word], end: int) -> bool:
    """The mention is followed, in its clause, by a word that reads as the head of a compound
    it modifies ("violin case", "wolf pack", "anime convention")."""
    if end >= len(words) or words[end].clause != words[end - 1].clause or words[end].sentence != words[end - 1].sentence:
        return False
    w, head = words[end].text, words[end - 1].text
    verbish = (w.endswith(("ing", "ed", "ly")) and w not in _LY_NOUNS) or (w.endswith("s") and not w.endswith("ss"))
    verbish |= w in _PARTICIPLES  # "a robot shown full body", "hands reaching up"
    plural = head.endswith("s") and not head.endswith(("ss", "us", "is"))  # "blades overlap": a verb follows
    placed = relation_at(words, end) is not None  # "a sign beneath the door", "a lamp far from the bed"
    picture = w in _FORMAT_NOUNS | _GROUND_NOUNS or _heads_phrase(words, end, _WORK_NOUNS | _MADE_HEADS)  # "square format", "a floor plan infographic"
    quality = w.endswith("ness") or w in _QUALITY_NOUNS  # "unsettling wrongness", "heritage elegance"
    quality |= head.endswith("ing") and w in _SCHEME_NOUNS  # "a calming palette": an -ing word before a colour scheme describes it
    described = _POST_ADJECTIVES.get(w, False) or _compared(w) or quality  # "middle blades deep violet", "each blade wider"
    letter = len(w) == 1  # "85mm f/1.8": a lone letter heads nothing
    shade = shades_next(words, end) or w in COLOUR_NOUNS  # "tiles matte white", "lids olive green", "box colour"
    return not (shade or w in _AFTER_HEAD or w in _PRONOUNS or w in _QUANTIFIERS or w in REGION_AXES or verbish or plural or placed or picture or described or letter or w.isdigit() or w in NUMBER_WORDS or colour_of(w))


# Nouns for the picture itself as a made thing: the nouns before them in one phrase say what the
# picture is like ("a synthwave album cover", "a DIY skate contest flyer", "a 3D character render").
_WORK_NOUNS = frozenset(
    "cover poster flyer flier render rendering illustration artwork print painting photo photograph photography "
    "design wallpaper postcard banner advert advertisement mural sticker".split()
)
# Nouns for a part of the picture or of its type: a word before them says what fills or shapes it
# ("a gradient background", "a forest backdrop", "a rounded sans-serif font").
_GROUND_NOUNS = frozenset("background backgrounds backdrop foreground font fonts typeface typefaces lettering".split())
# Nouns for the picture as a made thing that a noun before never renames ("a show poster", "a
# weather app", "a book cover"), and nouns made from verbs, which take what they act on before
# them ("a castle reflection", "a city illustration").
_MADE_HEADS = frozenset("app ui interface infographic diagram screen menu dashboard".split())
_VERBAL_ENDINGS = ("tion", "sion", "ment", "ance", "ence")
# Nouns for how a thing comes across: a word before them says which way ("heritage elegance").
_QUALITY_NOUNS = frozenset("elegance charm mood atmosphere ambience ambiance vibe vibes aesthetic aesthetics energy spirit flair".split())
# Nouns for a picture's colours as a whole; a noun before them names colours by a thing ("a sunset
# palette" asks for no sunset), but an -ing word before them says how they act ("a calming palette").
_SCHEME_NOUNS = frozenset("palette palettes scheme tones hues colours colors".split())


def _heads_phrase(words: list[Word], end: int, heads: frozenset[str]) -> bool:
    """The words from ``end`` on, in the clause, are nouns ending in one of ``heads`` (at most
    three: "album cover", "skate contest flyer", "night photography")."""
    for k in range(end, min(end + 3, len(words))):
        w = words[k]
        if w.clause != words[end - 1].clause:
            return False
        if w.text in heads:
            return True
        if w.text in _AFTER_HEAD or describes(w.text):
            return False
    return False


# Words after a noun that say what it does or how it is (participles, particles, adjectives),
# never the head of a compound with it.
_PARTICIPLES = frozenset(
    "shown drawn seen made held laid built worn sewn grown thrown blown known torn spun hung lit sent kept meant "
    "felt sat stood led fed hid written given taken broken chosen frozen woven risen driven eaten fallen hidden "
    "stolen sunk shrunk swung flung struck stuck caught brought sold told "
    "up down out off away back upward upwards downward downwards leftward leftwards rightward rightwards forward "
    "forwards outward outwards inward inwards anywhere everywhere somewhere nowhere mid half again together apart "
    "alone aloft overhead born".split()
)
# Adjectives that may follow a noun (True) or only compare ("darker"; "lamp light" is a compound).
_POST_ADJECTIVES = {
    **{w: True for w in "deep bright pale wide tall small large big huge tiny thin thick narrow short high low soft "
       "warm cool heavy slim round upright visible hard far".split()},
    **{w: True for w in "full several many few all both".split()},
    **{w: False for w in "strong dark light close old young".split()},
}


def _compared(word: str) -> bool:
    """A comparative or superlative of a common adjective ("wider", "largest", "brighter")."""
    stem = re.sub(r"(?:er|est)$", "", word)
    return stem != word and any(base in _POST_ADJECTIVES for base in (stem, stem + "e", stem[:-1], stem[:-1] + "y"))


# Nouns for the picture's own shape: a word before them describes the picture, not a thing.
_FORMAT_NOUNS = frozenset("format formats aspect ratio crop orientation canvas image".split())
# Adjectives common enough in prompts to name as plain modifiers; other words right before a
# noun may be nouns that change its sense ("baseball bat", "computer mouse", "hot dog").
_PLAIN_ADJECTIVES = frozenset(
    "big small little large huge tiny giant old young new tall short long fat thin wide narrow cute wild lone "
    "single whole full dark light bright pale deep soft warm cold cool wet dry clean fresh ripe slim tame stray "
    "brave proud calm quiet loud happy sad angry gentle fierce friendly lonely sleeping running flying majestic "
    "beautiful lovely elegant ancient modern rustic vintage cozy cosy tiny white black free main vegan empty bold "
    "close retro square vertical horizontal abundant glossy shiny cheeky dusty rusty misty foggy sunny snowy rainy "
    "cloudy stormy grainy airy moody gloomy dreamy messy tidy neat busy sturdy elderly steep flat low high cheap "
    "opaque open triangular outspread worn much late early faint round steady pagan industrial inner outer "
    "smooth rough crisp sharp plain simple subtle sleek matte bare blank dense sparse antique classic rich kind".split()
)
_ADJECTIVE_ENDINGS = ("y", "ful", "ous", "ive", "al", "ic", "ish", "less", "like", "free", "able", "ible", "ed", "ing", "en", "est", "ern", "ese", "ian")


_STRICT_ADJECTIVE_ENDINGS = ("ful", "ous", "ive", "ic", "ish", "less", "like", "free", "able", "ible", "ical", "ural")


def adjective(word: str, strict: bool = False) -> bool:
    """A colour, a common adjective or a word with an adjective ending ("rainy", "golden");
    ``strict`` leaves out endings that nouns share ("butterfly", "garden", "painting")."""
    endings = _STRICT_ADJECTIVE_ENDINGS if strict else _ADJECTIVE_ENDINGS
    return colour_of(word) is not None or word in _PLAIN_ADJECTIVES or (len(word) > 4 and word.endswith(endings))


def describes(word: str) -> bool:
    """A colour, an adverb in -ly, an adjective by its ending, a participle ("raised", "woven")
    or a decade ("1970s"): a word that describes rather than names, so no word next to it
    makes it name something else."""
    participle = (len(word) > 4 and word.endswith("ed") and not word.endswith("eed")) or word in _PARTICIPLES
    decade = bool(re.fullmatch(r"\d{2,4}s", word))
    return bool(colour_of(word)) or (word.endswith("ly") and word not in _LY_NOUNS) or adjective(word, strict=True) or participle or decade


# Quantifiers: they open a noun phrase or close an adjective one, so they neither modify a noun
# after them as a noun would nor head a compound after one ("a few gulls", "they fill most of the
# frame", "safe enough").
_QUANTIFIERS = frozenset("few several many numerous multiple various countless enough much more most".split())
# Words before a noun that cannot modify it as a noun would: pronouns, adverbs and quantifiers
# ("render it bold", "pull out numerals").
_NOT_MODIFIERS = _QUANTIFIERS | frozenset("it them him us me you out quite rather slightly too both each every all any".split())
_PRONOUNS = frozenset("it them him us me she he they we i".split())


def plain_head(words: list[Word], m: Mention) -> bool:
    """The mention is not preceded, in its phrase, by a word that may be a noun modifying its
    sense: it describes (a colour, an adverb, an adjective), or nothing, a determiner, a number,
    a colour, an adjective or a compound with a number ("a 12-hour shift", "a three-day fair")
    comes right before it."""
    if m.start == 0 or words[m.start - 1].clause != words[m.start].clause:
        return True
    if m.end - m.start == 1 and describes(words[m.start].text):
        return True  # "vivid blue", "run horizontally": a word before a describing word does not change it
    if m.end - m.start > 1 or _agent(words[m.start].text) or _fixed_head(words, m.start):
        return True  # "a simple savings jar", "a jazz saxophonist": a word before a named kind narrows it, never renames it
    prev = words[m.start - 1]
    w = prev.text
    if m.start > 1 and words[m.start - 2].text == "to" and words[m.start - 2].clause == prev.clause:
        return True  # "designed to help freelancers": a verb after "to" modifies nothing
    if _relative_verb(words, m.start - 1):
        return True  # "toys that please toddlers": the word before is the relative clause's verb
    counted = m.start > 1 and words[m.start - 2].hyphen_next  # "a 12-hour shift", "a full-figure shepherd"
    proper = prev.capital and m.start > 1 and words[m.start - 2].sentence == prev.sentence  # "a Catalan chef"
    made_of = w in _MATERIALS or w in _PERSON_MODIFIERS or w in _SETTINGS  # "a glass flacon", "a woman lawyer"
    plural = w.endswith("s") and not w.endswith(("ss", "us", "is")) and len(w) > 3  # "the pieces reflect", "invites hikers"
    measure = bool(re.fullmatch(r"\d+[a-z]{1,2}", w))  # "a 3D character", "35mm film"
    return (w in DETERMINERS or w in _AFTER_HEAD or w in NUMBER_WORDS or w.isdigit() or measure or adjective(w) or counted or proper
            or made_of or plural or w in _NOT_MODIFIERS or w in _PARTICIPLES)


def _fixed_head(words: list[Word], k: int) -> bool:
    """The word at ``k`` keeps its sense whatever noun comes before it: a function word ("the
    ridge behind"), a verb taking an object ("a lake reflecting the castle"), a noun made from a
    verb ("a castle reflection"), a noun for the picture as a made thing ("a show poster") or a
    relational noun (:data:`_RELATIONAL_HEADS`: "oak leaves", "a cookie jar")."""
    w = words[k].text
    verb = w.endswith("ing") and k + 1 < len(words) and words[k + 1].clause == words[k].clause and words[k + 1].text in DETERMINERS
    relational = any(same_term(w, h) for h in _RELATIONAL_HEADS)
    return w in _AFTER_HEAD or verb or relational or (len(w) > 6 and w.endswith(_VERBAL_ENDINGS)) or w in _MADE_HEADS | _WORK_NOUNS | _FORMAT_NOUNS


# Relational nouns: each names a thing by its relation to another, as a part of a whole, a
# container of what it holds, a stretch of land or water somewhere, or an occasion for something.
# A noun before one fills that relation ("oak leaves", "a cookie jar", "a forest lake", "a wedding
# ceremony") and the compound is still one of them. Nouns for whole things are renamed by a noun
# before them ("sea lion", "baseball bat", "hair highlights") and stay unclear.
_RELATIONAL_HEADS = frozenset(
    "leaf petal branch twig root stem trunk wing feather paw claw mane handle lid rim "
    "tin jar box bottle cup mug bag basket bowl crate pot vase tray carton pouch sack barrel bucket jug "
    "stream creek brook river lake pond field meadow path trail road hill valley shore beach cliff "
    "ceremony festival parade celebration ritual".split()
)
_RELATIVES = frozenset("that which who".split())


def _relative_verb(words: list[Word], k: int) -> bool:
    """The word at ``k`` opens a relative clause after a noun ("toys that please toddlers"), so
    it is a verb: "that" after a function word is a determiner ("of that sea lion")."""
    if k < 2 or words[k - 1].text not in _RELATIVES or words[k - 2].clause != words[k].clause:
        return False
    before = words[k - 2].text
    return not (before in _AFTER_HEAD or before in DETERMINERS or before in _NOT_MODIFIERS)


# Nouns for what a thing is made of, and people's nouns used before another noun: a thing made
# of glass is still the thing; a woman lawyer is a lawyer.
_MATERIALS = frozenset(
    "glass paper stoneware porcelain ceramic clay wood timber oak pine bamboo wicker rattan cardboard metal steel "
    "iron brass copper bronze tin chrome aluminium aluminum stone marble granite concrete brick plastic leather "
    "wool cotton silk linen velvet denim felt lace canvas maple birch beech cedar walnut willow chalk charcoal crayon ink neon".split()
)
_PERSON_MODIFIERS = frozenset("woman man girl boy lady child female male".split())
# Times and places before a noun set it somewhere without renaming it ("an autumn street", "a
# night photograph"); not "sea" or "mountain" ("sea lion", "mountain lion").
_SETTINGS = frozenset("autumn winter summer night morning evening dawn dusk city town village park garden street "
                      "woodland forest meadow countryside".split())


def _agent(word: str) -> bool:
    """A noun for a person by what they do ("saxophonist", "technician", "cartographer")."""
    return len(word) > 6 and word.endswith(("ist", "ician", "grapher", "ologist"))
