"""Load a suite folder, reporting every problem with its file, line and field."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from ..errors import SuiteError
from .models import SuiteManifest, Task

__all__ = ["Suite", "load_suite", "load_task", "find_suite_root", "MANIFEST_NAME"]

MANIFEST_NAME = "suite.yaml"
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: same nodes and marks, faster


@dataclasses.dataclass(frozen=True)
class Suite:
    """A loaded suite: its manifest, its tasks sorted by id, and where each came from."""

    root: Path
    manifest: SuiteManifest
    tasks: tuple[Task, ...]
    task_files: dict[str, Path]

    def task(self, task_id: str) -> Task:
        for task in self.tasks:
            if task.id == task_id:
                return task
        raise KeyError(task_id)

    def target_image_path(self, task: Task) -> Path | None:
        if not task.target_image:
            return None
        return (self.task_files[task.id].parent / task.target_image).resolve()

    def exemplar_path(self, name: str) -> Path | None:
        rel = self.manifest.exemplars.get(name)
        return (self.root / rel).resolve() if rel else None


def find_suite_root(path: Path) -> Path | None:
    """The suite folder holding ``path`` (a suite folder, its manifest, or a file inside)."""
    path = path.resolve()
    for candidate in [path, *path.parents]:
        if candidate.is_dir() and (candidate / MANIFEST_NAME).is_file():
            return candidate
        if candidate.name == MANIFEST_NAME and candidate.is_file():
            return candidate.parent
    return None


def _compose(path: Path) -> tuple[Any, yaml.Node | None]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SuiteError(path, [(None, "", f"cannot read the file: {exc}")]) from exc
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise SuiteError(path, [(line, "", f"invalid YAML: {exc.problem or exc}")]) from exc
    finally:
        loader.dispose()
    return data, node


def _line_of(node: yaml.Node | None, loc: tuple) -> int | None:
    """Line of the deepest YAML node that ``loc`` (a pydantic error location) reaches."""
    if node is None:
        return None
    line = node.start_mark.line + 1
    for part in loc:
        child = None
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if key.value == str(part):
                    child = value
                    break
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            child = node.value[part]
        if child is None:
            continue  # a discriminator tag or a missing field: stay on the parent
        node = child
        line = node.start_mark.line + 1
    return line


def _validate(model: type[BaseModel], path: Path):
    data, node = _compose(path)
    if not isinstance(data, dict):
        raise SuiteError(path, [(1, "", f"expected a mapping of fields, got {type(data).__name__}")])
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = tuple(err["loc"])
            field = ".".join(str(p) for p in loc) or "(task)"
            msg = err["msg"].removeprefix("Value error, ")
            if err["type"] == "extra_forbidden":
                msg = "unknown field (check its spelling; see docs/suite-format.md)"
            problems.append((_line_of(node, loc), field, msg))
        raise SuiteError(path, problems) from None


def load_task(path: Path) -> Task:
    """Load and validate one task file."""
    return _validate(Task, Path(path))


def load_suite(path: str | Path) -> Suite:
    """Load a suite folder (or its ``suite.yaml``), checking every task and asset."""
    given = Path(path)
    root = find_suite_root(given)
    if root is None:
        raise SuiteError(given, [(None, "", f"no {MANIFEST_NAME} here or above; a suite folder needs one")])
    manifest_path = root / MANIFEST_NAME
    manifest = _validate(SuiteManifest, manifest_path)
    files = sorted({f for pattern in manifest.tasks for f in root.glob(pattern) if f.is_file()})
    tasks: list[Task] = []
    task_files: dict[str, Path] = {}
    errors: list[SuiteError] = []
    for file in files:
        try:
            task = load_task(file)
        except SuiteError as exc:
            errors.append(exc)
            continue
        if task.id in task_files:
            errors.append(SuiteError(file, [(None, "id", f"task id {task.id!r} is also used by {task_files[task.id]}")]))
            continue
        if task.target_image and not (file.parent / task.target_image).is_file():
            _, node = _compose(file)
            errors.append(SuiteError(file, [(_line_of(node, ("target_image",)), "target_image", f"file not found: {task.target_image}")]))
        tasks.append(task)
        task_files[task.id] = file
    for name, rel in manifest.exemplars.items():
        if not (root / rel).is_file():
            _, node = _compose(manifest_path)
            errors.append(SuiteError(manifest_path, [(_line_of(node, ("exemplars", name)), f"exemplars.{name}", f"file not found: {rel}")]))
    if errors:
        raise _merge(errors)
    if not tasks:
        raise SuiteError(manifest_path, [(None, "tasks", f"no task files match {manifest.tasks}")])
    tasks.sort(key=lambda t: t.id)
    return Suite(root=root, manifest=manifest, tasks=tuple(tasks), task_files=task_files)


def _merge(errors: list[SuiteError]) -> SuiteError:
    if len(errors) == 1:
        return errors[0]
    merged = SuiteError(errors[0].path, [])
    merged.problems = [p for e in errors for p in e.problems]
    merged.args = ("\n".join(str(e) for e in errors),)
    return merged
