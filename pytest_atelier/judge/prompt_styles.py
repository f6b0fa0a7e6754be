"""Whether a style mention names how the picture is made or a thing in it ("watercolor painting",
"a cartoon comic strip" against "tubes of watercolor paint", "reading a comic book")."""

from __future__ import annotations

import re

from .compounds import _AFTER_HEAD, describes, _heads_phrase
from .prompt_words import DETERMINERS, Mention, Word

__all__ = ["names_style", "STYLE_LABELS"]

_STYLE_NOUNS = frozenset(
    "style styled aesthetic look painting paintings illustration illustrations art artwork render rendering drawing "
    "sketch print poster photo photograph photography shot image picture wash technique medium piece portrait "
    "composition vibe design graphic graphics animation still film render font fonts typeface typefaces lettering "
    "screenshot".split()
)
# Nouns for a kind of made picture: a style word before them names the picture's style when their
# phrase opens its clause ("A three-panel cartoon comic strip", "bold flat vector book cover"),
# not when something is done with the thing ("reading a comic strip").
_KIND_NOUNS = _STYLE_NOUNS | frozenset(
    "comic comics strip cartoon zine collage papercut video footage pictogram pictograms leaflet cover "
    "infographic diagram storyboard sticker".split()
)
_STYLE_LEADS = frozenset({"in", "as", "like", "via", "using"})
# A time of day or the light it gives says how the whole picture is lit wherever it is said ("at blue
# hour", "sky: deep navy, blue hour twilight", "- Late twilight"): never a thing in the picture.
_TIMES_OF_DAY = frozenset("hour twilight dusk dawn daybreak sunrise sunset sundown nightfall midday noon night nighttime".split())


def names_style(words: list[Word], m: Mention) -> bool:
    """A style mention names how the image is made, not a thing in it: it ends in or is
    followed by a style noun ("watercolor painting", "anime style"), follows "in"/"as"/"like"
    with only an article and describing words between ("rendered in watercolour", "drawn as a
    clean flat vector cartoon"), or stands alone as a comma-list item or a clause opening
    ("..., anime, highly detailed", "Watercolor of a fox", "clean cel shading, flat fills"),
    or opens the phrase of a kind of made picture ("a three-panel cartoon comic strip"), or is a
    time of day ("at blue hour").
    "tubes of watercolor paint" or "reading a comic book" do not count."""
    end = m.end + (m.end < len(words) and words[m.end - 1].capital and _version(words[m.end].text))  # "Blender 4"
    last, nxt = words[end - 1], words[end] if end < len(words) else None
    if last.text in _TIMES_OF_DAY or _style_line(words, m.start):
        return True
    follows = nxt is not None and nxt.sentence == last.sentence and nxt.clause == last.clause
    if _style_of(words, m.start) and (not follows or nxt.text in ("and", "or", "with")):
        return True  # not "the look of a risograph machine"
    if follows and m.end - m.start > 1 and all(words[k].hyphen_next for k in range(m.start, m.end - 1)) and not last.hyphen_next:
        return True  # "golden-hour sun", "cel-shaded hero": a hyphenated modifier says how its noun looks
    if _style_noun(last.text) or (follows and _heads_phrase(words, end, _STYLE_NOUNS)) or last.hyphen_next and follows and nxt.text in ("style", "styled", "inspired"):
        return True
    lead = [w for w in words[max(0, m.start - 6) : m.start] if w.sentence == words[m.start].sentence and w.clause == words[m.start].clause]
    body = lead[1:] if lead and lead[0].text in DETERMINERS else lead
    opening = len(lead) < 6 and all(w.text not in _AFTER_HEAD and not w.text.endswith("ing") for w in body)
    if opening and (last.text in _KIND_NOUNS or follows and _kind_follows(words, end)):
        return True
    k = len(lead) - 1
    while k >= 0 and (lead[k].text in DETERMINERS or describes(lead[k].text) or lead[k].hyphen_next or k > 0 and lead[k - 1].hyphen_next):
        k -= 1  # "made to look like a cheap two-colour risograph zine", "drawn as a clean flat vector cartoon"
    if k >= 0 and lead[k].text in _STYLE_LEADS:
        return True
    if lead and not all(describes(w.text) for w in lead):
        return False
    return not follows or nxt.text in ("of", "with", "and")


def _style_noun(word: str) -> bool:
    """A style noun, in the singular or the plural ("sketches", "renders")."""
    return word in _STYLE_NOUNS or any(word == f"{noun}s" or word == f"{noun}es" for noun in _STYLE_NOUNS)


def _version(word: str) -> bool:
    """A version after a tool's name: "5", "v6", "2.1" is read as "2" then a stop."""
    return bool(re.fullmatch(r"v?\d+", word))


# Nouns after which "of" names what a picture's manner follows ("in the style of", "the look of").
_MANNER_NOUNS = frozenset("style manner look vein spirit tradition school".split())


def _style_of(words: list[Word], k: int) -> bool:
    """Word ``k`` names whose or which manner the picture follows: "in the naive style of an old
    master", "in the look of a 1970s poster", "inspired by", "after the manner of"."""
    lead = [w for w in words[max(0, k - 8) : k] if w.clause == words[k].clause]
    for j in range(len(lead) - 1, 0, -1):
        if lead[j].text == "of" and lead[j - 1].text in _MANNER_NOUNS or lead[j].text == "by" and lead[j - 1].text == "inspired":
            return all(w.text in DETERMINERS or describes(w.text) or w.capital or w.hyphen_next or lead[i - 1].hyphen_next
                       for i, w in enumerate(lead[j + 1 :], j + 1))
    return False


# Labels of a line that says how the picture is made ("style: documentary photojournalism",
# "medium: coloured chalk on a blackboard", a markdown "## Style" section).
STYLE_LABELS = frozenset("style styles medium media technique rendering aesthetic look format".split())
_LABEL_FILLER = frozenset("art visual the and & of".split())


def _style_line(words: list[Word], k: int) -> bool:
    """Word ``k`` is in the value of a line labelled as the picture's style or medium: the line
    opens with a label of one to three such words closed by its first clause ("Style: Swiss
    scherenschnitt", "art style: ..."; not "style: a tube of gouache")."""
    first = next(j for j in range(k, -1, -1) if j == 0 or words[j - 1].sentence != words[k].sentence)
    label = [j for j in range(first, k) if words[j].clause == words[first].clause]
    return (0 < len(label) <= 3 and words[k].clause != words[first].clause and words[first].line == words[k].line and words[k - 1].text != "of"
            and any(words[j].text in STYLE_LABELS for j in label) and all(words[j].text in STYLE_LABELS | _LABEL_FILLER for j in label))


def _kind_follows(words: list[Word], end: int) -> bool:
    """The words from ``end`` on, in the clause, run to a noun for a kind of made picture (at most
    four: "cartoon comic strip", "modern non-fiction cover") with no preposition or verb between."""
    for k in range(end, min(end + 4, len(words))):
        if words[k].clause != words[end - 1].clause or words[k].text in _AFTER_HEAD:
            return False
        if words[k].text in _KIND_NOUNS:
            return True
    return False
