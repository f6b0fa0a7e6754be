"""Start-up checks: the problems a run would meet later that can be found cheaply now, all at once.

:func:`preflight` looks at every prompter, backend and judge spec before any run: the key of a
hosted API is set, a price is known when ``--atelier-max-cost`` is given, the extras a local
model needs are installed, and its weights are in a local folder or the Hugging Face cache, or
else the Hub can be reached. It also gathers the notes on retired or retiring models. The
plugin turns the problems into one usage error, so a run with or without ``-n`` stops before
it starts, with the same message and exit code.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib.util
import os
from pathlib import Path

import httpx

from ..errors import ConfigError
from .factory import endpoint, missing_key
from .models import lifecycle_notes
from .prices import Pricer, load_prices, spec_price

__all__ = ["Findings", "preflight", "HTTP_FAMILIES", "LOCAL_MODELS"]

# spec name -> the provider family whose API it calls
HTTP_FAMILIES = {"openai": "openai", "anthropic": "anthropic", "gemini": "gemini", "openai-images": "openai", "flux": "flux", "gemini-image": "gemini"}
# spec name -> (extra, modules it needs, a file every model folder of its kind holds)
LOCAL_MODELS = {
    "sdxl": ("diffusers", ("torch", "diffusers", "transformers"), "model_index.json"),
    "diffusers": ("diffusers", ("torch", "diffusers", "transformers"), "model_index.json"),
    "hf": ("hf", ("torch", "transformers"), "config.json"),
}
HUB_TIMEOUT_S = 3.0


@dataclasses.dataclass
class Findings:
    problems: list[str] = dataclasses.field(default_factory=list)
    notes: list[str] = dataclasses.field(default_factory=list)


def preflight(specs, root: Path, *, replay_dir: str | None = None, max_cost: float | None = None) -> Findings:
    """Check ``specs``, a list of ``(spec as typed, resolved Spec)``."""
    found = Findings()
    for typed, spec in specs:
        found.notes += lifecycle_notes(typed, spec)
        family = HTTP_FAMILIES.get(spec.name)
        try:
            if family is not None:
                _check_api(found, family, spec, root, replay_dir, max_cost)
            elif spec.name in LOCAL_MODELS:
                _check_local(found, spec, root)
        except ConfigError as exc:
            found.problems.append(str(exc))
    found.problems = list(dict.fromkeys(found.problems))  # one spec given twice: one line
    return found


def _check_api(found: Findings, family: str, spec, root: Path, replay_dir, max_cost) -> None:
    base_url, _ = endpoint(family, spec)
    if not replay_dir and (problem := missing_key(family, spec, base_url)):
        found.problems.append(problem)
    if max_cost is not None and spec.argument:
        price = spec_price(spec)
        Pricer(family, {**load_prices(root), **({spec.argument: price} if price else {})}).require(spec.argument, spec.raw)


def _check_local(found: Findings, spec, root: Path) -> None:
    from ..backends.diffusers_backend import SDXL_MODEL
    from .hf_local import model_location

    extra, modules, marker = LOCAL_MODELS[spec.name]
    absent = [m for m in modules if importlib.util.find_spec(m) is None]
    if absent:
        found.problems.append(f"{spec.raw} needs the Python module(s) {', '.join(absent)}: pip install 'pytest-atelier[{extra}]'")
    model = SDXL_MODEL if spec.name == "sdxl" else spec.argument
    if not model:
        return  # the factory says how to name one
    try:
        location = model_location(model, root)
    except ConfigError as exc:
        raise ConfigError(f"{spec.raw}: {exc}") from None
    if Path(location).is_dir() or absent:
        return
    if _in_hub_cache(location, marker):
        return
    cache = _hub_cache()
    fetch = f"fetch them where the Hub can be reached (huggingface-cli download {location}) and copy {cache} here, or give a local folder"
    if os.environ.get("HF_HUB_OFFLINE", "").lower() in ("1", "true", "yes"):
        found.problems.append(f"{spec.raw}: the weights of {location} are not in the local Hugging Face cache ({cache}) and HF_HUB_OFFLINE is set: {fetch}")
    elif not _hub_reachable(_hub_endpoint()):
        found.problems.append(
            f"{spec.raw}: the weights of {location} are not in the local Hugging Face cache ({cache}) and the Hub "
            f"({_hub_endpoint()}) cannot be reached from this machine (no network, or a proxy or firewall): {fetch}"
        )


def _hub_cache() -> str:
    return os.environ.get("HF_HUB_CACHE") or str(Path(os.environ.get("HF_HOME", Path.home() / ".cache" / "huggingface")) / "hub")


def _hub_endpoint() -> str:
    return os.environ.get("HF_ENDPOINT", "https://huggingface.co").rstrip("/")


def _in_hub_cache(repo_id: str, marker: str) -> bool:
    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError:
        return False
    try:
        return isinstance(try_to_load_from_cache(repo_id, marker, cache_dir=_hub_cache()), str)
    except ValueError:  # not a valid repo id: the model's own loader reports it
        return True


@functools.lru_cache(maxsize=4)
def _hub_reachable(url: str) -> bool:
    try:
        httpx.head(url, timeout=HUB_TIMEOUT_S)
    except httpx.HTTPError:
        return False
    return True
