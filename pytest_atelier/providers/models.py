"""Which hosted models are retired or retiring, and what replaces them.

:data:`RETIREMENTS` maps ``(family, model)`` to its retirement date, its replacement and the
public source; :data:`RETIRED_ALIASES` lists the aliases that once named a retired model and
now name its replacement. :func:`lifecycle_notes` gives the notes a run prints at start-up.
"""

from __future__ import annotations

import dataclasses
import datetime

__all__ = ["Retirement", "RETIREMENTS", "RETIRED_ALIASES", "lifecycle_notes"]

_ANTHROPIC_SDK = "the anthropic SDK's DEPRECATED_MODELS (anthropic 2.14.0, checked 2026-11-28)"
_GEMINI_3_PRO = (
    "Google's deprecation notice (https://ai.google.dev/gemini-api/docs/deprecations, as quoted in "
    "https://github.com/vicajilau/quizdy/issues/219 on 2026-03-05; answered 404 'no longer available' per "
    "https://github.com/allenhutchison/obsidian-gemini/pull/1224 on 2026-07-16; checked 2026-11-28)"
)


@dataclasses.dataclass(frozen=True)
class Retirement:
    date: datetime.date
    replacement: str
    source: str


RETIREMENTS: dict[tuple[str, str], Retirement] = {
    ("anthropic", "claude-sonnet-4-5"): Retirement(datetime.date(2026, 11, 30), "claude-sonnet-5-5", _ANTHROPIC_SDK),
    ("anthropic", "claude-sonnet-4-5-20250929"): Retirement(datetime.date(2026, 11, 30), "claude-sonnet-5-5", _ANTHROPIC_SDK),
    ("anthropic", "claude-opus-4-5"): Retirement(datetime.date(2027, 1, 22), "claude-opus-5-5", _ANTHROPIC_SDK),
    ("anthropic", "claude-opus-4-5-20251101"): Retirement(datetime.date(2027, 1, 22), "claude-opus-5-5", _ANTHROPIC_SDK),
    ("anthropic", "claude-mythos-preview"): Retirement(datetime.date(2026, 6, 30), "claude-mythos-5-2", _ANTHROPIC_SDK),
    ("gemini", "gemini-3-pro-preview"): Retirement(datetime.date(2026, 3, 9), "gemini-3.1-pro-preview", _GEMINI_3_PRO),
}

# alias -> the model it named before that model was retired
RETIRED_ALIASES = {"gemini-3-pro": ("gemini", "gemini-3-pro-preview")}

# the spec names whose argument is a hosted model of a family
_FAMILIES = {"openai": "openai", "anthropic": "anthropic", "gemini": "gemini", "openai-images": "openai", "gemini-image": "gemini", "flux": "flux"}


def lifecycle_notes(typed: str, spec, today: datetime.date | None = None) -> list[str]:
    """Notes for a spec as typed (``typed``) and as resolved (``spec``): a retired alias that now
    names the replacement, or a model that is retired or retiring."""
    today = today or datetime.date.today()
    notes = []
    alias = typed.split("?", 1)[0]
    if alias in RETIRED_ALIASES and ":" not in alias:
        family, old = RETIRED_ALIASES[alias]
        gone = RETIREMENTS[(family, old)]
        notes.append(
            f"the alias {alias} named {family}:{old}, retired on {gone.date} ({gone.source}); it now names "
            f"{spec.name}:{spec.argument}. Cached answers of the old model are not reused."
        )
    family = _FAMILIES.get(spec.name)
    gone = RETIREMENTS.get((family, spec.argument)) if family else None
    if gone is not None:
        when = f"was retired on {gone.date}: its calls fail" if today >= gone.date else f"retires on {gone.date}"
        notes.append(f"{typed}: {family}:{spec.argument} {when} ({gone.source}); use {spec.name}:{gone.replacement} instead.")
    return notes
