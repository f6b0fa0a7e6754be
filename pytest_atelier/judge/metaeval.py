"""Meta-evaluation of a judge against human labels (``atelier meta-eval LABELS --judge SPEC``).

A labels file (YAML or JSON) names a suite and lists prompt-image pairs::

    suite: ../../task_suites/atelier        # relative to the labels file
    raters: [ann1, ann2]                    # who gave the 1-5 scores, in list order
    pairs:
      - id: p01
        task: co_001
        prompt: "Flat vector map panel ..."  # or a list, one per output
        image: images/p01.png                # relative to the labels file; optional
        output: 1                            # which output the image belongs to
        checkpoints:                         # human true/false per side
          c01: {prompt: true, image: false}
        scores:                              # one value per rater
          instructional_clarity: [4, 3]

A pair rated by only some of the raters (``atelier label`` assigns a share of the pairs to two
or more) names them: ``raters: [ann2, ann3]`` on the pair orders its score lists, and
``votes: {c01: {prompt: [true, null]}}`` keeps each rater's own checkpoint answer (null:
cannot tell) beside the label the raters agreed on.

The judge runs every skill on every pair, concurrently (no retrieval of a task's own
exemplars, no dependency gating: every labelled checkpoint is judged). Reported: per
dimension MAE, within-1 accuracy, Spearman and Kendall tau-b against the raters' mean, with
macro averages per side; accuracy and F1 (``pass`` positive, on decided checkpoints) per side
and overall (micro over checkpoints), the abstention rate per side and per checkpoint kind;
and with several raters the human-human ceiling (each rater against the others' mean, on the
pairs that two or more of them rated; with ``votes``, each rater's checkpoint answers against the
others' majority).
:func:`ablate` reruns the subjective skills for every retrieval strategy and k = 1..4.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import hashlib
from pathlib import Path
from typing import Callable

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..components import IMAGE_DIMENSIONS, PROMPT_DIMENSIONS
from ..errors import ComponentError, SuiteError
from ..results.stats import kendall_tau_b, spearman
from ..suite.exemplars import ExemplarMemory, LoadedMemory, load_memory_with_source
from ..suite.loader import Suite, _validate, load_suite
from ..suite.models import Category, Checkpoint, Task
from .cases import Cases
from .image_embed import get_image_embedder
from .memory import STRATEGIES, ExemplarIndex
from .text_match import get_embedder

__all__ = [
    "SideLabels",
    "PairLabel",
    "LabelSet",
    "Labels",
    "load_labels",
    "Judged",
    "suite_memory",
    "evaluate",
    "evaluate_cases",
    "objective_figures",
    "subjective_figures",
    "human_ceiling",
    "report",
    "ablate",
    "format_report",
    "format_ablation",
    "checkpoint_kind",
]

ALL_DIMENSIONS = (*PROMPT_DIMENSIONS, *IMAGE_DIMENSIONS)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SideLabels(_Model):
    prompt: bool | None = None
    image: bool | None = None


class PairLabel(_Model):
    id: str = Field(min_length=1)
    task: str
    prompt: str | list[str]
    image: str | None = None
    output: int = Field(1, ge=1)
    checkpoints: dict[str, SideLabels] = {}
    scores: dict[str, list[float] | float] = {}
    raters: list[str] = []  # who rated this pair, in the order of its score and vote lists (default: the file's raters)
    votes: dict[str, dict[str, list[bool | None]]] = {}  # checkpoint -> side -> each rater's answer (None: cannot tell)
    note: str = ""

    @property
    def prompts(self) -> list[str]:
        return [self.prompt] if isinstance(self.prompt, str) else list(self.prompt)

    def ratings(self, dim: str) -> list[float]:
        value = self.scores[dim]
        return [float(value)] if isinstance(value, (int, float)) else [float(v) for v in value]


class LabelSet(_Model):
    suite: str
    raters: list[str] = []
    description: str = ""
    pairs: list[PairLabel] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self):
        ids = [p.id for p in self.pairs]
        if len(ids) != len(set(ids)):
            raise ValueError("pair ids must be unique")
        for pair in self.pairs:
            if pair.raters and self.raters and set(pair.raters) - set(self.raters):
                raise ValueError(f"pair {pair.id}: raters {sorted(set(pair.raters) - set(self.raters))} are not in the file's raters")
            who = pair.raters or self.raters
            for cp_id, sides in pair.votes.items():
                if set(sides) - {"prompt", "image"} or (who and any(len(v) != len(who) for v in sides.values())):
                    raise ValueError(f"pair {pair.id}: votes of {cp_id} need a prompt and/or image list with one answer per rater")
            for dim in pair.scores:
                if dim not in ALL_DIMENSIONS:
                    raise ValueError(f"pair {pair.id}: unknown dimension {dim!r} (known: {', '.join(ALL_DIMENSIONS)})")
                values = pair.ratings(dim)
                if any(not 1 <= v <= 5 for v in values):
                    raise ValueError(f"pair {pair.id}: {dim} scores must lie in 1-5")
                if who and len(values) != len(who):
                    raise ValueError(f"pair {pair.id}: {dim} needs one score per rater ({len(who)})")
        return self


@dataclasses.dataclass(frozen=True)
class Labels:
    """A validated label set with its suite loaded and image paths resolved."""

    path: Path
    labels: LabelSet
    suite: Suite

    def image(self, pair: PairLabel) -> Path | None:
        return (self.path.parent / pair.image) if pair.image else None

    def memory(self, name: str) -> LoadedMemory | None:
        path = self.suite.exemplar_path(name)
        return load_memory_with_source(path, within=self.suite.root) if path else None


def load_labels(path: str | Path) -> Labels:
    """Load and check a labels file against its suite; errors name the file and the pair."""
    path = Path(path)
    labels = _validate(LabelSet, path)
    suite = load_suite((path.parent / labels.suite).resolve())
    problems = []
    for pair in labels.pairs:
        try:
            task = suite.task(pair.task)
        except KeyError:
            problems.append((None, f"pairs.{pair.id}.task", f"no task {pair.task!r} in suite {suite.manifest.name}"))
            continue
        for cp_id, sides in pair.checkpoints.items():
            try:
                cp = task.checkpoint(cp_id)
            except KeyError:
                problems.append((None, f"pairs.{pair.id}.checkpoints.{cp_id}", f"task {task.id} has no such checkpoint"))
                continue
            if (sides.prompt is not None and not cp.prompt) or (sides.image is not None and not cp.image):
                problems.append((None, f"pairs.{pair.id}.checkpoints.{cp_id}", "labels a side the checkpoint does not have"))
        if pair.image and not (path.parent / pair.image).is_file():
            problems.append((None, f"pairs.{pair.id}.image", f"no file {pair.image}"))
        if pair.output > task.n_outputs or len(pair.prompts) != task.n_outputs:
            problems.append((None, f"pairs.{pair.id}", f"task {task.id} has {task.n_outputs} output(s)"))
    if problems:
        raise SuiteError(path, problems)
    return Labels(path, labels, suite)


def checkpoint_kind(cp: Checkpoint) -> str:
    """The kind a figure is broken down by: the check type, ``match`` or ``statement``."""
    return cp.check.type if cp.check is not None else "match" if cp.match else "statement"


@dataclasses.dataclass
class Judged:
    """What the judge said on every labelled pair: objective rows, score rows and errors."""

    objective: list[dict] = dataclasses.field(default_factory=list)  # pair, checkpoint, side, kind, human, judge
    scores: list[dict] = dataclasses.field(default_factory=list)  # pair, side, dimension, ratings, judge
    errors: list[str] = dataclasses.field(default_factory=list)


MemoryFor = Callable[[Labels, PairLabel, Task, str], LoadedMemory | None]


def suite_memory(labels: Labels, pair: PairLabel, task: Task, side: str) -> LoadedMemory | None:
    """The suite's own exemplar memory for the task's category and side."""
    return labels.memory(task.category.value if side == "prompt" else f"{task.category.value}.image")


def _pair_jobs(judge, labels: Labels, pair: PairLabel, memory_for: MemoryFor, objective: bool) -> list[tuple[str, Callable]]:
    task = labels.suite.task(pair.task)
    prompts, image = pair.prompts, labels.image(pair)
    prompt_cps = [task.checkpoint(c) for c, s in pair.checkpoints.items() if s.prompt is not None]
    image_cps = [task.checkpoint(c) for c, s in pair.checkpoints.items() if s.image is not None]
    jobs: list[tuple[str, Callable]] = []
    if objective and prompt_cps:
        jobs.append(("prompt-verdicts", lambda: judge.judge_prompt(task, prompts, prompt_cps)))
    if objective and image_cps and image is not None:
        jobs.append(("image-verdicts", lambda: judge.judge_image(task, prompts[pair.output - 1], image, image_cps)))
    if any(d in pair.scores for d in PROMPT_DIMENSIONS):
        jobs.append(("prompt-scores", lambda: judge.score_prompt(task, prompts, memory_for(labels, pair, task, "prompt"))))
    if image is not None and task.category is not Category.IM and any(d in pair.scores for d in IMAGE_DIMENSIONS):
        memory = memory_for(labels, pair, task, "image")
        jobs.append(("image-scores", lambda: judge.score_image(task, prompts[pair.output - 1], image, memory)))
    return jobs


def _run_jobs(jobs: list[tuple[object, Callable]], concurrency: int, judged: Judged, name: Callable):
    """Run ``(key, fn)`` jobs concurrently; yield ``(key, result)`` in order, recording errors."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, concurrency)) as pool:
        futures = [(key, pool.submit(fn)) for key, fn in jobs]
        for key, future in futures:
            try:
                result = future.result()
            except ComponentError as exc:
                judged.errors.append(f"{name(key)}: {exc}")
                continue
            yield key, result


