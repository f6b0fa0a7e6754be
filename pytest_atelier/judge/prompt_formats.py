"""Prompts as prompt agents write them, read into plain sentences for the prompt rules.

Agents and tools write prompts as JSON or YAML-like objects, markdown with headings and
bullet lists, Stable-Diffusion tag lists with weights and a negative prompt, or Midjourney
lines with ``--ar`` and ``--no``. :func:`plain_prompt` rewrites each into lines of prose that
say the same: one line per bullet, list item or object value; every exclusion (an ``## Avoid``
heading, ``Negative prompt:`` with its list on the next lines, ``What to leave out:``, a
``negative_prompt`` key, ``--no a, b, c``) as one ``Avoid: ...`` line per item; weights and
emphasis brackets dropped with their words kept in place; tool parameters dropped, except the
aspect ratio, which is said in words. Text to render under a key such as ``text``, ``caption``,
``label``, ``title``, ``headline`` or ``sign`` is quoted; other values are content, not text.
Plain prose comes back as it was.
"""

from __future__ import annotations

import functools
import json
import re

import yaml

from .colour_binding import colour_phrase
from .text_match import same_word

__all__ = ["plain_prompt", "EXCLUSION_LINE"]

EXCLUSION_LINE = "Avoid: "

# Words that make a short label or heading an exclusion ("## Avoid", "What to leave out:").
_EXCLUSION_LABEL = re.compile(
    r"\b(?:negatives?|avoid\w*|exclu\w+|omit\w*|leave\s+out|left\s+out|don['’]?ts?|do\s+not|not|no|without|never|"
    r"unwanted|forbidden|banned|prohibited|skip)\b",
    re.IGNORECASE,
)
# Object keys whose value is text to render ("headline_text", "sign", "caption").
_TEXT_KEYS = frozenset(
    "text texts caption captions label labels title titles headline headlines subheadline subtitle subtitles sign "
    "signs signage heading tagline slogan wording lettering lettering_text inscription quote banner_text "
    "overlay_text text_overlay typography_text words".split()
)
_TEXT_KEY_PARTS = frozenset({"text", "caption", "headline", "title", "label", "slogan", "tagline", "wording", "lettering"})
# Keys that only structure the object: their values are said without the key.
_PLAIN_KEYS = frozenset(
    "subject subjects main_subject primary_subject description desc prompt positive positive_prompt details detail "
    "content contents elements element items item value values main summary overview notes note other extra extras "
    "additional additional_details features attributes scene concept idea focus objects props characters".split()
)
# Keys whose value says what the object is ("subject": {"description": "a bird", "position": ...}).
_DESCRIPTION_KEYS = frozenset({"description", "desc", "subject", "main subject", "what"})
_POSITION_KEYS = frozenset("position placement location placed where region area alignment".split())
_COLOUR_KEYS = frozenset("color colour colors colours".split())
# Keys that give a colour when their value is one ("ink": "black", "fill": "teal").
_PAINT_KEYS = frozenset("ink inks paint fill tint hue shade".split())
_COUNT_KEYS = frozenset("count number quantity amount".split())
_NAME_KEYS = frozenset("item name object element thing what entity type kind subject character figure".split())
# Keys under a text key that say how the text looks, not what it says.
_DESCRIPTIVE_KEYS = frozenset("look style font typeface size weight case effect finish treatment material shape".split())
_COLOUR_LEAD = re.compile(r"^(.+?)((?:\s*[,;]|\s+with\b).*)?$", re.DOTALL)  # a value's lead, before a comma or "with"
_PARTICIPLE_START = re.compile(r"^\w+(?:ing|ed)\b", re.IGNORECASE)  # "leaning on the books", "scattered around"
_NONE_VALUES = frozenset({"none", "no", "n/a", "na", "null", "nothing", "false", "0"})
_PREPOSITION_START = re.compile(
    r"^(?:at|on|in|along|across|to|toward|towards|near|under|over|above|below|beneath|beside|behind|between|"
    r"next|directly|just|centered|centred|inside|around|against|within|into|off|upon|by|filling|spanning)\b",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=4096)
