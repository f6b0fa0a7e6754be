"""JSON and YAML-like prompt objects said as lines of prose.

A prompt agent's object says its content in values and what each value is in keys. Each value
becomes a line that names its owner (``"hat": {"color": "red"}`` is "red hat."); text to render
under a key such as ``text``, ``caption``, ``label``, ``title``, ``headline``, ``sign`` or
``speech_bubble`` is quoted, and so is a value written as text to show (capitals, a reading such
as ``21°``); a record's name, count, colour and position keys are said of the thing it names; a
key that names a part of the frame places all that is said under it; an exclusion key's values
become ``Avoid: ...`` lines. Used by :func:`.prompt_formats.plain_prompt`.
"""

from __future__ import annotations

import json
import re

import yaml

from .colour_links import colour_phrase
from .prompt_labels import EXCLUSION_LINE, PLAIN_KEYS, SECTION_WORDS, exclusion_label, key_words, names, region_label, region_lead
from .prompt_order import ORDER
from .prompt_words import read_words
from .relations import relation_at

__all__ = ["as_object", "object_lines", "aspect_phrase"]

# Object keys whose value is text to render ("headline_text", "sign", "caption").
_TEXT_KEYS = frozenset(
    "text texts caption captions label labels title titles headline headlines subheadline subtitle subtitles sign "
    "signs signage heading tagline slogan wording lettering lettering_text inscription quote banner_text "
    "overlay_text text_overlay typography_text words speech_bubble speech_bubbles speech dialogue dialog".split()
)
_TEXT_KEY_PARTS = frozenset({"text", "caption", "headline", "title", "label", "slogan", "tagline", "wording", "lettering"})
# Keys whose value says what the object is ("subject": {"description": "a bird", "position": ...}).
_DESCRIPTION_KEYS = frozenset({"description", "desc", "subject", "main subject", "what"})
_POSITION_KEYS = frozenset("position placement location placed where region area alignment".split())
_COLOUR_KEYS = frozenset("color colour colors colours".split())
# Keys that give a colour when their value is one or opens with one ("ink": "black", "fill": "teal",
# "finish": "brushed silver steel").
_PAINT_KEYS = frozenset("ink inks paint fill tint hue shade finish".split())
# Keys naming the shapes a thing is drawn as ("icon": {"shapes": "two stacked circles", "color": "red"}).
_SHAPE_KEYS = frozenset("shape shapes form forms".split())
_COUNT_KEYS = frozenset("count number quantity amount".split())
_NAME_KEYS = frozenset("item name object element thing what entity type kind subject character figure animal creature person vehicle".split())
# Keys under a text key that say how the text looks, not what it says.
_DESCRIPTIVE_KEYS = frozenset("look style font typeface size weight case effect finish treatment material shape".split())
_COLOUR_LEAD = re.compile(r"^(.+?)((?:\s*[,;]|\s+with\b).*)?$", re.DOTALL)  # a value's lead, before a comma or "with"
_PARTICIPLE_START = re.compile(r"^\w+(?:ing|ed)\b", re.IGNORECASE)  # "leaning on the books", "scattered around"
_REGION_START = re.compile(r"^(?:top|bottom|left|right|upper|lower|center|centre|middle)\b", re.IGNORECASE)
_NONE_VALUES = frozenset({"none", "no", "n/a", "na", "null", "nothing", "false", "0"})
_PREPOSITION_START = re.compile(
    r"^(?:at|on|in|along|across|to|toward|towards|near|under|over|above|below|beneath|beside|behind|between|"
    r"next|directly|just|centered|centred|inside|around|against|within|into|off|upon|by|filling|spanning)\b",
    re.IGNORECASE,
)


def object_lines(value: dict | list) -> list[str]:
    """The lines of prose that say a prompt object (see the module docstring)."""
    lines: list[str] = []
    _say(value, (), lines, False)
    return lines


def as_object(text: str) -> dict | list | None:
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


