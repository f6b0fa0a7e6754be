"""Frame regions said of things in a prompt ("at the top", "upper-left corner", "centered")."""

from __future__ import annotations

from . import colors
from .prompt_words import ADVERBIAL_OPENERS, DETERMINERS, Mention, Word

__all__ = ["REGION_AXES", "SOFT_CENTRE", "FRAME_NOUNS", "FRAME_OWNERS", "regions_in", "regions_of"]

# --- frame regions -----------------------------------------------------------------------

# Each region word names one position on an axis.
REGION_AXES: dict[str, tuple[str, str]] = {
    "top": ("v", "top"), "upper": ("v", "top"), "header": ("v", "top"), "topmost": ("v", "top"),
    "bottom": ("v", "bottom"), "lower": ("v", "bottom"), "footer": ("v", "bottom"), "bottommost": ("v", "bottom"),
    "left": ("h", "left"), "leftmost": ("h", "left"), "right": ("h", "right"), "rightmost": ("h", "right"),
    "center": ("c", "center"), "centre": ("c", "center"), "middle": ("c", "center"), "central": ("c", "center"),
    "centered": ("c", "center"), "centred": ("c", "center"), "centrally": ("c", "center"),
}  # fmt: skip
FRAME_NOUNS = frozenset(
    "side edge corner third half quarter part portion area band strip region zone margin quadrant frame image canvas "
    "composition poster page picture scene card cover layout screen panel border".split()
)
# Depths of the scene that a side word places in the frame ("in the left foreground").
_DEPTHS = frozenset("foreground background midground middleground distance".split())
SOFT_CENTRE = frozenset({"centered", "centred", "centrally"})  # may be centred on one axis only
_SELF_ANCHORED = frozenset(
    "centered centred centrally header footer topmost bottommost leftmost rightmost".split()
)
# What a region can belong to and still be the frame's: "the top of the poster".
FRAME_OWNERS = frozenset("frame image canvas composition poster page picture scene card cover layout screen "
                          "shot photo photograph illustration artwork design flyer banner sheet".split())


# Flat made things that a picture may be, whose parts are then the frame's ("A metro map for a
# pocket guide ... in the middle of the map").
_PICTURE_KINDS = frozenset(
    "map chart diagram infographic menu ticket label plan blueprint schematic postcard invitation certificate "
    "calendar brochure leaflet pamphlet flyer poster wallpaper spread".split()
)
_NOUN_PHRASE_ENDS = frozenset("for of with in on at from by to as that which where showing featuring".split())


def _picture_kind(words: list[Word]) -> str | None:
    """The kind of flat made thing the prompt opens by naming as the picture ("A schematic metro
    map for ...", "Harbour city metro map", "Flat vector menu, ..."): the head of its first noun
    phrase, when it is one of those kinds; not "A pirate holding a map"."""
    head = None
    for w in words:
        if w.sentence != words[0].sentence or w.clause != words[0].clause or w.text in _NOUN_PHRASE_ENDS or (len(w.text) > 4 and w.text.endswith("ing")):
            break
        head = w.text
    return head if head in _PICTURE_KINDS else None


def _of_an_object(words: list[Word], k: int) -> bool:
    """Whether the region phrase ending before word ``k`` continues "of (the) X" with an X that
    is not the picture itself (then the region is relative to X)."""
    while k < len(words) and words[k].text in FRAME_NOUNS - FRAME_OWNERS:
        k += 1
    if k + 1 >= len(words) or words[k].text != "of" or words[k + 1].sentence != words[k].sentence:
        return False
    k += 1
    while k < len(words) and words[k].text in DETERMINERS:
        k += 1
    return k < len(words) and words[k].text not in FRAME_OWNERS and not (words[k].text == _picture_kind(words) and words[k - 1].text == "the")


