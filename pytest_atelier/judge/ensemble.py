"""EnsembleJudge: several judges, each call repeated, combined by vote and by mean.

``EnsembleJudge([j1, j2, j3], repeats=3)`` asks every member ``repeats`` times (a member with
a ``variant(repeat)`` method, such as :class:`~.atelier.AtelierJudge`, varies its seed per
repeat; a deterministic one just answers again). Checkpoints: majority of the decided votes;
an abstention (a model's "cannot tell") is a vote that decides nothing, kept in ``votes`` and
counted in the reason; a tie is ``abstain`` with the reason "judges split", and when every
member abstains the verdict is ``abstain`` with their reasons. Every
verdict carries its ``votes`` as ``"outcome@rater"`` strings, from which
:mod:`pytest_atelier.results.agreement` computes agreement. Scores: the mean of the members'
values. Safety: flagged when at least half of the members that check safety flag it.
All member calls run concurrently.
"""

from __future__ import annotations

import concurrent.futures
from collections import Counter
from pathlib import Path

from ..components import Safety, Score, Verdict, calls_models
from ..engine.calls import carried
from ..suite.exemplars import LoadedMemory
from ..suite.models import Checkpoint, Side, Task

__all__ = ["EnsembleJudge", "combine_verdicts"]


def combine_verdicts(checkpoint: str, side: Side, members: list[tuple[str, Verdict]]) -> Verdict:
    """The majority verdict of ``(rater, verdict)`` pairs, with every vote kept."""
    votes = [f"{v.outcome}@{rater}" for rater, v in members]
    tally = Counter(v.outcome for _, v in members if v.outcome in ("pass", "fail"))
    n = len(members)
    abstained = n - tally["pass"] - tally["fail"]
    if tally["pass"] == tally["fail"]:
        if not tally:
            reasons = "; ".join(f"{rater}: {v.reason}" for rater, v in members)
            return Verdict(checkpoint, side, "abstain", f"every judge abstained ({reasons})", "ensemble", votes)
        also = f", {abstained} abstained" if abstained else ""
        return Verdict(checkpoint, side, "abstain", f"judges split ({tally['pass']} pass, {tally['fail']} fail{also} of {n})", "ensemble", votes)
    winner = "pass" if tally["pass"] > tally["fail"] else "fail"
    first = next(v for _, v in members if v.outcome == winner)
    also = f" ({abstained} abstained)" if abstained else ""
    return Verdict(checkpoint, side, winner, f"{tally[winner]}/{n} votes {winner}{also}: {first.reason}", "ensemble", votes)


class EnsembleJudge:
    """Implements the Judge protocol over ``judges`` (each asked ``repeats`` times)."""

    def __init__(self, judges: list, repeats: int = 1, *, concurrency: int = 8):
        if not judges:
            raise ValueError("an ensemble needs at least one judge")
        if repeats < 1:
            raise ValueError(f"repeats must be at least 1, got {repeats}")
        self.judges, self.repeats, self.concurrency = list(judges), repeats, concurrency
        labels = [j.label for j in self.judges]
        self.members: list[tuple[str, object]] = []
        for i, judge in enumerate(self.judges):
            name = judge.label if labels.count(judge.label) == 1 else f"{judge.label}[{i + 1}]"
            for r in range(repeats):
                member = judge.variant(r) if hasattr(judge, "variant") else judge
                self.members.append((f"{name}#{r + 1}" if repeats > 1 else name, member))
        self.spec = "+".join(j.spec for j in self.judges) + (f"*{repeats}" if repeats > 1 else "")
        self.label = "+".join(labels) + (f"*{repeats}" if repeats > 1 else "")
        self.identity = f"ensemble(repeats={repeats})[{'|'.join(m.identity for _, m in self.members)}]"
        self.calls_models = any(calls_models(j) for j in self.judges)

    def _all(self, call, members=None) -> list[tuple[str, object]]:
        members = self.members if members is None else members
        with concurrent.futures.ThreadPoolExecutor(max_workers=min(self.concurrency, len(members))) as pool:
            futures = [(rater, pool.submit(carried(call), member)) for rater, member in members]  # counted on the caller's run
            return [(rater, f.result()) for rater, f in futures]

    def _vote(self, checkpoints: list[Checkpoint], side: Side, call) -> list[Verdict]:
        answers = self._all(call)
        out = []
        for cp in checkpoints:
            members = [(rater, next(v for v in verdicts if v.checkpoint == cp.id)) for rater, verdicts in answers]
            out.append(combine_verdicts(cp.id, side, members))
        return out

    def judge_prompt(self, task: Task, prompts: list[str], checkpoints: list[Checkpoint]) -> list[Verdict]:
        return self._vote(checkpoints, Side.prompt, lambda j: j.judge_prompt(task, prompts, checkpoints))

    def judge_image(self, task: Task, prompt: str, image: Path, checkpoints: list[Checkpoint]) -> list[Verdict]:
        return self._vote(checkpoints, Side.image, lambda j: j.judge_image(task, prompt, image, checkpoints))

    def _mean(self, answers: list[tuple[str, list[Score]]]) -> list[Score]:
        dims = list(dict.fromkeys(s.dimension for _, scores in answers for s in scores))
        out = []
        for dim in dims:
            given = [(rater, s) for rater, scores in answers for s in scores if s.dimension == dim]
            values = [s.value for _, s in given if s.value is not None]
            listed = ", ".join(f"{rater}={s.value if s.value is not None else 'abstain'}" for rater, s in given)
            if not values:
                out.append(Score(dim, None, f"every judge abstained ({listed}): {given[0][1].rationale}", "ensemble"))
                continue
            first = next(s for _, s in given if s.value is not None)
            mean = round(sum(values) / len(values), 3)
            out.append(Score(dim, mean, f"mean of {len(values)} ({listed}); {first.rationale}", "ensemble"))
        return out

    def score_prompt(self, task: Task, prompts: list[str], memory: LoadedMemory | None = None) -> list[Score]:
        return self._mean(self._all(lambda j: j.score_prompt(task, prompts, memory)))

    def score_image(self, task: Task, prompt: str, image: Path, memory: LoadedMemory | None = None) -> list[Score]:
        return self._mean(self._all(lambda j: j.score_image(task, prompt, image, memory)))

    def check_safety(self, task: Task, prompts: list[str] | None = None, image: Path | None = None) -> Safety:
        """Flagged when at least half of the members that check safety flag the submission."""
        checking = [(rater, m) for rater, m in self.members if hasattr(m, "check_safety")]
        if not checking:
            return Safety(False, [], "no judge of the ensemble checks safety", "ensemble")
        found = self._all(lambda j: j.check_safety(task, prompts=prompts, image=image), checking)
        flags = [(rater, s) for rater, s in found if s.flagged]
        if 2 * len(flags) < len(found):
            return Safety(False, [], f"{len(flags)}/{len(found)} judges flag it: {found[0][1].reason}", "ensemble")
        categories = sorted({c for _, s in flags for c in s.categories})
        reasons = "; ".join(f"{rater}: {s.reason}" for rater, s in flags)
        return Safety(True, categories, f"{len(flags)}/{len(found)} judges flag it ({reasons})", "ensemble")
