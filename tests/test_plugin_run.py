"""The plugin end to end on the mini suite, with the real offline stack (pytester runs)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
import yaml

from .conftest import MANIFEST, OE_TASK, write_suite

OFFLINE = ["--prompter=direct", "--judge=offline", "-p", "no:cacheprovider"]


@pytest.fixture
def suite_dir(pytester):
    write_suite(pytester.path / "mini")
    return pytester.path / "mini"


def _results(pytester, name="results.json"):
    return json.loads((pytester.path / name).read_text())


def test_one_item_per_checkpoint_side_with_readable_ids(pytester, suite_dir):
    result = pytester.runpytest("mini", "--backend=none", "--collect-only", "-q", *OFFLINE)
    result.stdout.fnmatch_lines(
        [
            "mini/suite.yaml::co_sign::prompt-c01[[]direct-none[]]",
            "mini/suite.yaml::co_sign::image-c01[[]direct-none[]]",
            "mini/suite.yaml::co_sign::subjective[[]direct-none[]]",
            "*19 tests collected*",
        ]
    )


def test_prompt_side_verdicts_and_skip_reasons(pytester, suite_dir):
    result = pytester.runpytest("mini", "--backend=none", "-rs", "--atelier-json=results.json", *OFFLINE)
    # direct prompts: the CO brief lists every constraint; the OE brief is calm and excludes
    # people but never names watercolour (no evidence either way: an abstention); the IM brief
    # misremembers the image as three red stripes (evidence against both checkpoints).
    result.assert_outcomes(passed=5, failed=2, skipped=12)
    result.stdout.fnmatch_lines(
        [
            "*prompt side of im_flag/c01 failed (offline*",
            "*expected: The prompt asks for two stripes.*",
            "*backend none makes no images: prompt side only*",
        ]
    )
    result.stdout.fnmatch_lines(["*SKIPPED*no mention of 'watercolor'*"])
    # a skip points at its checkpoint in the task file, not at the plugin's code
    where = re.search(r"^SKIPPED \[\d+\] (\S+):(\d+): .*no mention of 'watercolor'", result.stdout.str(), re.M)
    assert where and (pytester.path / where[1]).read_text().splitlines()[int(where[2]) - 1].strip() == "- id: c03"
    # a reason of the whole run is told once per task file, so -rs folds it
    assert re.search(r"^SKIPPED \[\d+\] \S+/im_flag\.yaml: backend none makes no images", result.stdout.str(), re.M)
    data = _results(pytester)
    assert data["schema"] == "pytest-atelier/results" and data["version"] == 4
    assert len(data["runs"]) == 3 and len(data["items"]) == 19
    outcomes = {(i["task_id"], i["side"], i["checkpoint"]): i["outcome"] for i in data["items"]}
    assert outcomes[("co_sign", "prompt", "c02")] == "passed"
    assert outcomes[("im_flag", "prompt", "c01")] == "failed"
    assert outcomes[("oe_garden", "prompt", "c03")] == "skipped"
    prompt = data["aggregates"]["overall"]["all"]["prompt"]
    assert (prompt["n"], prompt["n_decided"], prompt["n_pass"]) == (8, 7, 5)  # the abstention counts as not shown
    assert prompt["rate"] == 5 / 8 and prompt["rate_decided"] == 5 / 7


def test_select_by_category_primitive_tag_and_side(pytester, suite_dir):
    result = pytester.runpytest("mini", "--backend=none", "-k", "co and quantity", *OFFLINE)
    result.assert_outcomes(passed=1, skipped=1)
    result = pytester.runpytest("mini", "--backend=none", "-k", "retro_vintage and prompt", *OFFLINE)
    result.assert_outcomes(passed=2, skipped=1)


def test_warm_cache_rerun_makes_no_model_call(pytester, suite_dir):
    first = pytester.runpytest("mini", "--backend=reference", "--atelier-images=2", "--atelier-json=first.json", *OFFLINE)
    entries = {p: p.stat().st_mtime_ns for p in (pytester.path / ".atelier_cache").rglob("*.json")}
    second = pytester.runpytest("mini", "--backend=reference", "--atelier-images=2", "--atelier-json=second.json", *OFFLINE)
    # rule-based components send nothing and their answers reused are no model answers
    first.stdout.fnmatch_lines(["*model calls: 0 API requests sent (0 of them retries), 0 answers from the cache*"])
    second.stdout.fnmatch_lines(["*model calls: 0 API requests sent (0 of them retries), 0 answers from the cache*"])
    one, two = _results(pytester, "first.json"), _results(pytester, "second.json")
    assert entries and {p: p.stat().st_mtime_ns for p in (pytester.path / ".atelier_cache").rglob("*.json")} == entries  # nothing redone
    assert [r["final"] for r in one["runs"]] == [r["final"] for r in two["runs"]]
    assert first.parseoutcomes() == second.parseoutcomes()


def test_xdist_gives_the_same_results_as_serial(pytester, suite_dir):
    args = ["mini", "--backend=reference", "--atelier-images=2", *OFFLINE]
    serial = pytester.runpytest_subprocess(*args, "--atelier-json=serial.json", "--atelier-cache-dir=c1")
    parallel = pytester.runpytest_subprocess(*args, "-n", "2", "--atelier-json=parallel.json", "--atelier-cache-dir=c2")
    assert serial.parseoutcomes() == parallel.parseoutcomes()
    one, two = _results(pytester, "serial.json"), _results(pytester, "parallel.json")
    strip = lambda items: [{k: v for k, v in i.items() if k not in ("duration_s", "nodeid")} for i in items]  # noqa: E731
    assert strip(one["items"]) == strip(two["items"])
    assert [(r["key"], r["final"], r["prompts"]) for r in one["runs"]] == [(r["key"], r["final"], r["prompts"]) for r in two["runs"]]
    assert one["aggregates"]["pairs"] == two["aggregates"]["pairs"]
    assert two["config"]["workers"] == 2


def test_interrupted_run_resumes_without_repeating_finished_calls(pytester, suite_dir, monkeypatch):
    pytester.makepyfile(
        my_agent="""
        import os
        def write(task):
            with open("asked.txt", "a") as out:
                out.write(task["id"] + "\\n")
            if task["id"] == os.environ.get("STOP_AT"):
                raise KeyboardInterrupt
            return "A calm scene with three red circles and the word 'OPEN'"
        """
    )
    args = ["mini", "--backend=reference", "--atelier-images=1", "--prompter=python:my_agent:write", "--judge=offline", "-p", "no:cacheprovider"]
    monkeypatch.setenv("STOP_AT", "im_flag")
    interrupted = pytester.runpytest_subprocess(*args)
    assert interrupted.ret == 2  # pytest's "interrupted"
    monkeypatch.delenv("STOP_AT")
    before = (pytester.path / "asked.txt").read_text().split()
    resumed = pytester.runpytest_subprocess(*args, "--atelier-json=resumed.json")
    assert resumed.ret == 1 and "errors" not in resumed.parseoutcomes()  # ran to the end: failures, no errors
    asked = (pytester.path / "asked.txt").read_text().split()[len(before):]
    runs = {r["task_id"]: r["calls"] for r in _results(pytester, "resumed.json")["runs"]}
    assert "co_sign" in before and "co_sign" not in asked and runs["co_sign"]["by_kind"]["prompt"]["cached"] == 1  # finished before
    assert asked.count("im_flag") == 1  # the interrupted run: its prompt was never written
    # runs after it may have been produced ahead before the interrupt: then they come from the cache
    assert len({*before, *asked}) == len(runs) and not set(asked) & (set(before) - {"im_flag"})


def test_gate_decides_the_exit_status(pytester, suite_dir):
    passing = pytester.runpytest("mini", "--backend=none", "--atelier-gate=prompt.objective>=0.6", *OFFLINE)
    assert passing.ret == 0  # 5 of 7 decided prompt-side checks pass: the gate holds despite failed items
    passing.stdout.fnmatch_lines(["*gate PASS*"])
    failing = pytester.runpytest("mini", "--backend=none", "--atelier-gate=prompt.objective>=0.75", *OFFLINE)
    assert failing.ret == 1
    failing.stdout.fnmatch_lines(["*gate FAIL*"])
    malformed = pytester.runpytest("mini", "--backend=none", "--atelier-gate=objective=>0.7", *OFFLINE)
    assert malformed.ret == pytest.ExitCode.USAGE_ERROR
    malformed.stderr.fnmatch_lines(["*malformed gate*", "*examples:*"])


def test_gates_from_ini(pytester, suite_dir):
    pytester.makeini("[pytest]\natelier_gate =\n    prompt.objective>=0.99\natelier_backend = none\n")
    result = pytester.runpytest("mini", *OFFLINE)
    assert result.ret == 1
    result.stdout.fnmatch_lines(["*gate FAIL*"])


def test_bad_task_file_is_a_collection_error_with_file_and_line(pytester, suite_dir):
    task = suite_dir / "tasks" / "co_sign.yaml"
    task.write_text(task.read_text().replace("category: CO", "categroy: CO"))
    result = pytester.runpytest("mini", "--backend=none", *OFFLINE)
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["*co_sign.yaml:1: category: Field required*", "*co_sign.yaml:2: categroy: unknown field*"])


def test_failing_agent_is_an_error_not_a_failed_checkpoint(pytester, suite_dir):
    pytester.makepyfile(flaky_agent="def write(task):\n    if task['category'] == 'IM':\n        raise RuntimeError('model down')\n    return task['brief']\n")
    result = pytester.runpytest("mini", "--backend=none", "--prompter=python:flaky_agent:write", "--judge=offline",
                                "-p", "no:cacheprovider", "--atelier-json=r.json")
    outcomes = result.parseoutcomes()
    assert outcomes["errors"] == 5  # every item of the IM run
    result.stdout.fnmatch_lines(["*run im_flag [[]python:flaky_agent:write / none[]] failed: PrompterError*model down*"])
    # the run's error in full once, at its first item; its other items point there
    errors = [line for line in result.outlines if line.startswith("run im_flag")]
    assert len(errors) == 5 and "model down" in errors[0]
    assert all("] failed: the error shown in full at im_flag " in line for line in errors[1:])
    items = _results(pytester, "r.json")["items"]
    assert {i["outcome"] for i in items if i["task_id"] == "im_flag"} == {"error"}
    assert all(i["outcome"] != "error" for i in items if i["task_id"] != "im_flag")


def test_unknown_component_lists_what_exists(pytester, suite_dir):
    result = pytester.runpytest("mini", "--backend=sdxxl", *OFFLINE)
    result.stdout.fnmatch_lines(["*unknown backend 'sdxxl'*Available backends: *none*reference*"])
    assert result.ret != 0


def test_suite_option_and_user_tests_with_fixtures(pytester, suite_dir):
    pytester.makepyfile(
        test_mine="""
        def test_prompt_mentions_open(atelier_run, atelier_prompter, atelier_judge):
            run = atelier_run("co_sign")
            assert atelier_prompter.label == "direct" and atelier_judge.label == "offline"
            assert '"OPEN"' in run.prompts[0]
            assert {v.checkpoint for v in run.final if v.side == "prompt"} == {"c01", "c02", "c03"}
        """
    )
    result = pytester.runpytest("test_mine.py", "--atelier-suite=mini", "--backend=none", *OFFLINE)
    outcomes = result.parseoutcomes()
    assert outcomes["passed"] >= 1  # the user's own test ...
    assert outcomes["passed"] + outcomes["failed"] + outcomes["skipped"] == 20  # ... plus the suite's 19 items


def test_idea_suite_reports_hierarchical_and_plain_scores(pytester):
    repo_suite = Path(__file__).resolve().parents[1] / "task_suites" / "idea-design"
    result = pytester.runpytest(str(repo_suite), "--backend=none", "-k", "poster_ or logo_", "--atelier-json=r.json", *OFFLINE)
    assert result.ret == (1 if result.parseoutcomes().get("failed") else 0)
    idea = _results(pytester, "r.json")["aggregates"]["overall"]["all"]["idea"]
    assert idea["prompt"]["n_tasks"] == 6 and 0 <= idea["prompt"]["score"] <= idea["prompt"]["pass_rate"] <= 1
    assert idea["image"]["n"] == 0 and idea["image"]["score"] is None  # no images: not measured, not zero
    prompt = f"{idea['prompt']['score']:.2f}/{idea['prompt']['pass_rate']:.2f} ({idea['prompt']['n']})"
    result.stdout.re_match_lines([r"IDEA score: hierarchical / plain +prompt +image", rf"direct\|none +{re.escape(prompt)} +n/a \(0\)"])


def test_several_judges_vote_and_their_agreement_is_reported(pytester, suite_dir):
    result = pytester.runpytest(
        "mini", "--backend=none", "--prompter=direct", "-p", "no:cacheprovider", "--atelier-json=r.json",
        "--judge=offline", "--judge=offline?embeddings=ngram", "--atelier-judge-repeats=2",
    )  # fmt: skip
    result.assert_outcomes(passed=5, failed=2, skipped=12)
    data = _results(pytester, "r.json")
    assert data["config"]["judge"] == "offline + offline?embeddings=ngram x2"
    votes = [v["votes"] for run in data["runs"] for v in run["final"] if v["side"] == "prompt"]
    assert votes and all(len(v) == 4 for v in votes)  # 2 judges x 2 repeats
    agreement = data["aggregates"]["agreement"]
    assert agreement["judges"]["raters"] == ["offline", "offline_embeddings_ngram"]  # judge labels
    assert agreement["judges"]["percent_agreement"] == 100.0 and agreement["split"] == []
    assert set(agreement["repeats"]) == {"offline", "offline_embeddings_ngram"}


def test_offline_subjective_scores_are_withheld_where_the_memory_does_not_validate(pytester):
    repo_suite = Path(__file__).resolve().parents[1] / "task_suites" / "atelier"
    result = pytester.runpytest(str(repo_suite), "-k", "im_001 or oe_001", "--backend=none", "-rs", *OFFLINE)
    # the shipped memories rank their own exemplars with Spearman below 0.6 (docs/judge.md): no score, and why
    result.stdout.fnmatch_lines(["*SKIPPED*no offline estimate: nearest-exemplar scores of memory OE*Spearman below 0.6*"])
    result.stdout.fnmatch_lines(["*SKIPPED*no offline estimate: nearest-exemplar scores of memory IM*Spearman below 0.6*"])


LEVELS = [
    "{s}",
    "{s} picture nice",
    "a {s} in soft light, calm colours",
    "A calm {s} in soft morning light, muted green and blue palette, wide framing, painterly texture",
    (
        "Watercolour illustration of a calm {s} at dawn: soft diffused morning light, muted sage and slate palette, "
        "wide establishing frame, visible paper grain, gentle wet-on-wet edges, no people"
    ),
]


def _scored_memory(subjects) -> str:
    """An OE memory whose prompts share one template per level, so that the nearest exemplars of
    other tasks rank a prompt exactly (it validates), and that scores padded prompts 1."""
    from pytest_atelier.judge.memory import CONTENT_FREE

    dims = ["instructional_clarity", "creative_elaboration", "terminology_proficiency", "intent_formalization"]
    out = {"name": "OE", "side": "prompt", "dimensions": dims, "exemplars": []}
    for task, subject in subjects.items():
        for level, template in enumerate(LEVELS, 1):
            scores = {d: {"score": level, "rationale": f"level {level}"} for d in dims}
            out["exemplars"].append({"id": f"{task}_x{level}", "task_id": task, "prompt": template.format(s=subject), "scores": scores})
    for i, phrase in enumerate(CONTENT_FREE):  # padding scored as no quality: content-free text lifts no estimate
        scores = {d: {"score": 1, "rationale": "padding"} for d in dims}
        out["exemplars"].append({"id": f"pad{i}", "task_id": f"pad{i}", "prompt": f"a picture. {phrase}", "scores": scores})
    return yaml.safe_dump(out, sort_keys=False)


def test_offline_subjective_scores_are_labelled_estimates_where_the_memory_validates(pytester):
    subjects = {"oe_lake": "lake", "oe_meadow": "meadow", "oe_harbour": "harbour", "oe_forest": "forest"}
    tasks = {t: OE_TASK.replace("id: oe_garden", f"id: {t}") for t in subjects}
    write_suite(pytester.path / "mem", tasks, MANIFEST + "exemplars: {OE: exemplars/oe.yaml}\n")
    (pytester.path / "mem" / "exemplars").mkdir()
    (pytester.path / "mem" / "exemplars" / "oe.yaml").write_text(_scored_memory(subjects))
    pytester.makepyfile(good_agent=f"def write(task):\n    return {LEVELS[4]!r}.format(s='garden')\n")
    result = pytester.runpytest("mem", "-k", "oe_lake and subjective", "--backend=none", "--prompter=python:good_agent:write",
                                "--judge=offline?ocr=off&embeddings=ngram", "-p", "no:cacheprovider", "--atelier-json=r.json", "--atelier-report=r.html")  # fmt: skip
    result.stdout.fnmatch_lines(["*subjective scores of the offline judge are estimates*validated leave-one-task-out (memory OE: Spearman 0.*"])
    rho = float(re.search(r"memory OE: Spearman (0\.\d+)", result.stdout.str()).group(1))
    assert rho >= 0.6 and f"memory OE: Spearman {rho:.2f}" in (pytester.path / "r.html").read_text()
    scores = json.loads((pytester.path / "r.json").read_text())["runs"][0]["scores"]
    assert {s["value"] for s in scores if s["side"] == "prompt"} == {5.0}  # the level-5 neighbours
    assert all(s["decided_by"].startswith("offline:estimate(OE") for s in scores if s["side"] == "prompt")


def test_bidirectional_controls_in_reasons_are_shown_not_obeyed(pytester, suite_dir):
    pytester.makepyfile(rtl_agent="def write(task):\n    raise RuntimeError('model says \u202eKO si lla')\n")
    result = pytester.runpytest("mini", "--backend=none", "--prompter=python:rtl_agent:write", "--judge=offline",
                                "-p", "no:cacheprovider", "-rs")  # fmt: skip
    assert "\u202e" not in result.stdout.str()
    result.stdout.fnmatch_lines(["*model says <U+202E>KO si lla*"])


ESCAPES = "\x1b]0;pwned\x07\x1b[2J\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\"


def test_terminal_escape_sequences_from_suites_and_agents_are_shown_not_obeyed(pytester, suite_dir):
    """Issue 29: screen clears, window titles and hyperlinks from a checkpoint statement, a
    python: agent's exception and a cmd: agent's stderr reach the terminal as visible text."""
    task = suite_dir / "tasks" / "co_sign.yaml"
    task.write_text(task.read_text().replace('prompt: The prompt gives the text "OPEN".',
                                             'prompt: "The prompt gives the text OPEN.\\e[2J\\e]0;title\\a"'))  # fmt: skip
    pytester.makepyfile(esc_agent="def write(task):\n    if task['category'] == 'IM':\n"
                                  f"        raise RuntimeError({ESCAPES!r})\n    return 'x'\n")  # fmt: skip
    result = pytester.runpytest("mini", "--backend=none", "--prompter=python:esc_agent:write", "--judge=offline", "-p", "no:cacheprovider", "-rA")
    out = result.stdout.str()
    assert "\x1b" not in out and "\x07" not in out
    assert "expected: The prompt gives the text OPEN.<U+001B>[2J<U+001B>]0;title<U+0007>" in out
    assert "<U+001B>]0;pwned<U+0007>" in out
    script = pytester.path / "esc_cmd.py"
    script.write_text(f"import sys\nsys.stderr.write({ESCAPES!r})\nsys.exit(3)\n")
    result = pytester.runpytest("mini", "--backend=none", f"--prompter=cmd:{sys.executable} esc_cmd.py", "--judge=offline", "-p", "no:cacheprovider")
    out = result.stdout.str()
    assert "\x1b" not in out and "<U+001B>]0;pwned" in out
