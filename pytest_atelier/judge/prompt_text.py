"""The prompt rule for exact text: is the text to render given word for word."""

from __future__ import annotations

import re

from . import prompt_evidence as ev
from .prompt_formats import plain_prompt
from .prompt_rules import quote_list
from .text_sets import each_text

__all__ = ["check_text"]


def check_text(check, prompt: str) -> tuple[str, str]:
    """Every text of a text check given word for word (see :func:`_check_one_text`)."""
    return each_text(check, lambda one: _check_one_text(one, prompt))


def _check_one_text(check, prompt: str) -> tuple[str, str]:
    """Exact text, compared as a whole quoted or ``cue:``-delimited unit after the
    normalisation of :func:`.prompt_evidence.normalise_text` (case too unless
    ``case_sensitive``); consecutive units joined by a space also count (one per line).

    Pass: a unit (or run of units) equals the text, outside an exclusion and not naming
    something ('the "Lobster" font'). Fail: the only such units lie in an exclusion ('do not
    write "SALE"', '"SALE" must not appear', a negative prompt); the text is
    nowhere in the prompt (a verbatim text cannot be paraphrased); it appears only inside a
    longer quoted string as part of one other label ("Fresh Coffee Daily"), or only with other
    capitalisation when case matters. Abstain when the longer string holds it beside only numbers
    ("Mon 22°", "SHIELDS 87%"): it may be a label of its own beside a reading.
    Abstain: the words appear only unquoted in running prose, where they may describe
    rather than give the text, or inside a ``cue:`` unit whose end is uncertain."""
    prompt = plain_prompt(prompt)
    want = ev.normalise_text(check.text, check.case_sensitive)
    units = ev.quoted_units(prompt)
    words = ev.read_words(prompt)
    statuses = ev.word_statuses(prompt, words)
    texts = [ev.normalise_text(u[2], check.case_sensitive) for u in units]
    excluded = named = None
    for i in range(len(units)):
        for j in range(i + 1, min(len(units), i + 4) + 1):
            if " ".join(texts[i:j]) != want:
                continue
            inside = [k for k, w in enumerate(words) if units[i][0] <= w.start < units[j - 1][1]]
            if any(statuses[k] == ev.NEGATED for k in inside) or (inside and ev.excluded_after(prompt, words, inside[-1] + 1)):
                excluded = units[i][2]
                continue
            if inside and ev.names_a_thing(words, inside[-1] + 1):
                named = units[i][2]
                continue
            return "pass", f"the prompt gives the text {check.text!r} as a quoted unit"
    if excluded is not None:
        return "fail", f"the prompt gives {check.text!r} only inside an exclusion"
    if named is not None:
        return "abstain", f"the prompt quotes {named!r} as the name of something (a font, a style), not as text to render"
    flat = ev.normalise_text(prompt, check.case_sensitive)
    bounded = re.compile(rf"(?<!\w){re.escape(want)}(?!\w)")
    if not bounded.search(flat):
        if check.case_sensitive and re.search(rf"(?<!\w){re.escape(want.casefold())}(?!\w)", flat.casefold()):
            return "fail", f"the prompt has {check.text!r} only with other capitalisation"
        near = [t for t, u in zip(texts, units) if t and u[3]]
        seen = f"; it quotes {quote_list(near[:3])}" if near else ""
        return "fail", f"the prompt does not contain the text {check.text!r}{seen}"
    longer = [(t, u[2]) for t, u in zip(texts, units) if u[3] and bounded.search(t)]
    other = next((u for t, u in longer if not _beside_numbers(t, want)), None)
    if other is not None:
        return "fail", f"the prompt quotes {other!r}, not {check.text!r} on its own"
    if longer:
        return "abstain", f"the prompt quotes {longer[0][1]!r}, where {check.text!r} may be a label of its own beside a number"
    return "abstain", f"{check.text!r} appears only unquoted or in a loosely delimited unit: given as the text, or described?"


def _beside_numbers(longer: str, want: str) -> bool:
    """The wanted text stands in a longer quoted text beside only numbers and measures ("Mon 22°",
    "SHIELDS 87%", "pace 5:12 /km"): it may be drawn as a label of its own beside a reading, so
    the longer text is no evidence against it. Beside other words it is part of one other label
    ("Fresh Coffee Daily", "Aisle 7 – Snacks")."""
    for m in re.finditer(rf"(?<!\w){re.escape(want)}(?!\w)", longer):
        rest = (longer[: m.start()] + " " + longer[m.end() :]).split()
        if all(re.search(r"\d", tok) or not re.search(r"[^\W\d_]", tok) or (k > 0 and re.search(r"\d", rest[k - 1]) and len(tok) <= 4) for k, tok in enumerate(rest)):
            return True  # a number, a symbol, or a short unit after a number ("5 km")
    return False
