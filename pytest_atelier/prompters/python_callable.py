"""``python:package.module:function``: the user's own prompt agent, called in-process.

The function receives the task payload (a dict: id, category, brief, constraints, outputs,
tags, target_image path, input_images paths, seed) and returns a prompt, or a list with one prompt per output.
The cache identity includes a hash of the module's source file, so editing the agent
invalidates its cached prompts.
"""

from __future__ import annotations

import hashlib
import inspect
import sys

from ..components import PromptRequest, PromptResult
from ..errors import ConfigError, PrompterError
from ..registry import import_user_object
from .payload import normalise_prompts, task_payload

__all__ = ["PythonPrompter", "make"]


class PythonPrompter:
    def __init__(self, spec: str, target: str, root):
        func = import_user_object(target, root, repr(spec))
        if not callable(func):
            raise ConfigError(f"{spec!r}: {target} is not callable")
        self.spec, self.label, self.func = spec, spec, func
        try:
            source = inspect.getsource(sys.modules[target.partition(":")[0]])  # the module the spec names
        except (OSError, TypeError):
            source = repr(func)
        self.identity = f"python/1:{target}:{hashlib.sha256(source.encode()).hexdigest()[:16]}"

    def write_prompt(self, request: PromptRequest) -> PromptResult:
        try:
            value = self.func(task_payload(request))
        except Exception as exc:  # the agent's own failure is an error item, not a failed check
            raise PrompterError(f"{self.spec} raised {type(exc).__name__}: {exc}") from exc
        return PromptResult(prompts=normalise_prompts(value, request.task.n_outputs, self.spec))


def make(spec, ctx) -> PythonPrompter:
    return PythonPrompter(spec.raw, spec.argument, ctx.root)
