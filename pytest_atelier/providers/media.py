"""Images in and out of provider APIs: MIME sniffing for inputs, PNG checks for outputs."""

from __future__ import annotations

import base64
import dataclasses
import binascii
import io
import math

from PIL import Image, UnidentifiedImageError

from ..errors import ProviderError
from .usage import Usage

__all__ = ["ImageReply", "sniff_mime", "to_png", "decode_b64", "nearest_size"]

@dataclasses.dataclass(frozen=True)
class ImageReply:
    """One generated image as PNG bytes, what it cost, and what the API said about it."""

    png: bytes
    usage: Usage
    meta: dict = dataclasses.field(default_factory=dict)


_MAGIC = ((b"\x89PNG\r\n\x1a\n", "image/png"), (b"\xff\xd8\xff", "image/jpeg"), (b"GIF8", "image/gif"))


def sniff_mime(data: bytes) -> str:
    """The MIME type of an input image (PNG, JPEG, GIF or WebP)."""
    for magic, mime in _MAGIC:
        if data.startswith(magic):
            return mime
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    raise ProviderError("the image to send is not PNG, JPEG, GIF or WebP: convert it to PNG")


def decode_b64(value: object, source: str) -> bytes:
    if not isinstance(value, str) or not value.strip():
        raise ProviderError(f"{source} returned an empty image")
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise ProviderError(f"{source} returned an image that is not valid base64") from None


def to_png(data: bytes, source: str) -> bytes:
    """``data`` as PNG bytes: PNGs are checked and kept byte for byte, other formats converted."""
    if not data:
        raise ProviderError(f"{source} returned an empty image")
    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            if image.format == "PNG":
                return data
            out = io.BytesIO()
            image.convert("RGBA" if "A" in image.getbands() else "RGB").save(out, format="PNG")
            return out.getvalue()
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise ProviderError(f"{source} returned an image that cannot be decoded ({len(data)} bytes: {exc})") from None


def nearest_size(width: int, height: int, allowed: list[tuple[int, int]]) -> tuple[int, int]:
    """The allowed size closest in aspect ratio to ``width x height``, then closest in area."""
    def distance(size: tuple[int, int]) -> tuple[float, float]:
        w, h = size
        return (abs(math.log((w / h) / (width / height))), abs(math.log((w * h) / (width * height))))

    return min(allowed, key=distance)
