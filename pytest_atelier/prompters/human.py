"""``human:FILE``: prompts that people wrote, replayed from a file, so they are graded like any agent.

``atelier human template SUITE -o prompts.csv`` writes one row per task (the task as a prompter
sees it, never its checklist: the brief, the target image's path, the input images' paths one a
line) with empty prompt columns; people fill them in a spreadsheet, and
``--prompter=human:prompts.csv`` replays them. Several people can share one file: each row names
its ``author`` and ``human:prompts.csv?author=p07`` picks one; ``atelier collect`` files also name
each participant's ``group`` (novice or skilled), and ``human:prompts.jsonl?group=novice`` replays a
whole group as one prompter: each task with the answer of whoever answered it (the earliest
answer when several did), the participant kept in the run's prompter meta.

The file is CSV or JSON Lines (``.jsonl``), relative to the rootdir. Fields: ``task_id``; the
prompt in ``prompt`` (or ``prompt_1``), a multi-image task's in ``prompt_1`` .. ``prompt_N`` (JSON
Lines may give a list in ``prompts``); optional ``author`` and ``group``. Other columns are ignored.
A row whose prompts are all empty counts as not written. The plugin collects a human prompter's
items only for the tasks it has a prompt for (``covers``): a person is graded on what they answered.
"""

from __future__ import annotations

import csv
import dataclasses
import hashlib
import json
from pathlib import Path

from ..components import PromptRequest, PromptResult
from ..errors import ConfigError, PrompterError
from .payload import normalise_prompts, task_brief

__all__ = ["HumanPrompter", "HumanPrompt", "read_prompt_file", "write_template", "make"]

VERSION = "1"


@dataclasses.dataclass(frozen=True)
class HumanPrompt:
    task_id: str
    prompts: tuple[str, ...]
    author: str
    line: int
    group: str = ""


def read_prompt_file(path: Path) -> list[HumanPrompt]:
    """Every written row of a prompt file; errors name the file and the line."""
    if not path.is_file():
        raise ConfigError(f"human: no prompt file at {path} (make one with: atelier human template SUITE -o {path.name})")
    rows = _jsonl_rows(path) if path.suffix == ".jsonl" else _csv_rows(path)
    written = []
    for line, row in rows:
        task_id = str(row.get("task_id") or "").strip()
        if not task_id:
            raise ConfigError(f"{path}:{line}: task_id is missing")
        prompts = _prompts_of(row, f"{path}:{line}")
        if any(prompts):
            author, group = (str(row.get(k) or "").strip() for k in ("author", "group"))
            written.append(HumanPrompt(task_id, prompts, author, line, group))
    return written


def _csv_rows(path: Path):
    with path.open(newline="", encoding="utf-8-sig") as handle:
        reader = csv.DictReader(handle)
        if "task_id" not in (reader.fieldnames or []):
            raise ConfigError(f"{path}:1: the header needs a task_id column (and prompt or prompt_1, prompt_2 ...)")
        for row in reader:
            yield reader.line_num, row


def _jsonl_rows(path: Path):
    for line, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not text.strip():
            continue
        try:
            row = json.loads(text)
        except ValueError as exc:
            raise ConfigError(f"{path}:{line}: not a JSON object: {exc}") from None
        if not isinstance(row, dict):
            raise ConfigError(f"{path}:{line}: each line must be a JSON object with task_id and prompt")
        yield line, row


def _prompts_of(row: dict, where: str) -> tuple[str, ...]:
    if "prompts" in row:
        if not isinstance(row["prompts"], list) or not all(isinstance(p, str) for p in row["prompts"]):
            raise ConfigError(f"{where}: prompts must be a list of strings")
        return tuple(p.strip() for p in row["prompts"])
    numbered = sorted((int(k.split("_")[1]), v) for k, v in row.items() if k and k.startswith("prompt_") and k[7:].isdigit())
    if "prompt" in row and not any(n == 1 for n, _ in numbered):
        numbered.insert(0, (1, row["prompt"]))
    values = [str(v or "").strip() for _, v in numbered]
    while values and not values[-1]:
        values.pop()  # unused columns of a wider template
    return tuple(values)


class HumanPrompter:
    def __init__(self, spec: str, file: str, root: Path, author: str | None = None, group: str | None = None):
        if not file:
            raise ConfigError(f"{spec!r}: name the prompt file, e.g. human:prompts.csv")
        path = Path(file) if Path(file).is_absolute() else Path(root) / file
        rows = [r for r in read_prompt_file(path) if author in (None, r.author) and group in (None, r.group)]
        if not rows and (author is not None or group is not None):
            who = f"author {author!r}" if author is not None else f"participants of group {group!r}"
            raise ConfigError(f"{spec!r}: {path} has no prompts by {who}")
        self.by_task: dict[str, HumanPrompt] = {}
        self.answers: dict[str, int] = {}  # task -> how many answers the selection holds (a group's may hold several)
        for row in rows:
            first = self.by_task.setdefault(row.task_id, row)
            self.answers[row.task_id] = self.answers.get(row.task_id, 0) + 1
            if first is not row and (group is None or first.author == row.author):
                hint = "pick one author with ?author=NAME or a group with ?group=NAME" if first.author != row.author else "keep one row per task"
                raise ConfigError(f"{path}:{row.line}: task {row.task_id} already has a prompt on line {first.line}; {hint}")
        self.spec, self.label, self.path, self.group = spec, spec, path, group
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        self.identity = f"human/{VERSION}:{path.name}:{author or ''}:{digest}" + (f":group={group}" if group is not None else "")

    def covers(self, task_id: str) -> bool:
        """Whether the file holds a prompt for this task (the plugin collects only those)."""
        return task_id in self.by_task

    def write_prompt(self, request: PromptRequest) -> PromptResult:
        row = self.by_task.get(request.task.id)
        if row is None:
            raise PrompterError(f"{self.path} has no prompt for task {request.task.id}: write one there")
        prompts = normalise_prompts(list(row.prompts), request.task.n_outputs, f"{self.path}:{row.line}")
        meta = {"author": row.author, "group": row.group, "line": row.line, "file": self.path.name}
        if self.group is not None:
            meta.update(replayed_group=self.group, answers=self.answers[request.task.id])
        return PromptResult(prompts=prompts, meta=meta)


def write_template(suite, out: Path, author: str = "") -> int:
    """A CSV with one row per task of ``suite`` and empty prompt columns; returns the row count."""
    width = max((t.n_outputs for t in suite.tasks), default=1)
    fields = ["task_id", "category", "title", "task", "target_image", "input_images", "author",
              *(f"prompt_{i}" for i in range(1, width + 1))]  # fmt: skip
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields)
        writer.writeheader()
        for task in suite.tasks:
            target = suite.target_image_path(task)
            shown = task_brief(task) + "".join(f"\nImage {i}: {d.strip()}" for i, d in enumerate(task.outputs, 1))
            writer.writerow({"task_id": task.id, "category": task.category.value, "title": task.title, "task": shown,
                             "target_image": str(target) if target else "", "author": author,
                             "input_images": "\n".join(str(p) for p in suite.input_image_paths(task))})  # fmt: skip
    return len(suite.tasks)


def make(spec, ctx) -> HumanPrompter:
    unknown = sorted(set(dict(spec.settings)) - {"author", "group"})
    if unknown:
        raise ConfigError(f"{spec.raw}: unknown setting(s) {', '.join(unknown)}; accepted: author, group")
    return HumanPrompter(spec.raw, spec.argument, ctx.root, spec.setting("author"), spec.setting("group"))
