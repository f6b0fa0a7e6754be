"""The offline judge on the shipped labelled files: the README's meta-eval command runs, and on
the development sets the judge is right on at least 97% of what it decides, with no confident
wrong verdict on exact text, counts or pixel colours (docs/judge.md)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_atelier.judge import checkers, text_match

LABELS = Path(__file__).resolve().parents[2] / "fixtures" / "labels"
needs_extras = pytest.mark.skipif(
    not (checkers.ocr_available() and text_match.minilm_available()), reason="needs the ocr and embeddings extras"
)


def meta_eval(tmp_path, name, *extra):
    out = tmp_path / "figures.json"
    cmd = [sys.executable, "-m", "pytest_atelier.cli", "meta-eval", str(LABELS / name), "--judge", "offline", "--json", str(out), *extra]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    return json.loads(out.read_text()), done.stdout


@needs_extras
def test_readme_meta_eval_command_runs_on_the_shipped_sample(tmp_path):
    figures, stdout = meta_eval(tmp_path, "atelier-sample.yaml", "--ablate")
    assert figures["pairs"] == 15 and not figures["errors"]
    assert "Retrieval ablation" in stdout and "no person labelled this file" in figures["provenance"]


@needs_extras
@pytest.mark.parametrize("name, side", [("dev-prompt.yaml", "prompt"), ("heldout-prompt.yaml", "prompt"), ("dev-image.yaml", "image"), ("heldout-image.yaml", "image")])
def test_development_sets(tmp_path, name, side):
    figures, stdout = meta_eval(tmp_path, name, "--show-wrong")
    assert "no human rater" in figures["provenance"]
    decided = figures["objective"]["sides"][side]
    assert decided["accuracy"] >= 0.97, stdout
    exact = [r for r in figures["wrong"] if r["kind"] in ("text", "count", "color", "palette")]
    assert not exact, exact
    for row in figures["wrong"]:
        assert row["pair"] in stdout and row["reason"] in stdout  # --show-wrong lists each with its reason
