"""A model judge may answer "cannot tell": an abstention with its reason, never a pass or a fail.

The loopback server answers ``cannot_tell`` for chosen checkpoints; the abstention is followed
through the parser, the ensemble's votes, a whole pytest run (item, results file, HTML report)
and meta-eval's abstention rate.
"""

from __future__ import annotations

import argparse
import html
import json
import re

import pytest
import yaml
from PIL import Image

from pytest_atelier.errors import JudgeError
from pytest_atelier.judge.atelier import PROMPT_FILES, PROMPTS_DIGEST, prompts_digest
from pytest_atelier.judge.ensemble import EnsembleJudge
from pytest_atelier.judge.metaeval_cli import add_metaeval_arguments, run_metaeval_command
from pytest_atelier.suite.loader import load_suite
from pytest_atelier.suite.models import Side

from ..conftest import write_suite
from .conftest import bodies, judge_spec, make_judge, user_texts
from .test_ensemble import Fixed

UNSURE = "the glasshouse panes are fogged so nobody inside can be seen or ruled out"


@pytest.fixture
def suite(mini_suite):
    return load_suite(mini_suite)


@pytest.mark.parametrize("batch", ["1", "0"])
def test_cannot_tell_becomes_an_abstention_with_the_models_reason(server, brain, suite, mini_suite, batch):
    brain.cannot_tell = {"c02": UNSURE}
    brain.fail = {"c03"}
    task = suite.task("oe_garden")
    image = mini_suite / "tasks" / "flag.png"
    judge = make_judge(server, mini_suite, f"batch={batch}&checkers=off")
    for verdicts in (judge.judge_prompt(task, ["calm"], list(task.checkpoints)), judge.judge_image(task, "calm", image, list(task.checkpoints))):
        assert [v.outcome for v in verdicts] == ["pass", "abstain", "fail"]
        assert verdicts[1].reason == UNSURE and verdicts[1].decided_by == "openai:test-judge"
    sent = bodies(server)[-1]
    schema = sent["response_format"]["json_schema"]["schema"]
    assert sent["response_format"]["json_schema"]["strict"] is True
    item = schema["properties"]["verdicts"]["items"] if batch == "1" else schema
    assert item["properties"]["verdict"]["enum"] == ["pass", "fail", "cannot_tell"]
    assert "\"cannot_tell\" when the image gives no evidence either way" in sent["messages"][0]["content"]  # the v2 instructions


@pytest.mark.parametrize("fault", ["maybe", "silent"])
def test_an_answer_outside_the_three_is_asked_again_then_a_judge_error(server, brain, suite, mini_suite, fault):
    task = suite.task("oe_garden")
    brain.faults = [fault]
    verdicts = make_judge(server, mini_suite).judge_prompt(task, ["calm"], list(task.checkpoints))
    assert [v.outcome for v in verdicts] == ["pass"] * 3  # the second answer is used
    first, second = user_texts(server)
    expected = "'maybe' is not one of" if fault == "maybe" else "'cannot_tell' needs a reason"
    assert "could not be used" not in first and expected in second
    brain.faults = [fault, fault]
    with pytest.raises(JudgeError, match="unusable after one retry: " + ("does not follow the schema" if fault == "maybe" else "'cannot_tell' needs a reason")):
        make_judge(server, mini_suite, "batch=0").judge_prompt(task, ["calm"], [task.checkpoints[0]])


def test_ensemble_counts_an_abstention_as_a_vote_that_decides_nothing(suite):
    task = suite.task("oe_garden")
    a = Fixed("a", {"c01": "pass", "c02": "pass", "c03": "abstain"})
    b = Fixed("b", {"c01": "abstain", "c02": "abstain", "c03": "abstain"})
    c = Fixed("c", {"c01": "fail", "c02": "abstain", "c03": "abstain"})
    split, carried, silent = EnsembleJudge([a, b, c]).judge_image(task, "p", "unused.png", list(task.checkpoints))
    assert (split.outcome, split.votes) == ("abstain", ["pass@a", "abstain@b", "fail@c"])
    assert split.reason == "judges split (1 pass, 1 fail, 1 abstained of 3)"
    assert (carried.outcome, carried.votes) == ("pass", ["pass@a", "abstain@b", "abstain@c"])
    assert carried.reason.startswith("1/3 votes pass (2 abstained): a says")
    assert silent.outcome == "abstain" and silent.reason.startswith("every judge abstained (a: a says; b: b says")
    assert all(v.side is Side.image and v.decided_by == "ensemble" for v in (split, carried, silent))


def test_ensemble_of_model_judges_keeps_cannot_tell_votes(server, brain, suite, mini_suite):
    brain.cannot_tell = {"c02": UNSURE}
    task = suite.task("oe_garden")
    judge = EnsembleJudge([make_judge(server, mini_suite, "seed=1")], repeats=2)
    v = judge.judge_prompt(task, ["calm"], list(task.checkpoints))[1]
    assert v.outcome == "abstain" and v.votes == ["abstain@" + judge.judges[0].label + "#1", "abstain@" + judge.judges[0].label + "#2"]
    assert UNSURE in v.reason


