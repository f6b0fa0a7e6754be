"""The prompt exemplar memories shipped with the atelier suite (issue 3)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from pytest_atelier.suite import load_suite
from pytest_atelier.suite.exemplars import load_memory

SUITE = Path(__file__).resolve().parents[1] / "task_suites" / "atelier"
DIMENSIONS = [
    "instructional_clarity",
    "creative_elaboration",
    "terminology_proficiency",
    "intent_formalization",
]


@pytest.fixture(scope="module")
def suite():
    return load_suite(SUITE)


@pytest.fixture(scope="module", params=["OE", "CO", "IM"])
def memory(request, suite):
    path = suite.exemplar_path(request.param)
    if path is None:
        pytest.skip(f"suite.yaml lists no {request.param} memory yet")
    return request.param, load_memory(path)


def test_memory_shape(memory):
    name, mem = memory
    assert mem.name == name
    assert mem.side == "prompt"
    assert mem.dimensions == DIMENSIONS
    assert len(mem.exemplars) == 120


def test_every_dimension_has_every_level_at_least_8_times(memory):
    _, mem = memory
    for dim in DIMENSIONS:
        levels = Counter(ex.scores[dim].score for ex in mem.exemplars)
        assert all(levels[level] >= 8 for level in range(1, 6)), (dim, dict(levels))


def test_scores_are_not_all_equal_across_dimensions(memory):
    _, mem = memory
    mixed = [ex for ex in mem.exemplars if len({ex.scores[d].score for d in DIMENSIONS}) > 1]
    assert len(mixed) >= len(mem.exemplars) // 2


def test_task_ids_exist_in_the_suite_and_match_the_category(memory, suite):
    name, mem = memory
    ids = {t.id: t.category for t in suite.tasks}
    missing = sorted({ex.task_id for ex in mem.exemplars} - set(ids))
    assert not missing, missing
    assert all(ids[ex.task_id] == name for ex in mem.exemplars)


def test_at_most_3_exemplars_per_task_over_at_least_40_tasks(memory):
    _, mem = memory
    per_task = Counter(ex.task_id for ex in mem.exemplars)
    assert max(per_task.values()) <= 3
    assert len(per_task) >= 40


def test_exemplar_ids_are_unique_across_memories(suite):
    seen: Counter = Counter()
    for name in suite.manifest.exemplars:
        seen.update(ex.id for ex in load_memory(suite.exemplar_path(name)).exemplars)
    assert not [i for i, n in seen.items() if n > 1]


@pytest.mark.parametrize("image", ["/etc/passwd", "~/secret.png"])
def test_an_absolute_exemplar_image_is_refused_at_its_line(tmp_path, image):
    from pytest_atelier.errors import SuiteError

    path = tmp_path / "memory.yaml"
    path.write_text(
        "name: OE.image\nside: image\ndimensions: [d]\nexemplars:\n"
        f"  - id: e1\n    task_id: oe_001\n    image: '{image}'\n    scores: {{d: {{score: 3, rationale: ok}}}}\n"
    )
    with pytest.raises(SuiteError, match=r"memory.yaml:7: exemplars.0.image: .*relative to the memory file"):
        load_memory(path)


def test_a_suite_memory_cannot_reach_images_outside_the_suite(tmp_path):
    import yaml

    from pytest_atelier.errors import SuiteError
    from pytest_atelier.suite.exemplars import load_memory_with_source

    suite = tmp_path / "suite"
    (suite / "memory").mkdir(parents=True)
    (tmp_path / "secret.png").write_bytes(b"not for the judge")
    dims = ["mood_atmosphere"]
    memory = {"name": "OE.image", "side": "image", "dimensions": dims,
              "exemplars": [{"id": "e1", "task_id": "t1", "image": "../../secret.png", "scores": {"mood_atmosphere": {"score": 3, "rationale": "r"}}}]}  # fmt: skip
    path = suite / "memory" / "oe-image.yaml"
    path.write_text(yaml.safe_dump(memory))
    assert load_memory_with_source(path).memory.exemplars[0].image == "../../secret.png"  # a memory on its own may
    with pytest.raises(SuiteError, match=r"exemplars.0.image: '../../secret.png' lies outside the suite folder"):
        load_memory_with_source(path, within=suite)
