"""What each numeric option accepts, checked once at startup with a message naming the range.

``plugin.py`` reads option values as plain strings (command line, then ini, then default) and
turns them into numbers here; :func:`check_numbers` checks every one before any item runs, so
``--atelier-subjective-threshold=abc`` (or ``nan``) is a usage error at startup instead of a
traceback in every subjective item. :func:`check_output_paths` refuses an output file that is
an existing folder, a symlink, a FIFO or a device. This module knows nothing of pytest: errors are :class:`ConfigError`.

    >>> parse_number("atelier_images", "4")
    4
"""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from typing import Callable

from .errors import ConfigError
from .output_files import output_target_problem

__all__ = ["NumberRule", "NUMBER_RULES", "parse_number", "check_numbers", "check_output_paths"]


@dataclasses.dataclass(frozen=True)
class NumberRule:
    """A numeric option: its type and its bounds (``low_open``: the bound itself is refused)."""

    flag: str
    kind: type
    low: float
    high: float
    low_open: bool = False
    high_open: bool = False
    optional: bool = False  # empty means "not set"

    def accepted(self) -> str:
        what, show = ("a whole number", lambda v: str(int(v))) if self.kind is int else ("a number", lambda v: f"{v:g}")
        return (f"{what} from {show(self.low)}{' (excluded)' if self.low_open else ''} "
                f"to {show(self.high)}{' (excluded)' if self.high_open else ''}")  # fmt: skip


NUMBER_RULES: dict[str, NumberRule] = {  # every number has an upper bound: a huge one must not exhaust memory or time
    "atelier_judge_repeats": NumberRule("--atelier-judge-repeats", int, 1, 100),
    "atelier_images": NumberRule("--atelier-images", int, 1, 100),
    "atelier_seed": NumberRule("--atelier-seed", int, 0, 2**63 - 1),
    "atelier_concurrency": NumberRule("--atelier-concurrency", int, 1, 1024),
    "atelier_prompter_timeout": NumberRule("--atelier-prompter-timeout", float, 0, 86400, low_open=True),  # a day
    "atelier_progress": NumberRule("--atelier-progress", float, 0, 86400),
    "atelier_max_cost": NumberRule("--atelier-max-cost", float, 0, 1e9, optional=True),
    "atelier_subjective_threshold": NumberRule("--atelier-subjective-threshold", float, 1, 5),
    "atelier_alpha": NumberRule("--atelier-alpha", float, 0, 1, low_open=True, high_open=True),
    "atelier_sample": NumberRule("--atelier-sample", int, 1, 1_000_000, optional=True),
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
    if value < rule.low or (rule.low_open and value == rule.low) or value > rule.high or (rule.high_open and value == rule.high):
        raise ConfigError(problem)
    return value


def check_numbers(get: Callable[[str], object]) -> None:
    """Check every numeric option (``get(dest)`` gives its raw value); the first bad one raises."""
    for dest in NUMBER_RULES:
        parse_number(dest, get(dest))


def check_output_paths(paths: dict[str, Path | None]) -> None:
    """Refuse an output file (``{flag: path}``) that cannot be replaced by a regular file (a folder,
    a symlink, a FIFO or device, a path through a file)."""
    for flag, path in paths.items():
        problem = output_target_problem(path) if path is not None else None
        if problem:
            raise ConfigError(f"{flag} {path}: {problem}; give the path of a regular file to write")
