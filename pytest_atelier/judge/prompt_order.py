"""Things listed in their order along the frame ("Left to right: a kettle, a cup, a spoon";
``"order_top_to_bottom": ["roof", "walls", "door"]``): the first is at the side the order
starts from, the last at the side it ends at. :func:`placed_in_order` says so in words, so that
the readers of frame regions see each end placed as a sentence would place it.
"""

from __future__ import annotations

import re

__all__ = ["ORDER", "placed_in_order"]

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
