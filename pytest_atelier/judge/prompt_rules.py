"""The offline judge's prompt side: three-way rules for "does the prompt ask for X".

Each rule returns ``(outcome, reason)`` with outcome ``pass``, ``fail`` or ``abstain``,
and states in its docstring what it takes as evidence for a pass and for a fail. Not
finding a word is never evidence that the prompt lacks the thing: people and models say
the same thing in other words, so a rule that finds nothing abstains. Which rule decides a
checkpoint is chosen in :mod:`.prompt_decide`. docs/suite-format.md documents the patterns read.
"""

from __future__ import annotations

import re

from ..suite.models import LayoutCheck
from . import colors
from . import prompt_evidence as ev
from .prompt_formats import plain_prompt
from .prompt_styles import names_style

__all__ = [
    "match_groups",
    "check_color",
    "check_absence",
    "check_presence",
    "check_style",
    "check_layout",
    "check_palette",
    "asked_for",
    "phrases_of",
    "quote_list",
    "split_mentions",
]


def phrases_of(*items, terms=()) -> list[str]:
    return [p for p in (*items, *terms) if p and p.strip()]


def quote_list(items) -> str:
    return ", ".join(repr(x) for x in items)


def split_mentions(found: list[ev.Mention]) -> tuple[list[ev.Mention], list[ev.Mention]]:
    return [m for m in found if m.status == ev.AFFIRMED], [m for m in found if m.status == ev.NEGATED]


def asked_for(phrases: list[str], what: str, prompt: str, partners: frozenset[str] = frozenset(), forms: bool = False) -> tuple[str, str]:
    """Pass: a mention outside any exclusion, not hyphen-joined or compounded with a
    neighbouring noun, and preceded by nothing, a determiner, a number, a colour or an
    adjective (so "baseball bat" does not pass for the animal), or compounded with one of
    ``partners``, words that the same request names ("ground fog" for [fog] and [ground]; a word of a longer term counts).
    ``forms``: another form of a word counts ("charm" for charming, :func:`.prompt_words.same_form`).
    Fail: every mention lies inside an exclusion ("no X", a negative prompt). Abstain: otherwise."""
    prompt = plain_prompt(prompt)
    words = ev.read_words(prompt)
    found = ev.mentions(phrases, prompt, words, forms=forms)
    affirmed, negated = split_mentions(found)
    plain = [m for m in affirmed if ev.plain_head(words, m)] + [m for m in found if _partnered(words, m, partners)]
    if plain:
        return "pass", f"the prompt asks for {what!r} ({plain[0].phrase!r})"
    if affirmed:
        modifier = words[affirmed[0].start - 1].text
        return "abstain", f"the prompt has {modifier!r} {affirmed[0].phrase!r}, which may name something else"
    if negated and len(negated) == len(found):
        return "fail", f"the prompt mentions {what!r} only to exclude it"
    return "abstain", _unclear_reason(what, phrases, found, words)


def _partnered(words: list[ev.Word], m: ev.Mention, partners: frozenset[str]) -> bool:
    """The mention is compounded with a word the request itself names: the noun it modifies
    ("tech spec" for [spec, tech]) or the noun before it ("fog rolling" for [fog] and [rolling])."""
    def named(k: int) -> bool:
        return 0 <= k < len(words) and words[k].clause == words[m.start].clause and any(ev.same_term(words[k].text, p) for p in partners)
    return (m.compound and named(m.end)) or (m.status == ev.AFFIRMED and named(m.start - 1))


def _unclear_reason(what: str, phrases: list[str], found: list[ev.Mention], words: list[ev.Word]) -> str:
    """Why mentions that are neither asked for nor excluded decide nothing; never "no
    mention" when there is one."""
    compound = next((m for m in found if m.compound), None)
    if compound is not None:
        joined = " ".join(w.text for w in words[compound.start : compound.end + 1])
        return f"the prompt has {compound.phrase!r} only in {joined!r}, which may name something else"
    if found:
        return f"the prompt mentions {found[0].phrase!r} where it may not be asked for (an unclear exclusion, or said to be gone)"
    return f"no mention of {what!r} (looked for {quote_list(phrases)}); it may be worded otherwise"


