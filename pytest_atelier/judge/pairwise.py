"""Head-to-head judging: a model judge compares two prompters' top-1 images for one task.

Each duel is asked in both orders (A first, then B first) so that a judge's preference for a
position cancels out: a judge's verdict is the mean of its two answers (winner 1, tie 0.5,
loser 0 for A), so A wins when it won more often than it lost over the two orders, and a
judge that always picks the first image yields a tie. With several judges, the outcome with
more than half of the judges' verdicts decides; anything else is a tie (the ECHO paper's
majority vote over judges). Every call goes through the judge's provider client (retries, rate
limits, record/replay) and is cached on disk by judge identity, task, image hashes and order,
so a second run makes no call.

:func:`duels_for` lists the duels a results file allows (same task, same backend, same output,
two prompters with a top-1 image each); :func:`run_duels` decides them.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import hashlib
from itertools import combinations
from pathlib import Path
from typing import Any, Callable, Sequence

from ..errors import ConfigError
from ..results.pairwise import Comparison
from ..results.records import Results
from ..suite.models import Task

__all__ = ["SCHEMA", "INSTRUCTIONS", "IDENTITY", "Duel", "ask_order", "judge_duel", "duels_for", "run_duels", "run_image_scores"]

_FILE = Path(__file__).resolve().parent / "prompts" / "pairwise.v1.md"
INSTRUCTIONS = _FILE.read_text(encoding="utf-8")
IDENTITY = f"pairwise/1@{hashlib.sha256(INSTRUCTIONS.encode()).hexdigest()[:16]}"
SCHEMA: dict = {
    "type": "object",
    "properties": {"winner": {"type": "string", "enum": ["first", "second", "tie"]}, "reason": {"type": "string"}},
    "required": ["winner", "reason"],
    "additionalProperties": False,
}
Cached = Callable[[str, str, Callable[[], Any]], Any]


@dataclasses.dataclass(frozen=True)
class Duel:
    """Two runs' top-1 images for one task, backend and output: ``a`` and ``b`` are prompter labels."""

    task: str
    backend: str
    output: int
    a: str
    b: str
    image_a: Path
    image_b: Path
    sha_a: str
    sha_b: str


def check_judges(judges: Sequence) -> None:
    """Every judge must be a model judge (it asks a chat client)."""
    for judge in judges:
        if not (hasattr(judge, "ask") and hasattr(judge, "client")):
            raise ConfigError(
                f"judge {getattr(judge, 'spec', judge)!r} cannot compare images: head-to-head judging needs a model "
                "judge (openai:MODEL, anthropic:MODEL, gemini:MODEL or hf:MODEL)"
            )


def _request(task: Task) -> str:
    from .atelier import _task_context

    return f"{_task_context(task)}\n\nThe two images to compare are attached: first, then second."


def ask_order(judge, task: Task, first: Path, second: Path, sha_first: str, sha_second: str, cached: Cached | None = None) -> dict:
    """One call: ``{"winner": "first"|"second"|"tie", "reason": ...}`` for this order, cached."""
    from ..engine.cache import call_key

    def compute() -> dict:
        data = judge.ask(f"pairwise on task {task.id}", INSTRUCTIONS, _request(task),
                         [Path(first).read_bytes(), Path(second).read_bytes()], SCHEMA)
        return {"winner": data["winner"], "reason": data["reason"].strip()}

    key = call_key("pairwise", IDENTITY, judge.identity, task.model_dump_json(), sha_first, sha_second)
    return cached("pairwise", key, compute) if cached else compute()


def _points_for_a(answer: dict, a_first: bool) -> float:
    if answer["winner"] == "tie":
        return 0.5
    return 1.0 if (answer["winner"] == "first") == a_first else 0.0


def judge_duel(judges: Sequence, task: Task, duel: Duel, cached: Cached | None = None) -> Comparison:
    """The duel decided by ``judges``: each asked in both orders, then the majority of judges."""
    votes, reasons = [], []
    for judge in judges:
        ab = ask_order(judge, task, duel.image_a, duel.image_b, duel.sha_a, duel.sha_b, cached)
        ba = ask_order(judge, task, duel.image_b, duel.image_a, duel.sha_b, duel.sha_a, cached)
        points = (_points_for_a(ab, True) + _points_for_a(ba, False)) / 2
        verdict = "a" if points > 0.5 else "b" if points < 0.5 else "tie"
        votes.append(f"{verdict}@{judge.label}")
        reasons.append((verdict, f"{judge.label}: {ab['reason']} / swapped: {ba['reason']}"))
    tally = {o: sum(v.split("@")[0] == o for v in votes) for o in ("a", "b", "tie")}
    outcome = next((o for o, k in tally.items() if 2 * k > len(judges)), "tie")
    reason = next((r for v, r in reasons if v == outcome), f"judges split ({tally['a']} a, {tally['b']} b, {tally['tie']} tie)")
    return Comparison(duel.task, duel.backend, duel.a, duel.b, outcome, duel.output, tuple(votes), reason)


def duels_for(results: Results, prompters: Sequence[str] | None = None) -> list[Duel]:
    """Every duel the results allow: for each task, backend and output, each pair of prompters
    (sorted) whose runs have a top-1 image there (runs that failed or were excluded have none)."""
    top1: dict[tuple[str, str, int], dict[str, tuple[Path, str]]] = {}
    for run in results.runs:
        if run.error or run.excluded or (prompters and run.prompter not in prompters):
            continue
        for image in run.images:
            if image.top1:
                top1.setdefault((run.task_id, run.backend, image.output), {})[run.prompter] = (Path(image.path), image.sha256)
    out = []
    for (task, backend, output), by_prompter in sorted(top1.items()):
        for a, b in combinations(sorted(by_prompter), 2):
            (pa, sa), (pb, sb) = by_prompter[a], by_prompter[b]
            out.append(Duel(task, backend, output, a, b, pa, pb, sa, sb))
    return out


def run_duels(judges: Sequence, tasks: dict[str, Task], duels: Sequence[Duel], cached: Cached | None = None,
              concurrency: int = 4) -> list[Comparison]:
    """Decide every duel (``concurrency`` at once); ``tasks`` maps task ids to tasks."""
    check_judges(judges)
    missing = sorted({d.task for d in duels} - set(tasks))
    if missing:
        raise ConfigError(f"the suite has no task {missing[0]!r} (of {len(missing)} missing): give the suite the results were made with")
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, concurrency)) as pool:
        return list(pool.map(lambda d: judge_duel(judges, tasks[d.task], d, cached), duels))


def run_image_scores(results: Results) -> tuple[dict[tuple[str, str, str], float | None], dict[str, float | None]]:
    """The score side of the comparison: each run's image-side objective rate (final verdicts,
    passes over decided) keyed by (prompter, backend, task), and each prompter's pooled rate."""
    per_run: dict[tuple[str, str, str], float | None] = {}
    pooled: dict[str, list[int]] = {}
    for run in results.runs:
        image = [v.outcome for v in run.final if v.side == "image" and v.outcome in ("pass", "fail")]
        passed = image.count("pass")
        per_run[run.prompter, run.backend, run.task_id] = passed / len(image) if image else None
        total = pooled.setdefault(run.prompter, [0, 0])
        total[0] += passed
        total[1] += len(image)
    return per_run, {p: (k / n if n else None) for p, (k, n) in pooled.items()}
