"""Figures and names a reader can trust: p-values, ranks, denominators, n/a, short unique labels."""

from __future__ import annotations

import re
from types import SimpleNamespace

from pytest_atelier.report import render_report
from pytest_atelier.report.charts import Point, grouped_bars, heatmap
from pytest_atelier.report.render import _environment

from .fixture_gen import build_fixture

LONG = ("python:fixtures.results.agents:careful", "python:fixtures.results.agents:hostile", "direct")


def test_p_values_that_underflow_print_a_bound():
    env = _environment()
    page = env.from_string("{{ a|p_is }} / {{ b|p_is }} / {{ c|p_value }} / {{ d|p_value }}").render(a=0.0, b=0.01234, c=1e-300, d=None)
    assert page == "&lt; 1e-16 / = 0.0123 / &lt; 1e-16 / n/a"


def test_friedman_p_of_zero_is_not_printed_as_zero(generated, tmp_path, monkeypatch):
    from pytest_atelier.report import view

    results, _ = generated
    monkeypatch.setattr(view, "friedman", lambda table: SimpleNamespace(p_value=0.0))
    html = render_report([results], tmp_path / "r.html").read_text(encoding="utf-8")
    assert "Friedman p &lt; 1e-16" in html and "Friedman p = 0;" not in html


def test_prompter_meta_does_not_repeat_the_prompter(generated, tmp_path):
    results, _ = generated
    copy = results.model_copy(deep=True)
    for run in copy.runs:
        run.prompter_meta = {"prompter": run.prompter, "model": "m-1"}
    html = render_report([copy], tmp_path / "r.html").read_text(encoding="utf-8")
    assert "prompter: direct" not in html and '"model: m-1"' in html


def test_exact_ties_share_a_rank(generated, tmp_path):
    results, _ = generated
    twin = results.model_copy(deep=True)
    copies = [r.model_copy(update={"prompter": "twin", "key": r.key.replace("direct|", "twin|", 1)})
              for r in twin.runs if r.prompter == "direct"]
    twin.runs = [r for r in twin.runs if r.prompter != "novice"] + copies
    twin.items = [i for i in twin.items if i.prompter not in ("novice", "direct")]
    twin.aggregates = {}
    html = render_report([twin], tmp_path / "r.html").read_text(encoding="utf-8")
    ranks = re.findall(r'<tr><td class="num" data-sort="(\d)">', html)
    rates = {r: results.aggregates["prompters"][r]["all"]["objective"]["rate"] for r in ("direct", "skilled")}
    assert rates["direct"] != rates["skilled"]
    assert ranks == (["1", "2", "2"] if rates["skilled"] > rates["direct"] else ["1", "1", "3"])


def test_gap_shares_name_their_denominators(generated, tmp_path):
    results, _ = generated
    html = render_report([results], tmp_path / "r.html").read_text(encoding="utf-8")
    assert "Prompter's share of decided" in html and "Backend's share of decided" in html
    assert re.search(r"<title>[^<]+ · prompter&#39;s fault: never asked for: \d+ of \d+ image failures \(\d+%\)</title>", html)


def test_a_run_without_image_verdicts_reads_n_a(generated, tmp_path):
    results, _ = generated
    html = render_report([results], tmp_path / "r.html").read_text(encoding="utf-8")
    assert "image 0/0" not in html and "prompt 0/0" not in html
    assert ": prompt " in html and ", image n/a" in html  # the none backend draws nothing


def test_short_labels_are_the_shortest_unique_suffix():
    from pytest_atelier.report.view import short_labels

    assert short_labels(LONG) == {LONG[0]: "careful", LONG[1]: "hostile", "direct": "direct"}
    assert short_labels(["a:x", "x"]) == {"a:x": "a:x", "x": "x"}
    assert short_labels(["openai:gpt-4.1", "gemini:gpt-4.1"]) == {"openai:gpt-4.1": "openai:gpt-4.1", "gemini:gpt-4.1": "gemini:gpt-4.1"}
    assert short_labels(["diffusers:org/model-1.0", "sdxl"]) == {"diffusers:org/model-1.0": "model-1.0", "sdxl": "sdxl"}
    assert short_labels(["cmd:./agent", "python:a.b:agent"]) == {"cmd:./agent": "cmd:./agent", "python:a.b:agent": "b:agent"}
    labels = short_labels([f"python:pkg.agents{i % 3}:writer{i // 3}" for i in range(9)])
    assert len(set(labels.values())) == 9


def test_long_prompter_names_stay_apart_in_the_report(tmp_path):
    results = build_fixture(tmp_path, n_tasks=3, prompters=LONG, backends=("reference",), images=1, hostile=False, n_boot=20)
    html = render_report([results], tmp_path / "r.html").read_text(encoding="utf-8")
    assert "python:fixt…" not in html
    for name in ("careful", "hostile"):
        assert f">{name}<title>" in html  # heat-map columns, full name on hover
        assert f'<dt>{name}</dt><dd>python:fixtures.results.agents:{name}</dd>' in html  # the legend of names
        assert f'<abbr title="python:fixtures.results.agents:{name}">{name}</abbr>' in html


def test_legends_and_heat_map_columns_never_clip():
    names = [f"prompter-number-{i}-with-a-long-name" for i in range(8)]
    svg = str(grouped_bars(["g"], names, {("g", n): Point(0.5, n=3) for n in names}))
    width = int(re.search(r'viewBox="0 0 (\d+) ', svg).group(1))
    for x, text in re.findall(r'<text x="([\d.]+)" y="[\d.]+">([^<]+)</text>', svg):
        assert float(x) + 7 * len(text) <= width, text
    cells = str(heatmap(["r"], names, {}))
    width, height = map(int, re.search(r'viewBox="0 0 (\d+) (\d+)"', cells).groups())
    assert all(f">{n}<title>" in cells for n in names) and "…" not in cells
    assert height >= 0.7 * 7 * len(names[0])  # room for the slanted column labels
