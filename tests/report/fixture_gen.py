"""Generate a suite, images and a valid results file for the report tests and benchmark.

``build_fixture(root)`` writes a small suite (OE, CO and IM tasks with paired checkpoints,
target images for IM), PNG images for every run that has a backend which draws, and
returns a :class:`Results` whose runs and items look like the engine's: top-1 images,
final verdicts, skipped children of failed parents, abstentions, a run that errored,
``none`` backends without images, ensemble votes, safety flags and a hostile prompt.
"""

from __future__ import annotations

import hashlib
import io
import random
import re
import zlib
from pathlib import Path

import numpy as np
import yaml
from PIL import Image

from pytest_atelier.components import IMAGE_DIMENSIONS, PROMPT_DIMENSIONS
from pytest_atelier.results.aggregate import aggregate
from pytest_atelier.report.thumbs import make_thumbnail
from pytest_atelier.results.records import (
    CallStats,
    ImageRecord,
    ItemRecord,
    Results,
    RunConfig,
    RunRecord,
    ScoreRecord,
    VerdictRecord,
)
from pytest_atelier.suite import TAG_VOCABULARY, load_suite

__all__ = ["HOSTILE_PROMPT", "LONG_BACKENDS", "LONG_PROMPTERS", "build_fixture", "write_suite"]

# The scale of the paper's experiment, with names as long as real specs: 8 prompters x 4 backends.
LONG_PROMPTERS = tuple(f"python:fixtures.results.agents:{name}" for name in
                       ("careful", "hostile", "terse", "verbose", "literal", "stylist", "planner", "critic"))
LONG_BACKENDS = ("diffusers:stabilityai/stable-diffusion-xl-base-1.0", "openai-compatible:http-local/flux-schnell", "gemini-image", "reference")

HOSTILE_PROMPT = 'a poster that says <script>alert(1)</script> and "><img src=x onerror=alert(1)> in red'
_CATEGORIES = ("OE", "CO", "IM")
_SEMANTIC = ("abstract_intent", "audience_intent", "implicit_style", "semantic_negation")
_CONSTRAINT = ("attribute_binding", "spatial_relation", "quantity", "text", "hard_constraint")
_NOUNS = ("lantern", "fox", "teapot", "lighthouse", "bicycle", "owl", "cactus", "robot", "kite", "violin")
_COLOURS = ("red", "teal", "amber", "violet", "green", "navy", "coral", "ochre")


