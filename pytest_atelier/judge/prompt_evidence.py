"""What a prompt says, read as evidence: mentions of phrases with their negation status, and
whether a mention is a plain noun, a compound or a style.

Every reader answers with three states where that matters: a mention is ``affirmed``
(asked for), ``negated`` (inside an exclusion) or ``unclear`` (its scope cannot be told from
the words, it is part of a compound such as "hot dog stand", or it is said to be gone). The rules in
:mod:`.prompt_rules` decide on affirmed and negated evidence only. The readers live in a module
per idea and are gathered here for the rules: words (:mod:`.prompt_words`), negation scope
(:mod:`.negation`), text units (:mod:`.text_units`), quantities (:mod:`.quantities`), colours
(:mod:`.colour_binding`), regions (:mod:`.regions`), relations (:mod:`.relations`) and styles
(:mod:`.prompt_styles`, read by the style rule directly); prompt
formats are read into prose before them (:mod:`.prompt_formats`). docs/suite-format.md ("How the
offline judge reads the prompt side") documents every pattern read.
"""

from __future__ import annotations

import re

from .colour_binding import colour_words_bound, ones_after
from .colour_links import COLOUR_NOUNS, colour_of, shades_next
from .negation import excluded_after, scope_statuses, word_statuses
from .prompt_words import AFFIRMED, DETERMINERS, NEGATED, UNCLEAR, Mention, Word, read_words, same_form, same_term
from .quantities import NUMBER_WORDS, label_count, number_value, quantity_before
from .regions import REGION_AXES, SOFT_CENTRE, regions_in, regions_of
from .relations import CONVERSE, Relation, relation_at, relations_between, relative_placements
from .text_units import in_quotes, names_a_thing, normalise_text, quoted_units

__all__ = [
    "Word",
    "Mention",
    "AFFIRMED",
    "NEGATED",
    "UNCLEAR",
    "NUMBER_WORDS",
    "read_words",
    "same_term",
    "mentions",
    "owned_mentions",
    "pronoun_mentions",
    "in_quotes",
    "excluded_after",
    "names_a_thing",
    "plain_head",
    "refers_back",
    "adjective",
    "THING_HUES",
    "word_statuses",
    "quoted_units",
    "normalise_text",
    "number_value",
    "quantity_before",
    "label_count",
    "colour_words_bound",
    "ones_after",
    "another_of",
    "REGION_AXES",
    "SOFT_CENTRE",
    "regions_in",
    "regions_of",
    "Relation",
    "CONVERSE",
    "relations_between",
    "relative_placements",
]


# A mention followed closely by one of these is not asked for as visible ("the sun hidden").
_POST_NEGATORS = frozenset({"hidden", "invisible", "absent", "missing", "gone", "removed", "empty", "erased", "obscured"})

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
_DEFINITE = frozenset("the this that these those his her its their our my your".split())


def another_of(words: list[Word], m: Mention) -> bool:
    """The mention names others of its kind than the one meant ("other flowers", "another cup",
    "more golden trees beside it")."""
    lead = [w.text for w in words[max(0, m.start - 2) : m.start] if w.clause == words[m.start].clause]
    return bool({"other", "another", "more"} & set(lead))


def refers_back(words: list[Word], m: Mention) -> bool:
    """The mention starts with a definite determiner within three words before it, in its
    clause ("the cat", "its small red boat"): it names a thing already mentioned."""
    for k in range(m.start - 1, max(-1, m.start - 4), -1):
        if words[k].clause != words[m.start].clause:
            return False
        if words[k].text in DETERMINERS:
            return words[k].text in _DEFINITE
    return False


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
    picture = w in _FORMAT_NOUNS | _GROUND_NOUNS or _heads_phrase(words, end, _WORK_NOUNS)  # "square format", "gradient background"
    quality = w.endswith("ness") or w in _QUALITY_NOUNS  # "unsettling wrongness", "heritage elegance"
    described = _POST_ADJECTIVES.get(w, False) or _compared(w) or quality  # "middle blades deep violet", "each blade wider"
    letter = len(w) == 1  # "85mm f/1.8": a lone letter heads nothing
    shade = shades_next(words, end) or w in COLOUR_NOUNS  # "packaging matte white", "caps sage green", "box colour"
    return not (shade or w in _AFTER_HEAD or w in _PRONOUNS or w in REGION_AXES or verbish or plural or placed or picture or described or letter or w.isdigit() or w in NUMBER_WORDS or colour_of(w))


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
_MADE_HEADS = frozenset("app ui interface infographic diagram".split())
_VERBAL_ENDINGS = ("tion", "sion", "ment", "ance", "ence")
# Nouns for how a thing comes across: a word before them says which way ("heritage elegance").
_QUALITY_NOUNS = frozenset("elegance charm mood atmosphere ambience ambiance vibe vibes aesthetic aesthetics energy spirit flair".split())