def _off_centre(words: list[Word], k: int) -> int:
    """The index after "of (the) centre" at ``k`` ("left of centre", "just right of the middle"),
    a place beside the frame's centre; ``k`` when there is none."""
    if k + 1 >= len(words) or words[k].text != "of" or words[k + 1].clause != words[k].clause:
        return k
    j = k + 1 + (words[k + 1].text == "the")
    return j + 1 if j < len(words) and words[j].text in ("center", "centre", "middle") and words[j].clause == words[k].clause else k


# Words that may follow a frame region without being described by it.
_REGION_FOLLOWERS = frozenset(
    "of and or with while is are sits stands sit stand a an the in on at to for from by as where which that there "
    "into through toward towards up down past "
    "this its their his her across along above below near under over behind beside between against".split()
)
# Verbs of place that may follow a fronted region, its thing coming after them ("Along the top
# runs a row of sheep", "In the upper left hangs a lamp"): not nouns the region word describes.
_PLACE_VERBS = frozenset(
    "runs run stretches stretch spans span rises rise hovers hover perches perch leans lean waits wait "
    "sits sit stands stand lies lie hangs hang rests rest floats float looms loom".split()
)
_FRAME_PREPS = frozenset({"on", "at", "in", "to", "along", "across", "toward", "towards", "into", "near"})
# Verbs that take a part of the frame as their object, their subject being there ("wheat filling
# the bottom", "a band that spans the top").
_FILL_VERBS = frozenset(
    "fill fills filling filled occupy occupies occupying occupied cover covers covering dominate dominates "
    "dominating span spans spanning".split()
)
# Verbs of a thing coming into the frame from a part of it, where it then is ("a bridge entering
# from the left", "a grass blade rising from the bottom edge"); not "lit from the left", "seen from above".
_MOTION_STEMS = ("enter", "rise", "rising", "rose", "run", "ran", "climb", "grow", "emerg", "extend", "stretch", "reach",
                 "spill", "protrud", "jut", "poke", "curv", "sweep", "swept", "flow", "lean", "spring", "sprout", "loom",
                 "come", "coming", "creep", "snak", "wind", "push", "slid", "slide")


def _to_region(words: list[Word], k: int) -> bool:
    """Words from ``k`` go on "to (the) <region>", closing a span ("from left to right")."""
    j = k + 1 + (k + 1 < len(words) and words[k + 1].text == "the")
    return k < len(words) and words[k].text in ("to", "toward", "towards") and j < len(words) and words[j].text in REGION_AXES


def _motion_from(words: list[Word], j: int) -> bool:
    """Word ``j`` is "from" after a verb of a thing coming into the frame ("entering from")."""
    return (j > 0 and words[j].text == "from" and words[j - 1].clause == words[j].clause
            and words[j - 1].text.startswith(_MOTION_STEMS))
# Words that sharpen a region without changing it ("at the very top", "dead centre").
_INTENSIFIERS = frozenset({"very", "far", "dead", "exact", "extreme", "absolute"})
# Words that open an adverbial clause said between a fronted region and its thing ("At the top,
# under the arch, a window"; "Along the bottom, below the title, runs ...").
_ADVERBIAL_OPENERS = ADVERBIAL_OPENERS | frozenset("beneath around inside within out off partially half up down".split())


# Words that start a new part of a clause, with its own thing and place ("the date along the
# bottom and the pace at the top").
_COORDINATORS = frozenset({"and", "while", "whereas", "plus", "but", "with"})


def regions_of(words: list[Word], m: Mention) -> list[tuple[int, dict[str, str]]]:
    """The frame regions said of the mention: those in its part of the clause (split at "and",
    "while", "with" ...), or, when that part has none, those in its whole clause ("the logo
    and the title at the top"), or else those of a short region clause right before it ("In the
    center, the output figure")."""
    clause = [k for k, w in enumerate(words) if w.clause == words[m.start].clause]
    lo, hi = clause[0], clause[-1] + 1
    start = max([k + 1 for k in range(lo, m.start) if words[k].text in _COORDINATORS], default=lo)
    end = min([k for k in range(m.end, hi) if words[k].text in _COORDINATORS], default=hi)
    own = regions_in(words, start, end) or regions_in(words, lo, hi)
    if own:
        return own
    after = _after_attributes(words, hi)
    if after and _bare_region(words, after):
        return regions_in(words, after[0], after[-1] + 1)  # "one yellow sun, top right"; 'Title "X": large, black, top left'
    # "globes glowing with warm light, across the top", "a boy with a red scarf, on the left"
    if m.end == hi or _describes(words[m.end].text) or words[m.end].text == "with":
        described = _described_after(words, hi)
        if described:
            return described
    return _fronted_region(words, lo) or _second_verb(words, m, lo, hi) or own