def test_old_schema_judgments_are_not_reused():
    """The identity hashes the prompt files in use: the v1 files give another digest, so another cache key."""
    v1 = {**PROMPT_FILES, "objective_prompt": "objective_prompt.v1.md", "objective_image": "objective_image.v1.md", "schemas": "schemas.v1.json"}
    assert PROMPT_FILES["schemas"] == "schemas.v2.json" and prompts_digest(PROMPT_FILES) == PROMPTS_DIGEST
    assert prompts_digest(v1) != PROMPTS_DIGEST
    assert prompts_digest({**PROMPT_FILES, "schemas": "schemas.v1.json"}) != PROMPTS_DIGEST  # the schema alone counts
    from pytest_atelier.judge.atelier import VERSION

    assert int(VERSION) >= 2  # the v2 schema came with a new version


def test_pytest_run_shows_the_abstention_in_the_items_the_results_and_the_report(pytester, server, brain):
    write_suite(pytester.path / "mini")
    pytester.makeini("[pytest]\natelier_cache_dir = .cache\n")
    brain.cannot_tell = {"c02": UNSURE}
    result = pytester.runpytest(
        "mini", f"--judge={judge_spec(server)}", "--backend=reference", "--atelier-images=2", "-rs",
        "--atelier-json=results.json", "--atelier-report=report.html", "-p", "no:cacheprovider",
    )  # fmt: skip
    # c02 of oe_garden and co_sign on both sides, and of im_flag on the prompt side (pixels decide its image side)
    skips = re.findall(rf"^SKIPPED \[(\d+)\] (\S+):(\d+): openai:test-judge abstains: {re.escape(UNSURE)}$", result.stdout.str(), re.M)
    assert sum(int(n) for n, _, _ in skips) == 5  # each told at its checkpoint's entry in its task file
    assert {(pytester.path / f).read_text().splitlines()[int(line) - 1].strip() for _, f, line in skips} == {"- id: c02"}
    data = json.loads((pytester.path / "results.json").read_text())
    for task_id in ("oe_garden", "co_sign"):
        run = next(r for r in data["runs"] if r["task_id"] == task_id)
        final = {(v["checkpoint"], v["side"]): v for v in run["final"]}
        for side in ("prompt", "image"):
            assert final[("c02", side)]["outcome"] == "abstain" and final[("c02", side)]["reason"] == UNSURE
            assert final[("c02", side)]["decided_by"] == "openai:test-judge"
        assert final[("c03", "prompt")]["outcome"] == "pass"  # an abstaining parent gates nothing
    abstained = [(i["task_id"], i["side"]) for i in data["items"] if i["outcome"] == "skipped" and UNSURE in (i.get("reason") or "")]
    assert sorted(abstained) == [("co_sign", "image"), ("co_sign", "prompt"), ("im_flag", "prompt"), ("oe_garden", "image"), ("oe_garden", "prompt")]
    objective = data["aggregates"]["prompters"]["direct"]["all"]["objective"]
    assert objective["n_skipped"] == 5 and objective["n_decided"] == objective["n_pass"] + objective["n_fail"] == 11
    assert objective["n"] == 16 and objective["rate"] == objective["n_pass"] / 16  # undecided count as not shown
    page = (pytester.path / "report.html").read_text(encoding="utf-8")
    assert UNSURE in html.unescape(page)
    flags = re.findall(r'data-f="([^"]*)"', page)
    assert sum("abstain" in f.split() for f in flags) == 3  # each task's run is marked


def test_meta_eval_counts_cannot_tell_in_the_abstention_rate(tmp_path, server, brain, capsys, monkeypatch):
    write_suite(tmp_path / "mini")
    Image.new("RGB", (64, 64), "white").save(tmp_path / "blank.png")
    labels = {
        "suite": "mini",
        "raters": ["r1"],
        "pairs": [
            {"id": f"p{i}", "task": "oe_garden", "prompt": prompt, "image": "blank.png",
             "checkpoints": {"c01": {"prompt": True, "image": False}, "c02": {"prompt": True, "image": True}}}
            for i, prompt in enumerate(["a calm watercolour", "a quiet glasshouse"])
        ],
    }  # fmt: skip
    (tmp_path / "labels.yaml").write_text(yaml.safe_dump(labels))
    brain.cannot_tell = {"c02": UNSURE}
    monkeypatch.chdir(tmp_path)
    parser = argparse.ArgumentParser()
    add_metaeval_arguments(parser)
    assert run_metaeval_command(parser.parse_args(["labels.yaml", "--judge", judge_spec(server), "--json", "figures.json"])) == 0
    capsys.readouterr()
    sides = json.loads((tmp_path / "figures.json").read_text())["objective"]["sides"]
    for side in ("prompt", "image"):
        assert sides[side]["n"] == 4 and sides[side]["decided"] == 2 and sides[side]["abstention"] == 0.5
    assert sides["prompt"]["accuracy"] == 1.0 and sides["image"]["accuracy"] == 0.0  # c01 only: the abstentions are not scored
