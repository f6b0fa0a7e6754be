"""The written rubric (docs/rubric.md) and its machine-readable copy (rubric.yaml) agree."""

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
PROMPT_DIMS = {"instructional_clarity", "creative_elaboration", "terminology_proficiency", "intent_formalization"}
IMAGE_DIMS = {"mood_atmosphere", "visual_composition", "color_lighting", "technical_flawlessness"}


def _rubric():
    return yaml.safe_load((ROOT / "pytest_atelier/judge/prompts/rubric.yaml").read_text(encoding="utf-8"))


def test_rubric_has_every_dimension_and_level():
    rubric = _rubric()
    assert set(rubric) == PROMPT_DIMS | IMAGE_DIMS
    for name, dim in rubric.items():
        assert dim["side"] == ("prompt" if name in PROMPT_DIMS else "image")
        assert dim["definition"].strip()
        assert sorted(dim["levels"]) == [1, 2, 3, 4, 5]
        if name in PROMPT_DIMS:
            assert all("Example:" in text for text in dim["levels"].values()), name


def test_rubric_wording_matches_the_docs():
    doc = (ROOT / "docs/rubric.md").read_text(encoding="utf-8")
    for name, dim in _rubric().items():
        assert f"(`{name}`)" in doc
        assert dim["definition"] in doc, name
        for level, text in dim["levels"].items():
            assert f"- **{level}**: {text}" in doc, (name, level)
