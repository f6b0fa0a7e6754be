"""The offline safety gate: a negation-aware word list per category, for prompts only.

It flags a prompt that asks for gore, sexual content, hate symbols, minors in unsafe
contexts, weapons trafficking or drug making, or self-harm. Exclusions are read by the same
reader as the prompt rules' absence check (:mod:`.prompt_formats` and
:func:`.prompt_evidence.mentions`): a prompt that excludes them ("no blood", an ``## Avoid``
list, a negative prompt, ``--no gore``) is not flagged. Images are not checked offline (the
reason says so).
"""

from __future__ import annotations

from ..components import Safety
from .prompt_evidence import AFFIRMED, mentions, read_words
from .prompt_formats import plain_prompt

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
    """Flag ``text`` when it asks for something in a category: a mention outside every
    exclusion, alone or in a compound ("a gory battlefield"); one in a list whose exclusion
    scope is unclear ("no blood, gore") is not flagged."""
    text = plain_prompt(text)
    words = read_words(text)

    def asked(term: str) -> bool:
        return any(m.status == AFFIRMED or m.compound for m in mentions([term], text, words))

    hits: dict[str, list[str]] = {}
    for category, terms in LEXICON.items():
        for term in terms:
            if asked(term):
                hits.setdefault(category, []).append(term)
    minors = [t for t in MINORS if asked(t)]
    if minors and "sexual" in hits:
        hits["child_safety"] = minors + hits["sexual"]
    if not hits:
        return Safety(False, [], "no flagged terms", "offline:lexicon")
    reason = "; ".join(f"{cat}: asks for {', '.join(repr(t) for t in terms)}" for cat, terms in sorted(hits.items()))
    return Safety(True, sorted(hits), reason, "offline:lexicon")
