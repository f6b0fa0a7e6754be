"""pytest-atelier: grade text-to-image prompters as a pytest plugin.

The engine (``pytest_atelier.engine``), the judge and the results library work without
pytest, so scripts and the ``atelier`` command can drive them directly.
"""

__version__ = "0.1.0"

from .components import Backend, GeneratedImage, GenerationRequest, Judge, Prompter, PromptRequest, PromptResult, Score, Verdict
from .engine.session import AtelierSession, Settings
from .errors import AtelierError, ComponentError, ConfigError, GateError, MissingExtraError, SuiteError
from .registry import ComponentContext, Registry, Spec
from .results.records import Results, RunRecord, load_results
from .suite import Suite, Task, load_suite

__all__ = [
    "__version__",
    "AtelierError",
    "AtelierSession",
    "Backend",
    "ComponentContext",
    "ComponentError",
    "ConfigError",
    "GateError",
    "GeneratedImage",
    "GenerationRequest",
    "Judge",
    "MissingExtraError",
    "PromptRequest",
    "PromptResult",
    "Prompter",
    "Registry",
    "Results",
    "RunRecord",
    "Score",
    "Settings",
    "Spec",
    "Suite",
    "SuiteError",
    "Task",
    "Verdict",
    "load_results",
    "load_suite",
]
