"""The run engine: produce each (prompter, backend, task) run once, from cache where possible.

A run is: the prompter's prompts (one per output), n images per prompt, the judge's
verdicts on every checkpoint (prompt side, and image side on every image), the top-1
image per output, and subjective scores. Each model call is cached on its own, so an
interrupted run resumes where it stopped and an unchanged re-run makes no call at all.
Nothing here imports pytest.
"""

from __future__ import annotations

import dataclasses
import hashlib
import threading
import time
import traceback
from concurrent.futures import Future, wait
from pathlib import Path
from typing import Callable

from ..components import Backend, GenerationRequest, Judge, Prompter, PromptRequest, Safety, Verdict, calls_models
from ..errors import AtelierError, JudgeError
from ..report.thumbs import UNREADABLE, make_thumbnail
from ..results.records import CallStats, ImageRecord, MetricRecord, RunRecord, ScoreRecord, VerdictRecord
from ..suite.exemplars import LoadedMemory, load_memory_with_source
from ..suite.loader import Suite
from ..suite.models import Category, Checkpoint, Side, Task
from .cache import Cache, call_key
from .calls import CallCounter, carried, counting
from .priority_pool import PriorityPool

__all__ = ["EngineConfig", "Engine", "derive_seed", "run_key"]


@dataclasses.dataclass(frozen=True)
class EngineConfig:
    images: int = 4
    seed: int = 0
    width: int = 512
    height: int = 512
    concurrency: int = 4


def derive_seed(seed: int, task_id: str, output: int) -> int:
    digest = hashlib.sha256(f"{seed}:{task_id}:{output}".encode()).hexdigest()
    return int(digest[:8], 16) % (2**31 - 1024)


def run_key(suite_name: str, task_hash: str, prompter: Prompter, backend: Backend, judge: Judge, config: EngineConfig) -> str:
    return call_key("run", suite_name, task_hash, prompter.identity, backend.identity, judge.identity, dataclasses.asdict(config))


class Engine:
    """Produces runs for one suite with one judge; prompters and backends by label."""

    def __init__(
        self,
        suite: Suite,
        prompters: dict[str, Prompter],
        backends: dict[str, Backend],
        judge: Judge,
        cache: Cache,
        config: EngineConfig = EngineConfig(),
        slots: threading.Semaphore | None = None,
        pool: PriorityPool | None = None,
    ):
        self.suite, self.prompters, self.backends, self.judge = suite, prompters, backends, judge
        self.cache, self.config = cache, config
        # model calls in flight at once, shared by every run of the process (and every engine of a session)
        self.slots = slots if slots is not None else threading.BoundedSemaphore(config.concurrency)
        # the calls within runs (images, judging), earliest run first; its calls never wait on each
        # other, so a bounded pool cannot deadlock
        self.pool = pool if pool is not None else PriorityPool(2 * config.concurrency + 2)
        self._runs: dict[str, RunRecord] = {}
        self._task_hashes: dict[str, str] = {}
        self._keys: dict[tuple[str, str, str], str] = {}
        self._memories: dict[str, LoadedMemory | None] = {}
        self.on_stage: Callable[[str, str, int, int], None] | None = None  # progress within a run
        self.metrics = None  # a judge.metrics.MetricSet: specialised metrics of the top-1 images

    def memory(self, name: str) -> LoadedMemory | None:
        """The suite's exemplar memory ``name`` (``OE``, ``CO.image`` ...), or None."""
        if name not in self._memories:
            path = self.suite.exemplar_path(name)
            self._memories[name] = load_memory_with_source(path, within=self.suite.root) if path else None
        return self._memories[name]

    def memories_for(self, task_ids) -> list[LoadedMemory]:
        """The exemplar memories that scoring these tasks uses, in the order they are first needed."""
        found: dict[str, LoadedMemory] = {}
        for task_id in task_ids:
            category = self.suite.task(task_id).category.value
            for name in (category, f"{category}.image"):
                memory = self.memory(name)
                if memory is not None:
                    found.setdefault(memory.digest, memory)
        return list(found.values())

    def task_hash(self, task: Task) -> str:
        if task.id not in self._task_hashes:
            h = hashlib.sha256(task.model_dump_json().encode())
            target = self.suite.target_image_path(task)
            if target is not None:
                h.update(target.read_bytes())
            for image in self.suite.input_image_paths(task):  # what the prompter is shown: a changed image is a new task
                h.update(hashlib.sha256(image.read_bytes()).digest())
            self._task_hashes[task.id] = h.hexdigest()
        return self._task_hashes[task.id]

    def key(self, prompter: str, backend: str, task_id: str) -> str:
        triple = (prompter, backend, task_id)
        if triple not in self._keys:  # every item of a run asks: hash the components once
            task = self.suite.task(task_id)
            self._keys[triple] = run_key(
                self.suite.manifest.name, self.task_hash(task), self.prompters[prompter], self.backends[backend], self.judge, self.config
            )
        return self._keys[triple]

    def run(self, prompter: str, backend: str, task_id: str) -> RunRecord:
        """The run for this triple, produced on first use and kept for the session."""
        key = self.key(prompter, backend, task_id)
        if key not in self._runs:
            with self.cache.lock(key):
                if key not in self._runs:
                    self._runs[key] = _Production(self, key, prompter, backend, self.suite.task(task_id)).produce()
        return self._runs[key]

    def forget(self, prompter: str, backend: str, task_id: str) -> None:
        """Drop a run this process has finished reading (it stays in the cache)."""
        self._runs.pop(self.key(prompter, backend, task_id), None)


