"""``cmd:COMMAND``: the user's prompt agent as a program.

The program gets the task payload as JSON on stdin (``target_image`` is a file path and
``input_images`` a list of file paths, empty unless the case gives images) and
prints the prompt on stdout, or JSON ``{"prompts": [...]}`` for multi-image tasks. A non-zero
exit, a timeout or an empty answer is an error (the item errors; no checkpoint fails).
Runs in the project root with ``ATELIER_TASK_ID`` set; ``timeout`` comes from
``--atelier-prompter-timeout`` (default 120 s).
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import subprocess
from pathlib import Path

from ..components import PromptRequest, PromptResult
from ..errors import ConfigError, PrompterError
from .payload import normalise_prompts, task_payload

__all__ = ["CommandPrompter", "make"]


class CommandPrompter:
    def __init__(self, spec: str, command: str, root: Path, timeout: float):
        self.argv = shlex.split(command)
        if not self.argv:
            raise ConfigError(f"{spec!r}: give a command after 'cmd:', e.g. cmd:./my-agent")
        self.spec, self.label, self.root, self.timeout = spec, spec, Path(root), timeout
        exe = self.root / self.argv[0]
        digest = hashlib.sha256(exe.read_bytes()).hexdigest()[:16] if exe.is_file() else "-"
        self.identity = f"cmd/1:{command}:{digest}"

    def write_prompt(self, request: PromptRequest) -> PromptResult:
        payload = json.dumps(task_payload(request))
        env = {**os.environ, "ATELIER_TASK_ID": request.task.id}
        try:
            proc = subprocess.run(
                self.argv, input=payload, capture_output=True, text=True, cwd=self.root, env=env, timeout=self.timeout
            )
        except subprocess.TimeoutExpired:
            raise PrompterError(f"{self.spec} timed out after {self.timeout:g} s on task {request.task.id}") from None
        except OSError as exc:
            raise PrompterError(f"{self.spec} could not start: {exc}") from exc
        if proc.returncode != 0:
            tail = proc.stderr.strip()[-500:]
            raise PrompterError(f"{self.spec} exited with status {proc.returncode} on task {request.task.id}: {tail}")
        out = proc.stdout.strip()
        value = out
        if out.startswith("{"):
            try:
                data = json.loads(out)
            except json.JSONDecodeError as exc:
                raise PrompterError(f"{self.spec} printed malformed JSON: {exc}") from exc
            value = data.get("prompts", data.get("prompt"))
        return PromptResult(prompts=normalise_prompts(value, request.task.n_outputs, self.spec))


def make(spec, ctx) -> CommandPrompter:
    command = spec.raw.partition(":")[2]
    return CommandPrompter(spec.raw, command, ctx.root, float(ctx.options.get("prompter_timeout", 120)))