def evaluate(judge, labels: Labels, *, memory_for: MemoryFor = suite_memory, objective: bool = True, concurrency: int = 4) -> Judged:
    """Run the judge's skills on every pair (skills and pairs concurrently) and collect rows."""
    jobs = [((pair, name), fn) for pair in labels.labels.pairs for name, fn in _pair_jobs(judge, labels, pair, memory_for, objective)]
    judged = Judged()
    for (pair, name), result in _run_jobs(jobs, concurrency, judged, lambda key: f"{key[0].id} {key[1]}"):
        task = labels.suite.task(pair.task)
        side = name.split("-")[0]
        if name.endswith("verdicts"):
            for v in result:
                human = getattr(pair.checkpoints[v.checkpoint], side)
                kind = checkpoint_kind(task.checkpoint(v.checkpoint))
                judged.objective.append(
                    {"pair": pair.id, "checkpoint": v.checkpoint, "side": side, "kind": kind, "human": human,
                     "judge": v.outcome, "reason": v.reason}
                )
        else:
            for s in result:
                if s.dimension in pair.scores:
                    judged.scores.append(
                        {"pair": pair.id, "side": side, "dimension": s.dimension, "ratings": pair.ratings(s.dimension), "judge": s.value}
                    )
    return judged


def evaluate_cases(judge, cases: Cases, *, concurrency: int = 4) -> Judged:
    """Run the judge on every stand-alone case (concurrently) and collect objective rows."""

    def run(case):
        task, cp = cases.task(case), cases.checkpoint(case)
        if case.side == "prompt":
            return judge.judge_prompt(task, [case.prompt], [cp])[0]
        return judge.judge_image(task, "", cases.image(case), [cp])[0]

    judged = Judged()
    jobs = [(case, lambda case=case: run(case)) for case in cases.cases.cases]
    for case, verdict in _run_jobs(jobs, concurrency, judged, lambda case: case.id):
        judged.objective.append(
            {"pair": case.id, "checkpoint": case.id, "side": case.side, "kind": checkpoint_kind(cases.checkpoint(case)),
             "human": case.label, "judge": verdict.outcome, "reason": verdict.reason, "note": case.note}
        )
    return judged


