"""Image embeddings for image exemplar memories: an offline fallback and transformers models.

``tiny`` needs nothing but Pillow and numpy: a 16x16 CIELAB thumbnail plus a 64-bin colour
histogram, L2-normalised. It finds images of similar layout and palette, nothing more.
``clip:PATH`` and ``dinov2:PATH`` load a local CLIP or DINOv2 checkpoint through transformers
(the ``hf`` extra) for users who have the weights.
"""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
from PIL import Image

from ..errors import IMPORT_LOCK, ConfigError, require
from .colors import rgb_to_lab

__all__ = ["TinyImageEmbedder", "TransformersImageEmbedder", "get_image_embedder"]


class TinyImageEmbedder:
    name = "tiny"

    def encode(self, paths: list[str]) -> np.ndarray:
        rows = []
        for path in paths:
            with Image.open(path) as im:
                rgb = np.asarray(im.convert("RGB").resize((16, 16), Image.BILINEAR), dtype=np.float64) / 255.0
            lab = rgb_to_lab(rgb.reshape(-1, 3) * 255.0)
            thumb = (lab / np.array([100.0, 128.0, 128.0])).ravel()
            bins = np.minimum((rgb.reshape(-1, 3) * 4).astype(int), 3)
            hist = np.bincount(bins[:, 0] * 16 + bins[:, 1] * 4 + bins[:, 2], minlength=64) / len(bins)
            vec = np.concatenate([thumb, 4.0 * hist])
            rows.append(vec / (np.linalg.norm(vec) or 1.0))
        return np.stack(rows)


class TransformersImageEmbedder:
    """CLIP (image features) or DINOv2 (CLS token) from a local folder, on the CPU or a device."""

    def __init__(self, kind: str, path: str, device: str = "cpu"):
        self.kind, self.path, self.device = kind, path, device
        self.name = f"{kind}:{Path(path).name}"
        self._model = self._processor = None
        self._lock = threading.Lock()

    def _load(self):
        transformers = require("transformers", "hf", f"Image embeddings with {self.kind}")
        torch = require("torch", "hf", f"Image embeddings with {self.kind}")
        self._processor = transformers.AutoProcessor.from_pretrained(self.path)
        cls = transformers.CLIPModel if self.kind == "clip" else transformers.AutoModel
        self._model = cls.from_pretrained(self.path).to(self.device).eval()
        self._torch = torch

    def encode(self, paths: list[str]) -> np.ndarray:
        with self._lock:
            if self._model is None:
                with IMPORT_LOCK:
                    self._load()
            images = [Image.open(p).convert("RGB") for p in paths]
            inputs = self._processor(images=images, return_tensors="pt").to(self.device)
            with self._torch.no_grad():
                if self.kind == "clip":
                    feats = self._model.get_image_features(**inputs)
                    if not isinstance(feats, self._torch.Tensor):  # newer transformers return an output object
                        feats = feats.pooler_output
                else:
                    feats = self._model(**inputs).last_hidden_state[:, 0]
            vecs = feats.float().cpu().numpy().astype(np.float64)
            return vecs / np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-12)


def get_image_embedder(spec: str = "tiny"):
    """``tiny``, ``clip:PATH`` or ``dinov2:PATH`` (optionally ``...@DEVICE``)."""
    if spec == "tiny":
        return TinyImageEmbedder()
    kind, _, rest = spec.partition(":")
    if kind not in ("clip", "dinov2") or not rest:
        raise ConfigError(f"image embeddings must be 'tiny', 'clip:PATH' or 'dinov2:PATH', not {spec!r}")
    path, _, device = rest.partition("@")
    return TransformersImageEmbedder(kind, path, device or "cpu")
