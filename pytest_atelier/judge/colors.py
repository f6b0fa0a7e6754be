"""Named colours: the palette shared by the reference renderer and the palette checker.

``PALETTE`` maps each canonical colour name to the RGB the renderer paints with and the
classifier compares against; ``SYNONYMS`` maps other colour words (crimson, grey, golden,
...) to a canonical name. :func:`classify` labels every pixel with its nearest palette
colour in CIELAB, so "how much of the image is red" is a count of labels.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "PALETTE",
    "SYNONYMS",
    "COLOR_NAMES",
    "COLOR_WORDS",
    "canonical",
    "rgb",
    "words_for",
    "rgb_to_lab",
    "classify",
    "color_mask",
    "family_mask",
    "shades_of_one_hue",
]

PALETTE: dict[str, tuple[int, int, int]] = {
    "red": (220, 30, 40),
    "maroon": (128, 20, 30),
    "orange": (245, 130, 30),
    "yellow": (250, 220, 40),
    "gold": (205, 165, 45),
    "green": (40, 160, 60),
    "teal": (0, 128, 128),
    "cyan": (40, 210, 225),
    "blue": (30, 90, 220),
    "navy": (20, 30, 100),
    "purple": (130, 50, 170),
    "magenta": (220, 40, 180),
    "pink": (245, 150, 190),
    "brown": (120, 70, 30),
    "beige": (225, 205, 165),
    "black": (15, 15, 15),
    "white": (245, 245, 245),
    "gray": (128, 128, 128),
    "silver": (192, 192, 192),
}

SYNONYMS: dict[str, str] = {
    "crimson": "red",
    "scarlet": "red",
    "ruby": "red",
    "vermilion": "red",
    "burgundy": "maroon",
    "wine": "maroon",
    "amber": "orange",
    "tangerine": "orange",
    "lemon": "yellow",
    "golden": "gold",
    "emerald": "green",
    "lime": "green",
    "olive": "green",
    "turquoise": "cyan",
    "aqua": "cyan",
    "azure": "blue",
    "cobalt": "blue",
    "sapphire": "blue",
    "indigo": "navy",
    "violet": "purple",
    "lavender": "purple",
    "lilac": "purple",
    "fuchsia": "magenta",
    "rose": "pink",
    "chocolate": "brown",
    "tan": "beige",
    "cream": "beige",
    "ivory": "white",
    "grey": "gray",
    "charcoal": "gray",
    "silvery": "silver",
}

COLOR_NAMES: tuple[str, ...] = tuple(PALETTE)
COLOR_WORDS: tuple[str, ...] = tuple(sorted({*PALETTE, *SYNONYMS}))

_LAB = None  # palette in CIELAB, computed on first use


def canonical(word: str) -> str | None:
    """The palette name of a colour word (``"Crimson"`` -> ``"red"``), or None."""
    word = word.strip().lower()
    if word in PALETTE:
        return word
    return SYNONYMS.get(word)


def rgb(name: str) -> tuple[int, int, int]:
    """The RGB of a colour word; ValueError lists the palette when it is unknown."""
    key = canonical(name)
    if key is None:
        raise ValueError(f"unknown colour {name!r}; known colours: {', '.join(COLOR_WORDS)}")
    return PALETTE[key]


def words_for(name: str) -> list[str]:
    """Every colour word that names the same palette colour as ``name`` (itself first)."""
    key = canonical(name)
    if key is None:
        return [name.lower()]
    return [name.lower(), *sorted({key, *(w for w, k in SYNONYMS.items() if k == key)} - {name.lower()})]


def rgb_to_lab(values: np.ndarray) -> np.ndarray:
    """sRGB (..., 3) in 0-255 to CIELAB (D65)."""
    c = np.asarray(values, dtype=np.float64) / 255.0
    c = np.where(c > 0.04045, ((c + 0.055) / 1.055) ** 2.4, c / 12.92)
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = c @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def shades_of_one_hue(a: str, b: str) -> bool:
    """Whether two palette colours are shades of one hue, so that a prompt naming one may get
    the other drawn (navy and blue, red and maroon, orange and brown, gray and silver): chromatic
    colours within 15 degrees of CIELAB hue, or greys within 30 units of lightness."""
    (la, aa, ba), (lb, ab, bb) = rgb_to_lab(np.array([PALETTE[canonical(a)], PALETTE[canonical(b)]]))
    chroma_a, chroma_b = np.hypot(aa, ba), np.hypot(ab, bb)
    if chroma_a < 10 and chroma_b < 10:
        return abs(la - lb) <= 30
    if chroma_a < 10 or chroma_b < 10:
        return False
    turn = abs(np.degrees(np.arctan2(ba, aa)) - np.degrees(np.arctan2(bb, ab))) % 360
    return min(turn, 360 - turn) <= 15


def classify(pixels: np.ndarray) -> np.ndarray:
    """Index into COLOR_NAMES of the nearest palette colour for each pixel of an (H, W, 3) array."""
    global _LAB
    if _LAB is None:
        _LAB = rgb_to_lab(np.array(list(PALETTE.values())))
    flat = np.asarray(pixels, dtype=np.uint8).reshape(-1, 3)
    # Classify each distinct colour once: flat graphics have few, photos are downsampled first.
    packed = (flat[:, 0].astype(np.uint32) << 16) | (flat[:, 1].astype(np.uint32) << 8) | flat[:, 2]
    unique, inverse = np.unique(packed, return_inverse=True)
    colors = np.stack([(unique >> 16) & 255, (unique >> 8) & 255, unique & 255], axis=-1)
    dist = ((rgb_to_lab(colors)[:, None, :] - _LAB[None, :, :]) ** 2).sum(-1)
    return dist.argmin(1)[inverse].reshape(pixels.shape[:2])


FAMILY_HUE = 45.0  # degrees of HSV hue either side of a named colour that still count as its tints
FAMILY_SATURATION = 0.04  # saturation above which a pixel has a hue at all


def _hsv(pixels: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Hue in degrees, saturation and value (0-1) of an (..., 3) sRGB array (the hexcone model,
    whose hue follows colour names better than CIELAB's: a pale sky blue sits by blue, not cyan)."""
    c = np.asarray(pixels, dtype=np.float64) / 255.0
    high, low = c.max(-1), c.min(-1)
    span = np.where(high > low, high - low, 1.0)
    r, g, b = (c[..., k] for k in range(3))
    hue = np.where(high == r, (g - b) / span % 6, np.where(high == g, (b - r) / span + 2, (r - g) / span + 4)) * 60
    return hue, np.where(high > 0, (high - low) / np.where(high > 0, high, 1.0), 0.0), high


