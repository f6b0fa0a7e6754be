"""Which prompt rule decides a checkpoint, and free statements read without a rule.

:func:`decide` picks the rule of :mod:`.prompt_rules` for a checkpoint: its check kind, else its
``match`` groups, else the statement (:func:`judge_statement`), and abstains where a pass rests on
too little of what the statement asks (a colour, number or side no keyword group holds; one term
of one group; a generic style term).
"""

from __future__ import annotations

import re

from ..suite.models import Checkpoint, TextCheck
from . import colors
from . import prompt_evidence as ev
from .prompt_formats import plain_prompt
from . import prompt_rules as rules
from .prompt_counts import check_count
from .relation_rule import check_relation
from .prompt_rules import asked_for, match_groups, phrases_of, quote_list
from .prompt_text import check_text
from .text_match import content_words, get_embedder, strip_boilerplate

__all__ = ["decide", "judge_check", "judge_statement"]


_RULES = {
    "text": check_text,
    "color": rules.check_color,
    "count": check_count,
    "absence": rules.check_absence,
    "presence": rules.check_presence,
    "style": rules.check_style,
    "layout": rules.check_layout,
    "palette": rules.check_palette,
    "relation": check_relation,
}


def judge_check(check, prompt: str) -> tuple[str, str]:
    """Apply the prompt rule of a checkpoint's check kind."""
    return _RULES[check.type](check, prompt)


_NEGATIVE_STATEMENT = re.compile(
    r"^\s*(?:the\s+)?prompt\s+(?:\w+ly\s+)?(?:excludes|avoids|rules\s+out|keeps\s+out|leaves\s+out|omits)\b|\b(?:no|not|without|never)\b",
    re.IGNORECASE,
)
_HAS_NUMBER = re.compile(r"\b\d+\b|\b(?:" + "|".join(sorted(ev.NUMBER_WORDS, key=len, reverse=True)) + r")\b", re.IGNORECASE)
# MiniLM cosine at or above which a statement counts as said; word overlap must back it.
_SIMILARITY_PASS = 0.7


def judge_statement(statement: str, prompt: str, embedder=None) -> tuple[str, str, str]:
    """A free statement ("The prompt asks for a calm early-morning mood"): ``(outcome,
    reason, signal)``. A quoted text in the statement is checked as exact text. Pass: every
    content word of the statement is asked for in the prompt (at least two), or MiniLM
    similarity >= 0.7 backed by half of them. Statements about exclusions, numbers or
    several colours abstain unless their words are all found (exclusions: inside an
    exclusion). A statement never fails offline: a missing word is not evidence."""
    prompt = plain_prompt(prompt)
    quoted = [u[2] for u in ev.quoted_units(statement) if u[3] and u[2].strip()]
    if len(quoted) == 1:
        outcome, reason = check_text(TextCheck(type="text", text=quoted[0]), prompt)
        return outcome, reason, "text"
    claim = strip_boilerplate(statement)
    wanted = content_words(claim)
    if not wanted:
        return "abstain", f"the statement {statement!r} has no content words to look for", "none"
    negative = bool(_NEGATIVE_STATEMENT.search(statement))
    words = ev.read_words(prompt)
    status = ev.NEGATED if negative else ev.AFFIRMED
    found = [w for w in wanted if any(m.status == status for m in ev.mentions([w], prompt, words))]
    values = f"{len(found)}/{len(wanted)} content words found"
    if len(found) == len(wanted) and (len(found) >= 2 or negative):
        return "pass", f"every content word of the statement is in the prompt ({values})", "overlap"
    if negative or _HAS_NUMBER.search(claim) or quoted:
        return "abstain", f"an exclusion, number or text statement needs every word found ({values})", "overlap"
    embedder = embedder or get_embedder()
    if embedder.name != "minilm":
        return "abstain", f"semantic evidence unclear ({values}; no MiniLM embeddings installed)", "overlap"
    vecs = embedder.encode([claim, *_segments(prompt)])
    sim = float((vecs[1:] @ vecs[0]).max())
    values += f", MiniLM similarity {sim:.2f}"
    if sim >= _SIMILARITY_PASS and len(found) * 2 >= len(wanted):
        return "pass", f"MiniLM similarity >= {_SIMILARITY_PASS} with half the words found ({values})", "minilm"
    return "abstain", f"semantic evidence unclear ({values}); a model judge should decide", "minilm"


