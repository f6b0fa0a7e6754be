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
from PIL import Image, ImageDraw
from scipy import ndimage, spatial

from ..engine.threads import available_cores, cpu_threads
from ..errors import MissingExtraError, require
from . import colors
from .text_sets import each_text

__all__ = [
    "TextBox",
    "REGION_BOXES",
    "region_box",
    "ocr_available",
    "warm_ocr",
    "read_text",
    "text_lines",
    "reading_order",
    "load_pixels",
    "color_fraction",
    "flat_coverage",
    "blobs",
    "count_blobs",
    "check_text",
    "check_color",
    "check_count",
    "check_background",
    "check_palette",
    "background_region",
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
PRESENT_FRACTION = 0.01  # at or above this share of pixels a colour counts as present
ABSENT_FRACTION = 0.001  # below this share a colour counts as absent


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

# One OCR engine per core, each on one thread: images are read side by side (the engine
# produces several runs at once), and no engine's thread pool competes with another's.
_ocr_free = threading.Condition()  # guards the two below; notified when an engine is freed or failed to be made
_ocr_idle: list = []
_ocr_made = 0
_ocr_cache: dict[str, tuple[list[TextBox], tuple[int, int]]] = {}


def ocr_available() -> bool:
    """Whether the ``ocr`` extra is installed (checked without importing it)."""
    return importlib.util.find_spec("rapidocr_onnxruntime") is not None


def _borrow_ocr_engine():
    """An idle engine, a new one while fewer than the process's cores exist, else the next freed.
    A thread that fails to make one wakes a waiting thread, which then tries to make one itself."""
    global _ocr_made
    with _ocr_free:
        while not _ocr_idle and _ocr_made >= (cpu_threads() or available_cores()):
            _ocr_free.wait()
        if _ocr_idle:
            return _ocr_idle.pop()
        _ocr_made += 1
    try:
        module = require("rapidocr_onnxruntime", "ocr", "Reading text in images (OCR)")
        return module.RapidOCR(intra_op_num_threads=1, inter_op_num_threads=1)
    except BaseException:
        with _ocr_free:
            _ocr_made -= 1
            _ocr_free.notify()
        raise


def warm_ocr() -> None:
    """Make one OCR engine on this thread (before worker threads start: it makes loggers), if none exists."""
    if _ocr_made == 0 and ocr_available():
        try:
            _return_ocr_engine(_borrow_ocr_engine())
        except MissingExtraError:  # a broken install: the text checks abstain and say so where they run
            pass


def _return_ocr_engine(engine) -> None:
    with _ocr_free:
        _ocr_idle.append(engine)
        _ocr_free.notify()


def read_text(path: Path) -> tuple[list[TextBox], tuple[int, int]]:
    """OCR text boxes of an image and its (width, height); cached by file content.

    Raises MissingExtraError (naming the ``ocr`` extra) when rapidocr is not installed.
    """
    key = _sha(path)
    found = _ocr_cache.get(key)
    if found is not None:
        return found
    with Image.open(path) as img:
        size = img.size
        rgb = np.asarray(img.convert("RGB"))
    engine = _borrow_ocr_engine()
    try:
        result, _ = engine(rgb[:, :, ::-1].copy())  # rapidocr takes BGR arrays
    finally:
        _return_ocr_engine(engine)
    boxes = []
    for points, text, score in result or []:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        boxes.append(TextBox(str(text), float(score), (min(xs), min(ys), max(xs), max(ys))))
    return _ocr_cache.setdefault(key, (boxes, size))


def text_lines(boxes: list[TextBox]) -> list[list[TextBox]]:
    """The boxes grouped in lines, top to bottom, each line left to right."""
    lines: list[list[TextBox]] = []
    for box in sorted(boxes, key=lambda b: b.center[1]):
        last = lines[-1] if lines else None
        if last and abs(box.center[1] - last[0].center[1]) < 0.5 * (last[0].box[3] - last[0].box[1]):
            last.append(box)
        else:
            lines.append([box])
    return [sorted(line, key=lambda b: b.box[0]) for line in lines]


def reading_order(boxes: list[TextBox]) -> str:
    """The boxes' text joined line by line, top to bottom, each line left to right."""
    return "\n".join(" ".join(b.text for b in line) for line in text_lines(boxes))


def _norm_text(text: str, case_sensitive: bool) -> str:
    text = unicodedata.normalize("NFKC", text)
    text = text if case_sensitive else text.casefold()
    text = re.sub(r"[^\w]|_", " ", text)
    # OCR drops the space between a word and a number ("COFFEE 3" -> "COFFEE3"): split them.
    return " ".join(re.sub(r"(?<=[^\W\d])(?=\d)|(?<=\d)(?=[^\W\d])", " ", text).split())


# OCR noise that a match may skip between the words of the wanted text: a token of at most
# two characters that is not part of the text (a stray mark read as "1", "l", "-").
_STRAY = 2


def _tokens(text: str, case_sensitive: bool) -> list[str]:
    # OCR confuses the letter O and the digit 0 in many fonts: read 0 as O (o once case-folded).
    letter = "O" if case_sensitive else "o"
    return _norm_text(text, case_sensitive).replace("0", letter).split()


def _contains(haystack: str, needle: str, case_sensitive: bool = False) -> bool:
    """The needle's words appear in order in the haystack, one after another, allowing stray
    tokens of at most two characters between them, and a word that OCR split into pieces or
    merged with its neighbour ("NIGHTMARKET")."""
    hay, want = _tokens(haystack, case_sensitive), _tokens(needle, case_sensitive)
    if not want:
        return False
    for start in range(len(hay)):
        i, k = start, 0
        while i < len(hay) and k < len(want):
            piece, j = hay[i], i
            while piece != want[k] and want[k].startswith(piece) and j + 1 < len(hay):
                j += 1
                piece += hay[j]
            merged = next((m for m in range(2, len(want) - k + 1) if hay[i] == "".join(want[k : k + m])), 0)
            if merged:  # "OPENDAILY" read for "OPEN DAILY"
                k, i = k + merged, i + 1
            elif piece == want[k]:
                k, i = k + 1, j + 1
            elif k == 0 or len(hay[i]) > _STRAY:
                break
            else:
                i += 1
        if k == len(want):
            return True
    return False


def _fold_accents(text: str) -> str:
    """The text without diacritics ("CAFÉ" -> "CAFE")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _near_miss(haystack: str, needle: str, case_sensitive: bool) -> str | None:
    """A run of OCR tokens that differs from the needle by one or two letters (a typo)."""
    import difflib

    hay, want = _tokens(haystack, case_sensitive), " ".join(_tokens(needle, case_sensitive))
    n = len(want.split())
    for size in {max(1, n - 1), n, n + 1}:
        for i in range(len(hay) - size + 1):
            run = " ".join(hay[i : i + size])
            if run != want and difflib.SequenceMatcher(None, run, want).ratio() >= 0.8:
                return run
    return None


def _unread_marks(path: Path, box: TextBox, side: str) -> bool:
    """Glyph-like marks that OCR did not read right after (``side`` "right") or before the box
    on its line: in a strip one and a half box heights wide, more than 2% of the box's rows
    differ from the strip's median colour, counting only columns that are clear above and below
    the box's rows (a frame's edge or a rule running past the line is not a glyph)."""
    with Image.open(path) as img:
        pixels = np.asarray(img.convert("RGB")).astype(int)
    x0, y0, x1, y1 = (int(round(v)) for v in box.box)
    height = max(1, y1 - y0)
    reach = int(1.5 * height) + 1
    lo, hi = (x1 + 2, x1 + 2 + reach) if side == "right" else (x0 - 2 - reach, x0 - 2)
    top, bottom = max(0, y0 - height // 2), min(pixels.shape[0], y1 + height // 2)
    strip = pixels[top:bottom, max(0, lo) : max(0, hi)]
    if strip.size == 0 or y0 - top < 1 or bottom - y1 < 1:
        return False
    ink = np.abs(strip - np.median(strip.reshape(-1, 3), axis=0)).max(axis=2) > 60
    band = ink[y0 - top : y1 - top]
    clear = ~ink[: y0 - top].any(axis=0) & ~ink[y1 - top :].any(axis=0)
    return float(band[:, clear].sum()) / band.size > 0.02


def _partial_read(path: Path, boxes: list[TextBox], needle: str, case_sensitive: bool) -> str | None:
    """An OCR line that stops short of the text where marks that OCR did not read follow (or
    come before) it ('platform' for "PLATFORM 9" with the 9 unread), or that holds the text's
    words in order with up to two other words in between ('harbor ipsum lights' for "Harbor
    Lights"). Neither tells whether the text is drawn as given; a line that stops short
    before blank background is text left out, not a partial read."""
    want = _tokens(needle, case_sensitive)
    if len(want) < 2:
        return None
    for line in text_lines(boxes):
        hay = _tokens(" ".join(b.text for b in line), case_sensitive)
        for k in range(1, len(want)):
            head, tail = want[:k], want[k:]
            if hay[-k:] == head and len("".join(head)) >= 3 and _unread_marks(path, line[-1], "right"):
                return " ".join(b.text for b in line)
            if hay[: len(tail)] == tail and len("".join(tail)) >= 3 and _unread_marks(path, line[0], "left"):
                return " ".join(b.text for b in line)
        for start in (i for i, t in enumerate(hay) if t == want[0]):
            i, k, extra = start + 1, 1, 0
            while i < len(hay) and k < len(want) and extra <= 2:
                k, extra, i = (k + 1, extra, i + 1) if hay[i] == want[k] else (k, extra + 1, i + 1)
            if k == len(want) and 0 < extra <= 2:
                return " ".join(b.text for b in line)
    return None


def _in_region(box: TextBox, region: str, size: tuple[int, int]) -> bool:
    x0, y0, x1, y1 = region_box(region, *size)
    cx, cy = box.center
    return x0 <= cx <= x1 and y0 <= cy <= y1


def _short(text: str, limit: int = 120) -> str:
    text = " / ".join(text.split("\n"))
    return text if len(text) <= limit else text[: limit - 3] + "..."


MIN_CONFIDENCE = 0.8  # OCR boxes below this confidence are not evidence of a misspelling


def check_text(path: Path, text: str, case_sensitive: bool = False, region: str | None = None) -> tuple[str, str]:
    """Pass: OCR reads the text's words in order (punctuation, line breaks, case unless
    ``case_sensitive``, O/0 and stray tokens of at most two characters between words are
    tolerated), in ``region`` when given. Fail: OCR confidently reads a near miss (a typo),
    reads it only outside the region or with other capitalisation, or reads nothing or other
    text on flat graphics. Abstain: the text read only without its accents ("CAFE" for "CAFÉ"),
    only in part beside marks OCR did not read, or with other words in between
    (:func:`_partial_read`), or nothing matching
    on photo-like images, where OCR misses stylised text."""
    try:
        boxes, size = read_text(path)
    except MissingExtraError as exc:
        return "abstain", f"cannot read text without OCR: {exc}"
    everywhere = reading_order(boxes)
    if _contains(everywhere, text, case_sensitive):
        if region is None:
            return "pass", f"OCR reads {text!r}"
        if _contains(reading_order([b for b in boxes if _in_region(b, region, size)]), text, case_sensitive):
            return "pass", f"OCR reads {text!r} in the {region} region"
        return "fail", f"OCR reads {text!r}, but not in the {region} region"
    if case_sensitive and _contains(everywhere, text, False):
        return "fail", f"OCR reads {text!r} with different capitalisation: {_short(everywhere)!r}"
    if _fold_accents(text) != text and _contains(_fold_accents(everywhere), _fold_accents(text), case_sensitive):
        return "abstain", f"OCR reads {text!r} without its accents (OCR often drops them): cannot tell whether they are drawn"
    partial = _partial_read(path, boxes, text, case_sensitive)
    if partial is not None:
        return "abstain", f"OCR reads {_short(partial)!r}: only part of {text!r}, or it with other words in between; cannot tell what is drawn"
    confident = reading_order([b for b in boxes if b.confidence >= MIN_CONFIDENCE])
    near = _near_miss(confident, text, case_sensitive)
    if near:
        return "fail", f"OCR reads {near!r} instead of {text!r}"
    if flat_coverage(path) < FLAT_COVERAGE:
        seen = f"it reads {_short(everywhere)!r}" if boxes else "it reads no text"
        return "abstain", f"OCR does not read {text!r} ({seen}), but on a photo-like image OCR misses stylised text"
    if not boxes:
        return "fail", f"OCR reads no text on flat graphics; expected {text!r}"
    return "fail", f"OCR does not read {text!r}; it reads {_short(everywhere)!r}"


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


def family_fraction(path: Path, color: str, region: str | None = None) -> float:
    """Share of pixels (in ``region`` when given) of any tint or shade of ``color``
    (:func:`.colors.family_mask`)."""
    crop = _crop(load_pixels(path)[0], region)
    return float(colors.family_mask(crop, color).mean()) if crop.size else 0.0


def flat_coverage(path: Path) -> float:
    """Share of pixels covered by the image's 16 most frequent exact colours."""
    rgb = load_pixels(path)[0].reshape(-1, 3).astype(np.uint32)
    _, counts = np.unique((rgb[:, 0] << 16) | (rgb[:, 1] << 8) | rgb[:, 2], return_counts=True)
    return float(np.sort(counts)[::-1][:FLAT_TOP_COLORS].sum() / len(rgb))


