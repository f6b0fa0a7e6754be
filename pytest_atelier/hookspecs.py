"""Hooks other plugins implement to extend pytest-atelier.

Implement them in a ``conftest.py`` or a plugin registered under ``pytest11``. Component
factories can also be published without pytest through the entry-point groups
``pytest_atelier.prompters``, ``pytest_atelier.backends`` and ``pytest_atelier.judges``
(each entry point names a ``make(spec, ctx)`` factory).
"""

from __future__ import annotations

import pytest

__all__ = ["pytest_atelier_make_prompter", "pytest_atelier_make_backend", "pytest_atelier_make_judge", "pytest_atelier_results_ready"]


@pytest.hookspec(firstresult=True)
def pytest_atelier_make_prompter(spec, ctx):
    """Return a Prompter for ``spec`` (a parsed :class:`pytest_atelier.registry.Spec`), or None
    to let the next implementation, the entry points or the built-ins try."""


@pytest.hookspec(firstresult=True)
def pytest_atelier_make_backend(spec, ctx):
    """Return a Backend for ``spec``, or None."""


@pytest.hookspec(firstresult=True)
def pytest_atelier_make_judge(spec, ctx):
    """Return a Judge for ``spec``, or None."""


@pytest.hookspec
def pytest_atelier_results_ready(results, config):
    """Called on the controller with the final :class:`Results` before they are written:
    add to ``results.aggregates`` or inspect the runs. Return value ignored."""
