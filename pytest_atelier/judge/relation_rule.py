"""The offline judge's prompt-side rule for relation checks: "does the prompt place X relative to Y"
(three-way, like the rules of :mod:`.prompt_rules`)."""

from __future__ import annotations

from . import prompt_evidence as ev
from .prompt_formats import plain_prompt
from .prompt_rules import phrases_of

__all__ = ["check_relation"]


# Relations that cannot hold together with the wanted one (of the subject to the object).
_CONTRADICTS = {
    "above": {"below"}, "below": {"above"}, "left_of": {"right_of"}, "right_of": {"left_of"},
    "in_front_of": {"behind"}, "behind": {"in_front_of"}, "on": {"below", "under_load"},
    "inside": {"outside", "contains"}, "next_to": {"apart"},
}  # fmt: skip


# Relations that frame regions on opposite sides imply: (axis, subject's side, object's side).
_APART = {"left_of": ("h", "left", "right"), "right_of": ("h", "right", "left"),
          "above": ("v", "top", "bottom"), "below": ("v", "bottom", "top")}  # fmt: skip


def _placed_apart(relation: str, words, subjects, objects) -> tuple[str, str] | None:
    """Frame regions on opposite sides for the two things ("On the left, a knight ... On the right,
    a rook" puts the knight left of the rook): the two placements, or None."""
    if relation not in _APART:
        return None
    axis, mine, theirs = _APART[relation]
    def sides(found):
        return {place.get(axis) for m in found for _, place in ev.regions_of(words, m)}
    if sides(subjects) == {mine} and sides(objects) == {theirs}:
        return f"at the {mine}", f"at the {theirs}"
    return None


def check_relation(check, prompt: str) -> tuple[str, str]:
    """A relation between two mentioned things, read by :func:`.prompt_evidence.relations_between`
    ("the sign above the door", "a lamp beside the bed", "Under the table sleeps a dog"; a
    statement of the two the other way round counts by its converse: "the door below the sign"
    places the sign above the door).

    Pass: a statement of the relation (or a phrase implying it: "on top of" for above) between
    the subject and the object outside an exclusion, or frame regions on opposite sides that
    imply it (the subject only on the left and the object only on the right for left of). Fail: only statements of a contradicting
    relation between the same two (below for above, right for left, behind for in front, under
    or holding it for on, outside or containing it for inside, far from for next to), none
    inside an exclusion or of unclear scope. Abstain: either thing is not mentioned, or they are
    mentioned without a relation phrase joining them (a missing phrase is no evidence)."""
    prompt = plain_prompt(prompt)
    words = ev.read_words(prompt)
    subjects = ev.mentions(phrases_of(check.subject, terms=check.terms), prompt, words)
    objects = ev.mentions(phrases_of(check.object, terms=check.object_terms), prompt, words)
    if not subjects or not objects:
        missing = check.subject if not subjects else check.object
        return "abstain", f"no mention of {missing!r}; the relation may be worded otherwise"
    spans = {(m.start, m.end) for m in objects}
    subjects = [m for m in subjects if (m.start, m.end) not in spans]
    everything = subjects + objects
    # a mention inside a longer one ("flavour" in "flavour line") is read as the longer one
    inner = {id(m) for m in everything for o in everything if o is not m and o.start <= m.start and m.end <= o.end and o.end - o.start > m.end - m.start}
    subjects = [m for m in subjects if id(m) not in inner]
    objects = [m for m in objects if id(m) not in inner]
    if not subjects or not objects:
        return "abstain", f"the prompt names {check.subject!r} and {check.object!r} only as parts of one phrase"
    found = subjects + objects
    role = ["s" if k < len(found) - len(objects) else "o" for k in range(len(found))]
    wanted = check.relation.replace("_", " ")
    contradicting, unclear = [], False
    for r in ev.relations_between(prompt, words, found, role):
        if role[r.first] == role[r.second]:
            continue
        rels = r.relations if role[r.first] == "s" else {ev.CONVERSE[x] for x in r.relations}
        if r.status != ev.AFFIRMED:
            unclear = True
            continue
        if check.relation in rels:
            return "pass", f"the prompt places {check.subject!r} {wanted} {check.object!r} ({r.phrase!r})"
        if rels & _CONTRADICTS[check.relation]:
            contradicting.append(r.phrase)
    placed = _placed_apart(check.relation, words, [m for m in subjects if m.status == ev.AFFIRMED], [m for m in objects if m.status == ev.AFFIRMED])
    if placed and not contradicting:
        return "pass", f"the prompt places {check.subject!r} {placed[0]} and {check.object!r} {placed[1]} in the frame"
    if contradicting and not unclear:
        return "fail", f"the prompt places {check.subject!r} otherwise relative to {check.object!r} ({contradicting[0]!r}), not {wanted} it"
    if unclear:
        return "abstain", f"the prompt relates {check.subject!r} and {check.object!r} only inside an exclusion or an unclear scope"
    return "abstain", f"the prompt mentions {check.subject!r} and {check.object!r} but no relation between them that the judge reads"