def blobs(mask: np.ndarray) -> list[tuple[int, float, float]]:
    """``(area, notch, fill)`` of the 8-connected components of a boolean mask with their
    holes filled (an outline and what it encloses are one shape), largest first. ``notch`` is
    the depth of the deepest dent in the outline (the largest distance from the shape of a
    point inside its convex hull) over the shape's equivalent diameter: about 0 for a disc or
    a panel, clearly above 0 for shapes that touch or overlap (and for stars and letters).
    ``fill`` is the share of its bounding box the shape covers (a disc 0.79, a square 1)."""
    labels, n = ndimage.label(ndimage.binary_fill_holes(mask), structure=np.ones((3, 3)))
    out = []
    for index, region in enumerate(ndimage.find_objects(labels), start=1):
        shape = labels[region] == index
        area = int(shape.sum())
        out.append((area, _notch(shape) / (2 * np.sqrt(area / np.pi)), area / shape.size))
    return sorted(out, reverse=True)


def _notch(shape: np.ndarray) -> float:
    """Pixels from the deepest point of the convex hull's deficit to the shape."""
    ys, xs = np.nonzero(shape)
    if len(set(xs)) < 3 or len(set(ys)) < 3:
        return 0.0
    pts = np.stack([xs, ys], 1).astype(float)
    try:
        corners = pts[spatial.ConvexHull(pts).vertices]
    except spatial.QhullError:
        return 0.0  # all on one slanted line: a stroke has no dent
    hull = Image.new("1", (shape.shape[1], shape.shape[0]), 0)
    ImageDraw.Draw(hull).polygon([tuple(p) for p in corners], fill=1)
    deficit = np.asarray(hull, dtype=bool) & ~shape
    return float(ndimage.distance_transform_edt(~shape)[deficit].max()) if deficit.any() else 0.0


