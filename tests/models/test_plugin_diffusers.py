"""``pytest SUITE --backend=diffusers:TINY`` end to end: the plugin, engine, cache and judge."""

from __future__ import annotations

import json

import pytest

from ..conftest import write_suite

pytest.importorskip("torch", reason="the diffusers extra is not installed")
pytest.importorskip("diffusers", reason="the diffusers extra is not installed")


def test_suite_run_on_a_tiny_diffusers_model(pytester, tiny_sd):
    write_suite(pytester.path / "mini")
    args = [
        "mini", f"--backend=diffusers:{tiny_sd}?steps=2", "--prompter=direct", "--judge=offline", "--atelier-images=2",
        "--atelier-json=results.json", "-p", "no:cacheprovider",
    ]  # fmt: skip
    result = pytester.runpytest(*args)
    outcomes = result.parseoutcomes()
    assert "errors" not in outcomes and sum(outcomes.get(k, 0) for k in ("passed", "failed", "skipped")) == 19
    data = json.loads((pytester.path / "results.json").read_text())
    assert len(data["runs"]) == 3
    for run in data["runs"]:
        assert run["error"] is None and run["backend"].startswith("diffusers:")
        assert len(run["images"]) == 2 and sum(image["top1"] for image in run["images"]) == 1
        for image in run["images"]:
            with open(image["path"], "rb") as png:
                assert png.read(8) == b"\x89PNG\r\n\x1a\n"
        assert run["calls"]["cached"] == 0 and run["calls"]["requests"] == 0  # a local model is no API request
    result.stdout.fnmatch_lines(["*AtelierWarning: diffusers:*these words are cut off: '*people.'"])  # the OE brief is long
    again = pytester.runpytest(*args)
    assert {k: v for k, v in again.parseoutcomes().items() if k != "warnings"} == {k: v for k, v in outcomes.items() if k != "warnings"}
    rerun = json.loads((pytester.path / "results.json").read_text())
    assert all(run["calls"]["by_kind"]["generate"]["cached"] == 2 for run in rerun["runs"])  # the images from the cache
