"""Load a suite folder, reporting every problem with its file, line and field.

Every path a suite names (``tasks`` globs and ``exemplars`` in the manifest, ``target_image``
and ``input_images`` in a task) must stay inside the suite folder once symlinks are resolved: an absolute path, a
``..`` that climbs out, or a link that points outside is an error at that field's line, so no
file from elsewhere is ever read, judged or sent to a model API. A mapping that repeats a key
is an error at the repeated key's line (YAML would silently keep the last value).
"""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from ..errors import FieldError, SuiteError
from .attribution import Attribution, load_attributions
from .image_files import image_problem
from .models import SuiteManifest, Task

__all__ = ["Suite", "load_suite", "load_task", "find_suite_root", "checkpoint_lines", "MANIFEST_NAME"]

MANIFEST_NAME = "suite.yaml"
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: same nodes and marks, faster


@dataclasses.dataclass(frozen=True)
class Suite:
    """A loaded suite: its manifest, its tasks sorted by id, where each came from, and the
    attribution entries of its images (``images/attribution/*.yaml``)."""

    root: Path
    manifest: SuiteManifest
    tasks: tuple[Task, ...]
    task_files: dict[str, Path]
    attributions: tuple[Attribution, ...] = ()

    def task(self, task_id: str) -> Task:
        for task in self.tasks:
            if task.id == task_id:
                return task
        raise KeyError(task_id)

    def target_image_path(self, task: Task) -> Path | None:
        if not task.target_image:
            return None
        return _confined(self.root, self.task_files[task.id].parent, task.target_image)

    def input_image_paths(self, task: Task) -> tuple[Path, ...]:
        """The task's input images (IDEA image-input cases), in the task's order; empty for others."""
        base = self.task_files[task.id].parent
        return tuple(_confined(self.root, base, rel) for rel in task.input_images)

    def exemplar_path(self, name: str) -> Path | None:
        rel = self.manifest.exemplars.get(name)
        return _confined(self.root, self.root, rel) if rel else None


def _outside(root: Path, base: Path, rel: str) -> str | None:
    """Why ``rel`` (relative to ``base``) is not a path inside the suite folder ``root``, or None."""
    if "\0" in rel:
        return f"{rel!r} contains a NUL byte, which no file name can hold"
    if Path(rel).is_absolute() or rel.startswith(("~", "\\")) or ":" in rel.split("/")[0]:
        return f"{rel!r} must be a path relative to its file, inside the suite folder"
    if not (base / rel).resolve().is_relative_to(root.resolve()):
        return f"{rel!r} leads outside the suite folder {root} (through '..' or a symbolic link); keep suite files inside it"
    return None


def _confined(root: Path, base: Path, rel: str) -> Path:
    problem = _outside(root, base, rel)
    if problem:
        raise SuiteError(root / MANIFEST_NAME, [(None, "", problem)])
    return (base / rel).resolve()


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
        if node is not None:
            _refuse_repeated_keys(path, node)
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise SuiteError(path, [(line, "", f"invalid YAML: {exc.problem or exc}")]) from exc
    except yaml.reader.ReaderError as exc:  # a control character: located by its position in the text
        line = text.count("\n", 0, exc.position) + 1
        raise SuiteError(path, [(line, "", f"invalid YAML: control character U+{_code(exc.character):04X} is not allowed; remove it")]) from None
    except yaml.YAMLError as exc:
        raise SuiteError(path, [(None, "", f"invalid YAML: {exc}")]) from exc
    except RecursionError:
        raise SuiteError(path, [(None, "", "invalid YAML: nested too deeply")]) from None
    finally:
        loader.dispose()
    return data, node


def _code(character) -> int:
    return character if isinstance(character, int) else ord(character)  # libyaml gives a number, PyYAML a str


def _refuse_repeated_keys(path: Path, root: yaml.Node) -> None:
    """A mapping that names one key twice is an error at the second one (iterative walk)."""
    stack, seen = [root], set()
    while stack:
        node = stack.pop()
        if id(node) in seen:  # an alias: walked already
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            keys: dict = {}
            for key, value in node.value:
                name = key.value if isinstance(key, yaml.ScalarNode) else None
                if name is not None and name != "<<" and name in keys:
                    raise SuiteError(path, [(key.start_mark.line + 1, name, f"repeated key (first at line {keys[name]}); "
                                             "YAML would keep only the last value: remove one")])
                keys.setdefault(name, key.start_mark.line + 1)
                stack += [key, value]
        elif isinstance(node, yaml.SequenceNode):
            stack += node.value