# Words that say how big or how bold a thing is, as a short attribute clause ("Title: large, black, top left").
_ATTRIBUTES = frozenset("large small big tiny huge bold thin thick tall short wide narrow heavy light bright dark pale "
                        "subtle prominent oversized chunky round square".split())


def _after_attributes(words: list[Word], k: int) -> list[int]:
    """The clause of the sentence after ``k``, past clauses of one or two attribute words (sizes,
    weights, colours): "..., large, black, top left" describe one thing."""
    while k < len(words) and words[k].sentence == words[k - 1].sentence:
        clause = [j for j in range(k, len(words)) if words[j].clause == words[k].clause]
        if len(clause) > 2 or not all(words[j].text in _ATTRIBUTES or colors.canonical(words[j].text) for j in clause):
            return clause
        k = clause[-1] + 1
    return []


def _second_verb(words: list[Word], m: Mention, lo: int, hi: int) -> list[tuple[int, dict[str, str]]]:
    """The regions of a later clause of the sentence that goes on with "and" and a verb of
    place, so shares the subject that opens the mention's clause ("Its round head is smooth,
    wider at the top, and sits centred in the frame")."""
    if m.start - lo > 4 or any(words[k].text not in DETERMINERS and words[k].text in _REGION_FOLLOWERS for k in range(lo, m.start)):
        return []
    k = hi
    while k + 1 < len(words) and words[k].sentence == words[m.start].sentence:
        clause = [j for j in range(k, len(words)) if words[j].clause == words[k].clause]
        if words[k].text in DETERMINERS:
            return []  # a new subject
        if words[k].text == "and" and (words[k + 1].text in _POSTURES or words[k + 1].text in ("is", "are")):
            return regions_in(words, k, clause[-1] + 1)
        k = clause[-1] + 1
    return []


def _fronted_region(words: list[Word], lo: int) -> list[tuple[int, dict[str, str]]]:
    """The regions of a short region clause opening the sentence before the clause at ``lo`` ("In
    the center, the output figure") or of a fronted participle clause, which describes the subject
    after it ("Sweeping across the upper left of the frame, runs a band of tiles"), also behind up
    to two short adverbial or participle clauses ("Off to the right, out of focus, a drawing"; "At
    the top, under the arch, a window")."""
    if words[lo].text in _ADVERBIAL_OPENERS - _FRAME_PREPS:
        return []  # "Along the bottom, below the title, ...": the title is what the thing is placed by
    end = lo
    for _ in range(3):
        before = [k for k in range(end) if words[k].sentence == words[lo].sentence and words[k].clause == words[end - 1].clause] if end else []
        opener = words[before[0]].text if before else ""
        participle = len(opener) > 4 and opener.endswith("ing")  # "Sweeping across the upper left, runs a band"
        if not before or len(before) > (12 if participle else 6):
            return []
        if opener in _FRAME_PREPS or opener == "off" or participle or _bare_region(words, before):
            found = regions_in(words, before[0], end)
            if found or (opener not in _ADVERBIAL_OPENERS and not participle):
                return found
        if opener not in _ADVERBIAL_OPENERS and not participle:
            return []
        end = before[0]
    return []


# Verbs that place their subject ("the stag, printed in black, stands in the centre").
_POSTURES = frozenset("stands stand sits sit lies lie hangs hang rests rest floats float sets set laid hung perched".split())