def family_mask(pixels: np.ndarray, name: str) -> np.ndarray:
    """Boolean mask (over the leading axes of an (..., 3) RGB array) of the pixels that could be
    called ``name`` loosely: any tint or shade of its hue (a pale sky blue, a dark bottle green,
    a cream for beige), or, for white, black, gray and silver, a near-neutral pixel of fitting
    lightness. The palette's nearest-colour bins (:func:`classify`) put a pale blue with silver;
    this mask is what "the colour is absent" is judged on."""
    hue, saturation, value = _hsv(pixels)
    (h0,), (s0,), (v0,) = _hsv(np.array([rgb(name)]))
    if s0 < 0.15:  # a neutral: white, black, gray, silver
        low, high = (0.7, 1.01) if v0 > 0.9 else (-1, 0.3) if v0 < 0.1 else (0.2, 0.9)
        return (saturation < 0.2) & (value >= low) & (value <= high)
    turn = np.abs(hue - h0) % 360
    return (saturation >= FAMILY_SATURATION) & (value >= 0.08) & (np.minimum(turn, 360 - turn) <= FAMILY_HUE)


def color_mask(pixels: np.ndarray, name: str) -> np.ndarray:
    """Boolean (H, W) mask of the pixels whose nearest palette colour is ``name``."""
    rgb(name)  # raises on an unknown colour
    return classify(pixels) == COLOR_NAMES.index(canonical(name))
