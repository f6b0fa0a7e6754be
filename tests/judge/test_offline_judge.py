"""The offline judge on a small task, end to end with the reference renderer."""

from pathlib import Path

import pytest

from pytest_atelier.backends.reference import ReferenceBackend
from pytest_atelier.components import IMAGE_DIMENSIONS, PROMPT_DIMENSIONS, GenerationRequest, Judge
from pytest_atelier.errors import ConfigError
from pytest_atelier.judge import checkers
from pytest_atelier.judge.offline import VERSION, OfflineJudge
from pytest_atelier.registry import ComponentContext, Registry
from pytest_atelier.suite.models import Side, Task

PROMPT = (
    'A poster on a navy background: the title "NIGHT MARKET" at the top, three red circles at the bottom. No people.'
)

TASK = Task(
    id="co-poster",
    category="CO",
    brief="A night market poster.",
    constraints={"text": ["NIGHT MARKET"], "quantity": ["three lanterns"]},
    checkpoints=[
        {"id": "title", "image": "The title reads NIGHT MARKET.", "prompt": "The prompt gives the title.",
         "check": {"type": "text", "text": "NIGHT MARKET", "region": "top"}},
        {"id": "three", "image": "Three red lanterns.", "prompt": "The prompt asks for three lanterns.",
         "check": {"type": "count", "entity": "lantern", "count": 3, "terms": ["circles"], "color": "red"}},
        {"id": "navy", "image": "The background is navy.", "prompt": "The prompt asks for navy.",
         "check": {"type": "color", "color": "navy", "min_fraction": 0.5}},
        {"id": "nopeople", "image": "No people.", "prompt": "The prompt excludes people.",
         "check": {"type": "absence", "entity": "person", "terms": ["people"]}},
        {"id": "lanterns-low", "image": "The lanterns are at the bottom.", "prompt": "The prompt places them low.",
         "check": {"type": "layout", "entity": "circles", "region": "bottom", "color": "red"}},
        {"id": "mood", "image": "The poster feels festive.", "prompt": "The prompt conveys a festive mood.",
         "match": [["festive", "lively"]]},
        {"id": "fox", "image": "A fox is present.", "prompt": "The prompt asks for a fox.",
         "check": {"type": "presence", "entity": "fox"}},
        {"id": "vibe", "image": "It looks professional.", "prompt": "The prompt asks for a poster with a title."},
    ],
)  # fmt: skip


@pytest.fixture(scope="module")
def judge():
    return OfflineJudge(embeddings="ngram")


@pytest.fixture(scope="module")
def image(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("img") / "poster.png"
    path.write_bytes(ReferenceBackend().generate(GenerationRequest(PROMPT, 1, 0))[0].png)
    return path


def by_id(verdicts):
    return {v.checkpoint: v for v in verdicts}


def test_offline_judge_satisfies_the_protocol(judge):
    assert isinstance(judge, Judge)
    assert judge.identity.startswith(f"offline/{VERSION};") and "embeddings=ngram" in judge.identity


def test_prompt_side_verdicts(judge):
    got = by_id(judge.judge_prompt(TASK, [PROMPT], TASK.checkpoints))
    assert {k: v.outcome for k, v in got.items()} == {
        "title": "pass", "three": "pass", "navy": "pass", "nopeople": "pass", "lanterns-low": "pass",
        "mood": "abstain", "fox": "abstain", "vibe": "pass",
    }  # fmt: skip
    assert all(v.side is Side.prompt for v in got.values())
    assert got["mood"].decided_by == "offline:match" and "festive" in got["mood"].reason
    assert got["three"].decided_by == "offline:rule(count)"
    assert got["vibe"].decided_by == "offline:statement(overlap)"


def test_image_side_verdicts_on_a_rendered_poster(judge, image):
    got = by_id(judge.judge_image(TASK, PROMPT, image, TASK.checkpoints))
    assert got["three"].outcome == "pass" and got["three"].decided_by == "offline:blobs"
    assert got["navy"].outcome == "pass" and got["navy"].decided_by == "offline:palette"
    assert got["lanterns-low"].outcome == "pass"
    assert got["nopeople"].outcome == "abstain" and "model judge" in got["nopeople"].reason
    assert got["fox"].outcome == "abstain" and "presence" in got["fox"].reason
    assert got["mood"].outcome == "abstain" and got["mood"].decided_by == "offline"
    expected_title = "pass" if checkers.ocr_available() else "abstain"
    assert got["title"].outcome == expected_title and got["title"].decided_by == "offline:ocr"


def test_image_side_fails_what_the_image_lacks(judge, tmp_path):
    other = tmp_path / "other.png"
    other.write_bytes(
        ReferenceBackend().generate(GenerationRequest("two red circles on a white background", 1, 0))[0].png
    )
    got = by_id(judge.judge_image(TASK, "", other, TASK.checkpoints))
    assert got["three"].outcome == "fail" and "counted 2" in got["three"].reason
    assert got["navy"].outcome == "fail"


def test_ocr_off_setting_abstains_on_text(image):
    got = by_id(OfflineJudge(ocr="off", embeddings="ngram").judge_image(TASK, PROMPT, image, TASK.checkpoints))
    assert got["title"].outcome == "abstain" and "ocr=off" in got["title"].reason
    assert got["navy"].outcome == "pass"


def test_multi_output_checkpoints_read_their_own_prompt(judge):
    task = Task(
        id="oe-pair", category="OE", brief="Two frames.", outputs=["day", "night"],
        checkpoints=[
            {"id": "sun", "prompt": "p", "output": 1, "check": {"type": "presence", "entity": "sun"}},
            {"id": "moon", "prompt": "p", "output": 2, "check": {"type": "presence", "entity": "moon"}},
            {"id": "both", "prompt": "p", "check": {"type": "presence", "entity": "moon"}},
        ],
    )  # fmt: skip
    got = by_id(judge.judge_prompt(task, ["a sun over fields", "a moon over fields"], task.checkpoints))
    assert [got[k].outcome for k in ("sun", "moon", "both")] == ["pass", "pass", "pass"]
    got = by_id(judge.judge_prompt(task, ["a moon over fields, no sun", "a sun over fields, no moon"], task.checkpoints))
    assert [got[k].outcome for k in ("sun", "moon", "both")] == ["fail", "fail", "pass"]


def test_scores_abstain_on_every_dimension(judge, image):
    prompt_scores = judge.score_prompt(TASK, [PROMPT])
    image_scores = judge.score_image(TASK, PROMPT, image)
    assert [s.dimension for s in prompt_scores] == list(PROMPT_DIMENSIONS)
    assert [s.dimension for s in image_scores] == list(IMAGE_DIMENSIONS)
    assert all(s.value is None and "exemplar" in s.rationale for s in prompt_scores + image_scores)


def test_registry_builds_it_from_a_spec_and_settings_change_identity(tmp_path):
    ctx = ComponentContext(root=tmp_path)
    made = Registry().make("judge", "offline?embeddings=ngram&ocr=off", ctx)
    assert isinstance(made, OfflineJudge) and "ocr=off" in made.identity
    assert made.identity != Registry().make("judge", "offline?embeddings=ngram", ctx).identity
    with pytest.raises(ConfigError, match="ocr must be"):
        Registry().make("judge", "offline?ocr=maybe", ctx)