def _binary(rows: list[dict]) -> dict:
    n = len(rows)
    decided = [r for r in rows if r["judge"] in ("pass", "fail")]
    tp = sum(r["human"] and r["judge"] == "pass" for r in decided)
    fp = sum(not r["human"] and r["judge"] == "pass" for r in decided)
    fn = sum(r["human"] and r["judge"] == "fail" for r in decided)
    correct = sum(r["human"] == (r["judge"] == "pass") for r in decided)
    f1 = 2 * tp / (2 * tp + fp + fn) if (2 * tp + fp + fn) else None
    return {
        "n": n,
        "decided": len(decided),
        "accuracy": correct / len(decided) if decided else None,
        "f1": f1,
        "abstention": (n - len(decided)) / n if n else None,
        "wrong": len(decided) - correct,
    }


def objective_figures(judged: Judged) -> dict:
    """Accuracy, F1 and abstention per side, overall, and per side and checkpoint kind."""
    rows = judged.objective
    out = {"overall": _binary(rows), "sides": {}, "kinds": {}}
    for side in ("prompt", "image"):
        mine = [r for r in rows if r["side"] == side]
        if mine:
            out["sides"][side] = _binary(mine)
            out["kinds"][side] = {k: _binary([r for r in mine if r["kind"] == k]) for k in sorted({r["kind"] for r in mine})}
    return out