_IRREGULAR_PARTICIPLES = frozenset("seen shown drawn lit set shot held cut laid hung caught kept built made worn".split())


def _describes(word: str) -> bool:
    """A participle or a verb of place, which opens a clause describing the noun before it."""
    return word in _POSTURES or word in _IRREGULAR_PARTICIPLES or (len(word) > 3 and word.endswith(("ing", "ed")))


def _described_after(words: list[Word], k: int) -> list[tuple[int, dict[str, str]]]:
    """Frame regions in the clauses that go on describing a noun closing its clause: clauses
    opening with a participle or a verb of place ("a stag, printed in black, standing in the
    centre"; "jug: small, standing on the right"), past short ones of a word or two ("small") and
    descriptions that name no new thing ("The ladybird, glossy red with black spots, sits right of
    centre"; "one woman, face fully visible, placed left of centre")."""
    while k < len(words) and words[k].sentence == words[k - 1].sentence:
        clause = [j for j in range(k, len(words)) if words[j].clause == words[k].clause]
        lead = k + (words[k].text in ("both", "each", "all") and k + 1 < len(words))  # "both pointing up"
        opener = words[lead].text
        if _describes(opener) or opener in _FRAME_PREPS:  # "One chef, chest-up, on the right third"
            # "framed chest-up and placed on the right": a participle after "and" goes on describing
            end = min([j for j in clause if words[j].text in _COORDINATORS and not (j + 1 < len(words) and _describes(words[j + 1].text))], default=clause[-1] + 1)
            found = regions_in(words, k, end)
            if found:
                return found
        elif words[k].text in DETERMINERS or len(clause) > 2 and not _description(words, clause):
            return []
        k = clause[-1] + 1
    return []


def _description(words: list[Word], clause: list[int]) -> bool:
    """A short clause that describes the noun before it, with no verb of its own and no new thing
    opening it ("glossy red with small black spots", "face fully visible")."""
    return (len(clause) <= 6 and words[clause[0]].text not in DETERMINERS and not words[clause[0]].text.isdigit()
            and not any(words[j].text in _POSTURES or words[j].text in _PLACE_VERBS or words[j].text in ("and", "while") for j in clause))


def _bare_region(words: list[Word], clause: list[int]) -> bool:
    """A clause that is only a frame region ("top right", "centred", "upper left corner")."""
    return len(clause) <= 4 and all(words[k].text in REGION_AXES or words[k].text in FRAME_NOUNS or words[k].text in _INTENSIFIERS
                                    or words[k].text == "the" or words[k].text == "of" and _off_centre(words, k) > k for k in clause)


# Parts of a body named by the body's own sides ("her left hand", "the right wing"), not the frame's.
_BODY_SIDES = frozenset(
    "hand hands foot feet eye eyes ear ears arm arms leg legs wing wings shoulder shoulders cheek cheeks knee knees "
    "paw paws hip hips elbow elbows wrist wrists ankle ankles thigh thighs palm palms brow brows eyebrow eyebrows "
    "glove gloves boot boots shoe shoes sleeve sleeves flank flanks bank banks".split()
)


def _contrasted(words: list[Word], i: int, k: int) -> bool:
    """The region word at ``i`` picks one of several of the noun at ``k`` that the prompt tells
    apart by another region word ("the left pilot", with "the right pilot" or "the middle pilot"
    elsewhere; "the top slab" with "the bottom slab"): a part of the picture, not of a body."""
    noun = words[k].text
    if noun in _BODY_SIDES or noun in FRAME_NOUNS or words[k].sentence != words[i].sentence:
        return False
    return any(w.text == noun and words[j - 1].text in REGION_AXES and words[j - 1].text != words[i].text
               for j, w in enumerate(words) if j > 0 and j != k)


