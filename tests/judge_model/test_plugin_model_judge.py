"""A whole pytest run graded by a model judge on the loopback server; meta-eval with it too."""

from __future__ import annotations

import argparse
import json

import yaml
from PIL import Image

from pytest_atelier.judge.metaeval_cli import add_metaeval_arguments, run_metaeval_command

from ..conftest import write_suite
from .conftest import judge_spec, user_texts


def test_pytest_run_with_a_model_judge_skips_children_of_failed_parents(pytester, server, brain):
    write_suite(pytester.path / "mini")
    pytester.makeini("[pytest]\natelier_cache_dir = .cache\n")
    brain.fail = {"c02"}  # co_sign c03 depends on c02
    result = pytester.runpytest(
        "mini", f"--judge={judge_spec(server)}", "--backend=reference", "--atelier-images=2", "-rs", "--atelier-json=results.json", "-p", "no:cacheprovider"
    )
    result.stdout.fnmatch_lines(["*parent failed: c02*"])
    data = json.loads((pytester.path / "results.json").read_text())
    run = next(r for r in data["runs"] if r["task_id"] == "co_sign")
    final = {(v["checkpoint"], v["side"]): v for v in run["final"]}
    assert final[("c03", "image")]["outcome"] == "skipped" and final[("c03", "prompt")]["outcome"] == "skipped"
    assert final[("c02", "image")]["outcome"] == "fail"
    texts = user_texts(server)
    assert not any("- c03: The circles are red." in t or "- c03: The prompt makes the circles red." in t for t in texts)
    kinds = {"safety": 0, "verdicts": 0, "scores": 0}
    for t in texts:
        kinds["scores" if "Rubric:" in t else "verdicts" if "Checkpoint" in t else "safety"] += 1
    assert all(kinds.values()), kinds  # every skill reached the model
    im = next(r for r in data["runs"] if r["task_id"] == "im_flag")
    assert {s["side"] for s in im["scores"]} == {"prompt"}  # routing: no image scores for IM
    assert all(not s["flagged"] for r in data["runs"] for s in r["safety"])
    assert data["aggregates"]["agreement"] is None  # one judge, no repeats


def test_meta_eval_runs_unchanged_with_a_model_judge(tmp_path, server, brain, capsys, monkeypatch):
    write_suite(tmp_path / "mini")
    Image.new("RGB", (64, 64), "white").save(tmp_path / "blank.png")
    labels = {
        "suite": "mini",
        "raters": ["r1", "r2"],
        "pairs": [
            {
                "id": f"p{i}",
                "task": task,
                "prompt": prompt,
                "image": "blank.png",
                "checkpoints": {"c01": {"prompt": True, "image": False}, "c02": {"prompt": i % 2 == 0, "image": False}},
                "scores": {"instructional_clarity": [i % 5 + 1, (i + 1) % 5 + 1], "mood_atmosphere": [2, 3]},
            }
            for i, (task, prompt) in enumerate([("oe_garden", "a calm watercolour"), ("co_sign", 'a sign "OPEN"'), ("oe_garden", "glasshouse")])
        ],
    }
    (tmp_path / "labels.yaml").write_text(yaml.safe_dump(labels))
    brain.fail = {"c02"}
    monkeypatch.chdir(tmp_path)
    parser = argparse.ArgumentParser()
    add_metaeval_arguments(parser)
    args = parser.parse_args(["labels.yaml", "--judge", judge_spec(server), "--ablate", "--json", "figures.json"])
    assert run_metaeval_command(args) == 0
    out = capsys.readouterr().out
    assert "Objective checkpoints" in out and "Retrieval ablation" in out and "human MAE" in out
    figures = json.loads((tmp_path / "figures.json").read_text())
    assert figures["objective"]["sides"]["image"]["accuracy"] == 0.5  # c01: the model says pass, humans false
    assert figures["ceiling"]["raters"] == ["r1", "r2"] and figures["errors"] == []
    assert len(figures["ablation"]) == 13 and figures["subjective"]["dimensions"]["mood_atmosphere"]["n"] == 3
