"""Things listed in their order along the frame ("Left to right: a kettle, a cup, a spoon";
``"order_top_to_bottom": ["roof", "walls", "door"]``): the first is at the side the order
starts from, the last at the side it ends at. :func:`placed_in_order` says so in words, so that
the readers of frame regions see each end placed as a sentence would place it;
:func:`placed_panels` does the same for the numbered panels of a strip laid out in one row or
one column ("A three-panel strip in a row ... Panel 2: the queen" is the middle one).
"""

from __future__ import annotations

import re

from .quantities import NUMBER_WORDS

__all__ = ["ORDER", "placed_in_order", "placed_panels"]

_SIDES = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}
# An order along one axis of the frame: "left to right", "from top to bottom", "top_to_bottom".
ORDER = re.compile(r"\b(left|right|top|bottom)[\s_-]+to[\s_-]+(?:the[\s_-]+)?(left|right|top|bottom)\b", re.IGNORECASE)
# The order phrase closing a label, its list after the colon: "Order from left to right: a, b".
_LISTED = re.compile(ORDER.pattern + r"\s*\)?\s*:\s*(?P<items>[^\n]+?)\s*(?=\.(?:\s|$)|$)", re.IGNORECASE)
_PLACED = re.compile(r"\b(?:top|bottom|left|right|upper|lower|middle|centre|center|leftmost|rightmost|topmost|bottommost)\b", re.IGNORECASE)


def placed_in_order(text: str) -> str:
    """``text`` with each list that follows an order label ending its line or sentence placed
    at its ends: "Left to right: a kettle, a cup, then a spoon" says "a kettle at the left, a
    cup, then a spoon at the right". An item that names a place of its own keeps it; a list of
    one item, or an order whose two ends are not opposite sides, places nothing."""
    return _LISTED.sub(_place_ends, text)


def _place_ends(m: re.Match) -> str:
    start, end = m.group(1).lower(), m.group(2).lower()
    items = re.split(r"(\s*[,;]\s*)", m.group("items"))  # items and the separators between them
    if _SIDES[start] != end or len(items) < 3:
        return m.group(0)
    for k, side in ((0, start), (len(items) - 1, end)):
        item = items[k]
        if item.strip() and not _PLACED.search(item):
            items[k] = f"{item.rstrip()} at the {side}"
    at = m.start("items") - m.start()
    return m.group(0)[:at] + "".join(items) + m.group(0)[m.end("items") - m.start() :]


_NUMBERS = {**NUMBER_WORDS, "diptych": 2, "triptych": 3}
# "three-panel", "3 panels", "three framed panels", "a triptych"
_PANEL_COUNT = re.compile(r"\b(two|three|four|five|six|[2-6])(?:-|\s+(?:[a-z]+\s+)?)panels?\b|\b(diptych|triptych)\b", re.IGNORECASE)
# A panel named by its number as a label opening what is in it ("Panel 2: the queen", "panel one, ...").
_PANEL = re.compile(r"\bpanel\s+(one|two|three|four|five|six|[1-6])\b(?=\s*[:,(])", re.IGNORECASE)
_COLUMN = re.compile(r"\bvertical(?:ly)?\b|\bstacked\b|\btop to bottom\b|\bone above (?:the )?other\b|\bone above another\b|\bcolumn\b", re.IGNORECASE)
_ROW = re.compile(r"\bhorizontal(?:ly)?\b|\brow\b|\bside by side\b|\bleft to right\b|\bstrip\b", re.IGNORECASE)
_GRID = re.compile(r"\bgrid\b|\b\d\s*[x×]\s*\d\b", re.IGNORECASE)


def placed_panels(text: str) -> str:
    """``text`` with each numbered panel of a strip placed in the frame: in a strip of ``n``
    panels laid out in one row (a "strip", "side by side", "horizontal") panel 1 is at the left
    and panel ``n`` at the right, in one column ("stacked", "vertical") at the top and the
    bottom, and the middle panel of an odd number is in the middle ("Panel 1: the king" reads
    "Panel 1, the left: the king"). Nothing is placed when the panel count or the layout is not
    said, or the panels form a grid."""
    count = _PANEL_COUNT.search(text)
    if count is None or _GRID.search(text):
        return text
    n = _NUMBERS.get((count.group(1) or count.group(2)).lower()) or int(count.group(1))
    near = text[count.start() : count.end() + 80]  # "three panels stacked vertically", "a three-panel strip"
    layout = _layout(near) or _layout(text)
    if layout is None:
        return text
    first, last = layout

    def place(m: re.Match) -> str:
        k = _NUMBERS.get(m.group(1).lower()) or int(m.group(1))
        side = first if k == 1 else last if k == n else "middle" if n % 2 and k == (n + 1) // 2 else None
        if side is None or _PLACED.search(text[m.end() : m.end() + 14]):
            return m.group(0)  # an inner panel of an even strip, or one placed already ("Panel 2, the middle")
        return f"{m.group(0)}, the {side}"

    return _PANEL.sub(place, text)


def _layout(text: str) -> tuple[str, str] | None:
    """The two ends of a strip laid out in one column or one row, by the words of ``text``; None
    when it says neither, or both."""
    column, row = bool(_COLUMN.search(text)), bool(_ROW.search(text))
    return None if column == row else ("top", "bottom") if column else ("left", "right")
