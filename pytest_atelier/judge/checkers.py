"""Deterministic image checkers: OCR for text, pixel palettes for colours, blobs for counts.

Each ``check_*`` function returns ``(outcome, reason)``. OCR comes from the ``ocr`` extra
(rapidocr-onnxruntime), imported on first use; without it the text checks abstain and say
how to install it. OCR results and pixel classifications are cached in-process by the
image file's sha256, so every checkpoint of one image reuses one OCR pass.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import re
import threading
import unicodedata
from pathlib import Path

import numpy as np
from PIL import Image

from ..engine.threads import cpu_threads
from ..errors import MissingExtraError, require
from . import colors

__all__ = [
    "TextBox",
    "REGION_BOXES",
    "region_box",
    "ocr_available",
    "read_text",
    "reading_order",
    "load_pixels",
    "color_fraction",
    "flat_coverage",
    "blob_areas",
    "count_blobs",
    "check_text",
    "check_color",
    "check_count",
    "check_absence",
    "check_layout",
    "judge_image_check",
]

# Regions as fractions of the frame (x0, y0, x1, y1); the reference renderer draws into them.
REGION_BOXES: dict[str, tuple[float, float, float, float]] = {
    "top": (0.0, 0.0, 1.0, 0.4),
    "bottom": (0.0, 0.6, 1.0, 1.0),
    "left": (0.0, 0.0, 0.4, 1.0),
    "right": (0.6, 0.0, 1.0, 1.0),
    "center": (0.3, 0.3, 0.7, 0.7),
    "top-left": (0.0, 0.0, 0.4, 0.4),
    "top-right": (0.6, 0.0, 1.0, 0.4),
    "bottom-left": (0.0, 0.6, 0.4, 1.0),
    "bottom-right": (0.6, 0.6, 1.0, 1.0),
}
MAX_SIDE = 256  # pixel analysis runs on a nearest-neighbour thumbnail of at most this side
FLAT_TOP_COLORS, FLAT_COVERAGE = 16, 0.90
PRESENT_FRACTION = 0.01  # below this share of pixels a colour counts as absent


@dataclasses.dataclass(frozen=True)
class TextBox:
    """One OCR detection: its text, confidence and bounding box in pixels (x0, y0, x1, y1)."""

    text: str
    confidence: float
    box: tuple[float, float, float, float]

    @property
    def center(self) -> tuple[float, float]:
        return (self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2


def region_box(region: str, width: int, height: int) -> tuple[int, int, int, int]:
    """The pixel box of a named region of a ``width`` x ``height`` frame."""
    fx0, fy0, fx1, fy1 = REGION_BOXES[region]
    return round(fx0 * width), round(fy0 * height), round(fx1 * width), round(fy1 * height)


def _sha(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


# --- OCR -------------------------------------------------------------------------------------

_ocr_lock = threading.Lock()
_ocr_engine = None
_ocr_cache: dict[str, tuple[list[TextBox], tuple[int, int]]] = {}


def ocr_available() -> bool:
    """Whether the ``ocr`` extra is installed (checked without importing it)."""
    return importlib.util.find_spec("rapidocr_onnxruntime") is not None


def read_text(path: Path) -> tuple[list[TextBox], tuple[int, int]]:
    """OCR text boxes of an image and its (width, height); cached by file content.

    Raises MissingExtraError (naming the ``ocr`` extra) when rapidocr is not installed.
    """
    global _ocr_engine
    key = _sha(path)
    with _ocr_lock:
        if key not in _ocr_cache:
            if _ocr_engine is None:
                module = require("rapidocr_onnxruntime", "ocr", "Reading text in images (OCR)")
                threads = cpu_threads()
                _ocr_engine = module.RapidOCR(**({"intra_op_num_threads": threads} if threads else {}))
            with Image.open(path) as img:
                size = img.size
                rgb = np.asarray(img.convert("RGB"))
            result, _ = _ocr_engine(rgb[:, :, ::-1].copy())  # rapidocr takes BGR arrays
            boxes = []
            for points, text, score in result or []:
                xs, ys = [p[0] for p in points], [p[1] for p in points]
                boxes.append(TextBox(str(text), float(score), (min(xs), min(ys), max(xs), max(ys))))
            _ocr_cache[key] = (boxes, size)
        return _ocr_cache[key]


def reading_order(boxes: list[TextBox]) -> str:
    """The boxes' text joined line by line, top to bottom, each line left to right."""
    lines: list[list[TextBox]] = []
    for box in sorted(boxes, key=lambda b: b.center[1]):
        last = lines[-1] if lines else None
        if last and abs(box.center[1] - last[0].center[1]) < 0.5 * (last[0].box[3] - last[0].box[1]):
            last.append(box)
        else:
            lines.append([box])
    return "\n".join(" ".join(b.text for b in sorted(line, key=lambda b: b.box[0])) for line in lines)