def _heads_phrase(words: list[Word], end: int, heads: frozenset[str]) -> bool:
    """The words from ``end`` on, in the clause, are nouns ending in one of ``heads`` (at most
    three: "album cover", "skate contest flyer", "night photography")."""
    for k in range(end, min(end + 3, len(words))):
        w = words[k]
        if w.clause != words[end - 1].clause:
            return False
        if w.text in heads:
            return True
        if w.text in _AFTER_HEAD or _describes(w.text):
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
    "alone aloft overhead".split()
)
# Adjectives that may follow a noun (True) or only compare ("darker"; "lamp light" is a compound).
_POST_ADJECTIVES = {
    **{w: True for w in "deep bright pale wide tall small large big huge tiny thin thick narrow short high low soft "
       "warm cool heavy slim round upright visible hard".split()},
    **{w: True for w in "full several many few all both".split()},
    **{w: False for w in "strong dark light close far old young".split()},
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
_ADJECTIVE_ENDINGS = ("y", "ful", "ous", "ive", "al", "ic", "ish", "less", "able", "ible", "ed", "ing", "en", "est", "ern", "ese", "ian")


_STRICT_ADJECTIVE_ENDINGS = ("ful", "ous", "ive", "ic", "ish", "less", "able", "ible", "ical", "ural")


def adjective(word: str, strict: bool = False) -> bool:
    """A colour, a common adjective or a word with an adjective ending ("rainy", "golden");
    ``strict`` leaves out endings that nouns share ("butterfly", "garden", "painting")."""
    endings = _STRICT_ADJECTIVE_ENDINGS if strict else _ADJECTIVE_ENDINGS
    return colour_of(word) is not None or word in _PLAIN_ADJECTIVES or (len(word) > 4 and word.endswith(endings))


# Colour words that also name things (a lemon, cream, gold): "lemon-yellow" does not ask for a lemon.
THING_HUES = frozenset(
    "gold golden rose wine lemon lime olive chocolate cream tan ivory orange silver silvery amber ruby emerald "
    "sapphire charcoal".split()
)


def _describes(word: str) -> bool:
    """A colour, an adverb in -ly, an adjective by its ending, a participle ("raised", "woven")
    or a decade ("1970s"): a word that describes rather than names, so no word next to it
    makes it name something else."""
    participle = (len(word) > 4 and word.endswith("ed") and not word.endswith("eed")) or word in _PARTICIPLES
    decade = bool(re.fullmatch(r"\d{2,4}s", word))
    return bool(colour_of(word)) or (word.endswith("ly") and word not in _LY_NOUNS) or adjective(word, strict=True) or participle or decade


# Words before a noun that cannot modify it as a noun would: pronouns and adverbs ("render it
# bold", "pull out numerals").
_NOT_MODIFIERS = frozenset(
    "it them him us me you out much more most quite rather slightly too few several many various numerous multiple "
    "both each every all any".split()  # "a few ferns": a quantifier renames nothing
)
_PRONOUNS = frozenset("it them him us me she he they we i".split())


def plain_head(words: list[Word], m: Mention) -> bool:
    """The mention is not preceded, in its phrase, by a word that may be a noun modifying its
    sense: it describes (a colour, an adverb, an adjective), or nothing, a determiner, a number,
    a colour, an adjective or a compound with a number ("a 12-hour shift", "a three-day fair")
    comes right before it."""
    if m.start == 0 or words[m.start - 1].clause != words[m.start].clause:
        return True
    if m.end - m.start == 1 and _describes(words[m.start].text):
        return True  # "vivid blue", "run horizontally": a word before a describing word does not change it
    if m.end - m.start > 1 or _agent(words[m.start].text) or _fixed_head(words, m.start):
        return True  # "a simple savings jar", "a jazz saxophonist": a word before a named kind narrows it, never renames it
    prev = words[m.start - 1]
    w = prev.text
    if m.start > 1 and words[m.start - 2].text == "to" and words[m.start - 2].clause == prev.clause:
        return True  # "designed to help freelancers": a verb after "to" modifies nothing
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
    verb ("a castle reflection") or a noun for the picture as a made thing ("a show poster")."""
    w = words[k].text
    verb = w.endswith("ing") and k + 1 < len(words) and words[k + 1].clause == words[k].clause and words[k + 1].text in DETERMINERS
    return w in _AFTER_HEAD or verb or (len(w) > 6 and w.endswith(_VERBAL_ENDINGS)) or w in _MADE_HEADS | _WORK_NOUNS | _FORMAT_NOUNS


# Nouns for what a thing is made of, and people's nouns used before another noun: a thing made
# of glass is still the thing; a woman lawyer is a lawyer.
_MATERIALS = frozenset(
    "glass paper stoneware porcelain ceramic clay wood timber oak pine bamboo wicker rattan cardboard metal steel "
    "iron brass copper bronze tin chrome aluminium aluminum stone marble granite concrete brick plastic leather "
    "wool cotton silk linen velvet denim felt lace canvas maple birch beech cedar walnut willow chalk charcoal crayon".split()
)
_PERSON_MODIFIERS = frozenset("woman man girl boy lady child female male".split())
# Times and places before a noun set it somewhere without renaming it ("an autumn street", "a
# night photograph"); not "sea" or "mountain" ("sea lion", "mountain lion").
_SETTINGS = frozenset("autumn winter summer night morning evening dawn dusk city town village park garden street "
                      "woodland forest meadow countryside".split())


def _agent(word: str) -> bool:
    """A noun for a person by what they do ("saxophonist", "technician", "cartographer")."""
    return len(word) > 6 and word.endswith(("ist", "ician", "grapher", "ologist"))


_GONE = frozenset({"nowhere", "vanished", "disappeared", "gone", "missing", "absent"})


def _gone_later(words: list[Word], start: int, end: int) -> bool:
    """Later in the mention's clause it is said to be gone ("the dragon has flown away and
    is nowhere to be seen")."""
    return any(w.text in _GONE for w in words[end:] if w.clause == words[start].clause)


def mentions(phrases: list[str], text: str, words: list[Word] | None = None, quoted: bool = False, forms: bool = False) -> list[Mention]:
    """Every occurrence of any phrase (plural and British/American spelling tolerant), with
    its status. Words of quoted text are text to render, not things asked for: they are
    skipped unless ``quoted``. A mention hyphen-joined to a neighbour is part of a compound
    ("dog-eared", "tiger-striped", "five-day forecast") and one followed closely by "hidden",
    "empty" ... is not asked for as visible: both are ``unclear``. ``forms``: other forms of a
    word count (:func:`.prompt_words.same_form`: "charm" for charming)."""
    words = words if words is not None else read_words(text)
    skip = in_quotes(text, words)
    statuses = scope_statuses(text, words, skip)
    found: dict[tuple[int, int], Mention] = {}
    for phrase in phrases:
        want = [w.text for w in read_words(phrase)]
        if not want:
            continue
        for i in range(len(words)):
            end = _matched_end(want, words, i, same_form if forms else same_term)
            if end is None or (skip[i] and not quoted):
                continue
            status = statuses[i]
            if any(words[k].text == "free" and words[k - 1].hyphen_next for k in range(i + 1, end)):
                status = statuses[end - 1]  # the phrase is the "-free" word itself ("stress-free")
            after = [w.text for w in words[end : end + 3] if w.clause == words[i].clause]  # not "melancholy, hidden motifs"
            hue_pair = end < len(words) and colour_of(words[end - 1].text) and words[end - 1].text not in THING_HUES and (
                colour_of(words[end].text) or words[end].text in ("coloured", "colored", "toned", "tinted"))
            # a term of several words hyphen-joined ("golden-hour", "full-body") is a modifier that describes
            joined = len(want) > 1 and all(words[k].hyphen_next for k in range(i, end - 1))
            compound = (
                (words[end - 1].hyphen_next and not hue_pair)  # not "cream-coloured", "mustard-yellow"
                or (i > 0 and words[i - 1].hyphen_next and not (end - i > 1 and colour_of(words[i].text)))  # not "lime-green carafe"
                or (end < len(words) and not skip[end] and not joined and not _describes(words[end - 1].text) and _modifies_next(words, end))
            )  # "dog-eared", "five-day", "hot dog stand", "wolf pack"; not 'letters "THANK YOU"'
            gone = bool(_POST_NEGATORS.intersection(after)) or _gone_later(words, i, end)
            if status == AFFIRMED and excluded_after(text, words, end):
                status = NEGATED  # "text is not allowed", "people: none"
            elif status == AFFIRMED and (compound or gone):
                found.setdefault((i, end), Mention(i, end, UNCLEAR, phrase, compound=not gone))
                continue
            found.setdefault((i, end), Mention(i, end, status, phrase))
    return sorted(found.values(), key=lambda m: (m.start, m.end))


def _matched_end(want: list[str], words: list[Word], i: int, same=same_term) -> int | None:
    """Where a phrase of the words ``want`` ends when it starts at word ``i``, or None. One word
    written closed, hyphenated or open is one term ("crosshatching", "cross-hatching", "cross hatching")."""
    if i + len(want) <= len(words) and all(same(w, words[i + k].text) for k, w in enumerate(want)):
        return i + len(want)
    if len(want) == 1 and i + 1 < len(words) and words[i].hyphen_next and same_term(want[0], words[i].text + words[i + 1].text):
        return i + 2  # "cross-hatching" for crosshatching
    if len(want) == 2 and same_term("".join(want), words[i].text):
        return i + 1  # "crosshatching" for cross-hatching
    return None


def owned_mentions(phrases: list[str], text: str, words: list[Word]) -> list[Mention]:
    """A two-word phrase "owner part" said as "its part" or "their part" where the owner opens
    the sentence or the sentence before ("The ticket lies flat. Its background is navy": the
    ticket background). The pronoun stands for the subject it follows; any other antecedent
    is not read."""
    statuses = scope_statuses(text, words, in_quotes(text, words))
    found = []
    for phrase in phrases:
        want = [w.text for w in read_words(phrase)]
        if len(want) < 2:
            continue
        for k, w in enumerate(words):
            if w.text not in ("its", "their"):
                continue
            end = next((e + 1 for e in range(k + 1, min(len(words), k + 4)) if same_term(want[-1], words[e].text)), None)
            if end is None or any(words[e].clause != w.clause or colour_of(words[e].text) for e in range(k + 1, end)):
                continue
            if _opens_sentence(want[:-1], words, w.sentence) or _pronoun_chain_to(want[:-1], words, w.sentence):
                found.append(Mention(k, end, statuses[end - 1], phrase))
    return found


# Pronouns that carry a thing (not a person) from one sentence to the next.
_THING_PRONOUNS = frozenset({"it", "its", "they", "their"})


def _pronoun_chain_to(owner: list[str], words: list[Word], sentence: int) -> bool:
    """A pronoun in ``sentence`` stands for ``owner``: the sentence before opens with it, or
    opens with a pronoun that does ("A fox sits on a rock. It has a bushy tail. Its tail is
    orange": a chain of pronouns keeps the first sentence's subject)."""
    for before in range(sentence - 1, max(-1, sentence - 4), -1):
        if _opens_sentence(owner, words, before):
            return True
        first = next((w for w in words if w.sentence == before), None)
        if first is None or first.text not in _THING_PRONOUNS:
            return False
    return False


def pronoun_mentions(phrases: list[str], text: str, words: list[Word]) -> list[Mention]:
    """"It"/"They" opening a sentence, standing for a phrase that opens the sentence before or
    a chain of such pronoun sentences ("A robot waits by the door. It is white and rounded")."""
    statuses = scope_statuses(text, words, in_quotes(text, words))
    found = []
    for k, w in enumerate(words):
        opens = k == 0 or words[k - 1].sentence != w.sentence
        if not opens or w.text not in ("it", "they"):
            continue
        for phrase in phrases:
            if _pronoun_chain_to([x.text for x in read_words(phrase)], words, w.sentence):
                found.append(Mention(k, k + 1, statuses[k], phrase))
                break
    return found


def _opens_sentence(owner: list[str], words: list[Word], sentence: int) -> bool:
    """The sentence opens with ``owner``, behind at most a determiner and two modifiers."""
    first = next((k for k, w in enumerate(words) if w.sentence == sentence), None)
    if first is None:
        return False
    lead = first + (words[first].text in DETERMINERS)
    for k in range(lead, min(len(words), lead + 3)):
        if words[k].sentence != sentence or words[k].clause != words[first].clause:
            return False
        if all(k + n < len(words) and same_term(o, words[k + n].text) for n, o in enumerate(owner)):
            return True
    return False