def plain_prompt(text: str) -> str:
    """``text`` rewritten as plain lines of prose (see the module docstring)."""
    body = _without_fence(text)
    structured = _as_object(body)
    if structured is not None:
        lines: list[str] = []
        _say(structured, (), lines, False)
        return "\n".join(lines)
    return _plain_lines(_without_tool_syntax(body))


def _without_fence(text: str) -> str:
    m = re.fullmatch(r"\s*```[\w-]*\s*\n(.*?)\n\s*```\s*", text, re.DOTALL)
    return m.group(1) if m else text


def _as_object(text: str) -> dict | list | None:
    """A JSON object or array, or a YAML mapping written as ``key: value`` lines."""
    stripped = text.strip()
    if stripped[:1] in "{[":
        try:
            value = json.loads(stripped)
        except ValueError:
            value = None
        if isinstance(value, (dict, list)) and value:
            return value
        return None
    lines = [ln for ln in stripped.split("\n") if ln.strip()]
    keyed = [ln for ln in lines if re.match(r"^\s*[A-Za-z_][\w-]*(?:\s[\w-]+){0,3}\s*:(?:\s|$)", ln)]
    if len(keyed) < 2 or any(ln.lstrip().startswith("#") for ln in lines):
        return None
    try:
        value = yaml.safe_load(stripped)
    except yaml.YAMLError:
        return None
    if isinstance(value, dict) and len(value) >= 2 and all(isinstance(k, str) for k in value):
        return value
    return None


def _key_words(key: str) -> str:
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", str(key))
    return " ".join(re.split(r"[_\-\s]+", spaced.strip())).lower()


def _is_text_key(key: str) -> bool:
    parts = _key_words(key).split()
    return _key_words(key).replace(" ", "_") in _TEXT_KEYS or (bool(parts) and parts[-1] in _TEXT_KEY_PARTS and len(parts) <= 3)


# Words a label that opens an exclusion list may have beside its cue ("What to leave out",
# "Things to avoid", "Negative prompt"); a label with other words says something itself
# ("no dogs allowed: just a cat").
_LABEL_FILLER = frozenset(
    "what to things thing items elements list please strictly prompt prompts words tags keep out of the in any "
    "image picture scene frame want wanted include including show showing must should will leave left do don't "
    "dont doesn't i we you is are be".split()
)


# Words a label that names a part of the frame may have ("Bottom left", "Top, across the width").
_REGION_WORDS = frozenset(
    "top upper bottom lower left right center centre middle header footer corner side edge third half strip band "
    "area zone margin the across along width of frame image poster page".split()
)


def _region_label(label: str) -> bool:
    """A line label that is a frame region: what follows it is placed there ("Bottom left:
    the date", a ``"footer"`` key)."""
    words = re.findall(r"[a-z]+", label.lower().replace("_", " "))
    anchors = {"top", "upper", "bottom", "lower", "left", "right", "center", "centre", "middle", "header", "footer"}
    return 0 < len(words) <= 6 and words[0] in anchors and all(w in _REGION_WORDS for w in words)


def _region_lead(label: str) -> str:
    """A region label said as a fronted place: "At the bottom left", "In the footer"."""
    words = re.findall(r"[a-z]+", label.lower().replace("_", " "))
    return f"{'In' if words[0] in ('header', 'footer') else 'At'} the {' '.join(words)}"


def _exclusion_label(label: str, strict: bool = False) -> bool:
    """A heading or key (or, ``strict``, a label before a colon) that opens an exclusion."""
    words = _key_words(label).replace("’", "'").split()
    if not 0 < len(words) <= 6 or not _EXCLUSION_LABEL.search(" ".join(words)):
        return False
    return not strict or all(w in _LABEL_FILLER or _EXCLUSION_LABEL.fullmatch(w) for w in words)


