"""Resolve spec strings (``direct``, ``cmd:./agent``, ``gpt-5.2``) into components.

A spec is ``NAME`` or ``NAME:ARGUMENT``, optionally followed by ``?key=value&key=value``
settings. ``NAME`` is looked up, in order, in: the user's aliases (``[tool.atelier.aliases]``
in pyproject.toml, which rewrite the whole spec), plugins implementing the
``pytest_atelier_make_*`` hooks, the entry-point groups ``pytest_atelier.prompters`` /
``.backends`` / ``.judges``, and the built-ins below. Unknown names list what exists.
"""

from __future__ import annotations

import dataclasses
import importlib
import sys
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, Literal
from urllib.parse import parse_qsl

from .config_keys import read_pyproject
from .errors import ConfigError

__all__ = ["Spec", "ComponentContext", "Registry", "parse_spec", "load_aliases", "import_user_object", "BUILTINS", "ROLES", "CONNECTION_SETTINGS"]

Role = Literal["prompter", "backend", "judge"]
ROLES: tuple[Role, ...] = ("prompter", "backend", "judge")

# name -> "module:factory"; factories take (spec: Spec, ctx: ComponentContext).
BUILTINS: dict[Role, dict[str, str]] = {
    "prompter": {
        "direct": "pytest_atelier.prompters.direct:make",
        "python": "pytest_atelier.prompters.python_callable:make",
        "cmd": "pytest_atelier.prompters.command:make",
        "human": "pytest_atelier.prompters.human:make",
        "openai": "pytest_atelier.prompters.llm:make",
        "anthropic": "pytest_atelier.prompters.llm:make",
        "gemini": "pytest_atelier.prompters.llm:make",
        "hf": "pytest_atelier.prompters.hf:make",
    },
    "backend": {
        "none": "pytest_atelier.backends.none:make",
        "reference": "pytest_atelier.backends.reference:make",
        "openai-images": "pytest_atelier.backends.image_api:make_openai_images",
        "flux": "pytest_atelier.backends.image_api:make_flux",
        "gemini-image": "pytest_atelier.backends.image_api:make_gemini_image",
        "sdxl": "pytest_atelier.backends.diffusers_backend:make_sdxl",
        "diffusers": "pytest_atelier.backends.diffusers_backend:make",
    },
    "judge": {
        "offline": "pytest_atelier.judge.offline:make",
        "openai": "pytest_atelier.judge.atelier:make",
        "anthropic": "pytest_atelier.judge.atelier:make",
        "gemini": "pytest_atelier.judge.atelier:make",
        "hf": "pytest_atelier.judge.atelier:make",
    },
}

# Settings that say where and how to reach a model (and what it costs), not which one: left out of
# labels, so moving a server, raising retries or giving a price keeps node ids and baselines.
CONNECTION_SETTINGS = frozenset(
    {"base_url", "api_key_env", "timeout", "retries", "backoff", "rpm", "tpm", "concurrency", "max_wait", "price_in", "price_out", "price_image"}
)

# Model names usable in any role: the same alias is a prompter (default strategy: skilled) or a judge.
# Checked on 2026-11-28 against the SDKs' model lists and genai-prices (docs/providers.md lists the
# sources); providers/models.py holds the retirements a run warns about.
DEFAULT_ALIASES: dict[str, str] = {
    "gpt-5.2": "openai:gpt-5.2",
    "gpt-5.4": "openai:gpt-5.4",
    "claude-sonnet-5.5": "anthropic:claude-sonnet-5-5",
    "claude-4.5-sonnet": "anthropic:claude-sonnet-4-5",  # retires 2026-11-30: a run warns
    "gemini-3.1-pro": "gemini:gemini-3.1-pro-preview",
    "gemini-3-pro": "gemini:gemini-3.1-pro-preview",  # its gemini-3-pro-preview was shut down: a run warns
    "gpt-image-1": "openai-images:gpt-image-1",
    "flux-pro": "flux:flux-pro-1.1",
    "gemini-image": "gemini-image:gemini-2.5-flash-image",
}


@dataclasses.dataclass(frozen=True)
class Spec:
    """A parsed spec string: ``name:argument?key=value``."""

    raw: str
    name: str
    argument: str = ""
    settings: tuple[tuple[str, str], ...] = ()

    def setting(self, key: str, default: str | None = None) -> str | None:
        return dict(self.settings).get(key, default)

    @property
    def label(self) -> str:
        """A short name safe for pytest node ids: the spec without its connection settings."""
        shown = self.raw
        if self.settings:
            kept = "&".join(f"{k}={v}" for k, v in self.settings if k not in CONNECTION_SETTINGS)
            shown = self.raw.split("?", 1)[0] + (f"?{kept}" if kept else "")
        keep = "".join(ch if ch.isalnum() or ch in "._-:" else "_" for ch in shown)
        return keep.strip("_") or self.name


