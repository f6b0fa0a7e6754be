"""The prompt rule for counts: how many of a thing the prompt asks for."""

from __future__ import annotations

from . import prompt_evidence as ev
from .compounds import describes
from .prompt_formats import plain_prompt
from .prompt_rules import phrases_of, quote_list, split_mentions
from .quantities import ADJECTIVE_GAP, APPROXIMATE, GAP_STOP, plural

__all__ = ["check_count"]


def _contrasted(words, m) -> int:
    """How many more of the mentioned thing its sentence adds by "one" standing for another of
    it ("one large triangle and a smaller one", "one cup and another"; not "the fallen one", which
    points back to one already counted, nor "one" counting a next noun in another clause, nor
    the members of a later number: "two clusters: three on the left (a tall one, a smaller one)")."""
    later = [w for w in words[m.end : m.end + 12] if w.sentence == words[m.start].sentence]
    more = 0
    for k, w in enumerate(later):
        if w.text != "one" and (w.text.isdigit() or w.text in ev.NUMBER_WORDS):
            break
        lead = [x.text for x in later[max(0, k - 2) : k] if x.clause == w.clause]
        nxt = later[k + 1] if k + 1 < len(later) and later[k + 1].clause == w.clause else None
        pronoun = nxt is None or nxt.text in _AFTER_ONE or nxt.text.endswith(("ing", "ed"))  # not "one white mark"
        if lead[-2:] == ["each", "other"]:
            lead = lead[:-1]  # "nested inside each other with one mark": reciprocal, not another
        if w.text == "one" and not w.hyphen_next and pronoun and set(lead) & {"a", "an", "another", "other"}:
            more += 1
        elif w.text == "another" and not (k + 1 < len(later) and later[k + 1].text == "one") and not _reciprocal(later, k):
            more += 1
    return more


def _reciprocal(later, k: int) -> bool:
    """ "another" answers a "one" a few words before it in its clause ("stacked one above another",
    "one after another"): the things already counted, each placed by the others, not one more."""
    lead = [x.text for x in later[max(0, k - 4) : k] if x.clause == later[k].clause]
    if "one" not in lead:
        return False
    between = lead[len(lead) - lead[::-1].index("one") :]
    return bool(between) and not set(between) & {"and", "or", "but", "then"}  # not "a chipped one and another"


_EACH = frozenset({"each", "every", "per", "apiece"})
# Words after a pronoun "one" ("a smaller one on the sill", "a chipped one and another").
_AFTER_ONE = frozenset(
    "on in at by to of with beside behind near under over above below inside between from for and or but that which "
    "who is are stands sits lies".split()
)
# Words before a noun that pick out one of a group already counted ("the second pawn").
_MEMBER = frozenset("each every per first second third fourth fifth sixth last remaining other".split())


def _distributive(words, m) -> bool:
    """A counted mention that counts per item: "each" in its clause ("three tables, each with four
    chairs") or closing a phrase fronted before it ("In each, one robot stands"), or right after it
    ("two sails each"); not "each" of another list item ("sails on each boat, larger boat"), nor
    "each" opening a clause about the counted things themselves ("four kites, each a diamond")."""
    window = words[max(0, m.start - 6) : m.start]
    fronted = [w for k, w in enumerate(window) if w.sentence == words[m.start].sentence and w.text in _EACH
               and (k + 1 == len(window) or window[k + 1].clause != w.clause)]  # "each" ends its phrase: a pronoun
    before = [w.text for w in window if w.clause == words[m.start].clause] + [w.text for w in fronted]
    after = [w.text for w in words[m.end : m.end + 3] if w.sentence == words[m.start].sentence]
    if after[:2] and after[0] == "each" and (after[1:2] and after[1] in _HAVING or words[m.end].clause != words[m.end - 1].clause):
        after = []  # "two boats, each with two sails", "four kites, each a diamond": "each" is one of them
    return bool(_EACH & set(before + after[:2]))


_HAVING = frozenset("with has have having carrying holding bearing wearing showing".split())


def _member(words, m) -> bool:
    """The mention picks out one of a group ("every panel", "the second pawn", "the other cup",
    "the first two lamps"): it neither adds to nor gives the total."""
    lead = [w.text for w in words[max(0, m.start - 3) : m.start] if w.clause == words[m.start].clause]
    return bool(_MEMBER & set(lead[-2:]))


