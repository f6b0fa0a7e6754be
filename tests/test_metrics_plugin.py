"""--atelier-metric end to end: metrics of the top-1 images land in the results file."""

from __future__ import annotations

import json

import pytest

from .conftest import write_suite

pytest.importorskip("cv2")
pytest.importorskip("skimage")
OFFLINE = ["--prompter=direct", "--judge=offline", "--backend=reference", "--atelier-images=1", "-p", "no:cacheprovider"]


@pytest.fixture
def suite_dir(pytester):
    write_suite(pytester.path / "mini")
    return pytester.path / "mini"


def test_image_input_tasks_get_colour_and_structure_metrics(pytester, suite_dir):
    pytester.runpytest("mini", "-k", "im_flag or co_sign", "--atelier-metric=colour", "--atelier-metric=structure",
                       "--atelier-json=r.json", *OFFLINE)
    runs = {r["task_id"]: r for r in json.loads((pytester.path / "r.json").read_text())["runs"]}
    im = {m["name"]: m for m in runs["im_flag"]["metrics"]}
    assert set(im) == {"colour.hist", "colour.palette", "structure.ssim", "structure.edges"}
    top1 = next(i for i in runs["im_flag"]["images"] if i["top1"])
    assert all(m["value"] is not None and m["image_index"] == top1["index"] for m in im.values())
    assert runs["co_sign"]["metrics"] == []  # no input image, and the text metric was not asked for


def test_none_turns_metrics_off_and_a_bad_spec_is_a_usage_error(pytester, suite_dir):
    pytester.runpytest("mini", "-k", "im_flag", "--atelier-metric=none", "--atelier-json=r.json", *OFFLINE)
    assert all(r["metrics"] == [] for r in json.loads((pytester.path / "r.json").read_text())["runs"])
    result = pytester.runpytest("mini", "--atelier-metric=colours", *OFFLINE)
    result.stderr.fnmatch_lines(["*pytest-atelier: unknown metric 'colours'*"])
    assert result.ret == pytest.ExitCode.USAGE_ERROR


def test_metrics_are_aggregated_per_prompter_and_backend(pytester, suite_dir):
    quiet = pytester.runpytest("mini", "-k", "im_flag", "--atelier-metric=colour", "--atelier-json=r.json", "--atelier-report=r.html", *OFFLINE)
    data = json.loads((pytester.path / "r.json").read_text())
    (run,) = data["runs"]
    hist = next(m["value"] for m in run["metrics"] if m["name"] == "colour.hist")
    assert data["aggregates"]["metrics"]["direct|reference"]["colour.hist"] == {"mean": hist, "low": None, "high": None, "n": 1, "n_tasks": 1}
    assert "metrics: mean" not in quiet.stdout.str()  # the terminal shows them when asked (-v)
    verbose = pytester.runpytest("mini", "-k", "im_flag", "--atelier-metric=colour", "-v", *OFFLINE)
    verbose.stdout.fnmatch_lines([f"metrics: mean * colour.hist *colour.palette*", f"direct|reference *{hist:.3g} (1) *"])
    html = (pytester.path / "r.html").read_text()
    assert 'id="metrics"' in html and "colour.hist" in html[html.index('id="metrics"'):]