def _is_text_key(key: str) -> bool:
    parts = key_words(key).split()
    return key_words(key).replace(" ", "_") in _TEXT_KEYS or (bool(parts) and parts[-1] in _TEXT_KEY_PARTS and len(parts) <= 3)


def _say(value, path: tuple[str, ...], out: list[str], negative: bool, text: bool = False) -> None:
    """Append the lines that say ``value``, found under the keys ``path`` (``text``: under a
    text key, as in ``{"text": {"title": "SALE"}}``)."""
    key = path[-1] if path else ""
    if key and exclusion_label(key):
        negative = True
    if isinstance(value, (dict, list)) and region_label(key) and not negative:
        before = len(out)  # "left": {"person": ...}: all that is said under the key is there
        _say_in(value, path, out, text)
        out[before:] = [ln if ln.startswith(region_lead(key)) else f"{region_lead(key)}: {ln}" for ln in out[before:]]
        return
    _say_in(value, path, out, text, negative)


def _say_in(value, path: tuple[str, ...], out: list[str], text: bool, negative: bool = False) -> None:
    key = path[-1] if path else ""
    if isinstance(value, dict):
        before, where = len(out), _object_place(value) if not negative else None
        _say_object(value, path, out, text, negative)
        if where:  # {"position": "left", "portrait": "a girl with black hair"}: all it says is there
            glue = f", {region_lead(where).lower()}" if region_label(where) else f" {where}"
            out[before:] = [ln if where in ln.lower() else f"{ln.rstrip().rstrip('.')}{glue}." for ln in out[before:]]
        return
    if isinstance(value, list) and ORDER.search(key_words(key)) and value and all(isinstance(v, str) for v in value):
        out.append(f"{key_words(key)}: {', '.join(v.strip() for v in value)}.")  # "order_left_to_right": ["a", "b"]
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


def _say_object(value: dict, path: tuple[str, ...], out: list[str], text: bool, negative: bool) -> None:
    """Append the lines that say an object: a listed thing or a text with its place, then each
    other key's value, its place said with its text or description or else on its own."""
    key = path[-1] if path else ""
    name = _record_name(value)
    if name is not None and not negative:  # {"item": "dice", "count": 2, "position": "centre"}: said of the dice
        value, path = _say_record(value, name, out), (*path, _thing(name, value[name]))
    role = None if negative else _text_role(value)
    if role is not None:  # {"content": "SALE", "role": "headline", "position": "top"}: 'headline "SALE" at the top'
        value, path = _say_text_record(value, role, out), (*path, str(value[role]).strip())
    place = next((str(k) for k, v in value.items() if key_words(str(k)) in _POSITION_KEYS and isinstance(v, str)), None)
    paint = next((v.strip() for k, v in value.items() if key_words(str(k)) in _COLOUR_KEYS and isinstance(v, str) and colour_phrase(v)), None)
    said = negative or place is None
    for k, v in value.items():
        if str(k) == place and not negative:
            continue  # said with the text it places, or on its own below
        if paint and key_words(str(k)) in _SHAPE_KEYS and isinstance(v, str) and len(v.split()) > 1:
            v = f"{v.strip().rstrip('.')} in {paint}"  # the object's colour is that of the shapes it is drawn as
        before = len(out)
        _say(v, (*path, str(k)), out, negative, text or _is_text_key(key))
        if not said and len(out) == before + 1 and (_is_text_key(str(k)) or key_words(str(k)) in _DESCRIPTION_KEYS):
            out[-1], said = _placed(out[-1], value[place]), True  # {"text": "ALL AGES", "position": "bottom right"}
    if not said:
        _say(value[place], (*path, place), out, negative, text or _is_text_key(key))


