"""HTTP image APIs as backends: ``openai-images:MODEL``, ``flux:MODEL``, ``gemini-image:MODEL``.

Each image is one API call (the engine asks for ``n=1`` per seed; ``n>1`` makes n calls,
image ``i`` with seed ``seed + i``). The requested width and height map to the nearest size
or aspect ratio the API accepts; the seed is passed where the API takes one (Flux, Gemini;
OpenAI's images API takes none, so its images vary run to run unless replayed). Settings:
those of every provider (``base_url``, ``api_key_env``, ``timeout``, ``retries``, ``backoff``,
``rpm``, ``tpm``, ``concurrency``), plus ``quality`` for OpenAI, ``poll_interval``,
``deadline``, ``safety_tolerance`` and ``prompt_upsampling`` for Flux.
"""

from __future__ import annotations

import json

from ..components import GeneratedImage, GenerationRequest
from ..errors import ConfigError
from ..providers.factory import TRANSPORT_SETTINGS, check_settings, connect, endpoint_settings, model_of
from ..providers.flux import FluxImages
from ..providers.gemini_image import GeminiImages
from ..providers.openai_images import OpenAIImages

__all__ = ["ImageAPIBackend", "make_openai_images", "make_flux", "make_gemini_image", "VERSION"]

VERSION = "1"  # bump when the same settings would send a different request


class ImageAPIBackend:
    """A backend over one image client (anything with ``generate(prompt, width, height, seed)``)."""

    produces_images = True

    def __init__(self, spec, client):
        self.spec, self.label, self.client = spec.raw, spec.label, client
        settings = endpoint_settings({k: v for k, v in sorted(spec.settings) if k not in TRANSPORT_SETTINGS}, client)
        self.identity = f"image-api/{VERSION}:{spec.name}:{client.model}:{json.dumps(settings, sort_keys=True)}"

    def generate(self, request: GenerationRequest) -> list[GeneratedImage]:
        images = []
        for i in range(request.n):
            reply = self.client.generate(request.prompt, request.width, request.height, request.seed + i)
            images.append(GeneratedImage(png=reply.png, seed=request.seed + i, meta={"model": self.client.model, **reply.meta}))
        return images


def make_openai_images(spec, ctx) -> ImageAPIBackend:
    check_settings(spec, {"quality"})
    client = OpenAIImages(model_of(spec), connect("openai", spec, ctx, default_timeout=300.0), quality=spec.setting("quality"))
    return ImageAPIBackend(spec, client)


def make_flux(spec, ctx) -> ImageAPIBackend:
    check_settings(spec, {"poll_interval", "deadline", "safety_tolerance", "prompt_upsampling"})
    extra: dict = {}
    try:
        if spec.setting("safety_tolerance") is not None:
            extra["safety_tolerance"] = int(spec.setting("safety_tolerance"))
        if spec.setting("prompt_upsampling") is not None:
            extra["prompt_upsampling"] = spec.setting("prompt_upsampling").lower() in ("1", "true", "yes", "on")
        client = FluxImages(
            model_of(spec),
            connect("flux", spec, ctx, default_timeout=60.0),
            poll_interval=float(spec.setting("poll_interval", "0.5")),
            deadline=float(spec.setting("deadline", "300")),
            settings=extra,
        )
    except ValueError as exc:
        raise ConfigError(f"{spec.raw}: {exc}") from exc
    return ImageAPIBackend(spec, client)


def make_gemini_image(spec, ctx) -> ImageAPIBackend:
    check_settings(spec, set())
    return ImageAPIBackend(spec, GeminiImages(model_of(spec), connect("gemini", spec, ctx, default_timeout=300.0)))
