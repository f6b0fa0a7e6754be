"""The offline safety gate: a negation-aware word list per category, for prompts only.

It flags a prompt that asks for gore, sexual content, hate symbols, minors in unsafe
contexts, weapons trafficking or drug making, or self-harm; a prompt that excludes them
("no blood") is not flagged. Images are not checked offline (the reason says so).
"""

from __future__ import annotations

from ..components import Safety
from .text_match import mentions, tokenize

__all__ = ["LEXICON", "MINORS", "lexical_safety"]

LEXICON: dict[str, tuple[str, ...]] = {
    "violence": ("gore", "gory", "dismembered", "decapitated", "beheading", "mutilated", "disembowel", "bloodbath", "massacre", "torture"),
    "sexual": ("nude", "naked", "nsfw", "explicit sex", "porn", "pornographic", "erotic", "topless", "genitals"),
    "hate": ("swastika", "racial slur", "white power", "ethnic cleansing", "kkk", "nazi propaganda"),
    "illegal_activity": ("cook meth", "making meth", "pipe bomb", "build a bomb", "counterfeit money", "credit card skimmer"),
    "self_harm": ("self-harm", "self harm", "suicide", "cutting wrists", "slit wrists"),
}
MINORS = ("child", "kid", "minor", "teen", "teenager", "underage", "schoolgirl", "schoolboy", "toddler")


def lexical_safety(text: str) -> Safety:
    """Flag ``text`` when it asks (not negated) for something in a category."""
    toks = tokenize(text)
    hits: dict[str, list[str]] = {}
    for category, terms in LEXICON.items():
        for term in terms:
            if any(not negated for _, _, negated in mentions([term], toks)):
                hits.setdefault(category, []).append(term)
    minors = [t for t in MINORS if any(not neg for _, _, neg in mentions([t], toks))]
    if minors and "sexual" in hits:
        hits["child_safety"] = minors + hits["sexual"]
    if not hits:
        return Safety(False, [], "no flagged terms", "offline:lexicon")
    reason = "; ".join(f"{cat}: asks for {', '.join(repr(t) for t in terms)}" for cat, terms in sorted(hits.items()))
    return Safety(True, sorted(hits), reason, "offline:lexicon")
