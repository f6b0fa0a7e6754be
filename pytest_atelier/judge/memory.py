"""Exemplar memory retrieval: the top-k scored exemplars most similar to what is judged.

Each subjective skill calibrates its 1-5 scores with exemplars from its memory (a suite's
``exemplars`` files, or one made by ``atelier memory build``). Retrieval is by cosine
similarity of embeddings; a task's own exemplars are never retrieved for it. The other
strategies exist for the ablation of ``atelier meta-eval --ablate``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import random
from pathlib import Path

import numpy as np

from ..engine.cache import atomic_write, file_lock
from ..suite.exemplars import Exemplar, ExemplarMemory
from .text_match import get_embedder

__all__ = [
    "Retrieved",
    "ExemplarIndex",
    "STRATEGIES",
    "knn_scores",
    "validate_knn",
    "content_free_lift",
    "CONTENT_FREE",
    "MIN_SPEARMAN",
    "MAX_LIFT",
]

STRATEGIES = ("similarity", "random", "fixed", "zero")


@dataclasses.dataclass(frozen=True)
class Retrieved:
    exemplar: Exemplar
    similarity: float


class ExemplarIndex:
    """Embeddings of one memory's exemplars, computed once, queried many times.

    ``embed`` maps a list of items (prompt texts, or image paths for an image memory) to
    L2-normalised row vectors; it defaults to the text embedder of the offline judge. With a
    ``store`` folder, the vectors are kept there as ``.npy`` under a hash of ``embedder`` (what
    names the embedding: model and version) and the items (an image by its bytes): every later
    process, each xdist worker among them, loads them instead of embedding the memory again.
    With ``wait=False``, ``BlockingIOError`` is raised at once when another process (or thread)
    is embedding this memory now, so the caller can do something else meanwhile.
    """

    def __init__(
        self, memory: ExemplarMemory, root: Path | None = None, embed=None, store: Path | None = None, embedder: str = "", wait: bool = True
    ):
        self.memory = memory
        self.root = Path(root) if root else None
        self.embed = embed or get_embedder().encode
        items = [self._item(ex) for ex in memory.exemplars]
        self.vectors = self._stored(items, Path(store), embedder, wait) if store else np.asarray(self.embed(items), dtype=np.float64)

    def _stored(self, items: list[str], store: Path, embedder: str, wait: bool) -> np.ndarray:
        h = hashlib.sha256(f"{embedder}\n{self.memory.side}\n".encode())
        for item in items:
            h.update(item.encode() if self.memory.side == "prompt" else hashlib.sha256(Path(item).read_bytes()).digest())
            h.update(b"\0")
        path = store / f"{h.hexdigest()}.npy"
        vectors = _load_vectors(path, len(items))
        if vectors is None:
            store.mkdir(parents=True, exist_ok=True)
            with file_lock(path.with_suffix(".lock"), blocking=wait):  # another process may be embedding it now
                vectors = _load_vectors(path, len(items))
                if vectors is None:
                    vectors = np.asarray(self.embed(items), dtype=np.float64)
                    out = io.BytesIO()
                    np.save(out, vectors, allow_pickle=False)
                    atomic_write(path, out.getvalue())
        return vectors

    def _item(self, ex: Exemplar):
        if self.memory.side == "prompt":
            return ex.prompt
        return str((self.root / ex.image) if self.root else ex.image)

    def retrieve(self, query, k: int = 3, *, exclude_task: str | None = None, strategy: str = "similarity", seed: int = 0) -> list[Retrieved]:
        """The k exemplars to show the judge (never the excluded task's own)."""
        if strategy not in STRATEGIES:
            raise ValueError(f"retrieval strategy must be one of {', '.join(STRATEGIES)}, not {strategy!r}")
        allowed = [i for i, ex in enumerate(self.memory.exemplars) if ex.task_id != exclude_task]
        if strategy == "zero" or k <= 0 or not allowed:
            return []
        sims = self.vectors[allowed] @ np.asarray(self.embed([query]), dtype=np.float64)[0]
        if strategy == "similarity":
            order = np.argsort(-sims, kind="stable")[:k]
        elif strategy == "random":
            order = random.Random(f"{seed}:{query}").sample(range(len(allowed)), min(k, len(allowed)))
        else:  # fixed: the same first k exemplars for every query
            order = range(min(k, len(allowed)))
        return [Retrieved(self.memory.exemplars[allowed[j]], float(sims[j])) for j in order]


def _load_vectors(path: Path, rows: int) -> np.ndarray | None:
    """Stored vectors, or None when missing or damaged (they are embedded again)."""
    try:
        vectors = np.load(path, allow_pickle=False)
    except (OSError, ValueError):
        return None
    ok = vectors.dtype == np.float64 and vectors.ndim == 2 and len(vectors) == rows and np.isfinite(vectors).all()
    return vectors if ok else None


def knn_scores(retrieved: list[Retrieved], dimensions: list[str]) -> dict[str, tuple[float, str]]:
    """Similarity-weighted mean score per dimension, with a rationale naming the exemplars used."""
    if not retrieved:
        return {}
    weights = np.array([max(r.similarity, 0.0) + 1e-6 for r in retrieved])
    used = ", ".join(f"{r.exemplar.id} (similarity {r.similarity:.2f})" for r in retrieved)
    out = {}
    for dim in dimensions:
        scores = np.array([r.exemplar.scores[dim].score for r in retrieved], dtype=np.float64)
        value = float(np.round((weights @ scores) / weights.sum(), 2))
        listed = ", ".join(f"{r.exemplar.id}={r.exemplar.scores[dim].score}" for r in retrieved)
        out[dim] = (value, f"similarity-weighted mean of the nearest exemplars ({listed}); retrieved: {used}")
    return out


MIN_SPEARMAN = 0.6  # offline subjective estimates ship only above this on every dimension


def validate_knn(index: ExemplarIndex, dimensions: list[str], k: int = 3) -> dict[str, float | None]:
    """Leave-one-task-out validation of :func:`knn_scores`: each exemplar is scored from the
    exemplars of other tasks, and the Spearman correlation of those estimates with the
    exemplars' own scores is returned per dimension (None when it is undefined)."""
    from scipy.stats import spearmanr

    estimates: dict[str, list[float]] = {d: [] for d in dimensions}
    truth: dict[str, list[float]] = {d: [] for d in dimensions}
    for i, ex in enumerate(index.memory.exemplars):
        allowed = [j for j, other in enumerate(index.memory.exemplars) if other.task_id != ex.task_id]
        sims = index.vectors[allowed] @ index.vectors[i]
        order = np.argsort(-sims, kind="stable")[:k]
        found = knn_scores([Retrieved(index.memory.exemplars[allowed[j]], float(sims[j])) for j in order], dimensions)
        for dim in dimensions:
            if dim in found and dim in ex.scores:
                estimates[dim].append(found[dim][0])
                truth[dim].append(ex.scores[dim].score)
    out: dict[str, float | None] = {}
    for dim in dimensions:
        rho = spearmanr(truth[dim], estimates[dim]).statistic if len(truth[dim]) >= 3 else float("nan")
        out[dim] = None if np.isnan(rho) else float(rho)
    return out


# Text that says nothing about any image: quality boosters, generic praise of composition and
# detail, and the task's instruction restated. Added to a prompt, none of it may raise its score.
CONTENT_FREE = (
    "Highly detailed, balanced composition.",
    "masterpiece, best quality, 8k, ultra detailed, trending on artstation",
    "Beautiful, stunning, award-winning, professional, sharp focus, perfect lighting.",
    "Write a prompt that would let an image model recreate this image.",
)
MAX_LIFT = 0.1  # the most that content-free text may raise the weak prompts' mean estimate
WEAK = 2.5  # exemplars whose mean score is at most this are the weak prompts it is tried on


def content_free_lift(index: ExemplarIndex, dimensions: list[str], k: int = 3) -> tuple[float, str]:
    """How far content-free text lifts the estimate of a weak prompt: for each phrase of
    :data:`CONTENT_FREE`, the mean over the memory's weak exemplars (mean score <= 2.5) of the
    leave-one-task-out estimate of the exemplar with the phrase appended, minus that of the
    exemplar itself, averaged over dimensions; also each phrase alone against the weak
    exemplars' mean estimate. Returns the largest lift and what gave it (0 and "" for an image
    memory or one without weak exemplars)."""
    weak = [i for i, ex in enumerate(index.memory.exemplars) if np.mean([s.score for s in ex.scores.values()]) <= WEAK]
    if index.memory.side != "prompt" or not weak:
        return 0.0, ""

    def estimate(vector: np.ndarray, task_id: str) -> float:
        allowed = [j for j, other in enumerate(index.memory.exemplars) if other.task_id != task_id]
        sims = index.vectors[allowed] @ vector
        order = np.argsort(-sims, kind="stable")[:k]
        found = knn_scores([Retrieved(index.memory.exemplars[allowed[j]], float(sims[j])) for j in order], dimensions)
        return float(np.mean([found[d][0] for d in dimensions if d in found]))

    base = [estimate(index.vectors[i], index.memory.exemplars[i].task_id) for i in weak]
    worst, what = 0.0, ""
    for phrase in CONTENT_FREE:
        added = np.asarray(index.embed([f"{index.memory.exemplars[i].prompt.rstrip()} {phrase}" for i in weak]), dtype=np.float64)
        lift = float(np.mean([estimate(v, index.memory.exemplars[i].task_id) for v, i in zip(added, weak)]) - np.mean(base))
        alone = estimate(np.asarray(index.embed([phrase]), dtype=np.float64)[0], "") - float(np.mean(base))
        for value, how in ((lift, f"appending {phrase!r}"), (alone, f"{phrase!r} alone")):
            if value > worst:
                worst, what = value, how
    return worst, what