def _of_owner(path: tuple[str, ...], line: str, text: bool) -> str:
    """A line said of a part, under a key that names a thing ("robot": {"body": "silver"}), said of
    that thing as a ``label: description`` line is: "robot: silver body."; not under a key for a
    part of the prompt ("style", "lighting"), nor when the line names the thing already."""
    owner = _owner(path)
    words = re.findall(r"[a-z]+", owner)
    if text or not words or any(w in SECTION_WORDS for w in words) or region_label(owner) or names(line, owner):
        return line
    if re.match(r"[\w ]+: ", line) or key_words(path[-1]) in _POSITION_KEYS | _COLOUR_KEYS | _COUNT_KEYS:
        return line  # "eyes: glowing cyan" is a label line of its own
    return f"{owner}: {line}"


def _record_name(value: dict) -> str | None:
    """The key naming the thing a JSON object describes by its attributes (count, colour, position),
    as agents list the elements of a scene: ``{"item": "cow tokens", "count": 3, "colour": "brown"}``,
    or, without such a key, the thing's count key (``{"watch_count": 1, "position": "centered"}``)."""
    keys = {key_words(str(k)) for k in value}
    if not keys & (_COUNT_KEYS | _COLOUR_KEYS | _POSITION_KEYS) and not any(_counted(str(k), v) for k, v in value.items()):
        return None
    named = next((k for k, v in value.items() if key_words(str(k)) in _NAME_KEYS and isinstance(v, str) and 0 < len(v.split()) <= 6), None)
    counted = [k for k, v in value.items() if _counted(str(k), v)]
    place = any(key_words(str(k)) in _POSITION_KEYS for k in value)
    return named if named is not None or not place or len(counted) != 1 else counted[0]


def _counted(key: str, value) -> str | None:
    """The thing a count key counts ("watch_count": 1, "number_of_cups": 3), with an integer value."""
    words = key_words(key).split()
    if not isinstance(value, int) or isinstance(value, bool) or len(words) < 2:
        return None
    if words[-1] in _COUNT_KEYS:
        return " ".join(words[:-1])
    if words[0] == "number" and words[1] == "of" and len(words) > 2:
        return " ".join(words[2:])
    return None


def _thing(name: str, value) -> str:
    """What a record's name key names: its value, or the thing its count key counts."""
    return _counted(name, value) or str(value).strip()


def _say_record(value: dict, name: str, out: list[str]) -> dict:
    """Say a listed thing with its count, colour and place in one phrase ("5 red lanterns along the
    top."), as prose would; returns its other attributes, to be said of it one by one."""
    count = colour = place = None
    rest = {}
    for key, v in value.items():
        words = key_words(str(key))
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
    count = str(value[name]) if _counted(name, value[name]) else count
    line = " ".join(w for w in (count, colour, _thing(name, value[name]).rstrip(".")) if w) + "."
    out.append(line if place is None else _placed(line, place))
    return rest


# Keys that say which text a text object is ({"content": "SALE", "role": "headline"}), and keys
# holding its words.
_ROLE_KEYS = frozenset("role kind type function purpose use".split())
_CONTENT_KEYS = frozenset("content copy value string words".split())


def _text_role(value: dict) -> str | None:
    """The key naming the role of a text object that gives its words under a plain key and its
    role under another: ``{"content": "DROP 03", "role": "headline"}``."""
    content = [k for k, v in value.items() if isinstance(v, str) and (key_words(str(k)) in _CONTENT_KEYS or _is_text_key(str(k)))]
    roles = [k for k, v in value.items() if key_words(str(k)) in _ROLE_KEYS and isinstance(v, str) and 0 < len(v.split()) <= 3]
    if len(content) != 1 or len(roles) != 1 or not re.fullmatch(r"[a-z][a-z -]*", value[roles[0]].strip()):
        return None
    if any(key_words(str(k)) not in _POSITION_KEYS | _DESCRIPTIVE_KEYS | _COLOUR_KEYS for k in value if k not in (content[0], roles[0])):
        return None  # a whole prompt's object ({"type": "birthday card", "text": ..., "illustration": ...})
    return roles[0]


