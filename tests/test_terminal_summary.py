"""What the terminal ends with: bounded atelier failures, the ranked summary, the gates, the files written."""

from __future__ import annotations

import csv
import re

import pytest

from .conftest import write_suite

PROMPTS = {  # author -> task -> prompt; "good" writes the reference prompts, the others miss more and more
    "good": {
        "oe_garden": "A tranquil watercolour of a glasshouse at dawn. Negative prompt: people, cars.",
        "co_sign": 'A flat sign reading "OPEN" with three red circles.',
        "im_flag": "Two blue stripes on a white flag.",
    },
    "fair": {
        "oe_garden": "A tranquil glasshouse at dawn, full of people.",
        "co_sign": 'A flat sign reading "OPEN" with five red circles.',
        "im_flag": "Three red stripes on a white flag.",
    },
    "poor": {
        "oe_garden": "A busy glasshouse full of people and cars.",
        "co_sign": 'A flat sign reading "CLOSED" with five green circles.',
        "im_flag": "Three red stripes on a white flag.",
    },
    "worst": {
        "oe_garden": "A crowded glasshouse: people everywhere, cars outside.",
        "co_sign": 'A flat sign reading "SHUT" with seven green circles.',
        "im_flag": "Four red stripes on a white flag.",
    },
}
FILE = "prompts_of_the_spring_study_group.csv"  # long enough that a cut label would hide the author
ARGS = ["mini", "--backend=none", "--judge=offline", *(f"--prompter=human:{FILE}?author={a}" for a in PROMPTS)]


@pytest.fixture
def study(pytester):
    write_suite(pytester.path / "mini")
    with (pytester.path / FILE).open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["task_id", "author", "prompt"])
        for author, prompts in PROMPTS.items():
            writer.writerows([task, author, prompt] for task, prompt in prompts.items())
    return pytester


def _failed_ids(text: str) -> list[str]:
    return re.findall(r"^FAILED (\S+)", text, re.M)


def _details(text: str) -> str:
    """The failure details, without pytest's short summary (whose lines are cut to the terminal's width
    except when pytest sees a CI environment)."""
    return text.split("short test summary info")[0]


def test_failures_are_bounded_and_the_summary_gate_and_files_come_last(study):
    full = study.runpytest(*ARGS, "-rf")
    n_failed = len(_failed_ids(full.stdout.str()))
    assert n_failed > 10
    assert _details(full.stdout.str()).count("failed (offline:") == n_failed  # asked for: every failure in full

    result = study.runpytest(*ARGS, "--atelier-gate=objective>=0.5", "--atelier-json=r.json", "--atelier-report=r.html")
    out = result.stdout.str()
    assert result.ret == full.ret  # the exit status does not depend on what is shown
    assert len(_failed_ids(out)) == 10 and _details(out).count("failed (offline:") == 10
    assert f"{n_failed} failed" in out.splitlines()[-1]  # pytest's closing line still counts them all
    tail = out[out.index("= pytest-atelier ="):].splitlines()[1:-1]
    assert tail[0].startswith(f"{n_failed - 10} more failed checkpoints not listed above")
    assert "r.html has every verdict" in tail[0] and "-rf or --tb=long" in tail[0]
    assert tail[-3].startswith("gate ") and "objective>=0.5" in tail[-3]
    assert tail[-2:] == ["results written to r.json", "report written to r.html"]


def test_the_summary_ranks_every_prompter_by_the_pooled_objective_with_full_labels(study):
    out = study.runpytest(*ARGS, "--atelier-json=r.json").stdout.str()
    header = next(i for i, line in enumerate(out.splitlines()) if line.startswith("rank  prompter"))
    rows = [line.split() for line in out.splitlines()[header + 1 : header + 1 + len(PROMPTS)]]
    assert [re.sub(r"\W", "_", r[1]) for r in rows] == [re.sub(r"\W", "_", f"human:{FILE}?author={a}") for a in PROMPTS]
    assert [r[0] for r in rows] == ["1", "2", "3", "3"]  # best first, whole labels; a tie shares its rank
    rates = [float(r[3].rstrip("%")) for r in rows]
    assert rates == sorted(rates, reverse=True) and rates[0] > rates[1] > rates[2] == rates[3]
    undecided = [r[5] for r in rows]
    assert all(re.fullmatch(r"\d+\.\d%", u) for u in undecided)


@pytest.mark.parametrize(("mean", "threshold", "shown"), [(2.999, 3.0, "2.999"), (2.5, 3.0, "2.50"), (3.4999999, 3.5, "3.4999999")])
def test_a_mean_below_the_threshold_is_shown_below_it(mean, threshold, shown):
    from pytest_atelier.plugin import _below

    assert _below(mean, threshold) == shown and float(shown) < threshold