# Nouns for a picture laid out in parts: a number-noun compound before them counts its parts
# ("a three-panel comic strip", "a two-page spread"), where before other nouns it may rate or
# measure ("a five-star hotel", "a ten-minute walk").
_LAID_OUT = frozenset(
    "strip strips comic comics webcomic cartoon grid layout spread triptych diptych collage storyboard sequence "
    "series poster flyer page booklet brochure infographic chart menu banner card sheet set".split()
)


def _compound_count(prompt: str, words, m) -> int | None:
    """The number hyphen-joined before the mention that counts the parts of the picture ("a
    three-panel comic strip", "a four-column layout"): the picture has that many of them."""
    k = m.start - 1
    if k < 0 or words[m.end - 1].hyphen_next:
        return None
    if not words[k].hyphen_next:  # "a three panel comic": a plural number before a singular noun modifies
        got = ev.number_value(prompt, words, k)
        open_compound = got is not None and got[0] > 1 and not plural(words[m.end - 1].text) and words[k].clause == words[m.start].clause
        return got[0] if open_compound and _laid_out_after(words, m) else None
    if not _laid_out_after(words, m):
        return None
    j = k - 1 if k > 0 and words[k - 1].hyphen_next else k  # "a twenty-four-hour diner"
    number = "-".join(w.text for w in words[j : k + 1])
    if number.isdigit():
        return int(number)
    return ev.NUMBER_WORDS.get(number)


def _laid_out_after(words, m) -> bool:
    return any(w.text in _LAID_OUT and w.clause == words[m.start].clause for w in words[m.end : m.end + 3])


def _number_before_adjectives(prompt: str, words, m) -> int | None:
    """A number before adjectives said with commas between them ("two large, dark eyes", "four
    smooth, glossy, lathe-turned cups") or more of them than a number usually spans ("two small
    round glossy dark beads"): they all describe the counted noun, so the number counts it. Each
    modifier is an adjective, a participle or a hyphen-joined word ending in one, or a word in -ing
    where commas show the run is a list of modifiers ("two round, blushing penguins")."""
    k, said, commas, gerunds = m.start - 1, 0, False, False
    while k >= 0 and words[k].sentence == words[m.start].sentence and said <= 2 * ADJECTIVE_GAP:
        j = k
        while j > 0 and words[j - 1].hyphen_next:
            j -= 1  # "lathe-turned": one modifier, judged by its last word
        got = ev.number_value(prompt, words, j)
        if got is not None and j + got[1] == k + 1:
            lead = words[j - 1].text if j > 0 and words[j - 1].clause == words[j].clause else ""
            return None if lead in APPROXIMATE or not said or gerunds and not commas else got[0]
        ing = len(words[k].text) > 5 and words[k].text.endswith("ing")  # "round, blushing": one in a comma list
        if not (describes(words[k].text) or ing) or words[k].possessive:
            return None
        gap = prompt[words[k].end : words[k + 1].start]
        if gap.strip() not in ("", ",") or gap.strip() and k + 1 == m.start:  # no comma before the noun itself
            return None
        k, said, commas, gerunds = j - 1, said + 1, commas or gap.strip() == ",", gerunds or ing
    return None


def _coloured_groups(prompt: str, words, counted) -> bool:
    """Two counted mentions bind colours that share none ("two sails in cream ... two orange
    sails"): they are different groups, not the same one said twice."""
    hues = [{c for _, c in ev.colour_words_bound(prompt, words, m.start, m.end)[0]} for m in counted]
    hues = [h for h in hues if h]
    return any(not (a & b) for k, a in enumerate(hues) for b in hues[k + 1 :])


