"""Prices of model calls, used for cost accounting and the ``--atelier-max-cost`` budget.

A call is priced, in this order, by:

1. a price the spec gives (``openai:my-model?price_in=0.5&price_out=2``, USD per million input
   and output tokens; ``price_image=0.04`` per image);
2. ``[tool.atelier.prices]`` in ``pyproject.toml``, by exact model name::

       [tool.atelier.prices]
       "my-finetune" = {input = 0.5, output = 2.0}       # USD per million tokens
       "flux-dev" = {image = 0.025}                      # USD per image

3. the ``genai-prices`` package (a maintained table of the providers' list prices, with their
   long-context tiers and image-token prices), matched by its own rules for the model name:
   ``gpt-5.4`` is priced as GPT-5.4, never as ``gpt-5``;
4. :data:`IMAGE_PRICES`, per image, for image APIs that ``genai-prices`` does not cover.

A model none of these knows has no price: it costs 0, is listed under ``unpriced_models`` in the
usage snapshot, and under ``--atelier-max-cost`` it is a usage error (:func:`require_price`).
"""

from __future__ import annotations

import dataclasses
import functools
import sys
import warnings
from pathlib import Path

from ..errors import ConfigError
from .usage import Usage

__all__ = ["Price", "IMAGE_PRICES", "GENAI_PROVIDERS", "PRICE_SETTINGS", "Pricer", "load_prices", "spec_price"]

# the provider id of a family in genai-prices
GENAI_PROVIDERS = {"openai": "openai", "anthropic": "anthropic", "gemini": "google"}
# spec settings that give a model's price (USD per million input / output tokens, per image)
PRICE_SETTINGS = {"price_in": "input", "price_out": "output", "price_image": "image"}


@dataclasses.dataclass(frozen=True)
class Price:
    """USD per million input tokens, per million output tokens, and per image."""

    input: float = 0.0
    output: float = 0.0
    image: float = 0.0

    def __post_init__(self):
        for name in ("input", "output", "image"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
                raise ValueError(f"price {name!r} must be a number >= 0, got {value!r}")

    def cost(self, usage: Usage) -> float:
        return (usage.input_tokens * self.input + usage.output_tokens * self.output) / 1e6 + usage.images * self.image


# Per-image list prices of Black Forest Labs' API (1 credit = $0.01), which genai-prices does not
# list. Source: https://docs.bfl.ai/quick_start/pricing and https://bfl.ai/pricing; FLUX1.1 [pro]
# at $0.04 checked on 2026-11-28 (a capture of bfl.ai/pricing dated 2026-11-16); the ultra and
# dev rows are the project's earlier figures, not re-checked.
IMAGE_PRICES: dict[str, Price] = {
    "flux-pro-1.1": Price(image=0.04),
    "flux-pro-1.1-ultra": Price(image=0.06),
    "flux-dev": Price(image=0.025),
}


class Pricer:
    """Prices the calls of one provider family; ``overrides`` (spec, pyproject) win, by exact name."""

    def __init__(self, family: str, overrides: dict[str, Price] | None = None):
        self.family = family
        self.overrides = dict(overrides or {})

    def known(self, model: str) -> bool:
        return model in self.overrides or model in IMAGE_PRICES or _genai_model(self.family, model) is not None

    def cost(self, model: str, usage: Usage) -> float | None:
        """The USD cost of one call, or None when no price is known for ``model``."""
        price = self.overrides.get(model) or IMAGE_PRICES.get(model)
        if price is not None:
            return price.cost(usage)
        provider = GENAI_PROVIDERS.get(self.family)
        if provider is None or _genai_model(self.family, model) is None:
            return None
        from genai_prices import Usage as Counted
        from genai_prices import calc_price

        # an image call's output tokens are image tokens (Gemini prices them apart from text)
        image_out = usage.output_tokens if usage.images else None
        counted = Counted(input_tokens=usage.input_tokens, output_tokens=usage.output_tokens, output_image_tokens=image_out)
        return float(calc_price(counted, model, provider_id=provider).total_price)

    def require(self, model: str, spec: str) -> None:
        """A budget cannot hold for a call it cannot price: a usage error saying how to give one."""
        if not self.known(model):
            raise ConfigError(
                f"{spec}: no price is known for the model {model!r} (not in genai-prices, nor in [tool.atelier.prices]), "
                "so --atelier-max-cost cannot hold for it. Give its price in the spec, in USD per million tokens: "
                f"{spec.split('?', 1)[0]}?price_in=..&price_out=.. (an image API: ?price_image=.. per image), "
                'or in pyproject.toml under [tool.atelier.prices] ("MODEL" = {input = .., output = ..}).'
            )


@functools.lru_cache(maxsize=256)
def _genai_model(family: str, model: str):
    """genai-prices' entry for the model (its own matching rules), or None."""
    provider = GENAI_PROVIDERS.get(family)
    if provider is None:
        return None
    from genai_prices import data_snapshot

    snapshot = data_snapshot.get_snapshot()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return snapshot.find_provider_model(model, None, provider, None)[1]
        except LookupError:
            return None


def spec_price(spec) -> Price | None:
    """The price a spec gives with ``price_in`` / ``price_out`` / ``price_image``, if any."""
    given = {field: spec.setting(name) for name, field in PRICE_SETTINGS.items() if spec.setting(name) is not None}
    if not given:
        return None
    try:
        return Price(**{field: float(value) for field, value in given.items()})
    except ValueError:
        raise ConfigError(f"{spec.raw}: price_in, price_out and price_image must be numbers >= 0 (USD), got {given}") from None


def load_prices(rootdir: str | Path | None) -> dict[str, Price]:
    """``[tool.atelier.prices]`` from ``rootdir/pyproject.toml`` (empty when there is none)."""
    prices: dict[str, Price] = {}
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