def _composite(path: Path, color: str | None, counted: list[tuple[int, float, float]]) -> bool:
    """Whether the counted shapes may be several things each: they hold other shapes in their
    holes (a card holding five day columns), or, counted without a colour, one shape is made
    of several colours that each cover a tenth of it (two walls meeting at a corner)."""
    labels = load_pixels(path)[1]
    mask = _count_mask(path, color)
    floor = max(SPECK_SHARE * labels.size, 4)
    sizes = np.bincount(ndimage.label(mask, structure=np.ones((3, 3)))[0].ravel())[1:]
    if int((sizes >= floor).sum()) > len(counted):
        return True
    if color:
        return False
    filled, n = ndimage.label(ndimage.binary_fill_holes(mask), structure=np.ones((3, 3)))
    for index in range(1, n + 1):
        inside = labels[(filled == index) & mask]
        if inside.size >= floor and (np.bincount(inside) >= 0.1 * inside.size).sum() >= 2:
            return True
    return False


def _count_mask(path: Path, color: str | None) -> np.ndarray:
    """What a count counts: pixels of ``color``, or everything but the background and a frame."""
    return _mask(path, color) if color else _without_frame(~background_region(path)[0])


def _without_frame(mask: np.ndarray) -> np.ndarray:
    """The mask less any component that spans the whole image (a frame drawn round it)."""
    regions, n = ndimage.label(mask, structure=np.ones((3, 3)))
    h, w = mask.shape
    for index, box in enumerate(ndimage.find_objects(regions), start=1):
        if box[0].stop - box[0].start >= 0.9 * h and box[1].stop - box[1].start >= 0.9 * w:
            mask = mask & (regions != index)
    return mask


