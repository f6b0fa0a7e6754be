"""The run engine with stand-in components: waves, top-1, multi-image tasks, the safety gate."""

from __future__ import annotations

import io
import textwrap

import pytest
from PIL import Image

from pytest_atelier.components import GeneratedImage, PromptResult, Safety, Score, Verdict
from pytest_atelier.engine.cache import Cache
from pytest_atelier.engine.runner import Engine, EngineConfig
from pytest_atelier.judge.safety import lexical_safety
from pytest_atelier.suite import Side, load_suite

from .conftest import IM_TASK, write_suite

MULTI = """\
id: oe_story
category: OE
brief: Two frames of a fox.
outputs: [the fox sleeps, the fox wakes]
tags: {entities: [character], visual_style: [cel_shaded]}
primitives: {abstract_intent: 3}
checkpoints:
  - {id: c01, primitive: abstract_intent, image: A fox., prompt: Asks for a fox., match: [[fox]]}
  - {id: c02, primitive: abstract_intent, image: Sleeping., prompt: Asks for sleep., match: [[sleep]], output: 1}
  - {id: c03, primitive: abstract_intent, image: Awake., prompt: Asks for waking., match: [[wake]], output: 2, depends_on: [c01]}
"""


class Prompts:
    spec = label = "p"
    identity = "p/1"

    def __init__(self, text="fox sleep wake"):
        self.text = text

    def write_prompt(self, request):
        return PromptResult([f"{self.text} {i}" for i in range(request.task.n_outputs)])


class Shades:
    """Image i is a grey level chosen by its seed, so images differ."""

    spec = label = "shades"
    identity = "shades/1"
    produces_images = True

    def generate(self, request):
        buf = io.BytesIO()
        Image.new("RGB", (8, 8), (request.seed % 200, 0, 0)).save(buf, "PNG")
        return [GeneratedImage(buf.getvalue(), request.seed)]


class Scripted:
    """Passes what ``image_pass(image_bytes_red_channel)`` says; records every call."""

    spec = label = "scripted"
    identity = "scripted/1"

    def __init__(self, prompt_fail=(), flag_images=False):
        self.prompt_fail, self.flag_images = set(prompt_fail), flag_images
        self.calls = []

    def judge_prompt(self, task, prompts, cps):
        self.calls.append(("prompt", [c.id for c in cps]))
        return [Verdict(c.id, Side.prompt, "fail" if c.id in self.prompt_fail else "pass", "scripted", "s") for c in cps]

    def judge_image(self, task, prompt, image, cps):
        red = Image.open(image).getpixel((0, 0))[0]
        self.calls.append(("image", [c.id for c in cps]))
        return [Verdict(c.id, Side.image, "pass" if red % 2 == 0 else "fail", f"red {red}", "s") for c in cps]

    def score_prompt(self, task, prompts, memory=None):
        return [Score("instructional_clarity", 4.0, "ok", "s")]

    def score_image(self, task, prompt, image, memory=None):
        return []

    def check_safety(self, task, prompts=None, image=None):
        if prompts is not None:
            return lexical_safety("\n".join(prompts))
        red = Image.open(image).getpixel((0, 0))[0]
        return Safety(self.flag_images and red % 2 == 0, ["violence"] if red % 2 == 0 else [], "scripted", "s")


def _engine(tmp_path, judge, prompter=None, images=4):
    suite = load_suite(write_suite(tmp_path / "s", {"oe_story": textwrap.dedent(MULTI)}))
    return Engine(suite, {"p": prompter or Prompts()}, {"shades": Shades()}, judge, Cache(tmp_path / "c"), EngineConfig(images=images))


def test_failed_parent_skips_child_without_a_call(tmp_path):
    judge = Scripted(prompt_fail={"c01"})
    run = _engine(tmp_path, judge).run("p", "shades", "oe_story")
    final = {(v.checkpoint, v.side): v for v in run.final}
    assert final[("c03", "prompt")].outcome == "skipped" and final[("c03", "prompt")].reason == "parent failed: c01"
    assert all("c03" not in ids for side, ids in judge.calls if side == "prompt")


def test_top1_per_output_and_every_output_must_pass(tmp_path):
    run = _engine(tmp_path, Scripted()).run("p", "shades", "oe_story")
    assert len(run.images) == 8 and len(run.prompts) == 2
    for out in (1, 2):
        top = [im for im in run.images if im.output == out and im.top1]
        assert len(top) == 1 and top[0].objective_rate == max(im.objective_rate for im in run.images if im.output == out)
    final = {(v.checkpoint, v.side): v for v in run.final}
    assert final[("c02", "image")].output is None or final[("c02", "image")].output == 1
    assert {v.checkpoint for v in run.final if v.side == "image"} == {"c01", "c02", "c03"}


THREE = """\
id: oe_three
category: OE
brief: A fox in the snow at dusk.
tags: {entities: [character], visual_style: [cel_shaded]}
primitives: {abstract_intent: 3}
checkpoints:
  - {id: c01, primitive: abstract_intent, image: A fox., prompt: Asks for a fox., match: [[fox]]}
  - {id: c02, primitive: abstract_intent, image: Snow., prompt: Asks for snow., match: [[snow]]}
  - {id: c03, primitive: abstract_intent, image: Dusk., prompt: Asks for dusk., match: [[dusk]]}
"""


