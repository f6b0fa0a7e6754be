"""What a prompter is shown of a task: the brief, never the checklist or reference prompt."""

from __future__ import annotations

from ..components import PromptRequest

__all__ = ["task_payload", "task_brief", "task_text", "normalise_prompts"]


def task_payload(request: PromptRequest) -> dict:
    """The task as JSON-safe data (what ``cmd:`` agents read on stdin and ``python:`` agents get)."""
    task = request.task
    return {
        "id": task.id,
        "category": task.category.value,
        "title": task.title,
        "brief": task.brief,
        "constraints": task.constraints.model_dump() if task.constraints else None,
        "outputs": list(task.outputs),
        "n_outputs": task.n_outputs,
        "tags": task.tags.model_dump(),
        "target_image": str(request.target_image) if request.target_image else None,
        "input_images": [str(p) for p in request.input_images],
        "seed": request.seed,
    }


_FIELD_NAMES = {
    "attribute_binding": "Attributes",
    "spatial_relation": "Layout",
    "quantity": "Quantities",
    "text": "Text",
    "hard_constraint": "Hard constraints",
}


def task_brief(task) -> str:
    """The brief followed by the constraint fields, one line each."""
    parts = [task.brief.strip()]
    if task.constraints:
        for name, label in _FIELD_NAMES.items():
            values = getattr(task.constraints, name)
            if values:
                parts.append(f"{label}: " + "; ".join(values))
    return "\n".join(parts)


def task_text(request: PromptRequest) -> list[str]:
    """The task's own words as prompts, one per output (the papers' ``direct`` baseline).

    It sees no image: an IM target or the input images of an image-input case are not
    described, only the instruction is passed on (as IDEA-Bench's text-only baseline would)."""
    task = request.task
    base = task_brief(task)
    if not task.outputs:
        return [base]
    return [f"{base}\nImage {i}: {desc.strip()}" for i, desc in enumerate(task.outputs, 1)]


def normalise_prompts(value, n_outputs: int, source: str) -> list[str]:
    """Turn an agent's answer (a string or a list of strings) into one prompt per output."""
    from ..errors import PrompterError

    prompts = [value] if isinstance(value, str) else value
    if not isinstance(prompts, (list, tuple)) or not all(isinstance(p, str) for p in prompts):
        raise PrompterError(f"{source} must return a string or a list of strings, got {type(value).__name__}")
    prompts = [p.strip() for p in prompts]
    if len(prompts) != n_outputs:
        raise PrompterError(f"{source} returned {len(prompts)} prompts; the task needs {n_outputs} (one per output)")
    if any(not p for p in prompts):
        raise PrompterError(f"{source} returned an empty prompt")
    return prompts