SPECK_SHARE, SPECK_OF_LARGEST = 0.0005, 0.02
# A dent deeper than this share of a shape's diameter (and than pixelisation) means shapes
# that touch or overlap, or a shape that is not convex.
MAX_NOTCH, MIN_NOTCH_PX = 0.04, 1.5
# Without a colour, only shapes alike in size are taken as instances of one thing.
MAX_SIZE_RATIO = 3.0
# Counted shapes whose bounding-box fill differs by more than this are of different forms.
MAX_FILL_SPREAD = 0.12


def count_blobs(path: Path, color: str | None) -> tuple[int, list[tuple[int, float, float]]]:
    """Number of separate shapes of ``color`` (or, without one, of anything that is not the
    background), holes filled, ignoring specks; also returns the counted ``(area,
    notch)`` pairs. A speck is smaller than 0.05% of the image or 2% of the largest blob.
    """
    labels = load_pixels(path)[1]
    mask = _count_mask(path, color)
    found = blobs(mask)
    if not found:
        return 0, []
    floor = max(SPECK_SHARE * labels.size, SPECK_OF_LARGEST * found[0][0], 4)
    counted = [b for b in found if b[0] >= floor]
    return len(counted), counted


# --- checks ----------------------------------------------------------------------------------


BACKGROUND_WORDS = frozenset({"background", "backdrop", "backgrounds", "bg", "ground", "canvas"})
PALETTE_FILL = 0.01  # a palette colour must cover at least this share to count as used


