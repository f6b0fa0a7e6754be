"""The names settings are written under, and the message for a misspelled one.

Ini keys (``[pytest]``, ``[tool.pytest.ini_options]``, ``-o``) are named like their flags:
``atelier_prompter`` for ``--prompter``, ``atelier_judge_repeats`` for
``--atelier-judge-repeats``. The plural keys of earlier versions are accepted as deprecated
aliases (:data:`RENAMED_INI_KEYS`). ``[tool.atelier]`` in ``pyproject.toml`` holds tables, not
settings (:data:`TOOL_KEYS`). Any other ``atelier_*`` key or ``[tool.atelier]`` key is a mistake,
reported with the closest known name, so that a typo never silently falls back to a default.

This module knows nothing of pytest; ``plugin.py`` turns its messages into usage errors.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path
from typing import Iterable, Sequence

from .errors import ConfigError

__all__ = ["RENAMED_INI_KEYS", "TOOL_KEYS", "did_you_mean", "unknown_ini_keys", "read_pyproject", "check_tool_table"]

# old ini key -> the key named like its flag
RENAMED_INI_KEYS = {
    "atelier_prompters": "atelier_prompter",
    "atelier_backends": "atelier_backend",
    "atelier_judges": "atelier_judge",
}

# the tables pytest-atelier reads under [tool.atelier] in pyproject.toml
TOOL_KEYS = ("aliases", "prices")


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    """The choice closest to ``word`` (difflib's ratio of at least 0.6), or None."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return close[0] if close else None


def unknown_ini_keys(present: Iterable[str], known: Sequence[str]) -> list[str]:
    """One message per ``atelier_*`` key of ``present`` that is neither in ``known`` nor a renamed key.

    Keys without the ``atelier_`` prefix belong to pytest or other plugins and are left to them.
    """
    messages = []
    for key in sorted(set(present)):
        if not key.startswith("atelier_") or key in known or key in RENAMED_INI_KEYS:
            continue
        # compare what follows the shared prefix, which would otherwise make every key look close
        close = did_you_mean(key[len("atelier_"):], [k[len("atelier_"):] for k in known])
        close = close and f"atelier_{close}"
        hint = f"did you mean {close}?" if close else f"the atelier_* keys are: {', '.join(known)}"
        messages.append(f"unknown ini key {key}; {hint}")
    return messages


def read_pyproject(path: Path, what: str) -> dict:
    """The parsed ``pyproject.toml`` at ``path`` ({} when there is none); ``what`` names the table
    being read in the error for a file that cannot be read."""
    if not path.is_file():
        return {}
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read {what}: {exc}") from exc


def check_tool_table(rootdir: str | Path, ini_keys: Sequence[str] = ()) -> None:
    """Raise :class:`ConfigError` for a key under ``[tool.atelier]`` of ``rootdir/pyproject.toml``
    that is not one of :data:`TOOL_KEYS`; ``ini_keys`` lets a setting put there by mistake
    (``judge = ...``) be pointed to its ini key."""
    path = Path(rootdir) / "pyproject.toml"
    data = read_pyproject(path, "[tool.atelier]")
    table = data.get("tool", {}).get("atelier", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.atelier] must be a table with the keys {', '.join(TOOL_KEYS)}")
    messages = []
    for key in sorted(set(table) - set(TOOL_KEYS)):
        close = did_you_mean(key, TOOL_KEYS)
        setting = f"atelier_{key.replace('-', '_')}"
        if close:
            hint = f"did you mean {close}?"
        elif setting in ini_keys or setting in RENAMED_INI_KEYS:
            hint = f"settings go in [tool.pytest.ini_options] as {RENAMED_INI_KEYS.get(setting, setting)}"
        else:
            hint = f"the keys are: {', '.join(TOOL_KEYS)} (settings go in [tool.pytest.ini_options] as atelier_*)"
        messages.append(f"unknown key [tool.atelier] {key}; {hint}")
    if messages:
        raise ConfigError(f"{path}: " + "\n".join(messages))
