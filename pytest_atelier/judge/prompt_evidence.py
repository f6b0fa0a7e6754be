"""What a prompt says, read as evidence: mentions of phrases with their negation status, and
whether a mention is a plain noun, a compound or a style.

Every reader answers with three states where that matters: a mention is ``affirmed``
(asked for), ``negated`` (inside an exclusion) or ``unclear`` (its scope cannot be told from
the words, it is part of a compound such as "hot dog stand", or it is said to be gone). The rules in
:mod:`.prompt_rules` decide on affirmed and negated evidence only. The readers live in a module
per idea and are gathered here for the rules: words (:mod:`.prompt_words`), compounds
(:mod:`.compounds`), negation scope
(:mod:`.negation`), text units (:mod:`.text_units`), quantities (:mod:`.quantities`), colours
(:mod:`.colour_binding`), regions (:mod:`.regions`), relations (:mod:`.relations`) and styles
(:mod:`.prompt_styles`, read by the style rule directly); prompt
formats are read into prose before them (:mod:`.prompt_formats`). docs/suite-format.md ("How the
offline judge reads the prompt side") documents every pattern read.
"""

from __future__ import annotations

from .colour_binding import colour_words_bound, ones_after
from .colour_links import colour_of
from .compounds import _LY_NOUNS, describes, _modifies_next, adjective, plain_head
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
    "relation_at",
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


# Colour words that also name things (a lemon, cream, gold): "lemon-yellow" does not ask for a lemon.
THING_HUES = frozenset(
    "gold golden rose wine lemon lime olive chocolate cream tan ivory orange silver silvery amber ruby emerald "
    "sapphire charcoal".split()
)


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
                or (end < len(words) and not skip[end] and not joined and not describes(words[end - 1].text) and _modifies_next(words, end))
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
    written closed, hyphenated or open is one term ("crosshatching", "cross-hatching", "cross hatching"),
    an adverb may stand inside a phrase of two words ("from directly below" for from below), and
    the head of a phrase of several words may be said as its noun in -ing ("rim lighting" for rim light)."""
    if i + len(want) <= len(words) and all(same(w, words[i + k].text) for k, w in enumerate(want)):
        return i + len(want)
    end = i + len(want)
    if len(want) > 1 and end <= len(words) and all(same(w, words[i + k].text) for k, w in enumerate(want[:-1])) \
            and words[end - 1].text in (want[-1] + "ing", want[-1][:-1] + "ing" if want[-1].endswith("e") else None):
        return end
    if len(want) == 2 and i + 2 < len(words) and same(want[0], words[i].text) and same(want[1], words[i + 2].text) \
            and _adverb(words[i + 1]) and words[i].clause == words[i + 2].clause:
        return i + 3
    if len(want) == 1 and i + 1 < len(words) and words[i].hyphen_next and same_term(want[0], words[i].text + words[i + 1].text):
        return i + 2  # "cross-hatching" for crosshatching
    if len(want) == 2 and same_term("".join(want), words[i].text):
        return i + 1  # "crosshatching" for cross-hatching
    return None


def _adverb(word: Word) -> bool:
    """An adverb of manner or degree in -ly ("directly", "gently"), not a noun in -ly ("lily") nor
    a name ("Emily")."""
    return len(word.text) > 4 and word.text.endswith("ly") and word.text not in _LY_NOUNS and not word.capital


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