def _agreement(truth: list[float], pred: list[float]) -> dict:
    t, p = np.asarray(truth, float), np.asarray(pred, float)
    err = np.abs(t - p)
    varied = len(t) >= 2
    return {
        "n": len(t),
        "mae": float(err.mean()) if len(t) else None,
        "within1": float((err <= 1.0 + 1e-9).mean()) if len(t) else None,
        "spearman": spearman(t, p) if varied else None,
        "tau_b": kendall_tau_b(t, p) if varied else None,
    }


def _macro(per_dim: dict[str, dict]) -> dict:
    out = {}
    for key in ("mae", "within1", "spearman", "tau_b"):
        values = [d[key] for d in per_dim.values() if d.get(key) is not None]
        out[key] = float(np.mean(values)) if values else None
    out["dimensions"] = len(per_dim)
    return out


def subjective_figures(judged: Judged) -> dict:
    """Per dimension MAE, within-1, Spearman, tau-b against the raters' mean; macro per side."""
    dims: dict[str, dict] = {}
    for dim in ALL_DIMENSIONS:
        rows = [r for r in judged.scores if r["dimension"] == dim]
        if not rows:
            continue
        scored = [r for r in rows if r["judge"] is not None]
        figures = _agreement([float(np.mean(r["ratings"])) for r in scored], [r["judge"] for r in scored])
        figures["abstained"] = len(rows) - len(scored)
        dims[dim] = figures
    macro = {"overall": _macro(dims)}
    for side, names in (("prompt", PROMPT_DIMENSIONS), ("image", IMAGE_DIMENSIONS)):
        mine = {d: f for d, f in dims.items() if d in names}
        if mine:
            macro[side] = _macro(mine)
    return {"dimensions": dims, "macro": macro}


def human_ceiling(labels: Labels) -> dict | None:
    """Each rater against the mean of the others on the pairs two or more raters scored, averaged
    over raters; with ``votes``, each rater's true/false answers against the others' majority
    (ties and cannot-tell left out). None with fewer than two raters or no multiply-rated pair."""
    raters = labels.labels.raters
    if len(raters) < 2:
        return None
    dims = {}
    for dim in ALL_DIMENSIONS:
        per_rater, shared = [], set()
        for rater in raters:
            truth, mine = [], []
            for pair in labels.labels.pairs:
                who = pair.raters or raters
                if dim not in pair.scores or rater not in who or len(pair.ratings(dim)) < 2:
                    continue
                values, i = pair.ratings(dim), who.index(rater)
                truth.append(float(np.mean(values[:i] + values[i + 1 :])))
                mine.append(values[i])
                shared.add(pair.id)
            if truth:
                per_rater.append(_agreement(truth, mine))
        if per_rater:
            dims[dim] = {
                key: (float(np.mean([r[key] for r in per_rater if r[key] is not None])) if any(r[key] is not None for r in per_rater) else None)
                for key in ("mae", "within1", "spearman", "tau_b")
            } | {"n": len(shared)}
    agree = []
    for pair in labels.labels.pairs:
        for sides in pair.votes.values():
            for answers in sides.values():
                for i, mine in enumerate(answers):
                    others = [a for j, a in enumerate(answers) if j != i and a is not None]
                    if mine is not None and others and 2 * sum(others) != len(others):
                        agree.append(mine == (2 * sum(others) > len(others)))
    objective = {"n": len(agree), "agreement": float(np.mean(agree))} if agree else None
    if not dims and objective is None:
        return None
    return {"raters": raters, "dimensions": dims, "macro": _macro(dims), "objective": objective}