def background_region(path: Path) -> tuple[np.ndarray, int]:
    """The background: the largest connected region of one palette colour (a frame drawn
    round the image is thinner than what it encloses). Returns its mask and label."""
    labels = load_pixels(path)[1]
    best, best_area, best_label = None, -1, -1
    for label in np.unique(labels):
        regions, n = ndimage.label(labels == label)
        if n:
            areas = np.bincount(regions.ravel())[1:]
            if areas.max() > best_area:
                best, best_area, best_label = regions == areas.argmax() + 1, int(areas.max()), int(label)
    return best, best_label


BACKGROUND_SHARE = 0.3  # the background region must cover this share of the image
MAX_DELTA_E = 12.0  # CIELAB distance from the named colour within which a hue is that colour


def check_background(path: Path, color: str) -> tuple[str, str]:
    """The background is the largest connected one-colour region (:func:`background_region`).
    Pass: it covers at least 30% of the image, its palette colour is the named one and its
    mean colour lies within 12 CIELAB units of it (a pale blue is not called white). Fail:
    such a region has another palette colour, the named colour lies over 12 units from its
    mean and that mean is no tint or shade of it (:func:`.colors.family_mask`: a cream is a
    tint of beige, a pale pink of pink). Abstain: no region that large, or a tint in between."""
    mask, label = background_region(path)
    rgb = load_pixels(path)[0]
    share = float(mask.mean())
    mean = rgb[mask].mean(axis=0)
    distance = float(np.linalg.norm(colors.rgb_to_lab(mean) - colors.rgb_to_lab(np.array(colors.rgb(color)))))
    found = colors.COLOR_NAMES[label]
    what = f"the largest one-colour region ({share:.0%} of the image) is {found}, {distance:.0f} CIELAB units from {color}"
    if share < BACKGROUND_SHARE:
        return "abstain", f"no clear background: {what}"
    if found == colors.canonical(color) and distance <= MAX_DELTA_E:
        return "pass", what
    if found != colors.canonical(color) and distance > MAX_DELTA_E and not colors.family_mask(mean, color):
        return "fail", what
    return "abstain", f"{what}: a tint between colour names"