def match_groups(groups: list[list[str]], prompt: str) -> tuple[str, str]:
    """Pass: every group has a mention outside an exclusion, in any form of its words ("tidiness"
    for tidy). Fail: some group is mentioned
    only inside exclusions. Abstain: some group is not found (it may be worded otherwise)."""
    missing, excluded, why = [], [], []
    partners = frozenset(w for group in groups for t in group for w in re.findall(r"[^\W_]+", t.lower()) if len(w) > 2)
    ratio = _stated_ratio(groups, prompt)
    for group in groups:
        outcome, reason = asked_for(group, group[0], prompt, partners, forms=True)
        if outcome == "abstain" and ratio and _SHAPE_WORDS.intersection(t.lower() for t in group):
            outcome = "pass"  # "landscape 3:2" states the format: a written ratio is the picture's shape
        if outcome == "fail":
            excluded.append(group)
        elif outcome == "abstain":
            missing.append(group)
            why += [] if reason.startswith("no mention") else [reason]
    if excluded:
        return "fail", "the prompt excludes " + "; ".join(f"[{', '.join(g)}]" for g in excluded)
    if missing:
        names = "; ".join(f"[{', '.join(g)}]" for g in missing)
        if why:
            return "abstain", f"{len(missing)} of {len(groups)} keyword groups ({names}) are not plainly asked for: {why[0]}"
        return "abstain", f"no mention of {len(missing)} of {len(groups)} keyword groups ({names}); they may be worded otherwise"
    return "pass", f"the prompt mentions every keyword group ({len(groups)})"


# Words a keyword group uses for the picture's shape; a ratio the check names, written in the
# prompt ("3:2", "--ar 4:5"), says that shape without them.
_SHAPE_WORDS = frozenset({"format", "ratio", "aspect", "aspect ratio", "orientation", "frame", "crop"})


def _stated_ratio(groups: list[list[str]], prompt: str) -> str | None:
    """A ratio that a group of the check names ("16:9") and the prompt asks for, or None."""
    ratios = [t for group in groups for t in group if re.fullmatch(r"\d+(?:\.\d+)?:\d+", t.strip())]
    return next((r for r in ratios if asked_for([r], r, prompt)[0] == "pass"), None)


def check_color(check, prompt: str) -> tuple[str, str]:
    """Colour bound to the entity's own noun phrase: a pre-modifier ("a blue hat") or a
    predicate right after it ("the hat is blue", "a hat in deep blue", "hat (blue)").

    Pass: the wanted colour (or a synonym) is bound to a mention of the entity outside an
    exclusion. Fail: every such mention binds other colours, none of them a shade of the
    wanted hue ("blue" for navy abstains), or the colour is bound only inside an exclusion
    ("not a red hat"). Abstain: no mention,
    no colour bound, or a binding that cannot be told ("red and blue hats"). Without an
    entity: pass when the colour is named outside an exclusion, fail when only excluded."""
    prompt = plain_prompt(prompt)
    hue = colors.canonical(check.color)
    if hue is None:
        return "abstain", f"{check.color!r} is not a known colour word"
    if not check.entity:
        return asked_for(list(colors.words_for(check.color)), check.color, prompt)
    words = ev.read_words(prompt)
    phrases = phrases_of(check.entity, terms=check.terms)
    found = ev.mentions(phrases, prompt, words) + ev.owned_mentions(phrases, prompt, words)  # "Its background is navy"
    found += ev.pronoun_mentions(phrases, prompt, words)  # "A robot waits. It is white"
    others, ambiguous, excluded = set(), False, False
    for m in found:
        if ev.another_of(words, m):
            continue  # "other flowers" are not the flower meant
        bound, unclear = ev.colour_words_bound(prompt, words, m.start, m.end)
        hues = {c for _, c in bound}
        ones = [] if m.status != ev.AFFIRMED else ev.ones_after(words, m.end)  # "a red pennant and a yellow one"
        if any(hue in {c for _, c in ev.colour_words_bound(prompt, words, k, k + 1)[0]} for k in ones):
            return _in_region(check, prompt, f"the prompt binds {check.color!r} to another {m.phrase!r} ('one')")
        if m.status == ev.NEGATED:
            excluded |= hue in hues
            continue
        if m.status == ev.AFFIRMED and hue in hues:
            ground = f" (set on {m.phrase!r})" if colors.canonical(m.phrase) else ""  # "isolated on white"
            return _in_region(check, prompt, f"the prompt binds {check.color!r} to {(check.entity if ground else m.phrase)!r}{ground}")
        # a mention with no colour read may carry it in words the judge does not read
        ambiguous |= unclear or m.status == ev.UNCLEAR or not hues
        others |= hues
    if excluded and not others:
        return "fail", f"the prompt excludes a {check.color} {check.entity}"
    shades = sorted(c for c in others if colors.shades_of_one_hue(c, hue))
    if others and not ambiguous and shades:  # "deep blue sky" for a navy one: which shade is drawn?
        return "abstain", f"the prompt makes {check.entity!r} {', '.join(shades)}, a shade of the same hue as {check.color}"
    if others and not ambiguous:
        return "fail", f"the prompt makes {check.entity!r} {', '.join(sorted(others))}, not {check.color}"
    if not found:
        return "abstain", f"no mention of {check.entity!r} (or {quote_list(check.terms) or 'another name for it'})"
    return "abstain", f"the prompt mentions {check.entity!r} but binds no colour to it that can be told"


