"""The DINO Gram-matrix distance on a tiny Dinov2 built from config (no weights downloaded)."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from pytest_atelier.errors import ConfigError
from pytest_atelier.judge.metrics import MetricSet
from pytest_atelier.judge.metrics.dino import DinoGram, gram_distance

transformers = pytest.importorskip("transformers")
torch = pytest.importorskip("torch")


@pytest.fixture(scope="module")
def dino(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dino")
    torch.manual_seed(0)
    config = transformers.Dinov2Config(hidden_size=16, intermediate_size=32, num_hidden_layers=1, num_attention_heads=2, image_size=32, patch_size=8)
    transformers.Dinov2Model(config).save_pretrained(folder)
    transformers.BitImageProcessor(size={"shortest_edge": 32}, crop_size={"height": 32, "width": 32}).save_pretrained(folder)
    return folder


def stripes(period: int) -> Image.Image:
    img = Image.new("RGB", (64, 64), "white")
    draw = ImageDraw.Draw(img)
    for x in range(0, 64, period):
        draw.rectangle([x, 0, x + period // 2 - 1, 63], fill=(20, 20, 20))
    return img


def test_gram_distance_is_zero_for_identity_and_symmetric(dino):
    metric = DinoGram(dino)
    gram = metric.gram(stripes(8))
    # 32-pixel inputs in 8-pixel patches: 16 patches; unit keys: ones on the diagonal
    assert gram.shape == (16, 16) and np.allclose(gram, gram.T) and np.allclose(np.diag(gram), 1.0)
    assert metric.distance(stripes(8), stripes(8)) == pytest.approx(0.0, abs=1e-9)
    far = metric.distance(stripes(8), Image.new("RGB", (64, 64), (200, 40, 40)))
    assert 0 < far <= 2 and metric.distance(Image.new("RGB", (64, 64), (200, 40, 40)), stripes(8)) == pytest.approx(far)
    assert gram_distance(np.eye(2), np.zeros((2, 2))) == pytest.approx(np.sqrt(2) / 2)
    with pytest.raises(ValueError, match="cannot be compared"):
        gram_distance(np.eye(2), np.eye(3))


def test_the_keys_of_the_last_attention_layer_are_used(dino):
    metric = DinoGram(dino)
    metric.gram(stripes(8))
    assert metric._key is not None and metric._key is list(metric._model.encoder.layer)[-1].attention.k_proj


def test_dino_through_the_metric_set(dino, tmp_path):
    stripes(8).save(tmp_path / "a.png")
    stripes(16).save(tmp_path / "b.png")
    (found,) = MetricSet([f"dino:{dino}"]).measure(_task(), {1: (0, tmp_path / "b.png")}, ["p"], tmp_path / "a.png")
    assert found.name == "structure.dino" and found.value > 0 and dino.name in found.detail
    (tmp_path / "empty").mkdir()
    (bad,) = MetricSet([f"dino:{tmp_path / 'empty'}"]).measure(_task(), {1: (0, tmp_path / "b.png")}, ["p"], tmp_path / "a.png")
    assert bad.value is None and "cannot load" in bad.detail
    with pytest.raises(ConfigError, match="not a folder"):
        DinoGram(tmp_path / "a.png")


def _task():
    from pytest_atelier.suite.models import Task

    return Task.model_validate({"id": "im_d", "category": "IM", "brief": "Copy it.", "target_image": "t.png",
                                "checkpoints": [{"id": "c1", "image": "stripes"}]})