def report(judge, labels: Labels | Cases, *, concurrency: int = 4) -> dict:
    """Every figure of the meta-evaluation, as JSON-safe data; ``wrong`` lists the decided
    verdicts that disagree with the label."""
    if isinstance(labels, Cases):
        judged = evaluate_cases(judge, labels, concurrency=concurrency)
        size, provenance, ceiling = len(labels.cases.cases), f"{labels.cases.produced_by} ({labels.cases.method})", None
    else:
        judged = evaluate(judge, labels, concurrency=concurrency)
        size, provenance, ceiling = len(labels.labels.pairs), labels.labels.description, human_ceiling(labels)
    return {
        "labels": str(labels.path),
        "provenance": provenance,
        "judge": judge.spec,
        "identity": judge.identity,
        "pairs": size,
        "objective": objective_figures(judged),
        "subjective": subjective_figures(judged),
        "ceiling": ceiling,
        "wrong": [r for r in judged.objective if r["judge"] in ("pass", "fail") and r["human"] is not (r["judge"] == "pass")],
        "errors": judged.errors,
    }


# --- retrieval ablation -------------------------------------------------------------------


class _Selector:
    """Pre-selects the exemplars a strategy would show, as a memory holding only those."""

    def __init__(self, strategy: str, k: int):
        self.strategy, self.k = strategy, k
        self._indexes: dict[str, ExemplarIndex] = {}

    def __call__(self, labels: Labels, pair: PairLabel, task: Task, side: str) -> LoadedMemory | None:
        memory = suite_memory(labels, pair, task, side)
        if memory is None or self.strategy == "zero":
            return None
        if self.strategy == "similarity":  # the judge retrieves its own top-k
            return memory
        index = self._indexes.get(memory.digest)
        if index is None:
            embed = get_embedder().encode if memory.memory.side == "prompt" else get_image_embedder("tiny").encode
            index = self._indexes[memory.digest] = ExemplarIndex(memory.memory, memory.root, embed)
        query = "\n".join(pair.prompts) if side == "prompt" else str(labels.image(pair))
        chosen = [r.exemplar for r in index.retrieve(query, self.k, exclude_task=task.id, strategy=self.strategy)]
        if not chosen:
            return None
        subset = ExemplarMemory(name=memory.memory.name, side=memory.memory.side, dimensions=memory.memory.dimensions, exemplars=chosen)
        digest = hashlib.sha256(f"{memory.digest}:{[e.id for e in chosen]}".encode()).hexdigest()
        return LoadedMemory(subset, memory.root, digest)


def ablate(make_judge: Callable[[int], object], labels: Labels, *, ks=(1, 2, 3, 4), concurrency: int = 4) -> list[dict]:
    """Subjective figures for zero-shot, then fixed, random and similarity retrieval at each k.

    ``make_judge(k)`` builds the judge with its retrieval count set to ``k``; fixed and random
    exemplars reach it as a memory holding only the chosen ones.
    """
    rows = []
    for strategy in ("zero", *[s for s in STRATEGIES if s != "zero"]):
        for k in (0,) if strategy == "zero" else ks:
            judged = evaluate(make_judge(max(k, 1)), labels, memory_for=_Selector(strategy, k), objective=False, concurrency=concurrency)
            figures = subjective_figures(judged)
            n_scores = len(judged.scores)
            abstained = sum(r["judge"] is None for r in judged.scores)
            rows.append(
                {
                    "strategy": strategy,
                    "k": k,
                    **{key: figures["macro"]["overall"][key] for key in ("mae", "within1", "spearman", "tau_b")},
                    "abstention": abstained / n_scores if n_scores else None,
                    "errors": len(judged.errors),
                }
            )
    return rows


