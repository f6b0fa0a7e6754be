"""DINO Gram-matrix distance: how far the texture and style statistics of two images differ,
as seen by a DINO / DINOv2 vision transformer whose weights the user supplies.

The patch tokens of the model's last layer (``last_hidden_state`` without the CLS token and
any register tokens) form an ``N x D`` matrix ``F``; its Gram matrix ``G = F^T F / N`` holds
the feature correlations, independent of where in the image they occur. The distance is
``||G_a - G_b||_F / (||G_a||_F + ||G_b||_F)``: 0 for identical images, at most 1.

    metric = DinoGram("/models/dinov2-small")        # any folder transformers can load
    metric.distance("input.png", "output.png")

Loaded through transformers (the ``hf`` extra) on first use; ``device`` as torch names it.
"""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np

from ...errors import ConfigError, require
from ._images import ImageLike, rgb_array

__all__ = ["DinoGram", "gram_distance"]


def gram_distance(ga: np.ndarray, gb: np.ndarray) -> float:
    """``||ga - gb|| / (||ga|| + ||gb||)`` (Frobenius norms); 0 when equal, 0 for two zero matrices."""
    scale = float(np.linalg.norm(ga) + np.linalg.norm(gb))
    return float(np.linalg.norm(ga - gb)) / scale if scale else 0.0


class DinoGram:
    """Gram matrices of a local DINO model's patch features (see the module docstring)."""

    def __init__(self, path: str | Path, device: str = "cpu"):
        self.path, self.device = str(path), device
        if not Path(self.path).is_dir():
            raise ConfigError(f"DINO weights: {self.path} is not a folder; give the folder a transformers DINO model was saved to")
        self.name = f"dino:{Path(self.path).name}"
        self._model = self._processor = self._torch = None
        self._lock = threading.Lock()

    def _load(self) -> None:
        transformers = require("transformers", "hf", "DINO Gram-matrix distance")
        self._torch = require("torch", "hf", "DINO Gram-matrix distance")
        try:
            self._processor = transformers.AutoImageProcessor.from_pretrained(self.path)
            self._model = transformers.AutoModel.from_pretrained(self.path).to(self.device).eval()
        except (OSError, ValueError) as exc:
            raise ConfigError(f"DINO weights: cannot load {self.path}: {exc}") from None

    def gram(self, image: ImageLike) -> np.ndarray:
        """The ``D x D`` Gram matrix of the image's patch features."""
        with self._lock:
            if self._model is None:
                self._load()
            inputs = self._processor(images=[rgb_array(image)], return_tensors="pt").to(self.device)
            with self._torch.no_grad():
                tokens = self._model(**inputs).last_hidden_state[0]
            skip = 1 + int(getattr(self._model.config, "num_register_tokens", 0) or 0)
            feats = tokens[skip:].float().cpu().numpy().astype(np.float64)
        return feats.T @ feats / max(len(feats), 1)

    def distance(self, a: ImageLike, b: ImageLike) -> float:
        return gram_distance(self.gram(a), self.gram(b))