def _in_region(check, prompt: str, bound: str) -> tuple[str, str]:
    """A colour bound to the entity, read with the check's region as :func:`check_layout` reads
    it: pass when the prompt also places it there, fail when it places it elsewhere, abstain
    when it says nothing of where."""
    if check.region is None:
        return "pass", bound
    outcome, reason = check_layout(LayoutCheck(type="layout", entity=check.entity, terms=check.terms, region=check.region), prompt)
    if outcome == "abstain":
        return "abstain", f"{bound}, but not that it is at the {check.region} ({reason})"
    words = ev.read_words(prompt)
    if outcome == "fail" and len(ev.mentions(phrases_of(check.entity, terms=check.terms), prompt, words)) > 1:
        # "a yellow sheet ... a green sheet (bottom left)": the one placed elsewhere may be another
        return "abstain", f"{bound}; {reason}, but the prompt names more than one, and that may be another"
    return outcome, f"{bound}; {reason}"


def check_absence(check, prompt: str) -> tuple[str, str]:
    """Pass: the entity or a term lies inside an exclusion ("no X", "without X", "X-free",
    "leave out X", "nothing that looks like X", "keep X out of ...", a negative prompt), and
    not only in one colour ("no green fruit"). Fail: every mention is something asked for.
    Abstain: no mention (the prompt may exclude it in other words), or some mentions whose
    scope is unclear."""
    prompt = plain_prompt(prompt)
    words = ev.read_words(prompt)
    found = ev.mentions(phrases_of(check.entity, terms=check.terms), prompt, words)
    affirmed, negated = split_mentions(found)
    wanted = colors.canonical(check.color) if check.color else None
    whole = [m for m in negated if {c for _, c in ev.colour_words_bound(prompt, words, m.start, m.end)[0]} <= {wanted}]
    if whole:
        return "pass", f"the prompt excludes {check.entity!r} ({whole[0].phrase!r})"
    if negated:  # "no green fruit" does not exclude fruit
        return "abstain", f"the prompt excludes only some {check.entity!r} (of another colour)"
    if affirmed and len(affirmed) == len(found):
        return "fail", f"the prompt asks for {check.entity!r} ({affirmed[0].phrase!r}) instead of excluding it"
    if affirmed:
        return "abstain", f"the prompt asks for {affirmed[0].phrase!r} but also mentions {check.entity!r} where it may exclude it"
    return "abstain", f"no exclusion of {check.entity!r} (or {quote_list(check.terms) or 'another name for it'}) in words the judge reads"


def check_presence(check, prompt: str) -> tuple[str, str]:
    """See :func:`asked_for`: pass on a mention asked for, fail on mentions only excluded."""
    return asked_for(phrases_of(check.entity, terms=check.terms), check.entity, prompt)


def check_style(check, prompt: str) -> tuple[str, str]:
    """Pass: the style or a term is asked for where it names how the image is made
    (:func:`.prompt_styles.names_style`: "watercolor painting", "in watercolour", a list
    item). Fail: it is mentioned only inside exclusions ("not a photo"). Abstain: no
    mention, or mentions as a thing in the picture ("tubes of watercolor paint")."""
    prompt = plain_prompt(prompt)
    words = ev.read_words(prompt)
    phrases = phrases_of(check.style, terms=check.terms)
    found = ev.mentions(phrases, prompt, words)
    affirmed, negated = split_mentions(found)
    # "risograph print", "3D render wallpaper": a style word before a noun still names the style
    styled = [m for m in found if (m.status == ev.AFFIRMED or m.compound) and names_style(words, m)]
    if styled:
        return "pass", f"the prompt asks for the style {check.style!r} ({styled[0].phrase!r})"
    if negated and not affirmed:
        return "fail", f"the prompt mentions {check.style!r} only to exclude it"
    if affirmed:
        return "abstain", f"the prompt mentions {affirmed[0].phrase!r}, but as a thing in the picture rather than its style"
    return "abstain", _unclear_reason(check.style, phrases, found, words)


def _opposed(want: dict[str, str], got: dict[str, str]) -> bool:
    if len(got) > 1 and "c" in got:  # "right of centre": near the centre, opposed only on its side
        got = {axis: value for axis, value in got.items() if axis != "c"}
    if "c" in want or "c" in got:
        return ("c" in want) != ("c" in got) and bool(set(want) - {"c"} or set(got) - {"c"})
    return any(axis in got and got[axis] != value for axis, value in want.items())


