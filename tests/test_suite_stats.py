"""`atelier suite stats` prints the suite's figures beside the AtelierEval paper's Tables 6 and 7."""

from __future__ import annotations

import json

from pytest_atelier.cli import main
from pytest_atelier.suite.stats import PAPER_INSTANCES, PAPER_TAGS

from .conftest import write_suite


def test_the_paper_tables_are_complete_and_as_printed_there():
    from pytest_atelier.suite.models import TAG_VOCABULARY

    assert set(PAPER_TAGS) == {t for tags in TAG_VOCABULARY.values() for t in tags}
    # spot checks against the paper: IM photorealistic 48, CO typography 76, IM constraint 7-16 (12.4 +- 2.8)
    assert PAPER_TAGS["photorealistic"][2] == 48 and PAPER_TAGS["typography"][1] == 76
    assert PAPER_INSTANCES["IM"]["constraint"] == (7, 16, 12.4, 2.8)
    assert PAPER_INSTANCES["CO"]["constraint"] == (10, 18, 12.7, 3.1)


def test_stats_print_the_suite_beside_the_paper(tmp_path, capsys):
    root = write_suite(tmp_path / "s")
    assert main(["suite", "stats", str(root)]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.strip().startswith("#photorealistic"))
    ours, paper = row.split("|")
    assert paper.split() == ["43", "37", "48"]
    assert len(ours.split()) == 4  # the tag and one count per category
    constraint = next(line for line in out.splitlines() if line.strip().startswith("CO constraint"))
    assert constraint.split("|")[1].split() == ["10", "18", "12.7", "3.1"]
    assert "paper Table 7" in out and "paper Table 6" in out


def test_stats_json_carries_the_paper_figures(tmp_path, capsys):
    root = write_suite(tmp_path / "s")
    assert main(["suite", "stats", str(root), "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["paper"]["tags"]["cel_shaded"] == {"OE": 5, "CO": 8, "IM": 19}
    assert stats["paper"]["instances"]["IM"]["semantic"] == {"min": 3, "max": 7, "mean": 4.3, "std": 1.0}
    assert stats["tags"]["visual_style"]["vector_flat"]["CO"] == 1  # the suite's own figures are still there


def test_the_summed_tag_gap_and_the_tasks_without_a_theme(tmp_path, capsys):
    # the mini suite's one IM task carries object and vector_flat and no theme; the paper's IM column
    # sums to 500 tags, so the gap is 500 less one for each of the two tags it shares (counted by hand)
    root = write_suite(tmp_path / "s")
    assert main(["suite", "stats", str(root), "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["tag_gap"]["IM"] == 498
    assert stats["without_theme"]["IM"] == ["im_flag"]
    assert main(["suite", "stats", str(root)]) == 0
    out = capsys.readouterr().out
    assert next(line for line in out.splitlines() if "summed |suite - paper|" in line).split()[-1] == "498"
    assert next(line for line in out.splitlines() if "none of the 7 themes" in line).split("|")[1].split()[-1] == ">=26"


def test_the_paper_leaves_at_least_26_im_tasks_without_a_theme():
    from pytest_atelier.suite.stats import paper_without_theme

    # Table 6's IM theme counts: 35 + 17 + 13 + 11 + 13 + 4 + 1 = 94 tags over 120 tasks
    assert paper_without_theme("IM") == 26
    assert paper_without_theme("OE") == 0 and paper_without_theme("CO") == 0  # 154 and 126 theme tags