def check_color(
    path: Path, color: str, min_fraction: float = 0.01, region: str | None = None, entity: str = ""
) -> tuple[str, str]:
    """Pass: the colour covers at least ``min_fraction`` of the image or region. Fail: it is
    essentially absent (under 0.1%), and so is every tint and shade of it (a pale sky blue is
    binned with silver, so its absence from the blue bin proves nothing), so nothing there carries it;
    for an entity's colour, only on flat graphics (on a photo-like image a thin rim or a part in
    coloured light escapes the count). Abstain: present below
    ``min_fraction`` (a small element may carry it), or present but required of an entity
    that pixels cannot locate. The background has its own rule (:func:`check_background`)."""
    if entity.strip().lower() in BACKGROUND_WORDS and region is None:
        return check_background(path, color)
    share = color_fraction(path, color, region)
    where = f"of the {region} region" if region else "of the image"
    if share < ABSENT_FRACTION:
        tints = family_fraction(path, color, region)
        if tints >= ABSENT_FRACTION:  # a pale sky blue is binned with silver, yet it is blue
            return "abstain", f"{color} covers {share:.2%} {where}, but tints or shades of it cover {tints:.1%}: which is meant?"
        if entity and flat_coverage(path) < FLAT_COVERAGE:  # a thin rim or a tinted light escapes the pixel count
            return "abstain", f"{color} covers {share:.2%} {where}, but on a photo-like image the {entity} may carry it in a small or lit patch"
        return "fail", f"{color} covers {share:.2%} {where}, and no tint or shade of it {tints:.2%}: essentially absent"
    if share < min_fraction:
        return "abstain", f"{color} covers only {share:.1%} {where}, below {min_fraction:.1%}: a small element may carry it"
    if entity and region is None:
        return (
            "abstain",
            f"{color} covers {share:.1%} {where}, but the offline judge cannot tell whether the {entity} carries it",
        )
    return "pass", f"{color} covers {share:.1%} {where} (>= {min_fraction:.1%})"


def check_palette(path: Path, wanted: list[str], tolerance: float = 0.05) -> tuple[str, str]:
    """Pass: every listed colour covers at least 1% of the image and all other colours
    together at most ``tolerance`` of the pixels inside flat areas (anti-aliased edges are
    mixtures).
    Fail: a listed colour is missing, or other colours cover more than twice the tolerance.
    Abstain: in between."""
    labels = load_pixels(path)[1]
    interior = ndimage.minimum_filter(labels, 3) == ndimage.maximum_filter(labels, 3)
    pool = labels[interior] if interior.mean() >= 0.5 else labels.ravel()
    shares = np.bincount(pool, minlength=len(colors.COLOR_NAMES)) / max(1, pool.size)
    used = np.bincount(labels.ravel(), minlength=len(colors.COLOR_NAMES)) / labels.size
    want = {colors.COLOR_NAMES.index(colors.canonical(c)) for c in wanted}
    missing = [colors.COLOR_NAMES[i] for i in sorted(want) if used[i] < PALETTE_FILL]
    other = float(sum(shares[i] for i in range(len(shares)) if i not in want))
    biggest = max((i for i in range(len(shares)) if i not in want), key=lambda i: shares[i])
    found = f"other colours cover {other:.1%} (most: {colors.COLOR_NAMES[biggest]} {shares[biggest]:.1%})"
    if missing:
        return "fail", f"{', '.join(missing)} covers less than {PALETTE_FILL:.0%}; {found}"
    if other <= tolerance:
        return "pass", f"only {', '.join(wanted)}: {found}, within {tolerance:.0%}"
    if other > 2 * tolerance:
        return "fail", f"not only {', '.join(wanted)}: {found}"
    return "abstain", f"{found}: near the tolerance of {tolerance:.0%}"


