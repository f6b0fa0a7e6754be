"""Structure distance between an input image and an output image (image-input tasks).

- :func:`ssim`: scikit-image's structural similarity of the two greyscale images
  (1 for identical, lower as layout and texture differ).
- :func:`edge_distance`: OpenCV Canny edge maps of both images, compared by a symmetric
  chamfer distance: the mean distance from each edge pixel of one map to the nearest edge
  pixel of the other (``cv2.distanceTransform``), both directions averaged, as a fraction of
  the image diagonal. 0 when the edges coincide; it grows with how far the outlines moved.

Both need the ``metrics`` extra. The second image is resized to the first one's size.
"""

from __future__ import annotations

import numpy as np

from ...errors import require
from ._images import ImageLike, pair

__all__ = ["ssim", "edge_map", "edge_distance"]


def _grey(rgb: np.ndarray) -> np.ndarray:
    cv2 = require("cv2", "metrics", "Structure metrics (OpenCV)")
    return cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)


def ssim(a: ImageLike, b: ImageLike) -> float:
    """Structural similarity (SSIM) of the greyscale images, in [-1, 1]; 1 when identical."""
    metrics = require("skimage.metrics", "metrics", "Structure metrics (scikit-image)")
    first, second = pair(a, b)
    ga, gb = _grey(first), _grey(second)
    win = min(7, *ga.shape) // 2 * 2 + 1  # an odd window no larger than the image
    if win < 3:
        raise ValueError(f"images of {ga.shape[1]}x{ga.shape[0]} pixels are too small for SSIM (at least 3x3)")
    return float(metrics.structural_similarity(ga, gb, data_range=255, win_size=win))


def edge_map(image: ImageLike, low: int = 50, high: int = 150) -> np.ndarray:
    """Canny edges (``cv2.Canny`` with hysteresis thresholds ``low``, ``high``) as a boolean map."""
    cv2 = require("cv2", "metrics", "Structure metrics (OpenCV)")
    rgb = pair(image, image)[0]
    return cv2.Canny(_grey(rgb), low, high) > 0


def _mean_distance_to(edges: np.ndarray, other: np.ndarray) -> float:
    cv2 = require("cv2", "metrics", "Structure metrics (OpenCV)")
    # distanceTransform measures the distance to the nearest zero pixel: make the other's edges zero
    field = cv2.distanceTransform(np.where(other, 0, 1).astype(np.uint8), cv2.DIST_L2, 5)
    return float(field[edges].mean())


def edge_distance(a: ImageLike, b: ImageLike, low: int = 50, high: int = 150) -> float:
    """Symmetric chamfer distance between the Canny edge maps, as a fraction of the diagonal.

    Two images without edges are at distance 0; when only one has edges the distance is 1.
    """
    first, second = pair(a, b)
    ea, eb = edge_map(first, low, high), edge_map(second, low, high)
    if not ea.any() and not eb.any():
        return 0.0
    if not ea.any() or not eb.any():
        return 1.0
    diagonal = float(np.hypot(*ea.shape))
    return 0.5 * (_mean_distance_to(ea, eb) + _mean_distance_to(eb, ea)) / diagonal
