"""Image API backends on the wire: OpenAI images, Flux (submit and poll), Gemini image."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from pytest_atelier.components import GenerationRequest
from pytest_atelier.errors import ProviderError
from pytest_atelier.providers.media import nearest_size, to_png
from pytest_atelier.providers.openai_images import sizes_for

from .helpers import make, spec
from .loopback import png_bytes

BACKENDS = {
    "openai-images": ("gpt-image-1", "/v1"),
    "flux": ("flux-pro-1.1", "/v1"),
    "gemini-image": ("gemini-2.5-flash-image", "/v1beta"),
}


def _backend(name, server, tmp_path, extra="poll_interval=0.01" , **options):
    model, prefix = BACKENDS[name]
    extra = extra if name == "flux" else ""
    return make("backend", spec(name, model, server.url + prefix, extra), tmp_path, **options)


@pytest.mark.parametrize("name", sorted(BACKENDS))
def test_generates_png_images_with_seeds(name, server, tmp_path):
    backend = _backend(name, server, tmp_path)
    images = backend.generate(GenerationRequest(prompt="a red square", n=2, seed=7, width=512, height=768))
    assert [im.seed for im in images] == [7, 8]
    for im in images:
        assert im.png.startswith(b"\x89PNG") and im.meta["cost_usd"] > 0
    assert not server.problems
    bodies = [json.loads(r["body"]) for r in server.requests if r["method"] == "POST"]
    if name == "openai-images":
        assert bodies[0]["size"] == "1024x1536" and bodies[0]["n"] == 1
    elif name == "flux":
        assert (bodies[0]["width"], bodies[0]["height"], bodies[0]["seed"]) == (512, 768, 7)
        assert server.count("/v1/get_result") == 4 and server.count("/delivery/") == 2  # one Pending each, then Ready
    else:
        assert bodies[0]["generationConfig"]["imageConfig"]["aspectRatio"] == "2:3" and bodies[1]["generationConfig"]["seed"] == 8
    assert backend.identity.startswith(f"image-api/1:{name}:{BACKENDS[name][0]}:") and "LOOP_KEY" not in backend.identity


@pytest.mark.parametrize("name", sorted(BACKENDS))
def test_empty_image_is_a_provider_error(name, server, tmp_path):
    server.inject("empty_image")
    with pytest.raises(ProviderError, match="empty image"):
        _backend(name, server, tmp_path).generate(GenerationRequest(prompt="x", n=1, seed=0))


@pytest.mark.parametrize("name,message", [("openai-images", "safety system"), ("flux", "Content Moderated"), ("gemini-image", "IMAGE_SAFETY")])
def test_moderation_is_a_provider_error(name, message, server, tmp_path):
    server.inject("refusal")
    with pytest.raises(ProviderError, match=message):
        _backend(name, server, tmp_path).generate(GenerationRequest(prompt="x", n=1, seed=0))


def test_moderation_blocked_gets_an_honest_hint(server, tmp_path):
    server.inject("refusal")
    with pytest.raises(ProviderError) as caught:
        _backend("openai-images", server, tmp_path).generate(GenerationRequest(prompt="x", n=1, seed=0))
    assert "moderation refused this prompt" in str(caught.value) and "spec's settings" not in str(caught.value)


def test_flux_gives_up_at_its_deadline(server, tmp_path):
    server.inject("pending_forever")
    backend = _backend("flux", server, tmp_path, extra="poll_interval=0.02&deadline=0.2")
    with pytest.raises(ProviderError, match="not ready after 0.2 s"):
        backend.generate(GenerationRequest(prompt="x", n=1, seed=0))


def test_flux_retries_a_failed_poll_and_converts_jpeg(server, tmp_path):
    server.inject("503", path="/v1/get_result")
    backend = _backend("flux", server, tmp_path)
    backend.client.settings["output_format"] = "jpeg"
    (image,) = backend.generate(GenerationRequest(prompt="x", n=1, seed=0))
    assert Image.open(io.BytesIO(image.png)).format == "PNG"


def test_undecodable_image_and_sizes():
    with pytest.raises(ProviderError, match="cannot be decoded"):
        to_png(b"not an image at all", "test")
    jpeg = png_bytes(fmt="JPEG")
    assert to_png(jpeg, "t").startswith(b"\x89PNG")
    assert to_png(png_bytes(), "t") == png_bytes()  # PNGs are kept byte for byte
    assert nearest_size(512, 512, sizes_for("gpt-image-1")) == (1024, 1024)
    assert nearest_size(1920, 1080, sizes_for("dall-e-3")) == (1792, 1024)
