"""Colour shift between an input image and an output image.

Two measures, both 0 for identical images and larger the further the colours moved:

- :func:`histogram_distance`: OpenCV's ``compareHist`` between hue-saturation histograms
  (Bhattacharyya distance by default, 0..1). It sees *how much* of the colour mass moved,
  not how far.
- :func:`palette_drift`: the dominant palette of each image (k-means in CIELAB on a
  thumbnail), each colour matched to its nearest colour in the other palette, and the
  CIEDE2000 difference (``skimage.color.deltaE_ciede2000``) averaged with the palette's
  weights, in both directions. In CIEDE2000 units: about 1 is barely visible, above 10 a
  different colour.

Both need the ``metrics`` extra (OpenCV and scikit-image).
"""

from __future__ import annotations

import numpy as np
from PIL import Image
from scipy.cluster.vq import kmeans2

from ...errors import require
from ._images import ImageLike, pair

__all__ = ["HISTOGRAM_METHODS", "histogram_distance", "dominant_palette", "palette_drift"]

HISTOGRAM_METHODS = ("bhattacharyya", "chisqr", "hellinger", "correlation", "intersection")
_HUE_BINS, _SAT_BINS = 36, 16


def _cv2():
    return require("cv2", "metrics", "Colour-shift metrics (OpenCV)")


def _skcolor():
    return require("skimage.color", "metrics", "Colour-shift metrics (scikit-image)")


def _hs_histogram(cv2, rgb: np.ndarray) -> np.ndarray:
    hsv = cv2.cvtColor(rgb, cv2.COLOR_RGB2HSV)  # OpenCV hue runs 0..180 for 8-bit images
    hist = cv2.calcHist([hsv], [0, 1], None, [_HUE_BINS, _SAT_BINS], [0, 180, 0, 256])
    return cv2.normalize(hist, hist, alpha=1.0, norm_type=cv2.NORM_L1)


def histogram_distance(a: ImageLike, b: ImageLike, method: str = "bhattacharyya") -> float:
    """How different the hue-saturation histograms of ``a`` and ``b`` are (0 when identical).

    ``method`` is one of :data:`HISTOGRAM_METHODS`; ``correlation`` and ``intersection`` are
    similarities in OpenCV and are returned as ``1 - similarity`` so that every method is a
    distance.
    """
    if method not in HISTOGRAM_METHODS:
        raise ValueError(f"method must be one of {', '.join(HISTOGRAM_METHODS)}, not {method!r}")
    cv2 = _cv2()
    first, second = pair(a, b)
    ha, hb = _hs_histogram(cv2, first), _hs_histogram(cv2, second)
    flags = {
        "bhattacharyya": cv2.HISTCMP_BHATTACHARYYA,
        "hellinger": cv2.HISTCMP_HELLINGER,
        "chisqr": cv2.HISTCMP_CHISQR_ALT,
        "correlation": cv2.HISTCMP_CORREL,
        "intersection": cv2.HISTCMP_INTERSECT,
    }
    value = float(cv2.compareHist(ha, hb, flags[method]))
    if method in ("correlation", "intersection"):
        value = 1.0 - value
    return max(0.0, value)


def dominant_palette(image: ImageLike, k: int = 5, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The ``k`` dominant colours of ``image`` as CIELAB rows and their pixel shares (summing to 1),
    largest share first. Colours that no pixel ends up nearest to are dropped."""
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    rgb = pair(image, image)[0]
    thumb = np.asarray(Image.fromarray(rgb).resize((64, 64), Image.BOX), dtype=np.float64) / 255.0
    lab = _skcolor().rgb2lab(thumb).reshape(-1, 3)
    distinct = np.unique(lab.round(3), axis=0)
    if len(distinct) <= k:  # a flat image: every distinct colour is a palette entry
        centres = distinct
        labels = np.argmin(((lab[:, None, :] - centres[None]) ** 2).sum(-1), axis=1)
    else:
        centres, labels = kmeans2(lab, k, seed=np.random.default_rng(seed), minit="++")
    shares = np.bincount(labels, minlength=len(centres)) / len(labels)
    keep = shares > 0
    centres, shares = centres[keep], shares[keep]
    order = np.argsort(-shares, kind="stable")
    return centres[order], shares[order]


def _directed(skcolor, src: np.ndarray, weights: np.ndarray, dst: np.ndarray) -> float:
    deltas = skcolor.deltaE_ciede2000(src[:, None, :], dst[None, :, :])  # every pair of colours
    return float(np.sum(weights * deltas.min(axis=1)))


def palette_drift(a: ImageLike, b: ImageLike, k: int = 5, seed: int = 0) -> float:
    """The mean CIEDE2000 difference between the dominant palettes of ``a`` and ``b``.

    Each colour of one palette is matched to the nearest colour of the other; the differences
    are averaged with the colours' shares, and the two directions averaged, so the value is
    symmetric and 0 when the palettes are the same.
    """
    skcolor = _skcolor()
    pa, wa = dominant_palette(a, k, seed)
    pb, wb = dominant_palette(b, k, seed)
    return 0.5 * (_directed(skcolor, pa, wa, pb) + _directed(skcolor, pb, wb, pa))
