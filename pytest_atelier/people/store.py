"""What participants answered, kept on disk as they answer, so a crash loses nothing submitted.

Two append-only JSON Lines files: the prompts file (``--out``), one row per submitted task in the
format ``human:FILE`` replays (``task_id``, ``author``, ``prompts``, plus ``round``, ``position``,
``seconds``, ``group``), and beside it ``NAME.participants.jsonl``, one ``join`` event per
participant (seed, plan, questionnaire answers, group) and one ``shown`` event the first time
each task is shown (the start of its minimum time). Each row is one ``write`` to a file opened
for appending, flushed to disk before the page answers (a write the disk refuses is undone
and the page says the answer was not saved); a lock serialises participants.
Reopening the files rebuilds every participant's place, so a reload or a restart resumes.
"""

from __future__ import annotations

import json
import os
import secrets
import threading
import time
from collections import Counter
from pathlib import Path

from .assign import CollectConfig, Plan, plan_participant
from .questionnaire import group_of

__all__ = ["CollectStore", "Participant", "TooSoon", "sidecar_path", "append_row"]


class TooSoon(Exception):
    """An answer came before the task's minimum time; ``wait`` is the seconds left."""

    def __init__(self, wait: float):
        super().__init__(f"{wait:.0f} s left")
        self.wait = wait


def sidecar_path(out: Path) -> Path:
    return out.with_name(f"{out.stem}.participants.jsonl")


class Participant:
    def __init__(self, pid: str, plan: Plan, answers: dict, group: str):
        self.pid, self.plan, self.answers, self.group = pid, plan, answers, group
        self.done: set[str] = set()
        self.shown: dict[str, float] = {}

    def current(self) -> tuple[int, int, str] | None:
        """(round index, position in round, task id) of the first task not answered, or None when done."""
        for r, round_ in enumerate(self.plan.rounds):
            for p, task in enumerate(round_):
                if task not in self.done:
                    return r, p, task
        return None


def _read(path: Path) -> list[dict]:
    rows = []
    if path.is_file():
        for text in path.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(text)
            except ValueError:
                continue  # a line cut short by a crash mid-write: it was never acknowledged
            if isinstance(row, dict):
                rows.append(row)
    return rows


def append_row(path: Path, row: dict) -> None:
    """Append ``row`` as one JSON line, on disk before returning, or raise ``OSError`` with the file
    as it was: a write cut short (a full disk) is cut back off, so no torn row is ever followed by
    the next one on the same line. A torn last line left by a crash (never acknowledged) is cut
    off before the row is added."""
    data = (json.dumps(row, ensure_ascii=False) + "\n").encode("utf-8")
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            size = _last_line_end(fd, size)
            os.ftruncate(fd, size)
        try:
            written = 0
            while written < len(data):
                written += os.write(fd, data[written:])
            os.fsync(fd)
        except BaseException:
            os.ftruncate(fd, size)
            raise
    finally:
        os.close(fd)


def _last_line_end(fd: int, size: int) -> int:
    """The size of the file up to and including its last newline (0 when it has none)."""
    end = size
    while end > 0:
        start = max(0, end - 65536)
        at = os.pread(fd, end - start, start).rfind(b"\n")
        if at >= 0:
            return start + at + 1
        end = start
    return 0


class CollectStore:
    """The participants of one collection and their answers; safe to share between threads."""

    def __init__(self, out: Path, tasks_by_category: dict[str, list[str]], config: CollectConfig, clock=time.time):
        self.out, self.sidecar = Path(out), sidecar_path(Path(out))
        self.tasks_by_category, self.config, self.clock = tasks_by_category, config, clock
        self.lock = threading.Lock()
        self.participants: dict[str, Participant] = {}
        self.out.parent.mkdir(parents=True, exist_ok=True)
        for event in _read(self.sidecar):
            pid = str(event.get("participant", ""))
            if event.get("event") == "join" and pid not in self.participants:
                plan = Plan(int(event["seed"]), tuple(tuple(r) for r in event["rounds"]))
                self.participants[pid] = Participant(pid, plan, event.get("answers", {}), event.get("group", ""))
            elif event.get("event") == "shown" and pid in self.participants:
                self.participants[pid].shown.setdefault(str(event["task_id"]), float(event["at"]))
        for row in _read(self.out):
            who = self.participants.get(str(row.get("author", "")))
            if who is not None:
                who.done.add(str(row.get("task_id")))

    def assigned(self) -> Counter:
        return Counter(t for p in self.participants.values() for t in p.plan.tasks)

    def join(self, pid: str, answers: dict, seed: int | None = None) -> Participant:
        """Plan a new participant (or return the one already planned under ``pid``)."""
        with self.lock:
            if pid in self.participants:
                return self.participants[pid]
            seed = secrets.randbits(32) if seed is None else seed
            plan = plan_participant(self.tasks_by_category, self.assigned(), seed, self.config)
            group = group_of(answers)
            append_row(self.sidecar, {"event": "join", "participant": pid, "seed": seed, "rounds": [list(r) for r in plan.rounds],
                                   "answers": answers, "group": group, "at": self.clock()})  # fmt: skip
            self.participants[pid] = who = Participant(pid, plan, answers, group)
            return who

    def show(self, who: Participant, task_id: str) -> float:
        """When ``task_id`` was first shown to ``who`` (recorded now if never)."""
        with self.lock:
            if task_id not in who.shown:
                who.shown[task_id] = at = self.clock()
                append_row(self.sidecar, {"event": "shown", "participant": who.pid, "task_id": task_id, "at": at})
            return who.shown[task_id]

    def answer(self, who: Participant, task_id: str, prompts: list[str]) -> bool:
        """Record ``who``'s prompts for their current task; False when it is not their current task
        (a repeated submit). Raises ``TooSoon`` before the minimum time."""
        with self.lock:
            place = who.current()
            if place is None or place[2] != task_id:
                return False
            shown = who.shown.get(task_id)
            spent = self.clock() - shown if shown is not None else 0.0
            if shown is None or spent < self.config.min_seconds:
                raise TooSoon(self.config.min_seconds - spent)
            append_row(self.out, {"task_id": task_id, "author": who.pid, "prompts": prompts, "round": place[0] + 1,
                               "position": place[1] + 1, "seconds": round(spent, 1), "group": who.group})  # fmt: skip
            who.done.add(task_id)
            return True