def _say(value, path: tuple[str, ...], out: list[str], negative: bool, text: bool = False) -> None:
    """Append the lines that say ``value``, found under the keys ``path`` (``text``: under a
    text key, as in ``{"text": {"title": "SALE"}}``)."""
    key = path[-1] if path else ""
    if key and _exclusion_label(key):
        negative = True
    if isinstance(value, dict):
        name = _record_name(value)
        if name is not None and not negative:  # {"item": "dice", "count": 2, "position": "centre"}: said of the dice
            value, path = _say_record(value, name, out), (*path, value[name].strip())
        place = next((str(k) for k, v in value.items() if _key_words(str(k)) in _POSITION_KEYS and isinstance(v, str)), None)
        said = negative or place is None
        for k, v in value.items():
            if str(k) == place and not negative:
                continue  # said with the text it places, or on its own below
            before = len(out)
            _say(v, (*path, str(k)), out, negative, text or _is_text_key(key))
            if not said and len(out) == before + 1 and (_is_text_key(str(k)) or _key_words(str(k)) in _DESCRIPTION_KEYS):
                out[-1], said = _placed(out[-1], value[place]), True  # {"text": "ALL AGES", "position": "bottom right"}
        if not said:
            _say(value[place], (*path, place), out, negative, text or _is_text_key(key))
        return
    if isinstance(value, list):
        for item in value:
            _say(item, path, out, negative, text)
        return
    if value is None:
        return
    if negative:
        if isinstance(value, str) and value.strip():
            out.append(EXCLUSION_LINE + value.strip().rstrip("."))
        return
    out.append(_of_owner(path, _sentence(path, value, text), text))


def _of_owner(path: tuple[str, ...], line: str, text: bool) -> str:
    """A line said of a part, under a key that names a thing ("robot": {"body": "silver"}), said of
    that thing as a ``label: description`` line is: "robot: silver body."; not under a key for a
    part of the prompt ("style", "lighting"), nor when the line names the thing already."""
    owner = _owner(path)
    words = re.findall(r"[a-z]+", owner)
    if text or not words or any(w in _SECTION_WORDS for w in words) or _region_label(owner) or _names(line, owner):
        return line
    if re.match(r"[\w ]+: ", line) or _key_words(path[-1]) in _POSITION_KEYS | _COLOUR_KEYS | _COUNT_KEYS:
        return line  # "eyes: glowing cyan" is a label line of its own
    return f"{owner}: {line}"


def _record_name(value: dict) -> str | None:
    """The key naming the thing a JSON object describes by its attributes (count, colour, position),
    as agents list the elements of a scene: ``{"item": "cow tokens", "count": 3, "colour": "brown"}``."""
    keys = {_key_words(str(k)) for k in value}
    if not keys & (_COUNT_KEYS | _COLOUR_KEYS | _POSITION_KEYS):
        return None
    return next((k for k, v in value.items() if _key_words(str(k)) in _NAME_KEYS and isinstance(v, str) and 0 < len(v.split()) <= 6), None)


def _say_record(value: dict, name: str, out: list[str]) -> dict:
    """Say a listed thing with its count, colour and place in one phrase ("5 red lanterns along the
    top."), as prose would; returns its other attributes, to be said of it one by one."""
    count = colour = place = None
    rest = {}
    for key, v in value.items():
        words = _key_words(str(key))
        if key == name:
            continue
        if count is None and words in _COUNT_KEYS and isinstance(v, int) and not isinstance(v, bool):
            count = str(v)
        elif colour is None and words in _COLOUR_KEYS | _PAINT_KEYS and isinstance(v, str) and colour_phrase(v):
            colour = v.strip()
        elif place is None and words in _POSITION_KEYS and isinstance(v, str):
            place = v
        else:
            rest[key] = v
    line = " ".join(w for w in (count, colour, value[name].strip().rstrip(".")) if w) + "."
    out.append(line if place is None else _placed(line, place))
    return rest


