"""Exceptions raised by pytest-atelier.

    AtelierError                 root: catch this to catch everything below
    ├── SuiteError               a suite or task file is malformed (names file, line, field)
    ├── ConfigError              an option, spec string, alias or gate expression is wrong
    ├── MissingExtraError        an optional dependency is not installed (names the extra)
    ├── ComponentError           a prompter, backend or judge failed to produce its output
    │   ├── PrompterError
    │   ├── BackendError
    │   ├── JudgeError
    │   └── ProviderError        an HTTP model API failed after retries
    │       └── BudgetRefusal    the budget refused a call (nothing was sent)
    └── GateError                a results or baseline file cannot be used for gating

    FieldError (ValueError)      raised by a validator about one field: ``loc`` locates it (the
                                 suite loader turns it into a SuiteError at that field's line)

    AtelierWarning (UserWarning) something worked but not as asked (a prompt cut to fit a
                                 text encoder); filter with -W ignore::pytest_atelier.errors.AtelierWarning
"""

from __future__ import annotations

import threading

__all__ = [
    "AtelierError",
    "SuiteError",
    "ConfigError",
    "MissingExtraError",
    "ComponentError",
    "PrompterError",
    "BackendError",
    "JudgeError",
    "ProviderError",
    "BudgetRefusal",
    "GateError",
    "AtelierWarning",
    "FieldError",
    "require",
    "IMPORT_LOCK",
]


class AtelierError(Exception):
    """Root of every error pytest-atelier raises on purpose."""


class SuiteError(AtelierError):
    """A suite manifest or task file cannot be loaded."""

    def __init__(self, path, problems: list[tuple[int | None, str, str]]):
        self.path = str(path)
        self.problems = problems
        lines = []
        for line, field, msg in problems:
            where = f"{self.path}:{line}" if line else self.path
            lines.append(f"{where}: {field}: {msg}" if field else f"{where}: {msg}")
        super().__init__("\n".join(lines))


class ConfigError(AtelierError):
    """A command-line option, ini value, spec string or alias is wrong."""


class MissingExtraError(AtelierError):
    """An optional dependency is missing; the message names the extra to install."""

    def __init__(self, module: str, extra: str, purpose: str):
        self.module, self.extra = module, extra
        super().__init__(
            f"{purpose} needs the Python module '{module}', which is not installed. "
            f"Install it with: pip install 'pytest-atelier[{extra}]'"
        )


class ComponentError(AtelierError):
    """A prompter, backend or judge could not produce its output (an error, not a failure).

    The message is scrubbed of key-shaped tokens and key-named environment values
    (:func:`pytest_atelier.redact.scrub`): it is shown in the pytest output and stored in results.
    """

    def __init__(self, *args):
        from .redact import scrub

        super().__init__(*(scrub(a) if isinstance(a, str) else a for a in args))


class PrompterError(ComponentError):
    pass


class BackendError(ComponentError):
    pass


class JudgeError(ComponentError):
    pass


class ProviderError(ComponentError):
    pass


class BudgetRefusal(ProviderError):
    """--atelier-max-cost refused a call before it was sent."""


class GateError(AtelierError):
    pass


class FieldError(ValueError):
    """A model validator's complaint about one field; ``loc`` is the field's path in the data
    (``("checkpoints", 2, "depends_on", 0)``), so the loader can name its file and line."""

    def __init__(self, message: str, loc: tuple = ()):
        super().__init__(message)
        self.loc = tuple(loc)


class AtelierWarning(UserWarning):
    """Something worked, but not as asked: e.g. a prompt was cut to fit a text encoder."""


# Heavy optional modules (torch, transformers, diffusers, onnxruntime ...) import their parts lazily,
# on whichever thread first needs them; two threads importing at once can meet a half-initialised
# module ("cannot import name 'PreTrainedModel'"). Every such import, and every model load that
# triggers them, holds this one lock.
IMPORT_LOCK = threading.RLock()


def require(module: str, extra: str, purpose: str):
    """Import an optional module (one import at a time: :data:`IMPORT_LOCK`), or raise
    MissingExtraError naming the extra."""
    import importlib
    import sys

    loaded = sys.modules.get(module)
    if loaded is not None and not getattr(getattr(loaded, "__spec__", None), "_initializing", False):
        return loaded  # imported whole already: no need to wait behind a model that is loading
    with IMPORT_LOCK:
        try:
            return importlib.import_module(module)
        except ImportError as exc:
            raise MissingExtraError(module, extra, purpose) from exc
