"""AtelierJudge against the loopback server: skills, routing, retrieval, parsing and faults."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pytest_atelier.components import IMAGE_DIMENSIONS, PROMPT_DIMENSIONS
from pytest_atelier.errors import JudgeError, ProviderError
from pytest_atelier.judge.atelier import PROMPTS_DIGEST, skills_for
from pytest_atelier.suite.exemplars import load_memory_with_source
from pytest_atelier.suite.loader import load_suite
from pytest_atelier.suite.models import Category, Checkpoint

from .conftest import bodies, make_judge, user_texts

ATELIER = Path(__file__).parents[2] / "task_suites" / "atelier"


@pytest.fixture
def suite(mini_suite):
    return load_suite(mini_suite)


def test_routing_by_category(server, brain, suite, mini_suite):
    judge = make_judge(server, mini_suite)
    im, oe = suite.task("im_flag"), suite.task("oe_garden")
    image = mini_suite / "tasks" / "flag.png"
    assert "subjective_image" not in skills_for(Category.IM) and "subjective_image" in skills_for(Category.OE)
    assert judge.score_image(im, "two blue stripes", image) == []
    assert server.count("/chat/completions") == 0  # IM gets no image-dimension scores: no call
    scores = judge.score_image(oe, "a calm watercolour", image)
    assert [s.dimension for s in scores] == list(IMAGE_DIMENSIONS) and all(s.value == 3.0 for s in scores)
    prompt_scores = judge.score_prompt(im, ["two blue stripes"])
    assert [s.dimension for s in prompt_scores] == list(PROMPT_DIMENSIONS)
    sent = bodies(server)
    assert len(sent) == 2 and sent[0]["messages"][-1]["content"][1]["type"] == "image_url"
    assert sent[0]["response_format"]["json_schema"]["schema"]["properties"]["scores"]["items"]["properties"]["dimension"]["enum"] == list(
        IMAGE_DIMENSIONS
    )
    assert "[zero-shot]" in prompt_scores[0].rationale
    assert PROMPTS_DIGEST in judge.identity and "test-judge" in judge.identity


def test_retrieval_shows_exemplars_but_never_the_tasks_own(server, brain, tmp_path):
    suite = load_suite(ATELIER)
    memory = load_memory_with_source(suite.exemplar_path("OE"))
    task = suite.task("oe_001")
    own = {ex.id for ex in memory.memory.exemplars if ex.task_id == task.id}
    assert own
    own_prompt = next(ex.prompt for ex in memory.memory.exemplars if ex.task_id == task.id)
    scores = make_judge(server, tmp_path, "k=3&embeddings=ngram").score_prompt(task, [own_prompt], memory)  # the nearest is its own
    (text,) = user_texts(server)
    shown = [line.split("(id ")[1].rstrip("):") for line in text.splitlines() if line.startswith("Reference ") and "(id " in line]
    assert len(shown) == 3 and not own & set(shown)
    by_id = {ex.id: ex for ex in memory.memory.exemplars}
    first = by_id[shown[0]]
    assert f"- instructional_clarity: {first.scores['instructional_clarity'].score} - {first.scores['instructional_clarity'].rationale}" in text
    assert all(ex_id in scores[0].rationale for ex_id in shown)


def test_objective_batched_and_per_checkpoint_call_counts(server, brain, suite, mini_suite):
    task = suite.task("co_sign")
    image = mini_suite / "tasks" / "flag.png"
    cps = list(task.checkpoints)
    batched = make_judge(server, mini_suite, "checkers=off")
    verdicts = batched.judge_image(task, "a sign", image, cps)
    assert server.count("/chat/completions") == 1 and [v.outcome for v in verdicts] == ["pass"] * 3
    single = make_judge(server, mini_suite, "checkers=off&batch=0")
    brain.fail = {"c02"}
    verdicts = single.judge_image(task, "a sign", image, cps)
    assert server.count("/chat/completions") == 1 + 3
    assert [v.outcome for v in verdicts] == ["pass", "fail", "pass"] and verdicts[1].reason == "loopback c02"
    schema = bodies(server)[-1]["response_format"]["json_schema"]["schema"]
    assert schema["required"] == ["reason", "verdict"] and schema["properties"]["verdict"]["enum"] == ["pass", "fail", "cannot_tell"]


def test_deterministic_checkers_come_first(server, brain, suite, mini_suite):
    co = suite.task("co_sign")  # c02 count (model); c03 red circles: no red at all (palette decides)
    image = mini_suite / "tasks" / "flag.png"
    verdicts = make_judge(server, mini_suite).judge_image(co, "a sign", image, list(co.checkpoints[1:]))
    assert verdicts[1].decided_by == "checker:palette" and verdicts[1].outcome == "fail"
    assert verdicts[0].decided_by == "openai:test-judge"
    (text,) = user_texts(server)
    assert "- c02:" in text and "- c03:" not in text
    im = suite.task("im_flag")  # blue stripes: blue is there, but pixels cannot tell it is the stripes'
    verdicts = make_judge(server, mini_suite).judge_image(im, "two blue stripes", image, [im.checkpoints[1]])
    assert verdicts[0].outcome == "pass" and verdicts[0].reason.startswith("palette checker unsure")  # exact text on the prompt side is checked verbatim, no call
    prompt_verdicts = make_judge(server, mini_suite).judge_prompt(co, ['A sign reading "OPEN"'], [co.checkpoints[0]])
    assert prompt_verdicts[0].decided_by == "checker:verbatim" and server.count("/chat/completions") == 2
    # text the rule cannot decide (unquoted prose) goes to the model
    prompt_verdicts = make_judge(server, mini_suite).judge_prompt(co, ["A sign that says we are open"], [co.checkpoints[0]])
    assert prompt_verdicts[0].decided_by == "openai:test-judge" and server.count("/chat/completions") == 3
    # a palette check is decided by pixels either way: the flag is blue and white, not red and white
    palette = Checkpoint(id="p1", image="Only red and white.", check={"type": "palette", "colors": ["red", "white"]})
    verdicts = make_judge(server, mini_suite).judge_image(co, "a sign", image, [palette])
    assert verdicts[0].decided_by == "checker:palette" and verdicts[0].outcome == "fail" and server.count("/chat/completions") == 3


def test_fenced_reply_is_repaired_without_a_retry(server, brain, suite, mini_suite):
    brain.faults = ["fenced"]
    task = suite.task("oe_garden")
    verdicts = make_judge(server, mini_suite).judge_prompt(task, ["calm"], list(task.checkpoints))
    assert len(verdicts) == 3 and server.count("/chat/completions") == 1


@pytest.mark.parametrize("fault", ["garbage", "incomplete"])
def test_malformed_once_then_valid_retries_with_a_note(server, brain, suite, mini_suite, fault):
    brain.faults = [fault]
    task = suite.task("oe_garden")
    verdicts = make_judge(server, mini_suite).judge_prompt(task, ["calm"], list(task.checkpoints))
    assert [v.checkpoint for v in verdicts] == ["c01", "c02", "c03"]
    first, second = user_texts(server)
    assert "could not be used" not in first and "Your previous answer could not be used" in second


def test_always_malformed_is_a_judge_error(server, brain, suite, mini_suite):
    brain.always_garbage = True
    task = suite.task("oe_garden")
    with pytest.raises(JudgeError, match="unusable after one retry"):
        make_judge(server, mini_suite).score_prompt(task, ["calm"])
    assert server.count("/chat/completions") == 2


def test_refusal_is_a_provider_error(server, brain, suite, mini_suite):
    server.inject("refusal")
    task = suite.task("oe_garden")
    with pytest.raises(ProviderError, match="refused"):
        make_judge(server, mini_suite).judge_prompt(task, ["calm"], list(task.checkpoints))


def test_safety_skill(server, brain, suite, mini_suite):
    judge = make_judge(server, mini_suite)
    task = suite.task("oe_garden")
    flagged = judge.check_safety(task, prompts=["a battlefield covered in gore"])
    assert flagged.flagged and flagged.categories == ["violence"] and flagged.decided_by == "openai:test-judge"
    clean = judge.check_safety(task, image=mini_suite / "tasks" / "flag.png")
    assert not clean.flagged and clean.categories == []
    image_body = bodies(server)[-1]
    assert image_body["messages"][-1]["content"][1]["type"] == "image_url"
    enum = image_body["response_format"]["json_schema"]["schema"]["properties"]["categories"]["items"]["enum"]
    assert {"violence", "sexual", "hate", "child_safety", "illegal_activity", "self_harm"} == set(enum)


def test_settings_are_checked(server, tmp_path):
    from pytest_atelier.errors import ConfigError

    with pytest.raises(ConfigError, match="unknown setting"):
        make_judge(server, tmp_path, "batchh=1")
    with pytest.raises(ConfigError, match="strategy"):
        make_judge(server, tmp_path, "strategy=best")
    identity = make_judge(server, tmp_path, "k=2&batch=0").identity
    messages, request = re.fullmatch(r"atelier/\d+:(\{.*?\}):prompts@\w+:embed=[\w/]+:(\{.*\})", identity).groups()
    assert json.loads(messages) == {"batch": False, "checkers": True, "k": 2, "strategy": "similarity"}  # no concurrency
    assert json.loads(request) == {"api": "openai-chat", "base_url": f"{server.url}/v1", "model": "test-judge"}
