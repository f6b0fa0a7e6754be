"""Fixtures for the report tests: a generated multi-prompter, multi-backend results file."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_atelier.results.records import load_results, write_results

from .fixture_gen import build_fixture

RECORDED = Path(__file__).resolve().parents[2] / "fixtures" / "results" / "multi.json"


@pytest.fixture(scope="session")
def generated(tmp_path_factory):
    """(results, folder): 3 prompters x 2 backends x 20 tasks, with a hostile prompt; written to results.json."""
    root = tmp_path_factory.mktemp("fixture")
    results = build_fixture(root)
    write_results(results, root / "results.json")
    return results, root


@pytest.fixture(scope="session")
def recorded():
    """The lead's recorded results file, when it exists."""
    if not RECORDED.is_file():
        pytest.skip(f"no recorded results fixture at {RECORDED}")
    return load_results(RECORDED)