def _said_again(prompt: str, words, affirmed: list, entity: str, hyphened: dict) -> list:
    """The mentions less those that say again a thing already counted by a number: with "a" or
    "the" in a later sentence ("Two herons wade ... . A heron lifts its head"), or with "the" before
    a number after it ("between the two tall ones"): the same things. Not when the number counts a wider
    kind than the entity ("three pawns" for the upright pawns): the others may be the entity's."""
    counted = [m for m in affirmed if ((m.start, m.end) in hyphened or ev.quantity_before(prompt, words, m.start)[1] == "number") and not _definite_number(prompt, words, m)]
    if not counted or len(counted[0].phrase.split()) < len(entity.split()):
        return affirmed
    first = words[counted[0].start].sentence
    return [
        m for m in affirmed
        if m is counted[0] or not (_definite_number(prompt, words, m) and m.start > counted[0].start
                                   or words[m.start].sentence > first and ev.quantity_before(prompt, words, m.start)[1] in ("article", "none"))
    ]


# Words after a number's clause that make it the whole count ("four lamps in all").
_TOTAL_AFTER = (("in", "total"), ("in", "all"), ("altogether",), ("overall",))


def _gives_total(words, m) -> bool:
    """The mention's number is said to be the whole count: "only" or "just" before it ("only two
    kites fly", "just the one kite"), "a total of" ("a total of six cups"), or "in total", "in all",
    "altogether" later in its clause ("three bubbles in total")."""
    lead = [w.text for w in words[max(0, m.start - 6) : m.start] if w.clause == words[m.start].clause]
    numbered = [k for k, t in enumerate(lead) if t.isdigit() or t in ev.NUMBER_WORDS and t not in ("single", "lone")]
    before = lead[: numbered[0]] if numbered else []
    before = before[:-1] if before[-1:] == ["the"] else before  # "only the one moose"
    if numbered and (before[-1:] in (["only"], ["just"]) or before[-3:] == ["a", "total", "of"]):
        return True
    rest = [w.text for w in words[m.end : m.end + 8] if w.clause == words[m.start].clause]
    return any(tuple(rest[k : k + len(t)]) == t for t in _TOTAL_AFTER for k in range(len(rest)))


def _per_unit(prompt: str, words, m) -> int | None:
    """The total that a count per unit makes where the units are counted too: "three cups per
    tray" with "two trays" said is six; None when the units are not counted once."""
    value, how = ev.quantity_before(prompt, words, m.start)
    if how != "number":
        return None
    after = [w for w in words[m.end : m.end + 3] if w.sentence == words[m.start].sentence]
    after = after[1:] if after and after[0].text in ("in", "on", "for") else after
    if len(after) < 2 or after[0].text not in ("per", "each", "every"):
        return None
    unit = after[1]
    units = {ev.quantity_before(prompt, words, k) for k, w in enumerate(words) if w is not unit and ev.same_term(unit.text, w.text)}
    numbers = {n for n, kind in units if kind == "number"}
    return value * numbers.pop() if len(numbers) == 1 else None


def _grouped_by(prompt: str, words, m) -> int | None:
    """How many groups a counted mention is said in, by a number before "rows of", "stacks of" and
    the like before its own number ("two rows of three cups"): None when it is not so grouped."""
    i = next((k for k in range(m.start - 1, max(-1, m.start - 5), -1) if words[k].clause == words[m.start].clause
              and ev.number_value(prompt, words, k)), None)
    if i is None or i < 2 or words[i - 1].text != "of" or not plural(words[i - 2].text) or words[i - 2].clause != words[i].clause:
        return None
    groups, how = ev.quantity_before(prompt, words, i - 2)
    return groups if how == "number" else None


def _without_rows_of_a_total(prompt: str, words, affirmed: list) -> list:
    """The mentions less those that count per unit and multiply out to the total another mention
    gives ("twelve tiles ... three rows, four tiles per row"): the same things, laid out."""
    per_unit = {(m.start, m.end): n for m in affirmed if (n := _per_unit(prompt, words, m)) is not None}
    totals = {ev.quantity_before(prompt, words, m.start) for m in affirmed if (m.start, m.end) not in per_unit}
    numbers = {n for n, how in totals if how == "number"}
    if not per_unit or len(numbers) != 1 or set(per_unit.values()) != numbers:
        return affirmed
    return [m for m in affirmed if (m.start, m.end) not in per_unit]


# Verbs after which "a" names a kind sought, not a thing in the picture ("helps shoppers choose a
# lamp", "for diners looking for a table").
_SEEKING = frozenset("choose chooses choosing chose pick picks picking find finds finding seek seeks seeking "
                     "want wants wanting need needs needing book booking buy buys buying hire hiring".split())


