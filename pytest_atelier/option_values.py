"""What each numeric option accepts, checked once at startup with a message naming the range.

``plugin.py`` reads option values as plain strings (command line, then ini, then default) and
turns them into numbers here; :func:`check_numbers` checks every one before any item runs, so
``--atelier-subjective-threshold=abc`` (or ``nan``) is a usage error at startup instead of a
traceback in every subjective item. :func:`check_output_paths` refuses an output file that is
an existing folder. This module knows nothing of pytest: errors are :class:`ConfigError`.

    >>> parse_number("atelier_images", "4")
    4
"""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from typing import Callable

from .errors import ConfigError

__all__ = ["NumberRule", "NUMBER_RULES", "parse_number", "check_numbers", "check_output_paths"]


@dataclasses.dataclass(frozen=True)
class NumberRule:
    """A numeric option: its type and its bounds (``low_open``: the bound itself is refused)."""

    flag: str
    kind: type
    low: float | None = None
    high: float | None = None
    low_open: bool = False
    high_open: bool = False
    optional: bool = False  # empty means "not set"

    def accepted(self) -> str:
        what = "a whole number" if self.kind is int else "a number"
        if self.low is not None and self.high is not None:
            return f"{what} from {self.low:g}{' (excluded)' if self.low_open else ''} to {self.high:g}{' (excluded)' if self.high_open else ''}"
        if self.low is not None:
            return f"{what} {'above' if self.low_open else 'of at least'} {self.low:g}"
        return what


NUMBER_RULES: dict[str, NumberRule] = {
    "atelier_judge_repeats": NumberRule("--atelier-judge-repeats", int, 1),
    "atelier_images": NumberRule("--atelier-images", int, 1),
    "atelier_seed": NumberRule("--atelier-seed", int, 0),
    "atelier_concurrency": NumberRule("--atelier-concurrency", int, 1),
    "atelier_prompter_timeout": NumberRule("--atelier-prompter-timeout", float, 0, low_open=True),
    "atelier_progress": NumberRule("--atelier-progress", float, 0),
    "atelier_max_cost": NumberRule("--atelier-max-cost", float, 0, optional=True),
    "atelier_subjective_threshold": NumberRule("--atelier-subjective-threshold", float, 1, 5),
    "atelier_alpha": NumberRule("--atelier-alpha", float, 0, 1, low_open=True, high_open=True),
    "atelier_sample": NumberRule("--atelier-sample", int, 1, optional=True),
    "atelier_sample_drop": NumberRule("--atelier-sample-drop", float, 0, 1, low_open=True, high_open=True),
}


def parse_number(dest: str, raw) -> int | float | None:
    """``raw`` (a string from the command line or ini) as the number ``dest`` accepts."""
    rule = NUMBER_RULES[dest]
    text = str(raw).strip() if raw is not None else ""
    if rule.optional and text == "":
        return None
    problem = f"{rule.flag} (ini {dest}) accepts {rule.accepted()}, got {raw!r}"
    try:
        value = int(text) if rule.kind is int else float(text)
    except ValueError:
        raise ConfigError(problem) from None
    if not math.isfinite(value):
        raise ConfigError(problem)
    if rule.low is not None and (value < rule.low or (rule.low_open and value == rule.low)):
        raise ConfigError(problem)
    if rule.high is not None and (value > rule.high or (rule.high_open and value == rule.high)):
        raise ConfigError(problem)
    return value


def check_numbers(get: Callable[[str], object]) -> None:
    """Check every numeric option (``get(dest)`` gives its raw value); the first bad one raises."""
    for dest in NUMBER_RULES:
        parse_number(dest, get(dest))


def check_output_paths(paths: dict[str, Path | None]) -> None:
    """Refuse an output file (``{flag: path}``) that is an existing folder."""
    for flag, path in paths.items():
        if path is not None and path.is_dir():
            raise ConfigError(f"{flag} {path} is a folder: give the path of a file to write")
