"""What raters answered, kept on disk as they answer, and the LABELS file built from it.

``--out labels.yaml`` gets a journal beside it, ``labels.answers.jsonl``, append-only like the
collection's files: one ``plan`` line (seed, share, raters and each rater's items in order), one
``shown`` line the first time an item is shown to a rater, and one ``answer`` line per submitted
item (each checkpoint side ``true``, ``false`` or ``unsure``, each dimension's 1-5 score, the
seconds spent). Each line is one ``write``, flushed to disk before the page answers, so a killed
server loses nothing submitted. After every answer the labels file is rebuilt from the journal and
replaced atomically (written beside, then renamed), with the top-1 images copied into
``labels.images/``, so ``atelier meta-eval labels.yaml`` reads it at any time.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import os
import secrets
import shutil
import threading
import time
from collections import Counter
from pathlib import Path

import yaml

from ..output_files import OutputError, output_stream, write_output
from ..components import IMAGE_DIMENSIONS, PROMPT_DIMENSIONS
from ..suite.models import Category, Checkpoint, Task
from .label_assign import LabelPlan, plan_labels
from .store import _read, append_row

__all__ = ["Item", "LabelStore", "items_of", "journal_path", "ANSWERS"]

log = logging.getLogger("pytest_atelier.label")
ANSWERS = {"true": True, "false": False, "unsure": None}


def journal_path(out: Path) -> Path:
    return out.with_name(f"{out.stem}.answers.jsonl")


@dataclasses.dataclass(frozen=True)
class Item:
    """One run to label: its task, prompts and top-1 image (output 1), and what to ask."""

    id: str
    run_key: str
    task: Task
    prompts: tuple[str, ...]
    prompter: str
    backend: str
    image: Path | None
    image_sha256: str | None

    def image_file(self) -> Path | None:
        """The top-1 image named by the results file, only while it is a file whose content is the
        one the results recorded (so nothing else can be served or copied under its name); never
        when the results recorded no hash to compare."""
        path = self.image
        if path is None or path.is_symlink() or not path.is_file():
            return None
        if not self.image_sha256 or hashlib.sha256(path.read_bytes()).hexdigest() != self.image_sha256:
            return None
        return path

    def checkpoints(self) -> list[tuple[Checkpoint, list[str]]]:
        """Each checkpoint with the sides asked: the prompt side, and the image side when there is
        an image and the checkpoint is about output 1 (or every output)."""
        asked = []
        for cp in self.task.checkpoints:
            sides = ["prompt"] if cp.prompt else []
            if cp.image and self.image is not None and cp.output in (None, 1):
                sides.append("image")
            if sides:
                asked.append((cp, sides))
        return asked

    def dimensions(self) -> list[str]:
        """The subjective dimensions of the task's category: the prompt's, and the image's for OE and CO."""
        image = self.image is not None and self.task.category is not Category.IM
        return [*PROMPT_DIMENSIONS, *(IMAGE_DIMENSIONS if image else ())]


def items_of(results, suite) -> list[Item]:
    """The labellable runs of a results file: no error, not excluded by the safety gate, one prompt
    per output, a task the suite has; a top-1 image the gate flagged is not shown."""
    items, seen = [], set()
    for run in results.runs:
        try:
            task = suite.task(run.task_id)
        except KeyError:
            continue
        if run.error or run.excluded or len(run.prompts) != task.n_outputs:
            continue
        top = next((im for im in run.images if im.output == 1 and im.top1 and not im.flagged), None)
        item_id = run.key[:12]
        if item_id in seen:
            continue
        seen.add(item_id)
        items.append(Item(item_id, run.key, task, tuple(run.prompts), run.prompter, run.backend,
                          Path(top.path) if top else None, top.sha256 if top else None))  # fmt: skip
    return items


class PlanMismatch(ValueError):
    pass