def check_count(path: Path, entity: str, count: int, color: str | None) -> tuple[str, str]:
    """Count separated shapes on flat graphics (holes filled, so an outline and its contents
    are one; panels separated by gutters count once each): shapes of ``color``, or without
    one everything that is not the background, provided the shapes are alike in size (within
    3x: otherwise they are different things). Pass: the count matches. Fail: it does not, and
    the counted shapes are of one form (their bounding-box fill within 0.12: not discs and
    squares together) and none may be several things (:func:`_composite`). Abstain:
    otherwise, on photo-like images, for a colour that fills most of the image, and when a
    shape is not convex (a dent deeper than 4% of its diameter: shapes that touch or overlap,
    but also stars and letters)."""
    coverage = flat_coverage(path)
    if coverage < FLAT_COVERAGE:
        share = f"top {FLAT_TOP_COLORS} colours cover {coverage:.0%} < {FLAT_COVERAGE:.0%}"
        return "abstain", f"not flat graphics ({share}), so shapes cannot be counted"
    if not color and background_region(path)[0].mean() < BACKGROUND_SHARE:
        return "abstain", f"no clear background to count {entity!r} against"
    if color and not np.array_equal(_without_frame(_mask(path, color)), _mask(path, color)):
        return "abstain", f"{color} spans the whole image (a frame or the background), so its shapes cannot be told apart"
    found, counted = count_blobs(path, color)
    what = f"{color} shapes" if color else "shapes on the background"
    if counted and counted[0][0] > 0.5 * load_pixels(path)[1].size:
        return "abstain", f"one shape fills most of the image, so the {what} cannot be told apart"
    if not color and counted and counted[0][0] > MAX_SIZE_RATIO * counted[-1][0]:
        return "abstain", f"the {found} {what} differ in size by more than {MAX_SIZE_RATIO}x: they are not all {entity!r}, so name a colour"
    irregular = sum(notch > MAX_NOTCH and notch * 2 * np.sqrt(area / np.pi) > MIN_NOTCH_PX for area, notch, _ in counted)
    if irregular:
        return "abstain", f"{irregular} of {found} {what} are not convex: they may be shapes that touch, so they cannot be counted"
    if found == count:
        return "pass", f"counted {found} separate {what}, as expected for {entity!r}"
    fills = [fill for _, _, fill in counted]
    if fills and max(fills) - min(fills) > MAX_FILL_SPREAD:
        return "abstain", f"counted {found} separate {what}, but of different forms (a disc and a square): not all may be {entity!r}"
    if _composite(path, color, counted):
        return "abstain", f"counted {found} separate {what}, but they hold or are made of other shapes; {count} {entity!r} may be those"
    return "fail", f"counted {found} separate {what}, expected {count} {entity!r}"


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
        return (*each_text(check, lambda one: check_text(path, one.text, one.case_sensitive, one.region)), "ocr")
    if kind == "color":
        return (*check_color(path, check.color, check.min_fraction, check.region, check.entity), "palette")
    if kind == "count":
        return (*check_count(path, check.entity, check.count, check.color), "blobs")
    if kind == "palette":
        unknown = [c for c in check.colors if colors.canonical(c) is None]
        if unknown:
            return "abstain", f"{unknown[0]!r} is not a palette colour ({', '.join(colors.COLOR_WORDS)})", "palette"
        return (*check_palette(path, check.colors, check.tolerance), "palette")
    if kind == "absence":
        tool = "+".join(t for t, used in (("ocr", check.text), ("palette", check.color)) if used) or "none"
        return (*check_absence(path, check.entity, check.text, check.color), tool)
    if kind == "layout":
        tool = "ocr" if check.text else "palette" if check.color else "none"
        return (*check_layout(path, check.entity, check.region, check.text, check.color), tool)
    if kind == "relation":
        relation = check.relation.replace("_", " ")
        return "abstain", (f"the offline judge cannot tell whether the {check.subject} is {relation} the {check.object} in an "
                           "image (it finds no objects); a model judge reads the checkpoint's statement"), "none"
    what = check.entity if kind == "presence" else check.style
    return "abstain", f"the offline judge cannot verify {kind} ({what!r}) in an image; use a model judge", "none"