def _sought(words, m) -> bool:
    """The mention, with "a" or "an", is what a verb of choosing or seeking is after ("parents
    choosing a doctor", "looking for a desk"): no particular one is in the picture."""
    lead = [w for w in words[max(0, m.start - 6) : m.start] if w.clause == words[m.start].clause]
    article = next((k for k in range(len(lead) - 1, -1, -1) if lead[k].text in ("a", "an")), None)
    if article is None or any(w.text in GAP_STOP for w in lead[article + 1 :]):
        return False
    verb = lead[article - 1].text if article > 0 else ""
    verb = lead[article - 2].text if verb == "for" and article > 1 and lead[article - 2].text in ("looking", "searching", "shopping") else verb
    return verb in _SEEKING or verb in ("looking", "searching", "shopping")


def _without_members_of_a_total(prompt: str, words, affirmed: list) -> list:
    """The mentions less those after a total whose numbers add up to it ("two kites ... one
    striped kite, one plain kite"): its members, said one group at a time (read so for a pass only:
    as a sum they would make another count)."""
    numbered = [(m, v) for m in affirmed for v, how in [ev.quantity_before(prompt, words, m.start)] if how == "number"]
    if not numbered:
        return affirmed
    total = numbered[0][1]
    members = [m for m, v in numbered[1:] if v < total]
    if len(members) < 2 or sum(v for m, v in numbered[1:] if v < total) != total:
        return affirmed
    return [m for m in affirmed if m not in members]


def _definite_number(prompt: str, words, m) -> bool:
    """A number after "the", "these" or "those" before the mention ("the two big blocks")."""
    for k in range(max(0, m.start - 4), m.start):
        if words[k].clause == words[m.start].clause and ev.number_value(prompt, words, k) and k > 0 and words[k - 1].text in ("the", "these", "those"):
            return True
    return False