class _Production:
    """One run being produced: holds its counters and timings."""

    def __init__(self, engine: Engine, key: str, prompter: str, backend: str, task: Task):
        self.e, self.key, self.task = engine, key, task
        self.prompter, self.backend = engine.prompters[prompter], engine.backends[backend]
        self.counter = CallCounter()
        self.timings: dict[str, float] = {}
        self._stage_done: dict[str, int] = {}
        self._stage_lock = threading.Lock()
        self.thash = engine.task_hash(task)
        self.order = engine.pool.ticket()
        self.record = RunRecord(
            key=key,
            suite=engine.suite.manifest.name,
            task_id=task.id,
            category=task.category.value,
            prompter=prompter,
            backend=backend,
            judge=engine.judge.label,
        )

    def produce(self) -> RunRecord:
        start = time.perf_counter()
        try:
            with counting(self.counter, "run"):  # requests outside any cached call count as the run's own
                self._produce()
        except Exception as exc:  # a component failed: the run is an error, finished calls stay cached
            self.record.error = _describe(exc)
        self.timings["total_s"] = time.perf_counter() - start
        self.record.timings = {k: round(v, 4) for k, v in self.timings.items()}
        c = self.counter
        self.record.calls = CallStats(requests=c.requests, retries=c.retries, cached=c.cached, refused=c.refused,
                                       spent_usd=round(c.spent_usd, 8), by_kind=c.by_kind)
        return self.record

    def _timed(self, name: str, fn: Callable):
        start = time.perf_counter()
        try:
            return fn()
        finally:
            self.timings[name] = self.timings.get(name, 0.0) + time.perf_counter() - start

    def _produce(self) -> None:
        e, task, rec = self.e, self.task, self.record
        prompts, meta = self._timed("prompt_s", self._write_prompts)
        rec.prompts, rec.prompter_meta = prompts, meta
        rec.cost_usd += float(meta.get("cost_usd", 0.0) or 0.0)
        prompt_finding = self._safety("safety_prompt", [prompts], lambda check: check(task, prompts=prompts))
        if prompt_finding is not None:
            self._note_safety("prompt", prompt_finding)
            if prompt_finding.flagged:
                rec.excluded = f"the prompt was flagged ({', '.join(prompt_finding.categories)}): {prompt_finding.reason}"
                return
        prompt_cps = [cp for cp in task.checkpoints if cp.prompt]
        prompt_side = self._submit(self._timed, "judge_prompt_s", lambda: self._judge_prompt(prompts, prompt_cps))
        prompt_scores = self._submit(self._timed, "score_prompt_s", lambda: self._score_prompt(prompts))
        try:
            images: list[tuple[int, int, int, Path, str]] = []
            if self.backend.produces_images:
                jobs = [
                    (out, i, derive_seed(e.config.seed, task.id, out) + i)
                    for out in range(1, task.n_outputs + 1)
                    for i in range(e.config.images)
                ]
                made = self._timed(
                    "generate_s", lambda: self._each(lambda job: self._staged("images", len(jobs), self._generate, prompts[job[0] - 1], job[2]), jobs)
                )
                images = self._safe_images([(out, i, seed, path, sha) for (out, i, seed), (path, sha) in zip(jobs, made)])
            image_verdicts = self._timed("judge_image_s", lambda: self._each(lambda im: self._judge_image(prompts[im[0] - 1], im), images))
        finally:
            wait([prompt_side, prompt_scores])  # nothing of this run goes on after it is handed over
        prompt_verdicts = prompt_side.result()
        rec.scores.extend(prompt_scores.result())
        if rec.excluded:
            return
        rec.verdicts = [*prompt_verdicts.values(), *[v for vs in image_verdicts for v in vs.values()]]
        top1 = self._pick_top1(images, image_verdicts)
        rec.final = [*prompt_verdicts.values(), *self._final_image_verdicts(top1)]
        if task.category is not Category.IM and top1:
            rec.scores.extend(self._timed("score_image_s", lambda: self._score_images(top1, prompts)))
        if e.metrics and top1:
            rec.metrics = self._timed("metrics_s", lambda: self._measure(top1, prompts))

    def _measure(self, top1: dict[int, ImageRecord], prompts: list[str]) -> list[MetricRecord]:
        """The metrics of the top-1 images, from the cache when only built-in metrics take part
        (the target and input images are in the task hash); a measurement that failed is not kept."""
        suite, task, metrics = self.e.suite, self.task, self.e.metrics
        inputs = suite.input_image_paths(task)
        reference = suite.target_image_path(task) or (Path(inputs[0]) if inputs else None)
        images = {out: (image.index, Path(image.path)) for out, image in top1.items()}
        picked = sorted((out, image.index, image.sha256) for out, image in top1.items())
        key = call_key("metrics", metrics.identity, self.thash, picked, prompts) if metrics.identity else None
        found = self.e.cache.get(key, "metrics") if key else None
        if found is None:
            with counting(self.counter, "metrics"):
                found = [dataclasses.asdict(m) for m in metrics.measure(task, images, prompts, reference, self.e.judge, self._cached)]
            if key and not any(m["detail"].startswith("error:") for m in found):
                self.e.cache.put(key, found)
        return [MetricRecord(**m) for m in found]

    def _submit(self, fn: Callable, *args) -> Future:
        return self.e.pool.submit(self.order, carried(fn), *args)  # its requests count on this run

    def _each(self, fn: Callable, items: list) -> list:
        """``fn`` of every item on the engine's pool, in order; every call has ended when this returns."""
        futures = [self._submit(fn, item) for item in items]
        wait(futures)
        return [f.result() for f in futures]

    def _staged(self, what: str, total: int, fn: Callable, *args):
        """Call ``fn`` and tell the engine's progress listener how many of ``total`` are done."""
        result = fn(*args)
        if self.e.on_stage is not None:
            with self._stage_lock:
                self._stage_done[what] = self._stage_done.get(what, 0) + 1
                done = self._stage_done[what]
            self.e.on_stage(f"{self.task.id} [{self.record.prompter} / {self.record.backend}]", what, done, total)
        return result

    def _cached(self, kind: str, key: str, compute: Callable):
        """The cached answer, or ``compute()``: once a call slot of the process is free when the
        component doing it calls a model, at once when it answers by rules in process."""
        component = self.prompter if kind == "prompt" else self.backend if kind == "generate" else self.e.judge
        models = calls_models(component)

        def call():
            with counting(self.counter, kind):
                if not models:
                    return compute()
                with self.e.slots:
                    return compute()

        # a rule-based component's answer reused is no model answer reused
        return self.e.cache.get_or_call(kind, key, call, self.counter if models else None)

    # --- the safety gate ----------------------------------------------------------------

    def _safety(self, kind: str, parts: list, ask: Callable) -> Safety | None:
        check = getattr(self.e.judge, "check_safety", None)
        if check is None:
            return None
        key = call_key(kind, self.e.judge.identity, self.thash, *parts)
        return Safety(**self._cached(kind, key, lambda: ask(check).to_dict()))

    def _note_safety(self, side: str, finding: Safety, output: int | None = None, index: int | None = None) -> None:
        self.record.safety.append({"side": side, "output": output, "image_index": index, **finding.to_dict()})

    def _safe_images(self, images: list) -> list:
        """The images the gate lets through; flagged ones are recorded, not judged."""
        kept = []
        for out, index, seed, path, sha in images:
            finding = self._safety("safety_image", [sha], lambda check, p=path: check(self.task, image=p))
            if finding is not None and finding.flagged:
                self._note_safety("image", finding, out, index)
                self.record.images.append(
                    ImageRecord(output=out, index=index, path=str(path), sha256=sha, seed=seed, flagged=finding.reason)
                )
                continue
            kept.append((out, index, seed, path, sha))
        missing = sorted({out for out, *_ in images} - {out for out, *_ in kept})
        if missing:
            self.record.excluded = f"every image of output {missing[0]} was flagged by the safety gate"
        return kept

    # --- calls -------------------------------------------------------------------------

    def _write_prompts(self) -> tuple[list[str], dict]:
        e, task = self.e, self.task
        # the seed is part of what the prompter is asked only where it uses (or sends) it
        key = call_key("prompt", self.prompter.identity, self.thash, e.config.seed if getattr(self.prompter, "uses_seed", True) else None)

        def compute():
            request = PromptRequest(task, e.suite.target_image_path(task), e.config.seed, e.suite.input_image_paths(task))
            result = self.prompter.write_prompt(request)
            return {"prompts": list(result.prompts), "meta": result.meta}

        value = self._cached("prompt", key, compute)
        return value["prompts"], value["meta"]

    def _generate(self, prompt: str, seed: int) -> tuple[Path, str]:
        e = self.e
        request = GenerationRequest(prompt=prompt, n=1, seed=seed, width=e.config.width, height=e.config.height)
        key = call_key("generate", self.backend.identity, prompt, seed, e.config.width, e.config.height)

        def compute():
            made = self.backend.generate(request)
            if len(made) != 1 or not made[0].png:
                raise AtelierError(f"backend {self.backend.label} returned {len(made)} images for 1 requested")
            _, digest = e.cache.put_blob(made[0].png)
            return {"sha256": digest, "meta": made[0].meta}

        value = self._cached("generate", key, compute)
        path = e.cache.blob_path(value["sha256"])
        if not path.exists():  # the blob was cleaned away: make it again
            e.cache.put(key, None)
            value = self._cached("generate", key, compute)
            path = e.cache.blob_path(value["sha256"])
        self.record.cost_usd += float(value["meta"].get("cost_usd", 0.0) or 0.0)
        try:
            make_thumbnail(path)  # the report's, made once with the image and kept beside it
        except UNREADABLE:
            pass  # an image Pillow cannot read: the report says so when it shows it
        return path, value["sha256"]

    def _judge_prompt(self, prompts: list[str], cps: list[Checkpoint]) -> dict[str, VerdictRecord]:
        e = self.e

        def call(wave: list[Checkpoint]) -> list[Verdict]:
            key = call_key("judge_prompt", e.judge.identity, self.thash, prompts, [cp.id for cp in wave])
            value = self._cached("judge_prompt", key, lambda: [v.to_dict() for v in e.judge.judge_prompt(self.task, prompts, wave)]
            )
            return [Verdict.from_dict(v) for v in value]

        return judge_in_waves(cps, Side.prompt, call)

    def _judge_image(self, prompt: str, image) -> dict[str, VerdictRecord]:
        e = self.e
        out, index, _, path, sha = image
        cps = [cp for cp in self.task.checkpoints if cp.image and cp.output in (None, out)]

        def call(wave: list[Checkpoint]) -> list[Verdict]:
            key = call_key("judge_image", e.judge.identity, self.thash, sha, prompt, [cp.id for cp in wave])
            value = self._cached("judge_image", key, lambda: [v.to_dict() for v in e.judge.judge_image(self.task, prompt, path, wave)]
            )
            return [Verdict.from_dict(v) for v in value]

        verdicts = judge_in_waves(cps, Side.image, call)
        for v in verdicts.values():
            v.output, v.image_index = out, index
        return verdicts

    def _score_prompt(self, prompts: list[str]) -> list[ScoreRecord]:
        e = self.e
        memory = e.memory(self.task.category.value)
        key = call_key("score_prompt", e.judge.identity, self.thash, prompts, memory.digest if memory else None)
        value = self._cached("score_prompt", key, lambda: [s.to_dict() for s in e.judge.score_prompt(self.task, prompts, memory)]
        )
        return [ScoreRecord(side="prompt", **s) for s in value]

    def _score_images(self, top1: dict[int, ImageRecord], prompts: list[str]) -> list[ScoreRecord]:
        e, scores = self.e, []
        memory = e.memory(f"{self.task.category.value}.image")
        for out, image in sorted(top1.items()):
            key = call_key("score_image", e.judge.identity, self.thash, image.sha256, prompts[out - 1], memory.digest if memory else None)
            value = self._cached("score_image",
                key,
                lambda out=out, image=image: [
                    s.to_dict() for s in e.judge.score_image(self.task, prompts[out - 1], Path(image.path), memory)
                ],
            )
            scores += [ScoreRecord(side="image", output=out, image_index=image.index, **s) for s in value]
        return scores

    # --- top-1 and final verdicts --------------------------------------------------------

    def _pick_top1(self, images, image_verdicts) -> dict[int, ImageRecord]:
        """Per output, the image that shows the most checkpoints satisfied out of all of them (the
        headline's measure, so an image is never preferred for leaving more undecided), then the
        fewest failed, then the lowest index."""
        best: dict[int, tuple] = {}
        for (out, index, seed, path, sha), verdicts in zip(images, image_verdicts):
            passed = sum(v.outcome == "pass" for v in verdicts.values())
            failed = sum(v.outcome == "fail" for v in verdicts.values())
            rate = passed / len(verdicts) if verdicts else None
            record = ImageRecord(output=out, index=index, path=str(path), sha256=sha, seed=seed, objective_rate=rate)
            self.record.images.append(record)
            rank = (passed, -failed, -index)
            if out not in best or rank > best[out][0]:
                best[out] = (rank, record, verdicts)
        for _, record, _ in best.values():
            record.top1 = True
        self._top1_verdicts = {out: verdicts for out, (_, _, verdicts) in best.items()}
        return {out: record for out, (_, record, _) in best.items()}

    def _final_image_verdicts(self, top1: dict[int, ImageRecord]) -> list[VerdictRecord]:
        if not top1:
            return []
        final = []
        for cp in self.task.checkpoints:
            if not cp.image:
                continue
            outs = [cp.output] if cp.output else sorted(top1)
            parts = [self._top1_verdicts[o][cp.id] for o in outs if cp.id in self._top1_verdicts.get(o, {})]
            if parts:
                final.append(_combine(parts))
        return final


