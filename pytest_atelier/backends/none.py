"""``none``: no images at all; the run grades the prompt side only."""

from __future__ import annotations

from ..components import GeneratedImage, GenerationRequest

__all__ = ["NoneBackend", "make"]


class NoneBackend:
    """A backend that produces no images (image-side checkpoints are not run)."""

    spec = "none"
    label = "none"
    identity = "none/1"
    produces_images = False
    calls_models = False

    def generate(self, request: GenerationRequest) -> list[GeneratedImage]:
        return []


def make(spec, ctx) -> NoneBackend:
    return NoneBackend()