def _segments(prompt: str) -> list[str]:
    parts = [p.strip() for line in prompt.split("\n") for p in re.split(r"[.!?;]+(?=\s|$)", line)]
    return [prompt, *[p for p in parts if len(p.split()) >= 2]]


_SPECIFIC_WORDS = frozenset({*ev.REGION_AXES, "no", "not", "without", "never", "exactly"})


def _uncovered(statement: str, groups: list[list[str]]) -> list[str]:
    """Words of the statement that say which colour, how many, where or what not (a colour, a
    number, a frame side, a negation) and that no keyword group holds: a keyword pass cannot
    show them ("an orange sun" read from [[sun]])."""
    held = {w for group in groups for term in group for w in re.findall(r"[^\W_]+", term.lower())}
    wanted = [w.lower() for w in re.findall(r"[^\W_]+", strip_boilerplate(statement))]
    specific = [w for w in wanted if w in _SPECIFIC_WORDS or w in ev.NUMBER_WORDS or w.isdigit() or colors.canonical(w)]
    return [w for w in dict.fromkeys(specific) if w not in held and not any(ev.same_term(w, h) for h in held)]


# Words that name no quality of their own ("a flat, vector look", "the woodcut style").
_GENERIC_WORDS = frozenset({"look", "style", "feel", "mood", "rather", "image", "picture", "aesthetic"})


def _statement_words(statement: str, terms: list[str], prompt: str) -> tuple[list[str], list[str]]:
    """The statement's content words and those of them the prompt does not show: neither
    asked for in the prompt nor part of a term it asks for ("ray" and "traced" are in
    'raytraced')."""
    plain = plain_prompt(prompt)
    words = ev.read_words(plain)
    hit = [m.phrase.lower() for m in ev.mentions(terms, plain, words) if m.status == ev.AFFIRMED]
    wanted = [w for w in content_words(strip_boilerplate(statement)) if w not in _GENERIC_WORDS]
    said = {w for w in wanted if any(m.status != ev.NEGATED for m in ev.mentions([w], plain, words))}
    return wanted, [w for w in wanted if w not in said and not any(w in h for h in hit)]


def _thin_style(check, statement: str, prompt: str) -> list[str]:
    """Words of a style statement that a style pass does not show: a generic term ('3d',
    'photo') passes the check but not "a ray-traced 3D render" or "a close-up photograph"."""
    wanted, unshown = _statement_words(statement, phrases_of(check.style, terms=check.terms), prompt)
    return unshown if len(wanted) >= 2 and 2 * len(unshown) > len(wanted) else []


def _thin_keyword(groups: list[list[str]], statement: str, prompt: str) -> bool:
    """A single keyword group passed by one term while the prompt shows fewer than half of
    the statement's words: one word from a list of qualities ("a calm, clean, technological
    mood" from 'modern') is too little evidence."""
    if len(groups) != 1:
        return False
    plain = plain_prompt(prompt)
    words = ev.read_words(plain)
    hits = {m.phrase.lower() for m in ev.mentions(groups[0], plain, words) if m.status != ev.NEGATED}
    wanted, unshown = _statement_words(statement, groups[0], prompt)
    return len(hits) == 1 and len(wanted) >= 2 and 2 * (len(wanted) - len(unshown)) < len(wanted)