class SaysLessOnEven(Scripted):
    """Even red: one pass, the rest undecided (1 of 1 decided); odd red: two passes and one fail."""

    def judge_image(self, task, prompt, image, cps):
        red = Image.open(image).getpixel((0, 0))[0]
        if red % 2 == 0:
            return [Verdict(c.id, Side.image, "pass" if c.id == "c01" else "abstain", "", "s") for c in cps]
        return [Verdict(c.id, Side.image, "fail" if c.id == "c03" else "pass", "", "s") for c in cps]


def test_top1_is_the_image_that_shows_most_not_the_one_that_leaves_most_undecided(tmp_path):
    suite = load_suite(write_suite(tmp_path / "s", {"oe_three": THREE}))
    engine = Engine(suite, {"p": Prompts()}, {"shades": Shades()}, SaysLessOnEven(), Cache(tmp_path / "c"), EngineConfig(images=4))
    run = engine.run("p", "shades", "oe_three")
    parity = {im.top1: [] for im in run.images}
    for im in run.images:
        parity[im.top1].append(Image.open(im.path).getpixel((0, 0))[0] % 2)
    assert 0 in parity[False] and parity[True] == [1]  # an image that said less was there to pick
    assert sorted(v.outcome for v in run.final if v.side == "image") == ["fail", "pass", "pass"]


def test_warm_engine_run_is_all_cache(tmp_path):
    first = _engine(tmp_path, Scripted()).run("p", "shades", "oe_story")
    judge = Scripted()
    again = _engine(tmp_path, judge).run("p", "shades", "oe_story")
    assert first.calls.cached == 0 and again.calls.cached > 0 and not judge.calls and again.final == first.final


def test_flagged_prompt_is_excluded_not_judged(tmp_path):
    judge = Scripted()
    run = _engine(tmp_path, judge, Prompts("a gory massacre of a fox")).run("p", "shades", "oe_story")
    assert run.excluded.startswith("the prompt was flagged (violence)")
    assert run.final == [] and run.images == [] and judge.calls == []
    assert run.safety[0]["categories"] == ["violence"]


def test_negated_terms_are_not_flagged():
    assert not lexical_safety("a fox in the snow. Negative prompt: gore, nude").flagged
    assert lexical_safety("a nude teen").categories == ["child_safety", "sexual"]


def test_flagged_images_are_recorded_and_never_top1(tmp_path):
    run = _engine(tmp_path, Scripted(flag_images=True)).run("p", "shades", "oe_story")
    flagged = [im for im in run.images if im.flagged]
    assert flagged and not any(im.top1 for im in flagged)
    assert all(entry["side"] == "image" for entry in run.safety if entry["flagged"])


def test_built_in_metrics_are_measured_once_and_then_read_from_the_cache(tmp_path, monkeypatch):
    pytest.importorskip("cv2")
    pytest.importorskip("skimage")
    from pytest_atelier.judge.metrics import MetricSet

    suite = load_suite(write_suite(tmp_path / "s", {"im_flag": IM_TASK}))
    measured = []
    real = MetricSet.measure
    monkeypatch.setattr(MetricSet, "measure", lambda self, *a, **k: measured.append(1) or real(self, *a, **k))

    def run():
        engine = Engine(suite, {"p": Prompts()}, {"shades": Shades()}, Scripted(), Cache(tmp_path / "c"), EngineConfig(images=2))
        engine.metrics = MetricSet(["colour"])
        return engine.run("p", "shades", "im_flag")

    first, again = run(), run()
    assert [m.name for m in first.metrics] == ["colour.hist", "colour.palette"] and again.metrics == first.metrics
    assert len(measured) == 1  # the second run read the stored measurement
    assert "metrics" not in again.calls.by_kind  # measured in process: neither a request nor a model answer reused


@pytest.mark.parametrize("judge_calls_models", [True, False])
def test_only_model_calls_take_a_call_slot(tmp_path, judge_calls_models):
    """A judge that answers by rules (calls_models False) runs without a slot; model calls hold one."""
    import threading

    slots = threading.BoundedSemaphore(1)
    held: dict[str, list[bool]] = {}

    def note(what):
        held.setdefault(what, []).append(slots._value == 0)

    class Backend(Shades):
        def generate(self, request):
            note("generate")
            return super().generate(request)

    class Judge(Scripted):
        calls_models = judge_calls_models

        def judge_image(self, task, prompt, image, cps):
            note("judge_image")  # every image is made by now: no model call is in flight
            return super().judge_image(task, prompt, image, cps)

    suite = load_suite(write_suite(tmp_path / "s", {"oe_story": textwrap.dedent(MULTI)}))
    engine = Engine(suite, {"p": Prompts()}, {"shades": Backend()}, Judge(), Cache(tmp_path / "c"), EngineConfig(images=2), slots=slots)
    assert not engine.run("p", "shades", "oe_story").error
    assert held["generate"] == [True] * 4
    assert set(held["judge_image"]) == {judge_calls_models}


@pytest.mark.parametrize("uses_seed", [True, False])
def test_the_run_seed_keys_a_prompt_only_for_a_prompter_that_uses_it(tmp_path, uses_seed):
    asked = []

    class Seeded(Prompts):
        def write_prompt(self, request):
            asked.append(request.seed)
            return super().write_prompt(request)

    Seeded.uses_seed = uses_seed
    suite = load_suite(write_suite(tmp_path / "s", {"oe_story": textwrap.dedent(MULTI)}))
    for seed in (1, 2):
        Engine(suite, {"p": Seeded()}, {"shades": Shades()}, Scripted(), Cache(tmp_path / "c"), EngineConfig(images=1, seed=seed)).run(
            "p", "shades", "oe_story"
        )
    assert asked == ([1, 2] if uses_seed else [1])
