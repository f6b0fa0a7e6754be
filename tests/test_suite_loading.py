"""Suite loading: valid suites load; bad files fail with file, line and field."""

from __future__ import annotations

import pytest

from pytest_atelier.cli import main
from pytest_atelier.errors import SuiteError
from pytest_atelier.suite import load_suite
from pytest_atelier.suite.strict import strict_suite_problems

from .conftest import CO_TASK, IM_TASK, OE_TASK, write_suite


def test_mini_suite_loads_sorted_with_assets(mini_suite):
    suite = load_suite(mini_suite)
    assert [t.id for t in suite.tasks] == ["co_sign", "im_flag", "oe_garden"]
    assert suite.target_image_path(suite.task("im_flag")).name == "flag.png"
    assert suite.task("co_sign").keywords() == sorted({"co", "typography", "object", "vector_flat", "cute_pop"})


def _error(tmp_path, **tasks) -> SuiteError:
    with pytest.raises(SuiteError) as info:
        load_suite(write_suite(tmp_path / "s", tasks))
    return info.value


def test_typo_in_field_names_file_line_and_field(tmp_path):
    err = _error(tmp_path, co_sign=CO_TASK.replace("    depends_on: [c02]", "    depend_on: [c02]"))
    (path, line, field, msg), = [(err.path, *p) for p in err.problems]
    assert path.endswith("co_sign.yaml")
    assert field == "checkpoints.2.depend_on"
    assert line == CO_TASK.splitlines().index("    depends_on: [c02]") + 1
    assert "unknown field" in msg
    assert f"co_sign.yaml:{line}: checkpoints.2.depend_on" in str(err)


def test_bad_category_and_kind_fields(tmp_path):
    err = _error(tmp_path, oe_garden=OE_TASK.replace("category: OE", "category: XX").replace("type: style", "type: shape"))
    fields = {p[1] for p in err.problems}
    assert "category" in fields
    assert any(f.startswith("checkpoints.2.check") for f in fields)
    assert all(p[0] for p in err.problems), "every problem has a line"


def test_dependency_on_unknown_checkpoint_and_cycles(tmp_path):
    err = _error(tmp_path, co_sign=CO_TASK.replace("depends_on: [c02]", "depends_on: [c09]"))
    assert "unknown checkpoint 'c09'" in str(err)
    cyclic = CO_TASK.replace("    check: {type: count, entity: circle, count: 3, color: red}",
                             "    check: {type: count, entity: circle, count: 3, color: red}\n    depends_on: [c03]")
    assert "cycle" in str(_error(tmp_path, co_sign=cyclic))


def test_missing_target_image_and_yaml_syntax(tmp_path):
    err = _error(tmp_path, im_flag=IM_TASK.replace("flag.png", "nowhere.png"))
    assert "target_image" in str(err) and "nowhere.png" in str(err)
    err = _error(tmp_path, co_sign=CO_TASK.replace("brief: A shop", "brief: [A shop"))
    assert "invalid YAML" in str(err) and err.problems[0][0] is not None


def test_duplicate_ids_across_files(tmp_path):
    err = _error(tmp_path, co_sign=CO_TASK, co_copy=CO_TASK)
    assert "task id 'co_sign' is also used by" in str(err)


def test_cli_validate_reports_and_exits_nonzero(tmp_path, capsys):
    good = write_suite(tmp_path / "good")
    assert main(["suite", "validate", str(good)]) == 0
    assert "3 tasks valid" in capsys.readouterr().out
    bad = write_suite(tmp_path / "bad", {"co_sign": CO_TASK.replace("category: CO", "category: C0")})
    assert main(["suite", "validate", str(bad)]) == 1
    assert "co_sign.yaml:2: category" in capsys.readouterr().err


def test_strict_rules_catch_inconsistent_counts(tmp_path, capsys):
    suite = load_suite(write_suite(tmp_path / "s"))
    problems = dict(strict_suite_problems(suite))
    text = "\n".join(p for _, p in strict_suite_problems(suite))
    assert "OE tasks carry 6-10 semantic cues; this one has 3" in text
    assert "CO tasks carry 10-18 constraint instances; this one has 3" in text
    assert "IM tasks carry 7-16 checkpoints" in text
    assert problems  # and the CLI fails in strict mode
    assert main(["suite", "validate", "--strict", str(tmp_path / "s")]) == 1


def test_strict_primitive_counts_must_match_checkpoints(tmp_path):
    task = CO_TASK.replace("primitives: {text: 1, quantity: 1, attribute_binding: 1}", "primitives: {text: 2, quantity: 1, attribute_binding: 1}")
    suite = load_suite(write_suite(tmp_path / "s", {"co_sign": task}))
    assert any("do not match the checkpoints' primitives" in p for _, p in strict_suite_problems(suite))


def test_stats_counts_tags_and_sizes(tmp_path, capsys):
    write_suite(tmp_path / "s")
    assert main(["suite", "stats", str(tmp_path / "s"), "--json"]) == 0
    import json

    stats = json.loads(capsys.readouterr().out)
    assert stats["tasks"] == {"OE": 1, "CO": 1, "IM": 1}
    assert stats["tags"]["entities"]["typography"]["CO"] == 1
    assert stats["checklist"]["CO"]["mean"] == 3
    assert stats["instances"]["OE"]["semantic"]["max"] == 3
