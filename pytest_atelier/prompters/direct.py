"""``direct``: the task's own text is the prompt (the papers' baseline).

It has no vision: for an IM task or an image-input case (``input_images``) the prompt is the
instruction alone, one per output, and the images are not looked at."""

from __future__ import annotations

from ..components import PromptRequest, PromptResult
from .payload import task_text

__all__ = ["DirectPrompter", "make"]


class DirectPrompter:
    spec = "direct"
    label = "direct"
    identity = "direct/1"
    calls_models = False

    def write_prompt(self, request: PromptRequest) -> PromptResult:
        return PromptResult(prompts=task_text(request), meta={"prompter": "direct"})


def make(spec, ctx) -> DirectPrompter:
    return DirectPrompter()