def _norm_text(text: str, case_sensitive: bool) -> str:
    text = unicodedata.normalize("NFKC", text)
    text = text if case_sensitive else text.casefold()
    text = re.sub(r"[^\w]|_", " ", text)
    # OCR drops the space between a word and a number ("COFFEE 3" -> "COFFEE3"): split them.
    return " ".join(re.sub(r"(?<=[^\W\d])(?=\d)|(?<=\d)(?=[^\W\d])", " ", text).split())


def _contains(haystack: str, needle: str, case_sensitive: bool = False) -> bool:
    # OCR confuses the letter O and the digit 0 in many fonts: read 0 as O (o once case-folded).
    letter = "O" if case_sensitive else "o"
    haystack, needle = haystack.replace("0", letter), needle.replace("0", letter)
    if f" {needle} " in f" {haystack} ":
        return True
    # OCR sometimes merges words into one box ("NIGHTMARKET"): compare without spaces too.
    return " " in needle and needle.replace(" ", "") in haystack.replace(" ", "")


def _in_region(box: TextBox, region: str, size: tuple[int, int]) -> bool:
    x0, y0, x1, y1 = region_box(region, *size)
    cx, cy = box.center
    return x0 <= cx <= x1 and y0 <= cy <= y1


def _short(text: str, limit: int = 120) -> str:
    text = " / ".join(text.split("\n"))
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_text(path: Path, text: str, case_sensitive: bool = False, region: str | None = None) -> tuple[str, str]:
    """OCR reads ``text`` (in ``region`` when given). Comparison ignores punctuation, runs
    of whitespace, the difference between O and 0, and case unless ``case_sensitive``."""
    try:
        boxes, size = read_text(path)
    except MissingExtraError as exc:
        return "abstain", f"cannot read text without OCR: {exc}"
    want = _norm_text(text, case_sensitive)
    everywhere = reading_order(boxes)
    if not _contains(_norm_text(everywhere, case_sensitive), want, case_sensitive):
        if not boxes:
            return "fail", f"OCR reads no text; expected {text!r}"
        if case_sensitive and _contains(_norm_text(everywhere, False), _norm_text(text, False)):
            return "fail", f"OCR reads {text!r} with different capitalisation: {_short(everywhere)!r}"
        return "fail", f"OCR does not read {text!r}; it reads {_short(everywhere)!r}"
    if region is None:
        return "pass", f"OCR reads {text!r}"
    inside = reading_order([b for b in boxes if _in_region(b, region, size)])
    if _contains(_norm_text(inside, case_sensitive), want, case_sensitive):
        return "pass", f"OCR reads {text!r} in the {region} region"
    return "fail", f"OCR reads {text!r}, but not in the {region} region"


# --- pixels ----------------------------------------------------------------------------------

_pixel_cache: dict[str, tuple[np.ndarray, np.ndarray]] = {}


