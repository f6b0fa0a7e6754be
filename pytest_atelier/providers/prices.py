"""Prices of model calls, used for cost accounting and the ``--atelier-max-cost`` budget.

``DEFAULT_PRICES`` maps a model name to a :class:`Price`: USD per million input tokens,
per million output tokens, and per image made. They are list prices as published by the
providers in late 2025; check your own contract. A model matches its exact name first,
then the longest name it starts with (``gpt-5.2-2025-12-11`` is priced as ``gpt-5.2``).
A model with no price costs 0 and is listed under ``unpriced_models`` in the usage
snapshot, so a budget does not protect you from it.

Add or override prices in ``pyproject.toml``::

    [tool.atelier.prices]
    "my-finetune" = {input = 0.5, output = 2.0}       # USD per million tokens
    "flux-dev" = {image = 0.025}                      # USD per image
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

from ..errors import ConfigError
from .usage import Usage

__all__ = ["Price", "DEFAULT_PRICES", "load_prices", "find_price", "cost_of"]


@dataclasses.dataclass(frozen=True)
class Price:
    """USD per million input tokens, per million output tokens, and per image."""

    input: float = 0.0
    output: float = 0.0
    image: float = 0.0

    def __post_init__(self):
        for name in ("input", "output", "image"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or value < 0:
                raise ValueError(f"price {name!r} must be a number >= 0, got {value!r}")


DEFAULT_PRICES: dict[str, Price] = {
    # chat models (USD per million tokens)
    "gpt-5.2": Price(input=1.75, output=14.0),
    "gpt-5.1": Price(input=1.25, output=10.0),
    "gpt-5": Price(input=1.25, output=10.0),
    "gpt-5-mini": Price(input=0.25, output=2.0),
    "gpt-4.1": Price(input=2.0, output=8.0),
    "gpt-4o": Price(input=2.5, output=10.0),
    "gpt-4o-mini": Price(input=0.15, output=0.6),
    "claude-opus-4-5": Price(input=5.0, output=25.0),
    "claude-sonnet-4-5": Price(input=3.0, output=15.0),
    "claude-haiku-4-5": Price(input=1.0, output=5.0),
    "gemini-3-pro-preview": Price(input=2.0, output=12.0),
    "gemini-2.5-pro": Price(input=1.25, output=10.0),
    "gemini-2.5-flash": Price(input=0.3, output=2.5),
    # image models: gpt-image-1 bills tokens (image output tokens at $40/M), the others per image
    "gpt-image-1": Price(input=5.0, output=40.0),
    "gpt-image-1-mini": Price(input=2.0, output=8.0),
    "dall-e-3": Price(image=0.04),
    "flux-pro-1.1": Price(image=0.04),
    "flux-pro-1.1-ultra": Price(image=0.06),
    "flux-dev": Price(image=0.025),
    "gemini-2.5-flash-image": Price(input=0.3, image=0.039),
}


def load_prices(rootdir: str | Path | None) -> dict[str, Price]:
    """``DEFAULT_PRICES`` updated with ``[tool.atelier.prices]`` from ``rootdir/pyproject.toml``."""
    prices = dict(DEFAULT_PRICES)
    if rootdir is None:
        return prices
    path = Path(rootdir) / "pyproject.toml"
    if not path.is_file():
        return prices
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8")).get("tool", {}).get("atelier", {}).get("prices", {})
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read [tool.atelier.prices]: {exc}") from exc
    for model, entry in table.items():
        if not isinstance(entry, dict) or set(entry) - {"input", "output", "image"}:
            raise ConfigError(
                f"{path}: [tool.atelier.prices] {model!r} must be a table with keys input, output, image "
                '(USD per million tokens, per image), e.g. "my-model" = {input = 0.5, output = 2.0}'
            )
        try:
            prices[model] = Price(**entry)
        except ValueError as exc:
            raise ConfigError(f"{path}: [tool.atelier.prices] {model!r}: {exc}") from exc
    return prices


def find_price(prices: dict[str, Price], model: str) -> Price | None:
    """The price of ``model``: exact name, else the longest known name it starts with."""
    if model in prices:
        return prices[model]
    matches = [name for name in prices if model.startswith(name)]
    return prices[max(matches, key=len)] if matches else None


def cost_of(price: Price | None, usage: Usage) -> float:
    if price is None:
        return 0.0
    return (usage.input_tokens * price.input + usage.output_tokens * price.output) / 1e6 + usage.images * price.image