def judge_in_waves(cps: list[Checkpoint], side: Side, call: Callable[[list[Checkpoint]], list[Verdict]]) -> dict[str, VerdictRecord]:
    """Judge checkpoints parents first; a child of a failed or skipped parent is skipped, uncalled."""
    on_side = {cp.id for cp in cps}
    decided: dict[str, VerdictRecord] = {}
    pending = list(cps)
    while pending:
        ready = [cp for cp in pending if all(d in decided or d not in on_side for d in cp.depends_on)]
        wave = []
        for cp in ready:
            bad = [d for d in cp.depends_on if d in decided and decided[d].outcome in ("fail", "skipped")]
            if bad:
                decided[cp.id] = VerdictRecord(
                    checkpoint=cp.id, side=side.value, outcome="skipped", reason=f"parent failed: {', '.join(bad)}", decided_by="engine"
                )
            else:
                wave.append(cp)
        if wave:
            verdicts = {v.checkpoint: v for v in call(wave)}
            for cp in wave:
                v = verdicts.get(cp.id)
                if v is None:
                    raise JudgeError(f"the judge gave no {side.value}-side verdict for checkpoint {cp.id}")
                decided[cp.id] = VerdictRecord(
                    checkpoint=cp.id, side=side.value, outcome=v.outcome, reason=v.reason, decided_by=v.decided_by, votes=v.votes
                )
        pending = [cp for cp in pending if cp.id not in decided]
    return decided


def _combine(parts: list[VerdictRecord]) -> VerdictRecord:
    """One verdict from the top-1 images of several outputs: every output must pass."""
    if len(parts) == 1:
        return parts[0].model_copy()
    for outcome in ("fail", "skipped", "abstain"):
        hits = [p for p in parts if p.outcome == outcome]
        if hits:
            reason = "; ".join(f"output {p.output}: {p.reason}" for p in hits)
            return hits[0].model_copy(update={"reason": reason, "output": None, "image_index": None})
    return parts[0].model_copy(update={"reason": f"all {len(parts)} outputs pass", "output": None, "image_index": None})


def _describe(exc: Exception) -> str:
    if isinstance(exc, AtelierError):
        return f"{type(exc).__name__}: {exc}"
    where = traceback.extract_tb(exc.__traceback__)[-1]
    return f"{type(exc).__name__}: {exc} (at {Path(where.filename).name}:{where.lineno})"