def regions_in(words: list[Word], lo: int, hi: int) -> list[tuple[int, dict[str, str]]]:
    """Frame-anchored region phrases among ``words[lo:hi]`` as ``(index, {axis: value})``:
    "at the top", "top-left corner", "upper third", "centered", "in the header". A bare
    "left" or "above" (relative to another object, or a left hand) is not a frame region, nor
    is a region "of" an object ("the top part of the label", "the right side of the fox")."""
    found = []
    i = lo
    while i < hi:
        axis = REGION_AXES.get(words[i].text)
        named = axis is not None and words[i].capital and i > 0 and words[i - 1].sentence == words[i].sentence
        owned = i > 0 and words[i - 1].possessive  # "the trunk's right edge" is the trunk's
        if axis is None or named or owned:  # "the Left Bank" is a place
            i += 1
            continue
        place, k = {axis[0]: axis[1]}, i + 1
        while k < hi and k < i + 3 and REGION_AXES.get(words[k].text):  # "top left", "upper-right"
            extra = REGION_AXES[words[k].text]
            place.setdefault(extra[0], extra[1])
            k += 1
        if k + 1 < hi and words[k].text == "hand" and words[k - 1].hyphen_next and words[k + 1].text in FRAME_NOUNS:
            k += 1  # "the right-hand side", "the lower left-hand corner": the frame's, not a hand's
        same = k < len(words) and words[k].sentence == words[i].sentence and words[k].clause == words[i].clause
        nxt = words[k].text if same else ""
        lead = i
        while lead > 0 and words[lead - 1].text in _INTENSIFIERS and words[lead - 1].clause == words[i].clause:
            lead -= 1  # "at the very top"
        prev = [words[m].text for m in range(max(0, lead - 2), lead) if words[m].sentence == words[i].sentence]
        article = lead - (lead > 0 and words[lead - 1].text == "the")  # where the phrase's article, if any, is
        taking = article > 0 and words[article - 1].clause == words[i].clause and (
            words[article - 1].text in _FILL_VERBS or _motion_from(words, article - 1) and not _to_region(words, k))
        # "filling the bottom", "entering from the left"; not "climbs from left to right", a direction
        opens = lead - (lead > 0 and words[lead - 1].text == "the")  # "Panel 2, the middle: the queen"
        alone = opens == 0 or words[opens - 1].clause != words[i].clause  # "Dead centre, a figure"
        # "on the right bank", "in her left hand": the region word describes another noun
        modifies = nxt and nxt not in FRAME_NOUNS and nxt not in _REGION_FOLLOWERS and nxt not in _PLACE_VERBS and not nxt.endswith(("ing", "ed"))
        # "one yellow sun top right,", "a kite far left,", "Centre, a figure": a region clause
        closing = not nxt and (k - i >= 2 or lead < i or alone)
        closing = closing and not (k - i == 1 and words[i].text in ("upper", "lower"))  # "upper: tan suede" of a boot
        beside = _off_centre(words, k) if "c" not in place else k  # "placed left of centre"
        anchored = (
            words[i].text in _SELF_ANCHORED
            or closing
            or beside > k
            or (taking and not modifies)
            or nxt in FRAME_NOUNS
            or (nxt in _DEPTHS and "h" in place)
            or (nxt == "of" and k + 2 < len(words) and words[k + 2].text in FRAME_NOUNS)
            or (not modifies and len(prev) == 2 and prev[0] in _FRAME_PREPS and prev[1] == "the")
            or (not modifies and bool(prev) and prev[-1] in _FRAME_PREPS and ("c" in place or words[i].text in ("top", "bottom")))
            or (not modifies and bool(prev) and prev[-1] in ("at", "on") and k - i == 1)  # terse "label at left"
        )
        if not anchored and modifies and k - i == 1 and _contrasted(words, i, k):
            anchored = True  # "the left pilot ... the right pilot": each of a row of them, at its side
        if anchored and beside == k and _of_an_object(words, k):
            anchored = False  # "the top part of the label", "the right side of the fox"
        if anchored:
            if len(place) > 1:
                place.pop("c", None)  # "upper middle" is the top
            if beside > k:
                place["c"] = "center"  # "just left of centre" is near the centre, on its left
            found.append((i, place))
        i = max(k, beside if anchored else k)
    return found