def _say_text_record(value: dict, role: str, out: list[str]) -> dict:
    """Say a text object as its role with its words and place ('headline "DROP 03" at bottom.');
    returns its other attributes."""
    content = next(k for k, v in value.items() if isinstance(v, str) and (key_words(str(k)) in _CONTENT_KEYS or _is_text_key(str(k))))
    place = next((k for k, v in value.items() if key_words(str(k)) in _POSITION_KEYS and isinstance(v, str)), None)
    line = f'{value[role].strip()} "{value[content].strip()}".'
    out.append(line if place is None else _placed(line, value[place]))
    return {k: v for k, v in value.items() if k not in (role, content, place)}


def _placed(line: str, where: str) -> str:
    """A line with a place said after it: 'text "ALL AGES" at the bottom right.'."""
    where = where.strip().rstrip(".")
    listed = "," in where and not _REGION_START.match(where)  # "large, in the left foreground": a list of its own
    glue = " " if _opens_a_place(where) else ", " if listed else " at "
    return line.rstrip(".") + glue + where + "."


def _object_place(value: dict) -> str | None:
    """The value of an object's position key, lower-cased, when it is only a part of the frame
    ("left", "top right") or only a relation to one thing ("left of the radar"): said of every
    line the object says."""
    where = next((v for k, v in value.items() if key_words(str(k)) in _POSITION_KEYS and isinstance(v, str)), None)
    where = where.strip().rstrip(".").lower() if where else ""
    words = read_words(where)
    hit = relation_at(words, 0) if words else None
    relation = hit is not None and len({w.clause for w in words}) == 1 and len(words) - hit[0] <= 4
    return where if where and (region_label(where) or relation) else None


def _opens_a_place(where: str) -> bool:
    """A place value that says its own preposition, participle or relation ("on the shelf",
    "leaning on the wall", "left of the door"), so needs no "at" before it."""
    return bool(_PREPOSITION_START.match(where) or _PARTICIPLE_START.match(where)) or relation_at(read_words(where), 0) is not None


def _owner(path: tuple[str, ...]) -> str:
    """The nearest key above ``path[-1]`` that names a thing (not a structural key)."""
    for key in reversed(path[:-1]):
        words = key_words(key)
        if region_label(key):
            return ""  # "top_left": {"label": ...}: a place, said as one, with nothing above it owning the line
        if words.replace(" ", "_") not in PLAIN_KEYS and not exclusion_label(key):
            return words
    return ""


def _sentence(path: tuple[str, ...], value, under_text: bool = False) -> str:
    key = path[-1] if path else ""
    words, owner = key_words(key), _owner(path)
    plain = words.replace(" ", "_") in PLAIN_KEYS or not words
    if isinstance(value, bool):
        return f"{words}." if value else f"no {words}."
    text = str(value).strip()
    painted = words in _PAINT_KEYS and isinstance(value, str) and _colour_lead(text)
    if (under_text and words not in _POSITION_KEYS | _COLOUR_KEYS | _DESCRIPTIVE_KEYS and not painted) or (_is_text_key(key) and isinstance(value, str)):
        if text.lower() in _NONE_VALUES or text.lower().startswith(("no ", "none")):
            return f"{words}: none."
        if not re.search(r"[\"“”«»]", text):
            text, note = _text_and_note(text)
            return f'{owner + " " if owner else ""}{words} "{text}"{" " + note if note else ""}.'.lstrip()
        return f"{owner}: {text}." if owner else f"{text}."
    if isinstance(value, str) and _datum(text) and not (set(words.split()) & (SECTION_WORDS | _MEASURE_KEYS)):
        return f'{owner + " " if owner else ""}{words} "{text}".'.lstrip()  # "temperature": "21°", "gauges": ["FUEL 32%"]
    if words in _POSITION_KEYS and owner:
        glue = " " if _opens_a_place(text) else " at "
        return f"{owner}{glue}{text}."
    if words in _COLOUR_KEYS and owner or painted and owner:
        return f"{text} {owner}." if colour_phrase(text) else f"{owner} in {text}."  # "finish": "brushed silver steel": "toaster in brushed silver steel."
    if len(words.split()) > 1 and words.split()[-1] in _COLOUR_KEYS:  # "line_color": "amber", "body_color": "white, rounded"
        head, rest = _COLOUR_LEAD.match(text).groups()
        part = words.rsplit(" ", 1)[0]
        return f"{head} {part}{rest or ''}." if colour_phrase(head) else f"{part} in {text}."
    if isinstance(value, str) and not plain and words not in _POSITION_KEYS and not region_label(key):
        head, rest = _COLOUR_LEAD.match(text).groups()
        if colour_phrase(head):  # "background": "mint green", "hair": "copper orange, in a braid"
            return f"{head} {words}{rest or ''}."
        if re.search(rf"\b{re.escape(words)}", text, re.IGNORECASE):  # "exit_sign": "one green exit sign"
            return f"{text}."
    if words in _COUNT_KEYS and owner and isinstance(value, (int, float)):
        return f"{value:g} {owner}."
    if isinstance(value, int) and words.split()[-1] in _COUNT_KEYS and len(words.split()) > 1:  # "piece_count": 3
        return f"{value} {words.rsplit(' ', 1)[0]}."
    if isinstance(value, int) and len(path) > 1 and key_words(path[-2]) in (words + "s", words + "es"):
        return f"{words} {value}."  # "panels": [{"panel": 1, ...}]: the item's number, not a count
    if isinstance(value, int) and not plain and words not in _POSITION_KEYS:  # "pancakes": 5
        return f"{value} {words}."
    if plain:
        return f"{owner}: {text}." if owner else f"{text}."
    if region_label(key) and isinstance(value, str):
        return f"{region_lead(key)}: {text}."
    if words in ("aspect ratio", "aspect", "ar", "ratio"):
        return aspect_phrase(text) + "."
    return f"{words}: {text}."


