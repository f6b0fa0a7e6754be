"""Gemini image generation: ``generateContent`` with ``responseModalities: ["IMAGE"]``.

The prompt is one text part; ``imageConfig.aspectRatio`` is the supported ratio nearest the
requested size, and the seed goes in ``generationConfig.seed``. The image comes back as an
``inlineData`` part (base64, usually PNG; other formats are converted). No image part, or a
safety finish reason, is a ProviderError.
"""

from __future__ import annotations

import dataclasses

from ..errors import ProviderError
from .factory import Connection
from .gemini import gemini_usage, generate
from .media import ImageReply, decode_b64, nearest_size, to_png
from .usage import Usage

IMAGE_OUTPUT_TOKENS = 1290  # what one image costs in output tokens: the budget's reservation per call

__all__ = ["GeminiImages", "ASPECTS"]

ASPECTS = [(1, 1), (2, 3), (3, 2), (3, 4), (4, 3), (4, 5), (5, 4), (9, 16), (16, 9), (21, 9)]


class GeminiImages:
    family = "gemini"

    def __init__(self, model: str, connection: Connection):
        self.model, self.conn = model, connection

    def generate(self, prompt: str, width: int, height: int, seed: int) -> ImageReply:
        w, h = nearest_size(width, height, ASPECTS)
        body = {
            "contents": [{"role": "user", "parts": [{"text": prompt}]}],
            "generationConfig": {"responseModalities": ["IMAGE"], "imageConfig": {"aspectRatio": f"{w}:{h}"}, "seed": seed},
        }
        what = f"gemini image {self.model}"
        worst = Usage(input_tokens=len(prompt) // 4 + 10, output_tokens=IMAGE_OUTPUT_TOKENS, images=1)
        reply, candidate = generate(self.conn, self.model, body, what, worst=worst)
        with self.conn.transport.billed(reply):  # an answer that fails to read was still billed
            parts = (candidate.get("content") or {}).get("parts") or []
            for part in parts:
                inline = part.get("inlineData") or part.get("inline_data") if isinstance(part, dict) else None
                if inline and str(inline.get("mimeType") or inline.get("mime_type") or "").startswith("image/"):
                    png = to_png(decode_b64(inline.get("data"), what), what)
                    break
            else:
                said = " ".join(p.get("text", "") for p in parts if isinstance(p, dict)).strip()
                raise ProviderError(
                    f"{what} returned no image (finishReason {candidate.get('finishReason')})" + (f"; it said: {said[:200]}" if said else "")
                )
            usage = dataclasses.replace(gemini_usage(reply.data), images=1)
            usage = self.conn.transport.account(self.model, usage, reply)
        return ImageReply(png, usage, {"aspect_ratio": f"{w}:{h}", "seed_used": True, **dataclasses.asdict(usage)})
