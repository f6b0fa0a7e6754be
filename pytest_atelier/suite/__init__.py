"""Suites: task models, loading with file:line errors, statistics."""

from .loader import MANIFEST_NAME, Suite, find_suite_root, load_suite, load_task
from .models import *  # noqa: F401,F403
from .models import __all__ as _models_all

__all__ = ["MANIFEST_NAME", "Suite", "find_suite_root", "load_suite", "load_task", *_models_all]