def _line_of(node: yaml.Node | None, loc: tuple) -> int | None:
    """Line of the deepest YAML node that ``loc`` (a pydantic error location) reaches."""
    if node is None:
        return None
    line = node.start_mark.line + 1
    for part in loc:
        child = None
        if isinstance(part, int) and isinstance(node, yaml.MappingNode):
            part = str(part)
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
            located = (err.get("ctx") or {}).get("error")
            if isinstance(located, FieldError):  # a model validator that named the field
                loc += located.loc
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
    errors: list[SuiteError] = []
    _, manifest_node = _compose(manifest_path)
    files: set[Path] = set()
    for i, pattern in enumerate(manifest.tasks):
        problem = _outside(root, root, pattern) or (f"{pattern!r} must not contain '..'" if ".." in Path(pattern).parts else None)
        if problem:
            errors.append(SuiteError(manifest_path, [(_line_of(manifest_node, ("tasks", i)), f"tasks.{i}", problem)]))
            continue
        for f in root.glob(pattern):
            if f.is_file() and not f.resolve().is_relative_to(root.resolve()):
                errors.append(SuiteError(manifest_path, [(_line_of(manifest_node, ("tasks", i)), f"tasks.{i}",
                                                          f"{f} is a link to {f.resolve()}, outside the suite folder; copy the file in")]))
            elif f.is_file():
                files.add(f)
    tasks: list[Task] = []
    task_files: dict[str, Path] = {}
    for file in sorted(files):
        try:
            task = load_task(file)
        except SuiteError as exc:
            errors.append(exc)
            continue
        if task.id in task_files:
            first = task_files[task.id]
            errors.append(SuiteError(file, [(_id_line(file), "id", f"task id {task.id!r} is also used by {first}:{_id_line(first)}; "
                                             "task ids must be unique in a suite")]))
            continue
        located = _image_problems(root, file, task)
        if located:
            _, node = _compose(file)
            errors.append(SuiteError(file, [(_line_of(node, loc), ".".join(map(str, loc)), problem) for loc, problem in located]))
            continue
        tasks.append(task)
        task_files[task.id] = file
    for name, rel in manifest.exemplars.items():
        problem = _outside(root, root, rel) or (None if (root / rel).is_file() else f"file not found: {rel}")
        if problem:
            errors.append(SuiteError(manifest_path, [(_line_of(manifest_node, ("exemplars", name)), f"exemplars.{name}", problem)]))
            continue
        from .exemplars import load_memory_with_source  # it imports this module

        try:
            load_memory_with_source(root / rel, root)
        except SuiteError as exc:
            errors.append(exc)
    attributions: list[Attribution] = []
    try:
        attributions = load_attributions(root)
    except SuiteError as exc:
        errors.append(exc)
    if errors:
        raise _merge(errors)
    if not tasks:
        raise SuiteError(manifest_path, [(_line_of(manifest_node, ("tasks",)), "tasks", f"no task files match {manifest.tasks}")])
    tasks.sort(key=lambda t: t.id)
    return Suite(root=root, manifest=manifest, tasks=tuple(tasks), task_files=task_files, attributions=tuple(attributions))


def _image_problems(root: Path, file: Path, task: Task) -> list[tuple[tuple, str]]:
    """(field location, problem) for each image path of ``task`` outside the suite, missing, or not a readable image."""
    named = [(("target_image",), task.target_image)] if task.target_image else []
    named += [(("input_images", i), rel) for i, rel in enumerate(task.input_images)]
    found = []
    for loc, rel in named:
        problem = _outside(root, file.parent, rel)
        if problem is None:
            problem = image_problem(file.parent / rel) if (file.parent / rel).is_file() else f"file not found: {rel}"
        if problem:
            found.append((loc, problem))
    return found


def _id_line(file: Path) -> int | None:
    _, node = _compose(file)
    return _line_of(node, ("id",))


@functools.cache
def checkpoint_lines(file: Path) -> dict[str, int]:
    """Line (1-based) of each checkpoint's entry in a task file, by checkpoint id."""
    _, root = _compose(file)
    found = {}
    for key, value in root.value if isinstance(root, yaml.MappingNode) else []:
        if key.value == "checkpoints" and isinstance(value, yaml.SequenceNode):
            for entry in value.value:
                ids = [v for k, v in entry.value if k.value == "id"] if isinstance(entry, yaml.MappingNode) else []
                if ids and isinstance(ids[0], yaml.ScalarNode):
                    found[ids[0].value] = entry.start_mark.line + 1
    return found


def _merge(errors: list[SuiteError]) -> SuiteError:
    if len(errors) == 1:
        return errors[0]
    merged = SuiteError(errors[0].path, [])
    merged.problems = [p for e in errors for p in e.problems]
    merged.args = ("\n".join(str(e) for e in errors),)
    return merged
