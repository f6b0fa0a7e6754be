"""DINO structure distance: how far the layout of two images differs, as seen by a DINO / DINOv2
vision transformer whose weights the user supplies.

Following the structure measure of Tumanyan et al. (Splicing ViT features), which the ECHO paper
uses: the **keys** of the model's last attention layer, one per image patch (the CLS token and
any register tokens left out), are L2-normalised into an ``N x D`` matrix ``K``; its Gram matrix
over patches, ``S = K K^T`` (``N x N``: how alike every patch is to every other patch), describes
the image's structure independently of its colours. The distance is the Frobenius norm of the
difference divided by ``N``, ``||S_a - S_b||_F / N``, the root mean square difference of the
patch similarities: 0 for identical images, at most 2. A model without a recognisable key
projection falls back to the last hidden states.

    metric = DinoGram("/models/dinov2-small")        # any folder transformers can load
    metric.distance("input.png", "output.png")

Loaded through transformers (the ``hf`` extra) on first use; ``device`` as torch names it. Both
images go through the model's own image processor, so they have the same number of patches.
"""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np

from ...errors import IMPORT_LOCK, ConfigError, require
from ._images import ImageLike, rgb_array

__all__ = ["DinoGram", "gram_distance"]

_KEY_NAMES = ("k_proj", "attention.key")  # transformers 5 and 4 names of the key projection


def gram_distance(ga: np.ndarray, gb: np.ndarray) -> float:
    """``||ga - gb||_F / n`` for two ``n x n`` patch Gram matrices (0 when equal)."""
    if ga.shape != gb.shape or ga.ndim != 2 or ga.shape[0] != ga.shape[1]:
        raise ValueError(f"Gram matrices of shapes {ga.shape} and {gb.shape} cannot be compared")
    return float(np.linalg.norm(ga - gb)) / ga.shape[0]


class DinoGram:
    """Patch-key Gram matrices of a local DINO model (see the module docstring)."""

    def __init__(self, path: str | Path, device: str = "cpu"):
        self.path, self.device = str(path), device
        if not Path(self.path).is_dir():
            raise ConfigError(f"DINO weights: {self.path} is not a folder; give the folder a transformers DINO model was saved to")
        self.name = f"dino:{Path(self.path).name}"
        self._model = self._processor = self._torch = self._key = None
        self._lock = threading.Lock()

    def _load(self) -> None:
        transformers = require("transformers", "hf", "DINO structure distance")
        self._torch = require("torch", "hf", "DINO structure distance")
        try:
            self._processor = transformers.AutoImageProcessor.from_pretrained(self.path)
            self._model = transformers.AutoModel.from_pretrained(self.path).to(self.device).eval()
        except (OSError, ValueError) as exc:
            raise ConfigError(f"DINO weights: cannot load {self.path}: {exc}") from None
        keys = [m for name, m in self._model.named_modules() if name.endswith(_KEY_NAMES)]
        self._key = keys[-1] if keys else None  # the last layer's

    def gram(self, image: ImageLike) -> np.ndarray:
        """The ``N x N`` Gram matrix of the image's L2-normalised patch keys."""
        with self._lock:
            if self._model is None:
                with IMPORT_LOCK:
                    self._load()
            captured = []
            hook = self._key.register_forward_hook(lambda _m, _i, out: captured.append(out)) if self._key is not None else None
            try:
                inputs = self._processor(images=[rgb_array(image)], return_tensors="pt").to(self.device)
                with self._torch.no_grad():
                    hidden = self._model(**inputs).last_hidden_state
            finally:
                if hook is not None:
                    hook.remove()
            tokens = (captured[-1] if captured else hidden)[0]
            skip = 1 + int(getattr(self._model.config, "num_register_tokens", 0) or 0)
            feats = tokens[skip:].float().cpu().numpy().astype(np.float64)
        feats /= np.maximum(np.linalg.norm(feats, axis=1, keepdims=True), 1e-12)
        return feats @ feats.T

    def distance(self, a: ImageLike, b: ImageLike) -> float:
        return gram_distance(self.gram(a), self.gram(b))