# --- printing -------------------------------------------------------------------------------


def _f(value, pct: bool = False) -> str:
    if value is None:
        return "-"
    return f"{100 * value:.1f}%" if pct else f"{value:.3f}"


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(r, widths)))  # noqa: E731
    return [line(header), "  ".join("-" * w for w in widths), *[line(r) for r in rows]]


def format_report(figures: dict, show_wrong: bool = False) -> str:
    """The meta-evaluation as plain-text tables; ``show_wrong`` lists every confident wrong
    verdict with the judge's reason."""
    out = [f"meta-eval of {figures['judge']} on {figures['labels']} ({figures['pairs']} labelled items)"]
    out += [f"labels: {figures['provenance']}" if figures.get("provenance") else "", ""]
    obj = figures["objective"]
    head = ["n", "decided", "accuracy", "F1", "abstained", "wrong"]
    row = lambda name, f: [name, f["n"], f["decided"], _f(f["accuracy"], True), _f(f["f1"], True), _f(f["abstention"], True), f["wrong"]]  # noqa: E731
    rows = [row(name, f) for name, f in [*obj["sides"].items(), ("overall", obj["overall"])]]
    out += ["Objective checkpoints (accuracy and F1 on decided checkpoints; pass = positive; wrong = decided and wrong)"]
    out += _table(["side", *head], rows) + [""]
    rows = [row(f"{side}:{kind}", f) for side, kinds in obj["kinds"].items() for kind, f in kinds.items()]
    if rows:
        out += ["By checkpoint kind"] + _table(["side:kind", *head], rows) + [""]
    if show_wrong and figures["wrong"]:
        out += [f"Confident wrong verdicts ({len(figures['wrong'])})"]
        for r in figures["wrong"]:
            label = "true" if r["human"] else "false"
            out.append(f"  {r['pair']} {r['checkpoint'] if r['checkpoint'] != r['pair'] else ''} [{r['side']}:{r['kind']}] label {label}, judge {r['judge']}: {r['reason']}".replace("  [", " ["))
        out.append("")
    sub = figures["subjective"]
    ceiling = (figures.get("ceiling") or {}).get("dimensions", {})
    rows = []
    for dim, f in sub["dimensions"].items():
        c = ceiling.get(dim, {})
        rows.append([dim, f["n"], f["abstained"], _f(f["mae"]), _f(f["within1"], True), _f(f["spearman"]), _f(f["tau_b"]), _f(c.get("mae")), _f(c.get("spearman")), c.get("n", "")])
    for side, f in sub["macro"].items():
        c = (figures.get("ceiling") or {}).get("macro", {}) if side == "overall" else {}
        rows.append([f"macro ({side})", "", "", _f(f["mae"]), _f(f["within1"], True), _f(f["spearman"]), _f(f["tau_b"]), _f(c.get("mae")), _f(c.get("spearman")), ""])
    if rows:
        out += ["Subjective scores against the raters' mean (human ceiling: each rater against the others)"]
        out += _table(["dimension", "n", "abstained", "MAE", "within-1", "Spearman", "tau-b", "human MAE", "human rho", "human n"], rows) + [""]
    human = (figures.get("ceiling") or {}).get("objective")
    if human:
        out += [f"Human-human checkpoint agreement (each rater against the others' majority): {_f(human['agreement'], True)} of {human['n']} answers", ""]
    if figures["errors"]:
        out += [f"{len(figures['errors'])} judge error(s):", *[f"  {e}" for e in figures["errors"]]]
    return "\n".join(out).rstrip() + "\n"


def format_ablation(rows: list[dict]) -> str:
    """The ablation as one table."""
    body = [
        [r["strategy"], r["k"], _f(r["mae"]), _f(r["within1"], True), _f(r["spearman"]), _f(r["tau_b"]), _f(r["abstention"], True), r["errors"]]
        for r in rows
    ]
    table = _table(["strategy", "k", "MAE", "within-1", "Spearman", "tau-b", "abstained", "errors"], body)
    return "\n".join(["Retrieval ablation (subjective scores, macro over dimensions)", *table]) + "\n"