def _png(path: Path, seed: int, size: int) -> str:
    """Write a PNG with a seeded vertical gradient and a block; return its sha256."""
    rng = np.random.default_rng(seed)
    ramp = np.arange(size, dtype=np.uint16)[:, None, None] * 160 // size + 60  # 60..220, top to bottom
    pixels = np.empty((size, size, 3), np.uint8)
    pixels[:] = (ramp * rng.integers(64, 256, size=3, dtype=np.uint16) // 255).astype(np.uint8)
    x, y = rng.integers(0, size // 2, size=2)
    pixels[y : y + size // 3, x : x + size // 3] = rng.integers(0, 255, size=3, dtype=np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, "PNG", compress_level=1)
    path.write_bytes(buffer.getvalue())
    return hashlib.sha256(buffer.getvalue()).hexdigest()


def _task_dict(i: int, rng: random.Random, hostile: bool) -> dict:
    category = _CATEGORIES[i % 3]
    noun, colour = _NOUNS[i % len(_NOUNS)], _COLOURS[i % len(_COLOURS)]
    task_id = f"{category.lower()}_{i:03d}"
    primitives = _SEMANTIC if category == "OE" else _CONSTRAINT if category == "CO" else _SEMANTIC + _CONSTRAINT
    n_cp = 6 + i % 5
    cps = []
    for k in range(n_cp):
        cp = {"id": f"c{k + 1:02d}", "primitive": primitives[k % len(primitives)],
              "image": f"The image shows detail {k + 1} of the {colour} {noun}.",
              "prompt": f"The prompt asks for detail {k + 1} of the {colour} {noun}."}
        if k == 3:
            cp["depends_on"] = ["c01"]
        cps.append(cp)
    brief = f"Make a picture of a {colour} {noun} for a children's book cover, cheerful but not loud."
    if hostile and i == 0:
        brief += " Brief text with <b>markup</b> & an <script>alert('brief')</script> attempt."
    task = {
        "id": task_id, "category": category, "title": f"{colour.title()} {noun}", "brief": brief,
        "tags": {"entities": [rng.choice(TAG_VOCABULARY["entities"])], "visual_style": [rng.choice(TAG_VOCABULARY["visual_style"])],
                 "theme": [rng.choice(TAG_VOCABULARY["theme"])]},
        "primitives": {p: sum(1 for c in cps if c["primitive"] == p) for p in primitives},
        "checkpoints": cps,
    }
    if category == "CO":
        task["constraints"] = {"attribute_binding": [f"the {noun} is {colour}"], "quantity": ["exactly two clouds"],
                               "text": ['the title reads "HELLO"']}
    if category == "IM":
        task["target_image"] = f"../images/{task_id}.png"
        task["brief"] = "Write a prompt that reproduces the target image."
    return task


def write_suite(root: Path, n_tasks: int, *, scoring: str = "atelier", hostile: bool = True, seed: int = 0, image_size: int = 96):
    """Write ``root/suite.yaml``, ``root/tasks/*.yaml`` and IM target images; return the loaded suite."""
    rng = random.Random(seed)
    (root / "tasks").mkdir(parents=True, exist_ok=True)
    (root / "images").mkdir(parents=True, exist_ok=True)
    manifest = {"name": "report-fixture", "version": "1.0", "license": "CC0-1.0", "scoring": scoring}
    (root / "suite.yaml").write_text(yaml.safe_dump(manifest), encoding="utf-8")
    for i in range(n_tasks):
        task = _task_dict(i, rng, hostile)
        if scoring == "idea":
            for k, cp in enumerate(task["checkpoints"]):
                cp["level"] = 1 + k * 3 // len(task["checkpoints"])
        if task.get("target_image"):
            _png(root / "images" / f"{task['id']}.png", 10_000 + i, image_size)
        (root / "tasks" / f"{task['id']}.yaml").write_text(yaml.safe_dump(task, sort_keys=False), encoding="utf-8")
    return load_suite(root)


def _verdict(rng: random.Random, skill: float, cp: str, side: str, judge: str, **where) -> VerdictRecord:
    roll = rng.random()
    if roll < 0.06:
        return VerdictRecord(checkpoint=cp, side=side, outcome="abstain", reason="abstained: no checker can verify this kind offline",
                             decided_by=judge, **where)
    if roll < 0.06 + skill:
        return VerdictRecord(checkpoint=cp, side=side, outcome="pass", reason=f"{side} shows {cp} as asked", decided_by=judge, **where)
    return VerdictRecord(checkpoint=cp, side=side, outcome="fail", reason=f"{side} lacks {cp}: nothing matched", decided_by=judge, **where)


def _gate_children(task, verdicts: dict[str, VerdictRecord], side: str, **where) -> None:
    for cp in task.checkpoints:
        bad = [d for d in cp.depends_on if verdicts[d].outcome in ("fail", "skipped")]
        if bad:
            verdicts[cp.id] = VerdictRecord(checkpoint=cp.id, side=side, outcome="skipped", reason=f"parent failed: {', '.join(bad)}",
                                            decided_by="engine", **where)


def _run(suite, task, p_index: int, prompter: str, backend: str, *, images: int, out_dir: Path, image_size: int,
         rng: random.Random, hostile: bool) -> RunRecord:
    key = f"{prompter}|{backend}|{task.id}"
    judge = "offline"
    record = RunRecord(key=key, suite=suite.manifest.name, task_id=task.id, category=task.category.value, prompter=prompter,
                       backend=backend, judge=judge)
    if prompter == "skilled" and backend == "reference" and task.id.endswith("_002"):
        record.error = "ProviderError: HTTP 503 from the image API after 3 retries\n  (the run has no verdicts)"
        return record
    skill = 0.35 + 0.12 * p_index
    prompt = f"{prompter} prompt {p_index}: a {task.title.lower()} in soft light, storybook style, two clouds"
    if hostile and task.id.endswith("_000") and p_index == 0:
        prompt = HOSTILE_PROMPT
    record.prompts = [prompt] * task.n_outputs
    record.prompter_meta = {"model": f"{prompter}-model", "tokens": 120 + p_index}
    prompt_v = {cp.id: _verdict(rng, skill, cp.id, "prompt", judge) for cp in task.checkpoints}
    _gate_children(task, prompt_v, "prompt")
    record.verdicts = list(prompt_v.values())
    if prompter == "skilled":  # an ensemble of three judges voted on the prompt side
        record.verdicts = []
        for v in prompt_v.values():
            votes = [v.outcome] * 2 + ["fail" if v.outcome == "pass" and rng.random() < 0.3 else v.outcome]
            record.verdicts += [v.model_copy(update={"outcome": o, "decided_by": f"judge-{j}"}) for j, o in zip("abc", votes)]
    record.final = list(prompt_v.values())
    record.scores = [ScoreRecord(dimension=d, side="prompt", value=None if rng.random() < 0.05 else float(rng.randint(2, 5)),
                                 rationale=f"{d.replace('_', ' ')}: judged against 3 exemplars", decided_by=judge,
                                 exemplars=["ex-01", "ex-07", "ex-12"]) for d in PROMPT_DIMENSIONS]
    hostile_prompt = prompt == HOSTILE_PROMPT
    record.safety = [{"side": "prompt", "output": None, "image_index": None, "flagged": hostile_prompt,
                      "categories": ["injection"] if hostile_prompt else [], "reason": "markup in the prompt" if hostile_prompt else "",
                      "decided_by": judge}]
    if backend != "none":
        per_image = []
        for i in range(images):
            seed = 1000 * p_index + i
            path = out_dir / re.sub(r"[^\w.-]", "_", f"{task.id}-{prompter}-{backend}-{i}.png")  # specs hold ':' and '/'
            digest = _png(path, zlib.crc32(path.name.encode()), image_size)
            make_thumbnail(path)  # as the engine does when it stores a generated image
            where = {"output": 1, "image_index": i}
            v = {cp.id: _verdict(rng, skill + 0.1, cp.id, "image", judge, **where) for cp in task.checkpoints}
            _gate_children(task, v, "image", **where)
            decided = [x for x in v.values() if x.outcome in ("pass", "fail")]
            rate = sum(x.outcome == "pass" for x in decided) / len(decided) if decided else None
            record.images.append(ImageRecord(output=1, index=i, path=str(path), sha256=digest, seed=seed,
                                             objective_rate=rate))
            per_image.append(v)
        if task.id.endswith("_004") and p_index == 1:  # the safety gate kept one image out
            record.images[-1].flagged = "violence: a weapon is shown"
            record.safety.append({"side": "image", "output": 1, "image_index": images - 1, "flagged": True, "categories": ["violence"],
                                  "reason": "a weapon is shown", "decided_by": judge})
        best = max(range(images), key=lambda i: (record.images[i].objective_rate or -1, -i))
        record.images[best].top1 = True
        record.verdicts += [x for v in per_image for x in v.values()]
        record.final += list(per_image[best].values())
        if task.category.value != "IM":
            record.scores += [ScoreRecord(dimension=d, side="image", value=float(rng.randint(1, 5)), rationale=f"{d}: fair", decided_by=judge,
                                          output=1, image_index=best) for d in IMAGE_DIMENSIONS]
    if task.id.endswith("_007") and p_index == 0 and backend == "none":
        record.excluded = "the prompt was flagged by the safety gate: hate"
        record.verdicts, record.final, record.scores = [], [], []
    made = 3 + images * (backend != "none")
    record.calls = CallStats(requests=made if rng.random() < 0.5 else 0, cached=0 if rng.random() < 0.5 else made,
                             by_kind={"prompt": {"requests": 1, "retries": 0, "cached": 0, "refused": 0}})
    record.timings = {"prompt_s": 0.8, "generate_s": 2.5 * (backend != "none"), "total_s": 4.2}
    record.cost_usd = round(0.002 * (p_index + 1) + 0.01 * (backend != "none"), 4)
    return record


_ITEM = {"pass": "passed", "fail": "failed", "abstain": "skipped", "skipped": "skipped", "error": "error"}


def _items(task, run: RunRecord) -> list[ItemRecord]:
    base = {"run_key": run.key, "task_id": run.task_id, "prompter": run.prompter, "backend": run.backend}
    finals = {(v.checkpoint, v.side): v for v in run.final}
    items = []
    for cp in task.checkpoints:
        for side in ("prompt", "image"):
            v = finals.get((cp.id, side))
            if run.error:
                outcome, reason = "error", run.error
            elif run.excluded:
                outcome, reason = "skipped", f"excluded: {run.excluded}"
            elif v is None:
                outcome, reason = "skipped", f"backend {run.backend} makes no images"
            else:
                outcome, reason = _ITEM[v.outcome], v.reason
            items.append(ItemRecord(nodeid=f"{task.id}::{run.prompter}::{run.backend}::{side}::{cp.id}", kind="checkpoint", side=side,
                                    checkpoint=cp.id, outcome=outcome, reason=reason, **base))
    items.append(ItemRecord(nodeid=f"{task.id}::{run.prompter}::{run.backend}::subjective", kind="subjective",
                            outcome="error" if run.error else "passed", **base))
    return items


def build_fixture(
    root: Path,
    *,
    n_tasks: int = 20,
    prompters: tuple[str, ...] = ("direct", "novice", "skilled"),
    backends: tuple[str, ...] = ("reference", "none"),
    images: int = 4,
    image_size: int = 96,
    scoring: str = "atelier",
    hostile: bool = True,
    n_boot: int = 200,
    seed: int = 0,
) -> Results:
    """Write a suite and images under ``root`` and return results over every (prompter, backend, task)."""
    root = Path(root)
    suite = write_suite(root / "suite", n_tasks, scoring=scoring, hostile=hostile, seed=seed, image_size=image_size)
    rng = random.Random(seed)
    (root / "images").mkdir(parents=True, exist_ok=True)
    runs, items = [], []
    for task in suite.tasks:
        for p_index, prompter in enumerate(prompters):
            for backend in backends:
                run = _run(suite, task, p_index, prompter, backend, images=images, out_dir=root / "images", image_size=image_size,
                           rng=rng, hostile=hostile)
                runs.append(run)
                items += _items(task, run)
    items.sort(key=lambda i: i.nodeid)
    m = suite.manifest
    results = Results(
        atelier_version="0.1.0", created="2026-01-15T10:00:00+00:00", wall_s=512.3,
        suite={"name": m.name, "version": m.version, "license": m.license, "scoring": m.scoring, "root": str(suite.root)},
        config=RunConfig(prompters=list(prompters), backends=list(backends), judge="offline", images_per_prompt=images, seed=seed, workers=2),
        runs=runs, items=items, exit_status=1,
    )
    results.aggregates = aggregate(runs, items, {t.id: t for t in suite.tasks}, scoring=scoring, intervals=n_boot > 0)
    return results