def _landmark(words, m) -> bool:
    """The mention is what another thing is placed by ("a bubble above the figure near the top"):
    a region after it may be that other thing's."""
    k = m.start - 1
    while k >= 0 and words[k].text in ev.DETERMINERS and words[k].clause == words[m.start].clause:
        k -= 1
    for n in (1, 2, 3):  # a relation phrase ("above", "next to", "in front of") ends right before it
        found = ev.relation_at(words, k - n + 1) if k - n + 1 >= 0 else None
        if found is not None and found[0] == n:
            return True
    return False


def check_layout(check, prompt: str) -> tuple[str, str]:
    """A frame-anchored region phrase ("at the top", "upper-left corner", "centered", "in
    the footer"; not "above the door") in the same clause as the entity.

    Pass: a region phrase that covers the wanted region (``top-left`` covers ``top``).
    Fail: a region phrase right after the entity (within three words: "a logo at the bottom")
    that contradicts it (bottom for top, an edge for centre; not "centred").
    Abstain: no region phrase with the entity, a less specific one, or no mention."""
    prompt = plain_prompt(prompt)
    want = {"c": "center"} if check.region == "center" else dict(ev.REGION_AXES[p] for p in check.region.split("-"))
    words = ev.read_words(prompt)
    phrases = phrases_of(check.entity, terms=check.terms)
    found = ev.mentions(phrases, prompt, words) + (ev.mentions([check.text], prompt, words, quoted=True) if check.text else [])
    found += ev.pronoun_mentions(phrases, prompt, words)  # "A fox waits. It sits at the left"
    affirmed = [m for m in found if m.status == ev.AFFIRMED and not ev.another_of(words, m)]  # not "other flowers"
    contradicted = agreeing = False
    for m in affirmed:
        for at, place in ev.regions_of(words, m):
            if all(place.get(axis) == value for axis, value in want.items()):
                return "pass", f"the prompt places {m.phrase!r} at the {'-'.join(place.values())}"
            # one pawn at the left and one right of centre: the bottom-left pawn may be the first
            agreeing |= not _opposed(want, place) and any(place.get(axis) == value for axis, value in want.items())
            # only a region phrase right after the entity ("a logo at the bottom") contradicts;
            # "centred" says nothing about the vertical position
            adjacent = m.end <= at <= m.end + 3 and words[at].text not in ev.SOFT_CENTRE
            contradicted |= adjacent and _opposed(want, place) and not _landmark(words, m)
    unclear = any(m.status == ev.UNCLEAR for m in found)
    if contradicted and not unclear and not agreeing:
        return "fail", f"the prompt places {check.entity!r} elsewhere than the {check.region}"
    if not affirmed:
        return "abstain", f"no mention of {check.entity!r} asked for"
    return "abstain", f"the prompt mentions {check.entity!r} without a frame region for it that the judge reads"


_RESTRICTION = re.compile(
    r"\b(?:only|solely|exclusively|strictly|nothing\s+but|limited\s+to|restricted\s+to|limited\s+palette|"
    r"restricted\s+palette|two[- ]colou?r|three[- ]colou?r|two[- ]tone|duotone|monochrome|monochromatic)\b",
    re.IGNORECASE,
)


def check_palette(check, prompt: str) -> tuple[str, str]:
    """Pass: every listed colour is named outside an exclusion, a restriction ("only",
    "limited to", "two-colour", "monochrome") shares a sentence with one of them, and no
    other colour is asked for. Fail: another colour is asked for (a plain colour word, not
    one that also names a thing, like gold or rose), or a listed colour is excluded.
    Abstain: otherwise."""
    prompt = plain_prompt(prompt)
    wanted = {colors.canonical(c) for c in check.colors}
    words = ev.read_words(prompt)
    named = {}
    for m in ev.mentions(list(colors.COLOR_WORDS), prompt, words):
        hue = colors.canonical(m.phrase)
        if m.status == ev.NEGATED and hue in wanted:
            return "fail", f"the prompt excludes {m.phrase!r}, a colour of the palette"
        if m.status == ev.AFFIRMED:
            named.setdefault(hue, []).append(m)
    extra = sorted(
        hue for hue, ms in named.items() if hue not in wanted and any(words[m.start].text not in ev.THING_HUES for m in ms)
    )
    if extra:
        return "fail", f"the prompt also asks for {', '.join(extra)}, outside the palette {quote_list(check.colors)}"
    if not wanted <= set(named):
        return "abstain", f"the prompt does not name every colour of {quote_list(check.colors)}"
    sentences = {words[m.start].sentence for hue in wanted for m in named[hue]}
    restricted = any(
        _RESTRICTION.search(prompt[min(w.start for w in words if w.sentence == s) : max(w.end for w in words if w.sentence == s)])
        for s in sentences
    )
    if restricted:
        return "pass", f"the prompt restricts the palette to {quote_list(check.colors)}"
    return "abstain", f"the prompt names {quote_list(check.colors)} but does not say 'only' these"
