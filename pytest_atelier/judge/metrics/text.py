"""Text-rendering accuracy: the character error rate (CER) of OCR against the expected text.

``CER = edit distance / length of the expected text`` (Levenshtein: insertions, deletions and
substitutions count 1 each; computed by rapidfuzz). 0 is a perfect rendering; 1 or more means
nothing useful was read. An image usually carries more text than the one a checkpoint asks for,
so :func:`best_window_cer` compares the expected text with every run of consecutive OCR words
and keeps the closest one: extra words elsewhere in the image cost nothing, a misspelt word in
the wanted text costs its edits.

Both texts are normalised the same way before comparing: Unicode NFKC, whitespace runs to one
space, and case folded unless the check is case-sensitive. Punctuation counts.
OCR is the judge's own (:func:`pytest_atelier.judge.checkers.read_text`, the ``ocr`` extra).
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from ...errors import require

__all__ = ["normalise", "character_error_rate", "best_window_cer", "ocr_cer"]

MAX_WORDS = 80  # longer OCR readings compare against windows of at most this many words


def normalise(text: str, case_sensitive: bool = False) -> str:
    text = " ".join(unicodedata.normalize("NFKC", text).split())
    return text if case_sensitive else text.casefold()


def _distance(a: str, b: str) -> int:
    lev = require("rapidfuzz.distance.Levenshtein", "metrics", "Character error rates (rapidfuzz)")
    return int(lev.distance(a, b))


def character_error_rate(expected: str, read: str, case_sensitive: bool = False) -> float:
    """Edits that turn ``read`` into ``expected``, divided by the expected text's length."""
    want = normalise(expected, case_sensitive)
    if not want:
        raise ValueError("the expected text is empty: a character error rate needs at least one character")
    return _distance(want, normalise(read, case_sensitive)) / len(want)


def best_window_cer(expected: str, read: str, case_sensitive: bool = False) -> tuple[float, str]:
    """The lowest CER of ``expected`` against any run of consecutive words of ``read``, and that
    run. Nothing read at all gives a CER of 1 (every character missing)."""
    want = normalise(expected, case_sensitive)
    if not want:
        raise ValueError("the expected text is empty: a character error rate needs at least one character")
    words = normalise(read, case_sensitive).split()
    if not words:
        return 1.0, ""
    n_want = len(want.split())
    best, best_run = len(want) + sum(map(len, words)), ""
    widest = min(len(words), max(n_want + 2, 1), MAX_WORDS)
    for start in range(len(words)):
        for size in range(1, widest + 1):
            if start + size > len(words):
                break
            run = " ".join(words[start : start + size])
            d = _distance(want, run)
            if d < best:
                best, best_run = d, run
    return best / len(want), best_run


def ocr_cer(image: Path, expected: str, case_sensitive: bool = False, region: str | None = None) -> tuple[float, str]:
    """The best-window CER of the OCR reading of ``image`` (only text inside ``region`` when
    given, one of :data:`~pytest_atelier.judge.checkers.REGION_BOXES`) and the words it matched.
    Raises MissingExtraError when the ``ocr`` extra is not installed."""
    from ..checkers import REGION_BOXES, read_text, reading_order, region_box

    boxes, size = read_text(Path(image))
    if region is not None:
        if region not in REGION_BOXES:
            raise ValueError(f"unknown region {region!r}: one of {', '.join(REGION_BOXES)}")
        x0, y0, x1, y1 = region_box(region, *size)
        boxes = [b for b in boxes if x0 <= b.center[0] <= x1 and y0 <= b.center[1] <= y1]
    return best_window_cer(expected, reading_order(boxes), case_sensitive)