def _placed(line: str, where: str) -> str:
    """A line with a place said after it: 'text "ALL AGES" at the bottom right.'."""
    where = where.strip().rstrip(".")
    glue = " " if _PREPOSITION_START.match(where) or _PARTICIPLE_START.match(where) else " at "
    return line.rstrip(".") + glue + where + "."


def _owner(path: tuple[str, ...]) -> str:
    """The nearest key above ``path[-1]`` that names a thing (not a structural key)."""
    for key in reversed(path[:-1]):
        words = _key_words(key)
        if words.replace(" ", "_") not in _PLAIN_KEYS and not _exclusion_label(key):
            return words
    return ""


def _sentence(path: tuple[str, ...], value, under_text: bool = False) -> str:
    key = path[-1] if path else ""
    words, owner = _key_words(key), _owner(path)
    plain = words.replace(" ", "_") in _PLAIN_KEYS or not words
    if isinstance(value, bool):
        return f"{words}." if value else f"no {words}."
    text = str(value).strip()
    if (under_text and words not in _POSITION_KEYS | _COLOUR_KEYS | _DESCRIPTIVE_KEYS) or (_is_text_key(key) and isinstance(value, str)):
        if text.lower() in _NONE_VALUES or text.lower().startswith(("no ", "none")):
            return f"{words}: none."
        if not re.search(r"[\"“”«»]", text):
            text, note = _text_and_note(text)
            return f'{owner + " " if owner else ""}{words} "{text}"{" " + note if note else ""}.'.lstrip()
        return f"{owner}: {text}." if owner else f"{text}."
    if words in _POSITION_KEYS and owner:
        glue = " " if _PREPOSITION_START.match(text) or _PARTICIPLE_START.match(text) else " at "
        return f"{owner}{glue}{text}."
    if words in _COLOUR_KEYS and owner or words in _PAINT_KEYS and owner and colour_phrase(text):
        return f"{text} {owner}." if colour_phrase(text) else f"{owner} in {text}."
    if len(words.split()) > 1 and words.split()[-1] in _COLOUR_KEYS:  # "line_color": "amber", "body_color": "white, rounded"
        head, rest = _COLOUR_LEAD.match(text).groups()
        part = words.rsplit(" ", 1)[0]
        return f"{head} {part}{rest or ''}." if colour_phrase(head) else f"{part} in {text}."
    if isinstance(value, str) and not plain and words not in _POSITION_KEYS and not _region_label(key):
        head, rest = _COLOUR_LEAD.match(text).groups()
        if colour_phrase(head):  # "background": "mint green", "hair": "copper orange, in a braid"
            return f"{head} {words}{rest or ''}."
        if re.search(rf"\b{re.escape(words)}", text, re.IGNORECASE):  # "exit_sign": "one green exit sign"
            return f"{text}."
    if words in _COUNT_KEYS and owner and isinstance(value, (int, float)):
        return f"{value:g} {owner}."
    if isinstance(value, int) and words.split()[-1] in _COUNT_KEYS and len(words.split()) > 1:  # "piece_count": 3
        return f"{value} {words.rsplit(' ', 1)[0]}."
    if isinstance(value, int) and not plain and words not in _POSITION_KEYS:  # "pancakes": 5
        return f"{value} {words}."
    if plain:
        return f"{owner}: {text}." if owner else f"{text}."
    if _region_label(key) and isinstance(value, str):
        return f"{_region_lead(key)}: {text}."
    if words in ("aspect ratio", "aspect", "ar", "ratio"):
        return _aspect(text) + "."
    return f"{words}: {text}."


_NOTE_START = re.compile(
    r"\s+((?:in|at|on|across|along|with|below|above|beneath|under|over|near|inside|centered|centred|set|printed|"
    r"written|rendered|placed|positioned|lettered|painted|stamped)\b.*)$"
)