def load_pixels(path: Path) -> tuple[np.ndarray, np.ndarray]:
    """``(rgb, labels)`` of a thumbnail of the image: uint8 (H, W, 3) and palette indices (H, W)."""
    key = _sha(path)
    if key not in _pixel_cache:
        with Image.open(path) as img:
            img = img.convert("RGB")
            scale = MAX_SIDE / max(img.size)
            if scale < 1:
                img = img.resize((max(1, round(img.width * scale)), max(1, round(img.height * scale))), Image.NEAREST)
            rgb = np.asarray(img)
        _pixel_cache[key] = (rgb, colors.classify(rgb))
    return _pixel_cache[key]


def _mask(path: Path, color: str) -> np.ndarray:
    return load_pixels(path)[1] == colors.COLOR_NAMES.index(colors.canonical(color))


def _crop(array: np.ndarray, region: str | None) -> np.ndarray:
    if region is None:
        return array
    x0, y0, x1, y1 = region_box(region, array.shape[1], array.shape[0])
    return array[y0:y1, x0:x1]


def color_fraction(path: Path, color: str, region: str | None = None) -> float:
    """Share of pixels (in ``region`` when given) whose nearest palette colour is ``color``."""
    crop = _crop(_mask(path, color), region)
    return float(crop.mean()) if crop.size else 0.0


def flat_coverage(path: Path) -> float:
    """Share of pixels covered by the image's 16 most frequent exact colours."""
    rgb = load_pixels(path)[0].reshape(-1, 3).astype(np.uint32)
    _, counts = np.unique((rgb[:, 0] << 16) | (rgb[:, 1] << 8) | rgb[:, 2], return_counts=True)
    return float(np.sort(counts)[::-1][:FLAT_TOP_COLORS].sum() / len(rgb))


def blob_areas(mask: np.ndarray) -> list[int]:
    """Areas of the 8-connected components of a boolean mask, largest first (run-length union-find)."""
    parent: list[int] = []
    area: list[int] = []

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    prev: list[tuple[int, int, int]] = []
    for row in mask:
        edges = np.diff(np.concatenate(([0], row.astype(np.int8), [0])))
        current = []
        for start, end in zip(np.flatnonzero(edges == 1), np.flatnonzero(edges == -1), strict=True):
            label = len(parent)
            parent.append(label)
            area.append(int(end - start))
            for ps, pe, pl in prev:  # runs touch, diagonals included
                if ps <= end and pe >= start:
                    a, b = find(pl), find(label)
                    if a != b:
                        parent[b] = a
                        area[a] += area[b]
            current.append((int(start), int(end), label))
        prev = current
    return sorted((area[i] for i in range(len(parent)) if parent[i] == i), reverse=True)


def count_blobs(path: Path, color: str) -> tuple[int, list[int]]:
    """Number of separate ``color`` shapes, ignoring specks; also returns all blob areas.

    A speck is smaller than 0.05% of the image or 10% of the largest blob.
    """
    areas = blob_areas(_mask(path, color))
    if not areas:
        return 0, []
    total = load_pixels(path)[1].size
    floor = max(0.0005 * total, 0.1 * areas[0], 4)
    return sum(a >= floor for a in areas), areas


# --- checks ----------------------------------------------------------------------------------


def check_color(
    path: Path, color: str, min_fraction: float = 0.01, region: str | None = None, entity: str = ""
) -> tuple[str, str]:
    """An absent colour fails; a present one passes for the image or a region, and abstains
    when it must belong to an entity that pixels cannot locate."""
    share = color_fraction(path, color, region)
    where = f"of the {region} region" if region else "of the image"
    if share < min_fraction:
        return "fail", f"{color} covers {share:.1%} {where}, below {min_fraction:.1%}"
    if entity and region is None:
        return (
            "abstain",
            f"{color} covers {share:.1%} {where}, but the offline judge cannot tell whether the {entity} carries it",
        )
    return "pass", f"{color} covers {share:.1%} {where} (>= {min_fraction:.1%})"


