"""OpenAI images API: ``POST {base_url}/images/generations`` (gpt-image-1, dall-e-3, dall-e-2).

One image per call (``n=1``) at the allowed ``size`` nearest the requested one. gpt-image-1
always answers ``b64_json`` and reports token usage; dall-e models are asked for
``response_format=b64_json``; a ``url`` answer is downloaded. The API takes no seed. A
moderation block comes back as HTTP 400 and becomes a ProviderError naming it.
"""

from __future__ import annotations

import dataclasses

from ..errors import ProviderError
from .chat import dig
from .factory import Connection
from .media import ImageReply, decode_b64, nearest_size, to_png
from .usage import Usage

__all__ = ["OpenAIImages", "SIZES", "sizes_for"]

SIZES: dict[str, list[tuple[int, int]]] = {
    "gpt-image": [(1024, 1024), (1536, 1024), (1024, 1536)],
    "dall-e-3": [(1024, 1024), (1792, 1024), (1024, 1792)],
    "dall-e-2": [(256, 256), (512, 512), (1024, 1024)],
}


# gpt-image-1's largest answer (high quality, 1536x1024): the tokens a budget reserves per image
MAX_IMAGE_TOKENS = 6240


def sizes_for(model: str) -> list[tuple[int, int]]:
    for prefix, sizes in SIZES.items():
        if model.startswith(prefix):
            return sizes
    return SIZES["gpt-image"]


class OpenAIImages:
    family = "openai"

    def __init__(self, model: str, connection: Connection, quality: str | None = None):
        self.model, self.conn, self.quality = model, connection, quality

    def generate(self, prompt: str, width: int, height: int, seed: int) -> ImageReply:
        w, h = nearest_size(width, height, sizes_for(self.model))
        body: dict = {"model": self.model, "prompt": prompt, "n": 1, "size": f"{w}x{h}"}
        if self.model.startswith("dall-e"):
            body["response_format"] = "b64_json"
        if self.quality:
            body["quality"] = self.quality
        headers = {"Authorization": f"Bearer {self.conn.api_key}"} if self.conn.api_key else {}
        what = f"openai images {self.model}"
        worst = Usage(input_tokens=len(prompt) // 3 + 50, output_tokens=MAX_IMAGE_TOKENS, images=1)
        reply = self.conn.transport.send(
            "POST", f"{self.conn.base_url}/images/generations", what=what, json=body, headers=headers, model=self.model, worst=worst
        )
        with self.conn.transport.billed(reply):  # an answer that fails to read was still billed
            item = dig(reply.data, "data", 0, what=what)
            if item.get("b64_json") is not None:
                data = decode_b64(item["b64_json"], what)
            elif item.get("url"):
                data = self.conn.transport.send("GET", item["url"], what=f"{what} download", billable=False, expect_json=False, follow_redirects=True).content
            else:
                raise ProviderError(f"{what} returned an empty image (neither b64_json nor url)")
            png = to_png(data, what)
            tokens = reply.data.get("usage") or {}
            usage = Usage(input_tokens=int(tokens.get("input_tokens") or 0), output_tokens=int(tokens.get("output_tokens") or 0), images=1)
            usage = self.conn.transport.account(self.model, usage, reply)
        meta = {"size": f"{w}x{h}", "seed_used": False, **({"revised_prompt": item["revised_prompt"]} if item.get("revised_prompt") else {})}
        return ImageReply(png, usage, {**meta, **dataclasses.asdict(usage)})