@dataclasses.dataclass(frozen=True)
class ComponentContext:
    """What a factory may use: the project root (relative paths resolve against it), the
    run's seed and image count, the cache folder, and free-form options."""

    root: Path
    seed: int = 0
    images: int = 4
    cache_dir: Path | None = None
    options: dict[str, Any] = dataclasses.field(default_factory=dict)


def parse_spec(raw: str) -> Spec:
    raw = raw.strip()
    if not raw:
        raise ConfigError("empty spec: give a name such as 'direct', 'reference' or 'offline'")
    body, settings = raw, ()
    if "?" in raw and not raw.startswith("cmd:"):
        body, query = raw.split("?", 1)
        # "+" stays a plus ("sampler=DPM++ 2M"), not a form-encoded space; %XX escapes still work
        settings = tuple(parse_qsl(query.replace("+", "%2B"), keep_blank_values=True, strict_parsing=False))
    name, _, argument = body.partition(":")
    if not name:
        raise ConfigError(f"spec {raw!r} has no name before ':'")
    return Spec(raw=raw, name=name, argument=argument, settings=settings)


def load_aliases(rootdir: Path) -> dict[str, str]:
    """Aliases from ``[tool.atelier.aliases]`` in ``rootdir/pyproject.toml``."""
    path = Path(rootdir) / "pyproject.toml"
    data = read_pyproject(path, "[tool.atelier.aliases]")
    aliases = data.get("tool", {}).get("atelier", {}).get("aliases", {})
    if not isinstance(aliases, dict) or not all(isinstance(v, str) for v in aliases.values()):
        raise ConfigError(f"{path}: [tool.atelier.aliases] must map names to spec strings")
    return aliases


class Registry:
    """Builds components from specs. ``hook`` is an optional pluggy hook relay."""

    def __init__(self, aliases: dict[str, str] | None = None, hook: Any = None):
        self.aliases = {**DEFAULT_ALIASES, **(aliases or {})}
        self.hook = hook

    def resolve(self, raw: str) -> Spec:
        """Follow aliases; settings given on the alias's use override the alias's own."""
        spec, seen = parse_spec(raw), []
        while not spec.argument and spec.name in self.aliases:
            if spec.name in seen:
                raise ConfigError(f"aliases form a loop: {' -> '.join([*seen, spec.name])}")
            seen.append(spec.name)
            target = parse_spec(self.aliases[spec.name])
            settings = tuple({**dict(target.settings), **dict(spec.settings)}.items())
            spec = dataclasses.replace(target, settings=settings)
        return spec

    def available(self, role: Role) -> list[str]:
        names = set(BUILTINS[role]) | set(_entry_points(role))
        return sorted(names)

    def make(self, role: Role, raw: str, ctx: ComponentContext):
        spec = self.resolve(raw)
        made = getattr(self.hook, f"pytest_atelier_make_{role}")(spec=spec, ctx=ctx) if self.hook is not None else None
        component = made if made is not None else self._factory(role, spec)(spec, ctx)
        component.label = parse_spec(raw).label  # node ids use what the user typed
        return component

    def _factory(self, role: Role, spec: Spec) -> Callable:
        eps = _entry_points(role)
        if spec.name in eps:
            return eps[spec.name].load()
        target = BUILTINS[role].get(spec.name)
        if target is None:
            aliases = ", ".join(sorted(self.aliases)) or "none defined"
            raise ConfigError(
                f"unknown {role} {spec.name!r} in {spec.raw!r}. Available {role}s: "
                f"{', '.join(self.available(role))}. Aliases: {aliases} "
                "(add your own under [tool.atelier.aliases] in pyproject.toml)."
            )
        module, _, attr = target.partition(":")
        return getattr(importlib.import_module(module), attr)


def import_user_object(target: str, root: str | Path, what: str) -> Any:
    """The object ``package.module:attr`` names, with ``root`` on ``sys.path`` so that the user's
    own modules import; a ConfigError that starts with ``what`` when it cannot be had."""
    module_name, _, attr = target.partition(":")
    if not module_name or not attr:
        raise ConfigError(f"{what}: expected python:package.module:attr")
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(f"{what}: cannot import {module_name!r}: {exc}") from None
    if not hasattr(module, attr):
        raise ConfigError(f"{what}: {module_name} has no attribute {attr!r}")
    return getattr(module, attr)


def _entry_points(role: Role) -> dict[str, metadata.EntryPoint]:
    return {ep.name: ep for ep in metadata.entry_points(group=f"pytest_atelier.{role}s")}