def check_count(check, prompt: str) -> tuple[str, str]:
    """A quantity bound to the entity's noun: digits (``3``, ``3x``), number words and their
    compounds, ``a pair of``, ``half a dozen``, ``a single``, a/an before a singular noun,
    with up to three adjectives between number and noun; a number hyphen-joined before the parts
    of a laid-out picture ("a three-panel comic strip").

    Pass: every quantified mention outside an exclusion gives the count, by a number (an
    article alone, "a cat", names the thing without counting it). Fail: they agree on
    another number. Abstain: mentions without a number, approximate ones ("at least five"),
    disagreeing numbers, several mentions one of which counts by its article ("a cat next to
    a cat"), or no mention. Count 0: pass on an exclusion of the entity, fail on
    a mention asked for with a number or article, abstain otherwise."""
    prompt = plain_prompt(prompt)
    words = ev.read_words(prompt)
    found = ev.mentions(phrases_of(check.entity, terms=check.terms), prompt, words)
    affirmed, negated = split_mentions(found)
    if check.count == 0:
        if negated:
            return "pass", f"the prompt excludes {check.entity!r}"
        asked = [m for m in affirmed if ev.quantity_before(prompt, words, m.start)[0]]
        if asked:
            return "fail", f"the prompt asks for {check.entity!r}"
        return "abstain", f"the prompt does not exclude {check.entity!r} in words the judge reads"
    values: dict[int, str] = {}
    approximate = articles = quantified = 0
    first = None  # the first mention counted by its article ("a cat")
    hyphened = {(m.start, m.end): n for m in found if m.status == ev.UNCLEAR and (n := _compound_count(prompt, words, m)) is not None}
    affirmed = [m for m in found if m.status == ev.AFFIRMED and not _member(words, m) and not _sought(words, m) or (m.start, m.end) in hyphened]
    # numbers of mentions whose reading is unclear ("one blue lantern strung"); an article names the
    # whole phrase, not a count of the mention ("a bar chart" is no bar)
    unclear_values = {v for m in found if m.status == ev.UNCLEAR and (m.start, m.end) not in hyphened
                      for v, how in [ev.quantity_before(prompt, words, m.start)] if how == "number"}
    numbers = {v for m in affirmed if (v := ev.quantity_before(prompt, words, m.start)[0]) is not None}
    affirmed = _said_again(prompt, words, affirmed, check.entity, hyphened)
    total = {ev.quantity_before(prompt, words, m.start)[0] for m in affirmed if _gives_total(words, m)} - {None}
    if len(total) == 1 and max(numbers) <= min(total):  # "exactly two bubbles in total", "only one cat appears"; not
        # "eight planets ... only one planet gets rings": fewer than another count is some of them
        (value,) = total
        verdict = "pass" if value == check.count else "fail"
        return verdict, f"the prompt gives the total of {check.entity!r}: {value}" + ("" if verdict == "pass" else f", not {check.count}")
    affirmed = _without_rows_of_a_total(prompt, words, affirmed)
    said = len(affirmed)
    affirmed = _without_members_of_a_total(prompt, words, affirmed)
    grouped = len(affirmed) < said  # read as members of a total; as a sum they would give another count
    for m in affirmed:
        value, how = ev.quantity_before(prompt, words, m.start)
        if (m.start, m.end) in hyphened:
            value, how = hyphened[(m.start, m.end)], "number"
        if how == "number" and (groups := _grouped_by(prompt, words, m)) is not None:
            value *= groups  # "two rows of three cups": six
        if how == "none" and (n := _number_before_adjectives(prompt, words, m)) is not None:
            value, how = n, "number"  # "two large, dark eyes"
        if how == "none" and ev.label_count(prompt, words, m.start, m.end) is not None:
            value, how = ev.label_count(prompt, words, m.start, m.end), "number"  # "stethoscope: one, teal"
        approximate += how == "approximate"
        articles += how == "article"
        first = m if first is None and how == "article" else first
        if value is not None:
            quantified += 1
            values.setdefault(value, " ".join(w.text for w in words[m.start : m.end]))
    if approximate:
        return "abstain", f"the prompt gives an approximate number of {check.entity!r}"
    more = [_contrasted(words, m) for m in affirmed]
    if any(more) and (len(affirmed) > 1 or len(values) != 1):
        return "abstain", f"the prompt counts {check.entity!r} one by one (\"one ... and a smaller one\"): the total is not given"
    if any(more):  # "one large triangle and a smaller one": two
        (value, noun), = values.items()
        values, articles = {value + more[0]: noun}, 0
    if _coloured_groups(prompt, words, [m for m in affirmed if ev.quantity_before(prompt, words, m.start)[1] == "number"]):
        return "abstain", f"the prompt counts {check.entity!r} in groups of different colours: the total is not given"
    if any(_distributive(words, m) for m in affirmed):  # "three tables, each with four chairs"
        return "abstain", f"the prompt counts {check.entity!r} per item (each, every, per): the total is a product"
    if articles and (quantified > 1 or any(m is not first and not ev.refers_back(words, m) for m in affirmed)):
        # "a cat next to a cat" is two cats; "a big vintage fighter ... a gray fighter": two, one counted
        return "abstain", f"the prompt mentions {check.entity!r} several times; the count is their total"
    if values and not unclear_values <= set(values):  # "three red lanterns and one blue lantern strung"
        return "abstain", f"the prompt gives other numbers of {check.entity!r} ({', '.join(map(str, sorted(unclear_values)))})"
    if len(values) == 1:
        (value, noun), = values.items()
        if value == check.count and articles and articles == quantified:
            return "abstain", f"the prompt has 'a {noun}', which names the thing without saying how many"
        if value == check.count:
            return "pass", f"the prompt asks for {value} {noun!r}"
        if value > check.count and len(noun.split()) < len(check.entity.split()):  # "three pawns" for two upright ones
            return "abstain", f"the prompt counts {value} {noun!r}, a wider kind than {check.entity!r}: some may be others"
        if grouped:
            return "abstain", f"the prompt asks for {value} {noun!r}, and others that may be its members or more"
        return "fail", f"the prompt asks for {value} {noun!r}, not {check.count}"
    if values:
        return "abstain", f"the prompt gives several numbers of {check.entity!r} ({', '.join(map(str, sorted(values)))})"
    if not found:
        return "abstain", f"no mention of {check.entity!r} (or {quote_list(check.terms) or 'another name for it'})"
    return "abstain", f"the prompt mentions {check.entity!r} without a number bound to it"
