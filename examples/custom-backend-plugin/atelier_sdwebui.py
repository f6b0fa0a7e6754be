"""``sdwebui:CHECKPOINT``: images from a Stable Diffusion web UI server (AUTOMATIC1111, Forge).

A pytest-atelier backend published by another package, as a template for your own: the
``pytest_atelier.backends`` entry point in pyproject.toml names :func:`make`, which gets the
parsed spec and the run's context and returns an object with ``spec``, ``label``,
``identity``, ``produces_images`` and ``generate(request)``.

    pytest task_suites/atelier --backend="sdwebui:sd_xl_base_1.0?base_url=http://127.0.0.1:7860&steps=30"

Each image is one ``POST /sdapi/v1/txt2img`` (start the server with ``--api``) with
``batch_size`` 1 and seed ``seed + i``, so image ``i`` of a prompt is the same whatever ``n``
is. Requests go through pytest-atelier's transport: retries with backoff on 429 and 5xx,
timeouts, bounded concurrency, ``--atelier-record`` / ``--atelier-replay``.
"""

from __future__ import annotations

import json

from pytest_atelier.components import GeneratedImage, GenerationRequest
from pytest_atelier.errors import ConfigError, ProviderError
from pytest_atelier.providers.factory import check_settings, connect, model_of
from pytest_atelier.providers.media import decode_b64, to_png
from pytest_atelier.providers.usage import Usage
from pytest_atelier.registry import CONNECTION_SETTINGS

__all__ = ["SDWebUIBackend", "make"]

VERSION = "1"  # bump when the same settings would send a different request
NUMBERS = {"steps": int, "cfg_scale": float, "clip_skip": int}  # settings sent as numbers
TEXTS = ("sampler", "scheduler", "negative_prompt")


class SDWebUIBackend:
    produces_images = True

    def __init__(self, spec, connection, settings: dict):
        self.spec, self.label, self.conn = spec.raw, spec.label, connection
        self.checkpoint, self.settings = model_of(spec), settings
        self.identity = f"sdwebui/{VERSION}:{self.checkpoint}:{json.dumps(settings, sort_keys=True)}"

    def generate(self, request: GenerationRequest) -> list[GeneratedImage]:
        return [self._one(request, request.seed + i) for i in range(request.n)]

    def _one(self, request: GenerationRequest, seed: int) -> GeneratedImage:
        s = self.settings
        body = {
            "prompt": request.prompt,
            "negative_prompt": s.get("negative_prompt", ""),
            "seed": seed,
            "batch_size": 1,
            "n_iter": 1,
            "width": request.width,
            "height": request.height,
            "override_settings": {"sd_model_checkpoint": self.checkpoint},
            "send_images": True,
            "save_images": False,
            **{key: s[key] for key in NUMBERS if key in s},
            **({"sampler_name": s["sampler"]} if "sampler" in s else {}),
            **({"scheduler": s["scheduler"]} if "scheduler" in s else {}),
        }
        what = f"sdwebui {self.checkpoint}"
        reply = self.conn.transport.send("POST", f"{self.conn.base_url}/sdapi/v1/txt2img", what=what, json=body)
        images = reply.data.get("images") if isinstance(reply.data, dict) else None
        if not images:
            raise ProviderError(f"{what} returned no image (is a safety filter or an extension removing it?)")
        png = to_png(decode_b64(images[0], what), what)
        self.conn.transport.account(self.checkpoint, Usage(images=1), reply)  # calls and latency in the run's totals
        return GeneratedImage(png=png, seed=seed, meta={"checkpoint": self.checkpoint, "seed_used": _seed_used(reply.data, seed)})


def _seed_used(data: dict, asked: int) -> int:
    """The seed the server reports in ``info`` (a JSON string), else the one asked for."""
    try:
        return int(json.loads(data.get("info") or "{}").get("seed", asked))
    except (ValueError, TypeError, AttributeError):
        return asked


def make(spec, ctx) -> SDWebUIBackend:
    check_settings(spec, set(NUMBERS) | set(TEXTS))
    settings: dict = {}
    for key, value in sorted(spec.settings):
        if key in NUMBERS:
            try:
                settings[key] = NUMBERS[key](value)
            except ValueError:
                raise ConfigError(f"{spec.raw}: {key} must be a number, got {value!r}") from None
        elif key not in CONNECTION_SETTINGS:
            settings[key] = value
    return SDWebUIBackend(spec, connect("sdwebui", spec, ctx, default_timeout=600.0), settings)