def check_count(path: Path, entity: str, count: int, color: str | None) -> tuple[str, str]:
    """Count ``color`` blobs on flat graphics; abstain without a colour or on photo-like images."""
    if not color:
        return "abstain", f"the offline judge counts only coloured shapes; this count of {entity!r} names no color"
    coverage = flat_coverage(path)
    if coverage < FLAT_COVERAGE:
        share = f"top {FLAT_TOP_COLORS} colours cover {coverage:.0%} < {FLAT_COVERAGE:.0%}"
        return "abstain", f"not flat graphics ({share}), so shapes cannot be counted by colour"
    found, areas = count_blobs(path, color)
    if areas and areas[0] > 0.5 * load_pixels(path)[1].size:
        return "abstain", f"{color} fills most of the image, so its shapes cannot be told apart"
    if found == count:
        return "pass", f"counted {found} separate {color} shapes, as expected for {entity!r}"
    return "fail", f"counted {found} separate {color} shapes, expected {count} {entity!r}"


def check_absence(path: Path, entity: str, text: str | None = None, color: str | None = None) -> tuple[str, str]:
    """Neither the text (by OCR) nor the colour (by palette) appears; abstain without either."""
    if not text and not color:
        return "abstain", f"the offline judge cannot verify that {entity!r} is absent; use a model judge"
    reasons = []
    if text:
        outcome, reason = check_text(path, text)
        if outcome == "abstain":
            return outcome, reason
        if outcome == "pass":
            return "fail", f"{entity!r} should be absent, but {reason}"
        reasons.append(f"OCR does not read {text!r}")
    if color:
        share = color_fraction(path, color)
        if share >= PRESENT_FRACTION:
            return "fail", f"{entity!r} should be absent, but {color} covers {share:.1%} of the image"
        reasons.append(f"{color} covers {share:.1%} of the image")
    return "pass", "; ".join(reasons)


def check_layout(
    path: Path, entity: str, region: str, text: str | None = None, color: str | None = None
) -> tuple[str, str]:
    """Text (OCR) or colour (pixels) sits in ``region``; abstain without either."""
    if text:
        return check_text(path, text, region=region)
    if not color:
        return "abstain", f"the offline judge cannot locate {entity!r} without its text or colour; use a model judge"
    mask = _mask(path, color)
    total = int(mask.sum())
    if total < PRESENT_FRACTION * mask.size:
        return "fail", f"{color} ({entity!r}) is absent from the image"
    share = int(_crop(mask, region).sum()) / total
    if share >= 0.5:
        return "pass", f"{share:.0%} of the {color} pixels lie in the {region} region"
    if share < 0.2:
        return "fail", f"only {share:.0%} of the {color} pixels lie in the {region} region"
    return "abstain", f"{share:.0%} of the {color} pixels lie in the {region} region: not clear either way"


def judge_image_check(check, path: Path) -> tuple[str, str, str]:
    """Route a checkpoint's check kind to its checker: ``(outcome, reason, tool)``."""
    kind = check.type
    color = getattr(check, "color", None)
    if color and colors.canonical(color) is None:
        return "abstain", f"{color!r} is not a palette colour ({', '.join(colors.COLOR_WORDS)})", "palette"
    if kind == "text":
        return (*check_text(path, check.text, check.case_sensitive, check.region), "ocr")
    if kind == "color":
        return (*check_color(path, check.color, check.min_fraction, check.region, check.entity), "palette")
    if kind == "count":
        return (*check_count(path, check.entity, check.count, check.color), "blobs")
    if kind == "absence":
        tool = "+".join(t for t, used in (("ocr", check.text), ("palette", check.color)) if used) or "none"
        return (*check_absence(path, check.entity, check.text, check.color), tool)
    if kind == "layout":
        tool = "ocr" if check.text else "palette" if check.color else "none"
        return (*check_layout(path, check.entity, check.region, check.text, check.color), tool)
    what = check.entity if kind == "presence" else check.style
    return "abstain", f"the offline judge cannot verify {kind} ({what!r}) in an image; use a model judge", "none"
