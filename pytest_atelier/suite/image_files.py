"""Whether a file a suite names as an image (target, input, exemplar) is one the judge can read.

Checked when the suite loads, so a text file, an empty or truncated file, or a decompression
bomb is an error at its field's line instead of a failure deep in a run that names no file.
"""

from __future__ import annotations

import warnings
from pathlib import Path

from PIL import Image, UnidentifiedImageError

__all__ = ["MAX_PIXELS", "image_problem"]

MAX_PIXELS = 64_000_000  # 8000 x 8000: far above any model's output, far below a bomb


def image_problem(path: Path) -> str | None:
    """Why ``path`` is not a readable image of a sensible size, or None when it is."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                width, height = image.size
                if width * height > MAX_PIXELS:
                    return f"{path.name} is {width}x{height} pixels, more than {MAX_PIXELS:,} (a decompression bomb?); use a smaller image"
                image.load()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return f"{path.name} declares more pixels than {MAX_PIXELS:,} (a decompression bomb?); use a smaller image"
    except UnidentifiedImageError:
        return f"{path.name} is not an image PIL can read (empty, text, or an unknown format); use a PNG, JPEG or WebP file"
    except (OSError, ValueError, SyntaxError) as exc:
        return f"{path.name} cannot be decoded ({exc}); the file is damaged or truncated: export it again"
    return None