def _said_once(groups: list[list[str]], prompt: str) -> bool:
    """A keyword of the groups is asked for with "a", "an", "one" or "a single" before it: the
    statement's "one" is said ("one dark pawn" by "a dark wooden pawn")."""
    plain = plain_prompt(prompt)
    words = ev.read_words(plain)
    found = ev.mentions([t for group in groups for t in group], plain, words)
    return any(m.status == ev.AFFIRMED and ev.quantity_before(plain, words, m.start)[0] == 1 for m in found)


# "on either side", "at each end": a distributive phrase says "both" of a pair.
_BOTH = re.compile(r"\b(?:on|at|to|from)\s+(?:either|each)\s+(?:side|end|edge)\b", re.IGNORECASE)


def _unsaid(statement: str, groups: list[list[str]], prompt: str) -> list[str]:
    """The statement's colour, number, side or negation words that no group holds and the prompt
    does not ask for (see :func:`_uncovered`); "both" is said by "on either side" and the like."""
    plain = plain_prompt(prompt)
    return [w for w in _uncovered(statement, groups) if asked_for([w], w, prompt)[0] != "pass"
            and not (w == "one" and _said_once(groups, prompt)) and not (w == "both" and _BOTH.search(plain))]


def _by_keywords(groups: list[list[str]], statement: str, prompt: str) -> tuple[str, str]:
    """The keyword groups' verdict, a pass abstaining where it rests on less than the statement says."""
    outcome, reason = match_groups(groups, prompt)
    unsaid = _unsaid(statement, groups, prompt)
    if outcome == "pass" and unsaid:
        return "abstain", f"{reason}, but not {quote_list(unsaid)}, which the statement needs and no group holds"
    if outcome == "pass" and _thin_keyword(groups, statement, prompt):
        return "abstain", f"{reason}, but from one term while the statement asks for more; a model judge should decide"
    return outcome, reason


def decide(checkpoint: Checkpoint, prompt: str, embedder=None) -> tuple[str, str, str]:
    """The prompt-side verdict for one checkpoint: ``(outcome, reason, method)`` where method
    is ``match``, ``check:<type>`` or ``statement(<signal>)``. A typed check decides before
    keyword groups, which may pass only what the check cannot tell (never over its fail); a keyword pass abstains when the statement names a colour, number, frame
    side or negation that no group holds and the prompt does not ask for, or when one term of
    a single group is all it rests on (:func:`_thin_keyword`); a style pass abstains when the
    prompt does not show the statement's other words (:func:`_thin_style`); a relation pass abstains
    likewise when the statement names a colour, number or side that the check does not hold and
    the prompt does not ask for."""
    statement = checkpoint.prompt or ""
    if checkpoint.check is not None:
        outcome, reason = judge_check(checkpoint.check, prompt)
        unshown = _thin_style(checkpoint.check, statement, prompt) if outcome == "pass" and checkpoint.check.type == "style" else []
        if unshown:
            return "abstain", f"{reason}, but not {quote_list(unshown)}, which the statement also asks for", "check:style"
        check = checkpoint.check
        unsaid = _unsaid(statement, [[check.subject, *check.terms], [check.object, *check.object_terms], [check.relation]], prompt) \
            if outcome == "pass" and check.type == "relation" else []
        if unsaid:  # "puts the castle on a green hilltop" from "a castle on a hill"
            return "abstain", f"{reason}, but not {quote_list(unsaid)}, which the statement also asks for", "check:relation"
        if outcome == "abstain" and checkpoint.match:  # the keywords may pass what the check cannot tell, never fail it
            by_words, why = _by_keywords(checkpoint.match, statement, prompt)
            if by_words == "pass":
                return "pass", f"{why} (the {checkpoint.check.type} check cannot tell: {reason})", "match"
        return outcome, reason, f"check:{checkpoint.check.type}"
    if checkpoint.match:
        return (*_by_keywords(checkpoint.match, statement, prompt), "match")
    if not checkpoint.prompt:
        return "abstain", "the checkpoint has no prompt-side statement", "none"
    outcome, reason, signal = judge_statement(checkpoint.prompt, prompt, embedder)
    return outcome, reason, f"statement({signal})"
