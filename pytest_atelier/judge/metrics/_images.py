"""Loading images for the metrics: RGB arrays, brought to one size when two are compared.

Nothing here draws conclusions; it only reads files (or takes arrays and PIL images) so that
every metric sees the same pixels. Large images are reduced (area averaging) so that a metric
costs about the same on a 4-megapixel render as on a 512-pixel one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Union

import numpy as np
from PIL import Image

__all__ = ["ImageLike", "rgb_array", "pair"]

ImageLike = Union[str, Path, Image.Image, np.ndarray]
MAX_SIDE = 512  # metrics run on images of at most this side


def rgb_array(image: ImageLike, max_side: int = MAX_SIDE) -> np.ndarray:
    """An ``(H, W, 3)`` uint8 RGB array of ``image`` (a path, a PIL image or an array)."""
    if isinstance(image, np.ndarray):
        array = image
        if array.ndim == 2:
            array = np.repeat(array[:, :, None], 3, axis=2)
        if array.ndim != 3 or array.shape[2] not in (3, 4):
            raise ValueError(f"expected an (H, W, 3) RGB array, got shape {array.shape}")
        pil = Image.fromarray(np.ascontiguousarray(array[:, :, :3]).astype(np.uint8))
    elif isinstance(image, Image.Image):
        pil = image.convert("RGB")
    else:
        with Image.open(image) as opened:
            pil = opened.convert("RGB")
    if max(pil.size) > max_side:
        scale = max_side / max(pil.size)
        pil = pil.resize((max(1, round(pil.width * scale)), max(1, round(pil.height * scale))), Image.BOX)
    return np.asarray(pil, dtype=np.uint8)


def pair(a: ImageLike, b: ImageLike, max_side: int = MAX_SIDE) -> tuple[np.ndarray, np.ndarray]:
    """Both images as RGB arrays, the second resized (bilinear) to the first one's size."""
    first = rgb_array(a, max_side)
    second = rgb_array(b, max_side)
    if second.shape[:2] != first.shape[:2]:
        second = np.asarray(Image.fromarray(second).resize((first.shape[1], first.shape[0]), Image.BILINEAR))
    return first, second
