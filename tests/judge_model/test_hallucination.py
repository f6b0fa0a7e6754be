"""Hallucination as a judge skill, against the loopback OpenAI-compatible server."""

from __future__ import annotations

import json

import pytest
from PIL import Image

from pytest_atelier.engine.cache import Cache
from pytest_atelier.errors import JudgeError
from pytest_atelier.judge.metrics import MetricSet
from pytest_atelier.judge.metrics.hallucination import SCHEMA, find_hallucinations
from pytest_atelier.suite.models import Task

from .conftest import bodies, make_judge, user_texts

TASK = Task.model_validate({"id": "oe_card", "category": "OE", "brief": "A birthday card with a cake for my niece.",
                            "checkpoints": [{"id": "c1", "image": "A cake is shown"}]})
FOUND = {"elements": [{"element": "a watermark", "reason": "no text was asked for"},
                      {"element": "a dog", "reason": "the request names no animal"}], "summary": "mostly faithful"}


@pytest.fixture
def image(tmp_path):
    Image.new("RGB", (32, 32), (250, 200, 200)).save(tmp_path / "card.png")
    return tmp_path / "card.png"


def test_the_skill_sends_request_prompt_and_image_and_parses_the_reply(server, tmp_path, image):
    answers = ["I see a dog and a watermark.", json.dumps(FOUND)]  # first reply unusable: one retry
    server.answer = lambda user, n: answers.pop(0)
    found = find_hallucinations(make_judge(server, tmp_path), TASK, "a pink cake on a card, dog", image)
    assert found.count == 2 and found.elements[0] == ("a watermark", "no text was asked for")
    assert found.describe().startswith("2 unrequested: a watermark (no text was asked for); a dog")
    sent = bodies(server)
    assert len(sent) == 2 and sent[0]["response_format"]["json_schema"]["schema"] == SCHEMA
    assert sent[0]["messages"][-1]["content"][1]["type"] == "image_url"
    text = user_texts(server)[0]
    assert "birthday card with a cake" in text and "a pink cake on a card, dog" in text
    assert "could not be used" in user_texts(server)[1]


def test_an_unusable_reply_twice_is_a_judge_error(server, tmp_path, image):
    server.answer = lambda user, n: json.dumps({"elements": [{"element": " ", "reason": "x"}], "summary": "s"})
    with pytest.raises(JudgeError, match="element 1 has no name"):
        find_hallucinations(make_judge(server, tmp_path), TASK, "a cake", image)


def test_the_metric_is_cached_and_needs_a_model_judge(server, tmp_path, image):
    server.answer = lambda user, n: json.dumps({"elements": [], "summary": "exactly what was asked"})
    judge, cache, metrics = make_judge(server, tmp_path), Cache(tmp_path / "cache"), MetricSet(["hallucination"])

    def measure():
        return metrics.measure(TASK, {1: (0, image)}, ["a cake"], None, judge, lambda kind, key, fn: cache.get_or_call(kind, key, fn))

    (first,) = measure()
    assert first.name == "hallucination" and first.value == 0 and first.detail == "nothing unrequested: exactly what was asked"
    assert measure() == [first] and server.count("/chat/completions") == 1  # the second answer came from the cache
    (offline,) = metrics.measure(TASK, {1: (0, image)}, ["a cake"], None, judge=object())
    assert offline.value is None and "no model judge" in offline.detail
