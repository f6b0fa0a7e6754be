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


def test_a_colour_the_judge_cannot_read_is_an_error_at_its_line(tmp_path):
    """A colour outside the palette and its synonyms could never be decided on either side."""
    task = CO_TASK.replace("check: {type: color, color: red, entity: circles}", "check: {type: color, color: dark red, entity: circles}")
    task = task.replace("count: 3, color: red}", "count: 3, color: reddish}")
    err = _error(tmp_path, co_sign=task)
    problems = {field: (line, msg) for line, field, msg in err.problems}
    assert set(problems) == {"checkpoints.1.check.count.color", "checkpoints.2.check.color.color"}
    line, msg = problems["checkpoints.2.check.color.color"]
    assert line == task.splitlines().index("    check: {type: color, color: dark red, entity: circles}") + 1
    assert "unknown colour 'dark red'" in msg and "crimson" not in msg and "navy" in msg
    assert load_suite(write_suite(tmp_path / "ok", {"co_sign": CO_TASK.replace("color: red, entity", "color: crimson, entity")}))


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
    assert "IM tasks carry 7-16 constraint primitive instances" in text
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


# --- paths stay inside the suite, errors are located, any depth is fine (issue 16) -----------


def _problem(err: SuiteError, field: str) -> tuple:
    found = [(line, msg) for line, f, msg in err.problems if f == field]
    assert found, err.problems
    return found[0]


def _line(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


@pytest.mark.parametrize("target", ["../../../../etc/passwd", "/etc/passwd", "../../outside.png", "~/x.png"])
def test_a_target_image_outside_the_suite_is_refused_at_its_line(tmp_path, target):
    (tmp_path / "outside.png").write_bytes(b"x")  # exists, next to the suite folder s/
    task = IM_TASK.replace("target_image: flag.png", f"target_image: '{target}'")
    line, msg = _problem(_error(tmp_path, im_flag=task), "target_image")
    assert line == _line(task, "target_image") and ("outside the suite" in msg or "relative" in msg)


def test_a_symlinked_target_image_pointing_outside_is_refused(tmp_path):
    (tmp_path / "secret.png").write_bytes(b"secret")
    root = write_suite(tmp_path / "s")
    (root / "tasks" / "flag.png").unlink()
    (root / "tasks" / "flag.png").symlink_to(tmp_path / "secret.png")
    with pytest.raises(SuiteError, match=r"im_flag.yaml:4: target_image: .*outside the suite folder"):
        load_suite(root)


def test_manifest_paths_outside_the_suite_are_refused(tmp_path):
    from .conftest import MANIFEST

    (tmp_path / "memory.yaml").write_text("name: OE\n")
    manifest = MANIFEST.replace('tasks: ["tasks/*.yaml"]', 'tasks: ["tasks/*.yaml", "../**/*.yaml"]\nexemplars:\n  OE: ../memory.yaml\n  CO: /etc/passwd\n')
    with pytest.raises(SuiteError) as info:
        load_suite(write_suite(tmp_path / "s", manifest=manifest))
    err = info.value
    assert _problem(err, "tasks.1")[0] == _line(manifest, "tasks:")
    assert _problem(err, "exemplars.OE")[0] == _line(manifest, "OE:") and "outside" in _problem(err, "exemplars.OE")[1]
    assert _problem(err, "exemplars.CO")[0] == _line(manifest, "CO:") and "relative" in _problem(err, "exemplars.CO")[1]


def _chain(n: int, cycle: bool = False) -> str:
    """Checkpoints c0000 .. c{n-1}, each depending on the next: listed in reverse dependency order."""
    lines = ["id: oe_deep", "category: OE", "brief: Deep.", "checkpoints:"]
    for i in range(n):
        dep = f"c{i + 1:04d}" if i + 1 < n else ("c0000" if cycle else None)
        lines.append(f"  - {{id: c{i:04d}, prompt: P{i}." + (f", depends_on: [{dep}]" if dep else "") + "}")
    return "\n".join(lines) + "\n"


def test_a_1500_deep_dependency_chain_loads_and_a_cycle_in_it_is_located(tmp_path, capsys):
    suite = load_suite(write_suite(tmp_path / "ok", {"oe_deep": _chain(1500)}))
    assert len(suite.task("oe_deep").checkpoints) == 1500
    bad = write_suite(tmp_path / "bad", {"oe_deep": _chain(1500, cycle=True)})
    assert main(["suite", "validate", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "cycle" in err and "Traceback" not in err and "oe_deep.yaml:" in err and "checkpoints." in err


def test_a_repeated_key_is_an_error_at_its_second_line(tmp_path):
    task = OE_TASK.replace("category: OE\n", "category: OE\ncategory: CO\n")
    err = _error(tmp_path, oe_garden=task)
    assert err.problems == [(3, "category", "repeated key (first at line 2); YAML would keep only the last value: remove one")]


@pytest.mark.parametrize(
    "old, new, field, fragment",
    [
        ("depends_on: [c02]", "depends_on: [c09]", "checkpoints.2.depends_on.0", "depends_on: [c09]"),
        ("  - id: c03", "  - id: c02", "checkpoints.2.id", "  - id: c02\n    primitive: attribute"),
        ("depends_on: [c02]", "depends_on: [c02]\n    output: 3", "checkpoints.2.output", "output: 3"),
    ],
)
def test_task_level_errors_point_at_the_checkpoint_line(tmp_path, old, new, field, fragment):
    task = CO_TASK.replace(old, new)
    line, _ = _problem(_error(tmp_path, co_sign=task), field)
    assert line == task[: task.index(fragment)].count("\n") + 1


def test_duplicate_task_ids_name_both_files_and_lines(tmp_path):
    err = _error(tmp_path, co_sign=CO_TASK, co_copy=CO_TASK)
    assert "co_sign.yaml:1: id: task id 'co_sign' is also used by" in str(err) and "co_copy.yaml:1" in str(err)


def test_a_control_character_is_a_located_yaml_error(tmp_path):
    """Found by tests/test_fuzz.py: libyaml's ReaderError escaped as a traceback."""
    err = _error(tmp_path, co_sign=CO_TASK.replace("brief: A shop", "brief: A \x1f shop"))
    assert err.problems == [(3, "", "invalid YAML: control character U+001F is not allowed; remove it")]
