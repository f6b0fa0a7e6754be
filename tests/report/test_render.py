"""Rendering the report: escaping, missing data, merging, images, IDEA scoring, charts."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from pytest_atelier.report import assets_folder, render_report
from pytest_atelier.report.charts import Point, grouped_bars, heatmap, stacked_shares
from pytest_atelier.report.view import RunCell, load_inputs, task_rate_and_spread

from .fixture_gen import HOSTILE_PROMPT, build_fixture

REPORT_PACKAGE = Path(__file__).resolve().parents[2] / "pytest_atelier" / "report"


def _split(results, prompter):
    """The part of ``results`` that one prompter produced, as its own results file (no aggregates)."""
    runs = [r for r in results.runs if r.prompter == prompter]
    items = [i for i in results.items if i.prompter == prompter]
    config = results.config.model_copy(update={"prompters": [prompter]})
    return results.model_copy(update={"runs": runs, "items": items, "aggregates": {}, "config": config})


def test_untrusted_text_is_escaped(generated, tmp_path):
    results, _ = generated
    html = render_report([results], tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<script>alert" not in html and "<img src=x" not in html and "onerror=alert(1)>" not in html
    assert "&lt;script&gt;alert(&#39;brief&#39;)&lt;/script&gt;" in html  # the brief, by Jinja
    assert "\\u003cscript\\u003ealert(1)\\u003c/script\\u003e" in html  # the prompt, in the drill-down data
    assert len(re.findall(r"<script>", html)) == 1  # the page's own script only


def test_page_has_a_strict_content_security_policy(generated, tmp_path):
    results, _ = generated
    html = render_report([results], tmp_path / "r.html").read_text(encoding="utf-8")
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    assert "default-src 'none'" in policy and "script-src 'sha256-" in policy and "unsafe-inline" not in policy
    assert "http://" not in html.replace("http://www.w3.org/2000/svg", "") and "https://" not in html


def test_sections_and_figures(generated, tmp_path):
    results, _ = generated
    html = render_report([results], tmp_path / "r.html").read_text(encoding="utf-8")
    for anchor in ("leaderboard", "matrix", "breakdowns", "gap", "rankings", "tasks"):
        assert f'id="{anchor}"' in html
    skilled = results.aggregates["prompters"]["skilled"]["all"]["objective"]["rate"]
    assert f"{skilled * 100:.1f}%" in html
    assert html.count('<details class="task"') == 20
    assert html.count("<svg") >= 6
    assert "Image · none" in html and "n/a: no decided image-side verdicts" in html
    assert "run(s) flagged by the safety filter" in html


def test_thumbnails_beside_the_report_and_reused(generated, tmp_path):
    results, _ = generated
    out = render_report([results], tmp_path / "my report.html")
    folder = assets_folder(out)
    thumbs = sorted(folder.glob("*.jpg"))
    n_images = len({im.sha256 for r in results.runs for im in r.images})
    n_targets = len({r.task_id for r in results.runs if r.category == "IM"})
    assert len(thumbs) == n_images + n_targets
    assert "my%20report_files/" in out.read_text(encoding="utf-8")
    before = {p: p.stat().st_mtime_ns for p in thumbs}
    render_report([results], out)
    assert {p: p.stat().st_mtime_ns for p in thumbs} == before


def test_embedded_images_need_no_folder(generated, tmp_path):
    results, _ = generated
    out = render_report([results], tmp_path / "one.html", embed_images=True)
    assert not assets_folder(out).exists()
    assert "data:image/jpeg;base64," in out.read_text(encoding="utf-8")


def test_missing_suite_images_and_aggregates_degrade(generated, tmp_path):
    results, _ = generated
    broken = results.model_copy(deep=True)
    broken.suite["root"] = str(tmp_path / "gone")
    broken.aggregates = {}
    broken.runs[0].images[0].path = str(tmp_path / "deleted.png")
    for score in broken.runs[1].scores:
        score.value = None
    html = render_report([broken], tmp_path / "r.html").read_text(encoding="utf-8")
    assert "not found, so briefs" in html
    assert "n/a: the task's text is not available" in html
    assert "image file not found" in html
    assert load_inputs([broken]).aggregates["prompters"]  # recomputed from the runs


def test_merging_results_files_makes_one_leaderboard(generated, tmp_path):
    results, _ = generated
    parts = [_split(results, p) for p in ("direct", "novice", "skilled")]
    loaded = load_inputs(parts, intervals=False)
    assert len(loaded.runs) == len(results.runs)
    for p in ("direct", "novice", "skilled"):
        merged = loaded.aggregates["prompters"][p]["all"]["objective"]
        assert merged["rate"] == results.aggregates["prompters"][p]["all"]["objective"]["rate"]
    html = render_report(parts, tmp_path / "merged.html").read_text(encoding="utf-8")
    assert "Merged from 3 results files" in html
    assert len(re.findall(r'<tr><td class="num" data-sort="\d">', html)) == 3
    again = load_inputs(parts + [parts[0]], intervals=False)  # the same runs twice count once
    assert len(again.runs) == len(results.runs)


def test_idea_scoring_shows_hierarchical_scores(tmp_path):
    results = build_fixture(tmp_path, n_tasks=6, prompters=("a", "b"), backends=("reference",), images=2, scoring="idea", n_boot=50)
    html = render_report([results], tmp_path / "idea.html").read_text(encoding="utf-8")
    assert "<th>IDEA prompt</th>" in html
    assert '"id":[' in html  # per-run hierarchical scores in the drill-down


def test_one_prompter_one_backend(tmp_path):
    results = build_fixture(tmp_path, n_tasks=3, prompters=("solo",), backends=("reference",), images=1, hostile=False, n_boot=20)
    html = render_report([results], tmp_path / "solo.html").read_text(encoding="utf-8")
    assert "one prompter: nothing to compare" in html


def test_charts_escape_labels_and_show_missing_values():
    svg = grouped_bars(["<b>g</b>"], ["s&1"], {("<b>g</b>", "s&1"): Point(None, n=0)})
    assert "&lt;b&gt;g&lt;/b&gt;" in svg and "s&amp;1" in svg and ">n/a<" in svg
    cells = heatmap(["r"], ["c1", "c2"], {("r", "c1"): Point(0.5, 0.4, 0.6, 10)})
    assert "50.0%" in cells and "[40.0%, 60.0%] (n=10)" in cells and ">n/a<" in cells
    shares = stacked_shares([("p", [("x", 3), ("y", 1)]), ("q", [("x", 0), ("y", 0)])], ("#000", "#111"))
    assert "75%" in shares and "n/a: no image-side failure" in shares


def test_report_modules_are_documented_and_pytest_free():
    for path in sorted(REPORT_PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert ast.get_docstring(tree), f"{path.name} has no docstring"
        names = {t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets if isinstance(t, ast.Name)}
        assert "__all__" in names, f"{path.name} has no __all__"
        imports = {a.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
        imports |= {(node.module or "").split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert "pytest" not in imports, f"{path.name} imports pytest"


def test_hostile_prompt_is_in_the_fixture(generated):
    results, _ = generated
    assert any(HOSTILE_PROMPT in run.prompts for run in results.runs)


def test_results_without_runs_render(generated, tmp_path):
    results, _ = generated
    empty = results.model_copy(update={"runs": [], "items": [], "aggregates": {}})
    html = render_report([empty], tmp_path / "empty.html").read_text(encoding="utf-8")
    assert "Tasks (0)" in html and "n/a" in html


def test_bidi_controls_in_untrusted_text_are_shown_not_obeyed():
    from pytest_atelier.report.render import _environment

    page = _environment().from_string("<p>{{ prompt }}</p><script>{{ data|tojson_compact }}</script>").render(
        prompt="a poster \u202etxet desrever\u202c", data={"prompt": "x\u2066y\u2069"}
    )
    assert not set(page) & set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
    assert "<U+202E>txet desrever<U+202C>" not in page and "&lt;U+202E&gt;txet desrever&lt;U+202C&gt;" in page
    assert "x\\u003cU+2066\\u003ey" in page


def test_task_rate_and_spread():
    def cell(p, passed, decided):
        return RunCell(p, 0, "", "", None, passed, decided)

    assert task_rate_and_spread([cell(0, 3, 4), cell(0, 1, 4), cell(1, 1, 2), cell(2, 0, 0)]) == (5 / 10, 4 / 8 - 1 / 2)
    assert task_rate_and_spread([cell(0, 4, 4), cell(1, 0, 2)]) == (4 / 6, 1.0)
    assert task_rate_and_spread([cell(0, 2, 4), cell(1, 0, 0)]) == (0.5, None)  # one prompter decided: no disagreement
    assert task_rate_and_spread([cell(0, 0, 0)]) == (None, None)