# Keys whose values are settings of the picture or the tool, not text in it ("aspect_ratio": "9:16").
_MEASURE_KEYS = frozenset("ratio aspect ar size resolution canvas lens camera seed steps cfg version quality model".split())
_CAPITALS = re.compile(r"[A-Z][A-Z0-9&'.\-]*")
_READING = re.compile(r"[$€£]?\d+(?:[.,:]\d+)?\s?(?:°[CF]?|%|[$€£])?")


def _datum(value: str) -> bool:
    """A value that is written as text to show rather than described: a few words all in capitals
    ("SHIELDS 87%", "RANGE 4.2 AU"; one word of four letters or more, not an acronym such as "HUD"),
    or a reading with its sign or unit ("21°", "9:41", "$4.99", "87%", "88 MPH")."""
    tokens = value.split()
    if not 0 < len(tokens) <= 5 or re.search(r"[a-z]", value):
        return False
    capitals = [t for t in tokens if _CAPITALS.fullmatch(t) and sum(c.isalpha() for c in t) >= 2]
    readings = [t for t in tokens if _READING.fullmatch(t)]
    if len(capitals) + len(readings) != len(tokens):
        return False
    signed = any(re.search(r"[°%$€£:]", t) for t in readings)
    return len(capitals) >= 2 or any(sum(c.isalpha() for c in t) >= 4 for t in capitals) or bool(readings) and (bool(capitals) or signed)


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


def _colour_lead(value: str) -> bool:
    """Whether a value opens with a colour, behind at most two describing words ("brushed silver
    steel", "deep red with gold trim"; not "wood with red trim")."""
    words = re.findall(r"[a-z]+", value.lower())[:3]
    first = next((n for n, w in enumerate(words) if colour_phrase(w)), None)
    return first is not None and not any(w in _NOT_DESCRIBING for w in words[:first])


_NOT_DESCRIBING = frozenset("with and or of in on at by for to from the a an".split())


def aspect_phrase(ratio: str) -> str:
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*[:x/]\s*(\d+(?:\.\d+)?)\s*", ratio)
    if m and float(m.group(1)) == float(m.group(2)):
        return f"square format, aspect ratio {ratio.strip()}"
    return f"aspect ratio {ratio.strip()}"