def _text_and_note(value: str) -> tuple[str, str]:
    """A text value split from a note on how to draw it: "OPEN (top left)", "SALE in red
    capitals" (a note after all-capital text)."""
    m = re.fullmatch(r"(.+?)\s*\(([^()]*)\)", value)
    if m:
        return m.group(1), m.group(2)
    m = _NOTE_START.search(value)
    if m and not re.search(r"[a-z]", value[: m.start()]):
        return value[: m.start()], m.group(1)
    return value, ""


def _aspect(ratio: str) -> str:
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*[:x/]\s*(\d+(?:\.\d+)?)\s*", ratio)
    if m and float(m.group(1)) == float(m.group(2)):
        return f"square format, aspect ratio {ratio.strip()}"
    return f"aspect ratio {ratio.strip()}"


# --- tool syntax ---------------------------------------------------------------------------

_WEIGHTED = re.compile(r"\(([^()]*?)\s*:\s*-?\d+(?:\.\d+)?\s*\)")  # (red umbrella:1.3)
_DOUBLED = re.compile(r"\(\(([^()]*)\)\)")  # ((red umbrella))
_BRACKETED = re.compile(r"(?<![\w\"'“])(?:\[([^\[\]:\n]*)\]|\{([^{}:\n]*)\})(?![\w\"'”])")  # [blurry], {masterpiece}
_BARE_WEIGHT = re.compile(r"(?<=[A-Za-z])\s*:\s*\d*\.\d+(?=\s*(?:,|$))", re.MULTILINE)  # red umbrella:1.2,
_MULTI_PROMPT = re.compile(r"\s*::\s*-?\d*(?:\.\d+)?(?=\s|,|$)")  # Midjourney "a cat::2 on a mat::1"
_PARAMETER = re.compile(r"(?:^|\s)--(?P<name>[a-z]+)(?P<value>(?:\s+(?!--)[^\s-][^\n]*?)?)(?=\s+--[a-z]|\s*$)", re.MULTILINE)


def _without_tool_syntax(text: str) -> str:
    """Weights and emphasis brackets dropped (their words stay where they were), ``BREAK``
    read as a comma, Midjourney parameters dropped except ``--no`` (an exclusion line) and
    ``--ar`` (said in words)."""
    for _ in range(3):  # nested weights: ((a:1.2), b:1.1)
        text = _DOUBLED.sub(r"\1", _WEIGHTED.sub(r"\1", text))
    text = _BRACKETED.sub(lambda m: m.group(1) if m.group(1) is not None else m.group(2), text)
    text = _BARE_WEIGHT.sub("", text)
    text = _MULTI_PROMPT.sub(",", text)
    text = re.sub(r"\bBREAK\b", ",", text)

    def parameter(m: re.Match) -> str:
        name, value = m.group("name").lower(), m.group("value").strip()
        if name == "no" and value:
            return "\n" + EXCLUSION_LINE + value + "\n"
        if name in ("ar", "aspect") and value:
            return ", " + _aspect(value.split()[0])
        return ""

    return _PARAMETER.sub(parameter, text)


# --- markdown and labelled lines -----------------------------------------------------------

_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^\s*(?:[-*•+–]|\d{1,2}[.)])\s+")
_LABEL = re.compile(r"^\s*([A-Za-z][\w '’/&-]{0,40}?)\s*:\s*(.*)$")
_REGION_LINE = re.compile(r"^\s*([A-Za-z][\w ,-]{0,40}?)\s*:\s*(\S.*)$")


