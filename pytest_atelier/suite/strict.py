"""Strict checks: the ranges and consistency rules the shipped benchmark promises.

See the "Strict validation" section of docs/suite-format.md. Each function returns a list
of problems (empty when the task or suite is fine); none raises.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import yaml

from .attribution import attribution_problems
from .loader import Suite
from .models import CONSTRAINT_PRIMITIVES, SEMANTIC_PRIMITIVES, TAG_VOCABULARY, Category, Primitive, SuiteManifest, Task
from .statement_kinds import named_kinds

__all__ = ["strict_task_problems", "strict_suite_problems", "IM_EXCLUDED"]

IM_EXCLUDED = (Primitive.audience_intent, Primitive.semantic_negation, Primitive.hard_constraint)


def strict_task_problems(task: Task, manifest: SuiteManifest) -> list[str]:
    problems: list[str] = []
    carried = Counter(cp.primitive for cp in task.checkpoints if cp.primitive)
    declared = {p: n for p, n in task.primitives.items() if n}
    if declared != dict(carried):
        problems.append(f"primitives {_fmt(declared)} do not match the checkpoints' primitives {_fmt(carried)}")
    for dim, allowed in TAG_VOCABULARY.items():
        for tag in getattr(task.tags, dim):
            if tag not in allowed:
                problems.append(f"tags.{dim}: {tag!r} is not in the vocabulary ({', '.join(allowed)})")
    if not task.tags.entities or not task.tags.visual_style:
        problems.append("tags need at least one 'entities' and one 'visual_style' tag")
    if task.reference_prompt is None:
        problems.append("reference_prompt is missing")
    problems += _relation_as_region(task)
    if manifest.scoring == "idea":
        problems += _idea_problems(task)
    else:
        problems += _atelier_problems(task, carried)
    return problems


def _atelier_problems(task: Task, carried: Counter) -> list[str]:
    problems = _untyped(task) + _depends_on_a_count(task)
    for cp in task.checkpoints:
        if cp.primitive is None:
            problems.append(f"checkpoint {cp.id}: needs a 'primitive'")
        if not (cp.image and cp.prompt):
            problems.append(f"checkpoint {cp.id}: needs both an 'image' and a 'prompt' statement (paired)")
    semantic = sum(carried[p] for p in SEMANTIC_PRIMITIVES)
    constraint = sum(carried[p] for p in CONSTRAINT_PRIMITIVES)
    if task.category is Category.OE:
        if constraint:
            problems.append("OE tasks carry only semantic primitives")
        if not 6 <= semantic <= 10:
            problems.append(f"OE tasks carry 6-10 semantic cues; this one has {semantic}")
    elif task.category is Category.CO:
        kinds = sum(1 for p in SEMANTIC_PRIMITIVES if carried[p])
        if not 3 <= kinds <= 4:
            problems.append(f"CO tasks carry 3-4 kinds of semantic primitive; this one has {kinds}")
        fields = task.constraints.items() if task.constraints else []
        if not 10 <= len(fields) <= 18:
            problems.append(f"CO tasks carry 10-18 constraint instances; this one has {len(fields)}")
        field_counts = Counter(name for name, _ in fields)
        for p in CONSTRAINT_PRIMITIVES:
            if field_counts[p.value] != carried[p]:
                problems.append(f"constraints.{p.value} lists {field_counts[p.value]} instances but {carried[p]} checkpoints carry {p.value}")
        if sum(1 for p in CONSTRAINT_PRIMITIVES if carried[p]) < 2:
            problems.append("CO tasks use at least 2 constraint primitives")
    else:
        if not 3 <= semantic <= 7:
            problems.append(f"IM tasks carry 3-7 semantic primitive instances; this one has {semantic}")
        if not 7 <= constraint <= 16:
            problems.append(f"IM tasks carry 7-16 constraint primitive instances; this one has {constraint}")
        for p in IM_EXCLUDED:
            if carried[p]:
                problems.append(f"IM tasks cannot carry {p.value} (not observable in an image)")
    return problems


_HOW = {
    "colour": "check: {type: color, color: ..., entity: ...}",
    "count": "check: {type: count, entity: ..., count: N}",
    "position": "check: {type: layout, entity: ..., region: ...} (a region of the frame) or {type: relation, subject: ..., relation: ..., object: ...}",
    "exclusion": "check: {type: absence, entity: ..., terms: [...]}",
}


def _untyped(task: Task) -> list[str]:
    """A prompt statement that names a colour, a count, a position or an exclusion is decided
    by a typed check, not by keyword groups alone (:mod:`.statement_kinds`). A statement with
    neither is read whole by the judge (every word, an exclusion inside an exclusion)."""
    problems = []
    for cp in task.checkpoints:
        if cp.check is not None or not cp.match or not cp.prompt:
            continue
        kinds = named_kinds(cp.prompt)
        if kinds:
            kind, word = kinds[0]
            named = ", ".join(f"{k} ({w!r})" for k, w in kinds)
            problems.append(f"checkpoint {cp.id}: its prompt statement names {named}, which keyword groups cannot decide "
                            f"(they find words, not which thing has the {kind}); add {_HOW[kind]} (docs/suite-format.md)")
    return problems


def _depends_on_a_count(task: Task) -> list[str]:
    """``depends_on`` says a child means nothing without its parent's thing; an exact count is
    never that parent: one miscount would skip every colour, text and place check after it."""
    counts = {cp.id for cp in task.checkpoints if cp.check is not None and cp.check.type == "count"}
    return [
        f"checkpoint {cp.id}: depends_on {parent}, an exact count; depend on a checkpoint that the thing exists, or on none"
        for cp in task.checkpoints for parent in cp.depends_on if parent in counts
    ]


def _relation_as_region(task: Task) -> list[str]:
    """A ``layout`` check places a thing in a region of the frame; a prompt statement that places
    it relative to another thing ("above the awning", "left of the door") needs a ``relation``
    check. The prompt statement says what the check decides; an image statement may add where
    else the thing stands ("at the left, near the door") without changing the check."""
    from ..judge.prompt_evidence import relative_placements

    problems = []
    for cp in task.checkpoints:
        if cp.check is None or cp.check.type != "layout":
            continue
        found = [phrase for phrase, _ in relative_placements(cp.prompt or cp.image or "")]
        if found:
            problems.append(f"checkpoint {cp.id}: its statement places {cp.check.entity!r} relative to another thing "
                            f"({found[0]!r}) but its check is a frame region ({cp.check.region}); use "
                            "check: {type: relation, subject: ..., relation: ..., object: ...} (docs/suite-format.md)")
    return problems


def _idea_problems(task: Task) -> list[str]:
    problems = []
    for cp in task.checkpoints:
        if cp.level is None or not cp.image:
            problems.append(f"checkpoint {cp.id}: idea suites need a 'level' and an 'image' statement")
    levels = Counter(cp.level for cp in task.checkpoints)
    if len(task.checkpoints) != 6 or any(levels[lv] != 2 for lv in (1, 2, 3)):
        problems.append(f"idea cases have six questions, two per level; found {dict(sorted(levels.items(), key=str))}")
    return problems


def strict_suite_problems(suite: Suite) -> list[tuple[str, str]]:
    """(file, problem) pairs over the whole suite, image attribution and NOTICE included; a
    problem of one checkpoint names its file as ``path:line`` (the line of its ``id``)."""
    out = []
    for task in suite.tasks:
        path = suite.task_files[task.id]
        problems = strict_task_problems(task, suite.manifest)
        lines = _checkpoint_lines(path) if any(_CHECKPOINT.match(p) for p in problems) else {}
        for problem in problems:
            found = _CHECKPOINT.match(problem)
            line = lines.get(found.group(1)) if found else None
            out.append((f"{path}:{line}" if line else str(path), problem))
    return out + attribution_problems(suite)


_CHECKPOINT = re.compile(r"checkpoint (\S+): ")


def _checkpoint_lines(path: Path) -> dict[str, int]:
    """The line of each checkpoint's ``id`` in a task file (the file loaded once already)."""
    root = yaml.compose(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    lines = {}
    for key, value in root.value if isinstance(root, yaml.MappingNode) else ():
        if key.value == "checkpoints" and isinstance(value, yaml.SequenceNode):
            for item in value.value:
                for k, v in item.value if isinstance(item, yaml.MappingNode) else ():
                    if k.value == "id":
                        lines[str(v.value)] = k.start_mark.line + 1
    return lines


def _fmt(counts) -> str:
    return "{" + ", ".join(f"{getattr(k, 'value', k)}: {v}" for k, v in sorted(counts.items(), key=lambda kv: str(kv[0]))) + "}"