class LabelStore:
    """The raters of one labelling and their answers; safe to share between threads."""

    def __init__(self, out: Path, items: list[Item], suite_root: Path, raters: list[str], share: float = 0.2,
                 overlap: int = 2, seed: int | None = None, source: str = "", clock=time.time):  # fmt: skip
        self.out, self.journal = Path(out), journal_path(Path(out))
        self.items = {item.id: item for item in items}
        self.suite_root, self.source, self.clock = Path(suite_root), source, clock
        self.lock = threading.Lock()
        self.out.parent.mkdir(parents=True, exist_ok=True)
        events = _read(self.journal)
        planned = next((e for e in events if e.get("event") == "plan"), None)
        if planned is None:
            seed = secrets.randbits(32) if seed is None else seed
            self.plan = plan_labels(sorted(self.items), raters, share, overlap, seed)
            append_row(self.journal, {"event": "plan", "seed": seed, "share": share, "overlap": self.plan.overlap,
                                   "raters": list(raters), "items": {r: list(v) for r, v in self.plan.items.items()},
                                   "shared": sorted(self.plan.shared), "at": clock()})  # fmt: skip
        else:
            if planned["raters"] != list(raters) or set(planned["shared"]) - set(self.items) or any(
                set(v) - set(self.items) for v in planned["items"].values()
            ):
                raise PlanMismatch(
                    f"{self.journal}: this labelling was planned for raters {', '.join(planned['raters'])} on other items; "
                    "start it again with the same --raters and results, or choose another --out"
                )
            self.plan = LabelPlan(int(planned["seed"]), float(planned["share"]), int(planned["overlap"]), tuple(planned["raters"]),
                                  {r: tuple(v) for r, v in planned["items"].items()}, frozenset(planned["shared"]))  # fmt: skip
        self.shown: dict[tuple[str, str], float] = {}
        self.answers: dict[tuple[str, str], dict] = {}  # (rater, item) -> answer row
        for event in events:
            key = (str(event.get("rater", "")), str(event.get("item", "")))
            if event.get("event") == "shown":
                self.shown.setdefault(key, float(event["at"]))
            elif event.get("event") == "answer":
                self.answers.setdefault(key, event)

    def current(self, rater: str) -> str | None:
        """The rater's first item not answered, or None when they are done."""
        return next((i for i in self.plan.items.get(rater, ()) if (rater, i) not in self.answers), None)

    def progress(self, rater: str) -> tuple[int, int]:
        mine = self.plan.items.get(rater, ())
        return sum((rater, i) in self.answers for i in mine), len(mine)

    def show(self, rater: str, item: str) -> float:
        with self.lock:
            if (rater, item) not in self.shown:
                self.shown[(rater, item)] = at = self.clock()
                append_row(self.journal, {"event": "shown", "rater": rater, "item": item, "at": at})
            return self.shown[(rater, item)]

    def answer(self, rater: str, item: str, checkpoints: dict[str, dict[str, str]], scores: dict[str, int]) -> bool:
        """Record the rater's answer to their current item and rewrite the labels file; False when
        ``item`` is not their current one (a repeated submit)."""
        with self.lock:
            if self.current(rater) != item:
                return False
            shown = self.shown.get((rater, item))
            row = {"event": "answer", "rater": rater, "item": item, "task_id": self.items[item].task.id,
                   "run_key": self.items[item].run_key, "checkpoints": checkpoints, "scores": scores,
                   "seconds": round(self.clock() - shown, 1) if shown is not None else None, "at": self.clock()}  # fmt: skip
            append_row(self.journal, row)
            self.answers[(rater, item)] = row
            try:
                self.write_labels()
            except OutputError as exc:  # the answer is safe in the journal; the labels file is rebuilt next time
                log.warning("%s", exc)
            return True

    # --- the LABELS file ---------------------------------------------------------------------

    def _image(self, item: Item) -> str | None:
        """The item's top-1 image copied beside the labels file (once); its path relative to it."""
        folder = self.out.with_name(f"{self.out.stem}.images")
        copied = [p for p in folder.glob(f"{item.id}.*") if p.suffix != ".tmp"] if folder.is_dir() else []  # .tmp: left by a crash
        if copied:
            return os.path.relpath(copied[0], self.out.parent)
        source = item.image_file()
        if source is None:
            return None
        target = folder / f"{item.id}{source.suffix.lower() or '.png'}"
        folder.mkdir(parents=True, exist_ok=True)
        with open(source, "rb") as data, output_stream(target, "labelled image", binary=True) as copy:
            shutil.copyfileobj(data, copy)
        return os.path.relpath(target, self.out.parent)

    def pair(self, item: Item) -> dict | None:
        """The LABELS pair of ``item`` from every rater's answer, or None when nobody answered yet."""
        rows = [(r, self.answers[(r, item.id)]) for r in self.plan.raters if (r, item.id) in self.answers]
        if not rows:
            return None
        raters = [r for r, _ in rows]
        checkpoints, votes = {}, {}
        for cp, sides in item.checkpoints():
            for side in sides:
                answers = [ANSWERS.get(row["checkpoints"].get(cp.id, {}).get(side, "unsure")) for _, row in rows]
                votes.setdefault(cp.id, {})[side] = answers
                decided = Counter(a for a in answers if a is not None)
                if decided and decided[True] != decided[False]:
                    checkpoints.setdefault(cp.id, {})[side] = decided[True] > decided[False]
        scores = {dim: [int(row["scores"][dim]) for _, row in rows] for dim in item.dimensions() if all(dim in row["scores"] for _, row in rows)}
        pair = {"id": item.id, "task": item.task.id, "prompt": item.prompts[0] if len(item.prompts) == 1 else list(item.prompts)}
        image = self._image(item)
        if image is not None:
            pair |= {"image": image, "output": 1}
        pair |= {"raters": raters, "checkpoints": checkpoints, "votes": votes, "scores": scores,
                 "note": f"prompter {item.prompter}, backend {item.backend}, run {item.run_key}"}  # fmt: skip
        return pair

    def write_labels(self) -> Path | None:
        """Rebuild the labels file from every answer so far and replace it atomically."""
        pairs = [p for p in (self.pair(self.items[i]) for i in sorted(self.items)) if p is not None]
        if not pairs:
            return None
        data = {
            "suite": os.path.relpath(self.suite_root, self.out.parent.resolve()),
            "raters": list(self.plan.raters),
            "description": f"Labels and 1-5 scores given by people ({', '.join(self.plan.raters)}) in atelier label on "
            f"{self.source or 'a results file'}; {len(self.plan.shared)} item(s) planned for {self.plan.overlap} raters "
            f"(share {self.plan.share:g}, seed {self.plan.seed}). Checkpoint labels are the raters' majority; ties and "
            "cannot-tell answers are left unlabelled (each rater's answer is in votes).",
            "pairs": pairs,
        }
        text = "# Written by atelier label (docs/people.md); rebuilt from the answers journal after every answer.\n"
        text += yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120)
        write_output(self.out, text, "labels file")
        return self.out

    # --- admin ---------------------------------------------------------------------------------

    def counts(self) -> list[dict]:
        items = [[i, self.items[i].task.id, self.items[i].prompter, self.items[i].backend, len(self.plan.raters_of(i)),
                  sum((r, i) in self.answers for r in self.plan.raters)] for i in sorted(self.items)]  # fmt: skip
        by_task: dict[str, list[int]] = {}
        for _, task, _, _, planned, given in items:
            by_task.setdefault(task, [0, 0, 0])
            by_task[task] = [by_task[task][0] + 1, by_task[task][1] + planned, by_task[task][2] + given]
        return [
            {"name": "tasks", "columns": ["task", "items", "labels planned", "labels given"],
             "rows": [[t, *v] for t, v in sorted(by_task.items())]},
            {"name": "raters", "columns": ["rater", "labelled", "assigned"],
             "rows": [[r, *self.progress(r)] for r in self.plan.raters]},
            {"name": "items", "columns": ["item", "task", "prompter", "backend", "raters planned", "labels given"], "rows": items},
        ]  # fmt: skip
