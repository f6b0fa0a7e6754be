"""Metrics whose models the user supplies: face identity similarity and object counts.

pytest-atelier ships no face or object model. A user names one, and it is called through one
of two small protocols:

- a **face embedder** is called as ``embed(image) -> list of vectors``: one embedding per face
  found in the PIL image (any sequence of floats; an empty list when there is no face).
  :func:`face_identity` is the highest cosine similarity over every (input face, output face)
  pair, as the ECHO paper measures it (1 = the same direction; an embedder trained for identity
  puts the same person close to 1).
- an **object counter** is called as ``count(image, label) -> int``: how many ``label``
  objects (the entity of a ``count`` checkpoint, e.g. ``"apple"``) the PIL image shows.

Either is named by a target string: ``python:package.module:attr`` (imported from the
project root; a class is instantiated without arguments, anything else must be callable),
or the name of an entry point in the ``pytest_atelier.metrics`` group that another package
declares (its object is used the same way)::

    [project.entry-points."pytest_atelier.metrics"]
    arcface = "my_faces:ArcFaceEmbedder"

Nothing here imports a model library: the user's callable does.
"""

from __future__ import annotations

import inspect
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence, runtime_checkable

import numpy as np
from PIL import Image

from ...errors import ConfigError
from ...registry import import_user_object
from ._images import ImageLike, rgb_array

__all__ = ["ENTRY_POINT_GROUP", "FaceEmbedder", "ObjectCounter", "load_callable", "face_identity", "object_count"]

ENTRY_POINT_GROUP = "pytest_atelier.metrics"


@runtime_checkable
class FaceEmbedder(Protocol):
    def __call__(self, image: Image.Image) -> Sequence[Sequence[float]]: ...


@runtime_checkable
class ObjectCounter(Protocol):
    def __call__(self, image: Image.Image, label: str) -> int: ...


def load_callable(target: str, root: str | Path = ".", what: str = "metric") -> Callable[..., Any]:
    """The callable named by ``python:module:attr`` or by an entry point of :data:`ENTRY_POINT_GROUP`."""
    if target.startswith("python:"):
        obj = import_user_object(target[len("python:"):], root, f"{what} {target!r}")
    else:
        found = {ep.name: ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}
        if target not in found:
            names = ", ".join(sorted(found)) or "none installed"
            raise ConfigError(
                f"{what} {target!r}: give python:package.module:attr or the name of an entry point in "
                f"the {ENTRY_POINT_GROUP} group (installed: {names})"
            )
        obj = found[target].load()
    if inspect.isclass(obj):
        obj = obj()
    if not callable(obj):
        raise ConfigError(f"{what} {target!r}: {type(obj).__name__} object is not callable")
    return obj


def _pil(image: ImageLike) -> Image.Image:
    return Image.fromarray(rgb_array(image, max_side=4096))


def _call(fn: Callable, what: str, *args):
    """The user's callable, whose own failure becomes a ValueError naming it (recorded as the
    metric's error, never a failed run)."""
    try:
        return fn(*args)
    except Exception as exc:  # user code: any failure is that metric's error
        raise ValueError(f"the {what} raised {type(exc).__name__}: {exc}") from None


def _faces(embed: Callable, image: ImageLike, which: str) -> np.ndarray:
    vectors = _call(embed, "face embedder", _pil(image))
    try:
        faces = np.asarray([np.asarray(v, dtype=np.float64).ravel() for v in vectors])
    except (TypeError, ValueError) as exc:
        raise ValueError(f"the face embedder must return a list of vectors for the {which} image: {exc}") from None
    if len(faces) and (faces.ndim != 2 or not np.isfinite(faces).all()):
        raise ValueError(f"the face embedder returned vectors of unequal length or non-finite values for the {which} image")
    return faces


def face_identity(embed: Callable, reference: ImageLike, output: ImageLike) -> tuple[float | None, str]:
    """The highest cosine similarity between a face of the reference and a face of the output,
    and which pair it was; ``None`` when either image has no face."""
    ref, out = _faces(embed, reference, "input"), _faces(embed, output, "output")
    if not len(ref):
        return None, "no face found in the input image"
    if not len(out):
        return None, "no face found in the output image"
    if ref.shape[1] != out.shape[1]:
        raise ValueError(f"the face embedder returned {ref.shape[1]}- and {out.shape[1]}-dimensional vectors")
    unit = [m / np.maximum(np.linalg.norm(m, axis=1, keepdims=True), 1e-12) for m in (ref, out)]
    sims = unit[0] @ unit[1].T  # every (input face, output face) pair
    i, j = np.unravel_index(int(np.argmax(sims)), sims.shape)
    return float(sims[i, j]), f"input face {i + 1} of {len(ref)} and output face {j + 1} of {len(out)} are closest"


def object_count(count: Callable, image: ImageLike, label: str) -> int:
    """How many ``label`` objects the user's counter finds in ``image``."""
    value = _call(count, "object counter", _pil(image), label)
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
        raise ValueError(f"the object counter must return a whole number of at least 0 for {label!r}, got {value!r}")
    return int(value)