def _plain_lines(text: str) -> str:
    """One line per heading, bullet and line; the lines of an exclusion block each become an
    ``Avoid:`` line. A block opens at an exclusion heading (``## Avoid``, ``## Negative
    prompt``) and runs to the next heading, or at an exclusion label that ends its line
    (``Negative prompt:``, ``What to leave out:``) and runs to the next blank line after its
    items or the next label."""
    out: list[str] = []
    block, items = None, False  # block: None, "heading" or "label"; items: the label's list has begun
    subject = None  # the thing a heading names, said of each bullet under it
    lines = text.split("\n")
    for n, raw in enumerate(lines):
        line = re.sub(r"(\*\*|__)(.*?)\1", r"\2", raw)  # **bold**
        heading = _HEADING.match(line)
        if heading:
            title = heading.group(1).strip().rstrip(":").strip()
            block = "heading" if _exclusion_label(title) else None
            subject = None if block else _subject_heading(title, lines[n + 1 :])
            if not block and not subject and _content_heading(title):
                out.append(re.sub(r"\s*\((.*)\)\s*$", r": \1", title))  # "## Layers (exactly four)": "Layers: exactly four"
            continue  # a heading that names a part of the prompt ("## Style") or a thing asks for nothing
        stripped = _BULLET.sub("", line).strip().lstrip(",").strip()
        if not stripped:
            if block == "label" and not items:
                continue  # blank lines between the label and its list
            block = None if block == "label" else block
            out.append("")
            continue
        placed = _REGION_LINE.match(stripped)
        if placed and not block and _region_label(placed.group(1)):
            stripped = f"{_region_lead(placed.group(1))}: {placed.group(2).strip()}"
        label = _LABEL.match(stripped)
        if label and _exclusion_label(label.group(1), strict=True):
            rest = label.group(2).strip()
            if rest:
                out.append(EXCLUSION_LINE + rest)
            elif block != "heading":
                block, items = "label", False
            continue
        if block == "label" and label and not _BULLET.match(line):
            block = None  # the next label ends the list
        if block:
            out.append(EXCLUSION_LINE + stripped)
            items = True
        elif subject and _BULLET.match(line) and not label and not _names(stripped, subject):
            out.append(f"{subject}: {stripped}")  # "## Robot" then "- Silver body": "Robot: Silver body"
        else:
            out.append(stripped)
    return "\n".join(out)


# Headings that name a part of the prompt rather than a thing in the picture ("## Style", "## Layout").
_SECTION_WORDS = _PLAIN_KEYS | frozenset(
    "style styles mood moods lighting light lights composition layout format formats colour color colours colors "
    "palette camera setting settings scene render rendering attitude tone atmosphere text texts typography lettering "
    "title titles caption captions copy words type font fonts quality technical framing lens overview brief audience "
    "purpose look feel vibe and & environment negative parameters specs specifications shot view angle perspective "
    "finish medium technique background backdrop graphics graphic time presentation design concept spec".split()
)


def _subject_heading(title: str, after: list[str]) -> str | None:
    """A heading of one to three words that names a thing, not a part of the prompt, and that a
    bullet under it names again ("## Robot", then "- One small robot"): its other bullets
    describe that thing ("- Silver body"), as a ``label: description`` line does."""
    words = re.findall(r"[\w&'’-]+", title.lower())
    if not 0 < len(words) <= 3 or any(w in _SECTION_WORDS or w.isdigit() for w in words):
        return None
    section = next((k for k, line in enumerate(after) if _HEADING.match(line)), len(after))
    named = any(_BULLET.match(line) and _names(line, title) for line in after[:section])
    return title if named else None


_HEADING_FILLER = frozenset("the a an of and & in for with to".split())


def _content_heading(title: str) -> bool:
    """A heading that asks for something itself: a phrase of two to four words ("## Hidden
    details", "## VHS artefacts") or a noun with a note ("## Layers (exactly four)"), with a word
    that is not one for a part of the prompt or the frame ("## Camera & mood", "## Top left")."""
    lead = re.sub(r"\s*\(.*\)\s*$", "", title)
    words = re.findall(r"[\w&'’-]+", lead.lower())
    if not words or all(w in _SECTION_WORDS or w in _HEADING_FILLER for w in words) or _region_label(lead):
        return False
    return 2 <= len(words) <= 4 or (len(words) == 1 and lead != title)


def _names(line: str, subject: str) -> bool:
    """The line names the subject's head noun (in any number: "robot", "robots")."""
    head = re.findall(r"\w+", subject.lower())[-1]
    return any(same_word(head, w) for w in re.findall(r"\w+", line.lower()))
