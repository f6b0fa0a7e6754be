"""Image embeddings for image memories: CLIP and DINOv2 through transformers, on tiny models."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from pytest_atelier.errors import ConfigError
from pytest_atelier.judge.image_embed import TinyImageEmbedder, get_image_embedder

transformers = pytest.importorskip("transformers")
torch = pytest.importorskip("torch")


def _images(tmp_path):
    paths = []
    for name, colour in (("red.png", (220, 20, 20)), ("red2.png", (200, 30, 30)), ("blue.png", (20, 20, 220))):
        Image.new("RGB", (48, 48), colour).save(tmp_path / name)
        paths.append(str(tmp_path / name))
    return paths


def _processor(path):
    transformers.CLIPImageProcessor(size={"shortest_edge": 32}, crop_size={"height": 32, "width": 32}).save_pretrained(path)


def test_clip_from_a_local_folder(tmp_path):
    torch.manual_seed(0)
    config = transformers.CLIPConfig(
        text_config={"hidden_size": 16, "intermediate_size": 32, "num_hidden_layers": 1, "num_attention_heads": 2, "vocab_size": 64},
        vision_config={"hidden_size": 16, "intermediate_size": 32, "num_hidden_layers": 1, "num_attention_heads": 2, "image_size": 32, "patch_size": 8},
        projection_dim=8,
    )
    transformers.CLIPModel(config).save_pretrained(tmp_path / "clip")
    _processor(tmp_path / "clip")
    embedder = get_image_embedder(f"clip:{tmp_path / 'clip'}")
    vecs = embedder.encode(_images(tmp_path))
    assert vecs.shape == (3, 8) and np.allclose(np.linalg.norm(vecs, axis=1), 1.0)
    assert np.allclose(embedder.encode(_images(tmp_path)[:1]), vecs[:1], atol=1e-6)


def test_dinov2_from_a_local_folder(tmp_path):
    torch.manual_seed(0)
    config = transformers.Dinov2Config(hidden_size=16, intermediate_size=32, num_hidden_layers=1, num_attention_heads=2, image_size=32, patch_size=8)
    transformers.Dinov2Model(config).save_pretrained(tmp_path / "dino")
    _processor(tmp_path / "dino")
    vecs = get_image_embedder(f"dinov2:{tmp_path / 'dino'}").encode(_images(tmp_path))
    assert vecs.shape == (3, 16) and np.allclose(np.linalg.norm(vecs, axis=1), 1.0)


def test_tiny_embedder_finds_similar_palettes_and_bad_specs_fail(tmp_path):
    red, red2, blue = TinyImageEmbedder().encode(_images(tmp_path))
    assert red @ red2 > red @ blue
    with pytest.raises(ConfigError, match="tiny"):
        get_image_embedder("siglip:/x")
