"""Progress lines: runs done of all, rate and time left, throttled; stages of a slow run."""

from __future__ import annotations

from pytest_atelier.engine.progress import Progress, runs_in_node_ids

from .conftest import write_suite


def test_runs_are_counted_from_node_ids():
    ids = [
        "s/suite.yaml::co_1::prompt-c01[direct-none]",
        "s/suite.yaml::co_1::image-c01[direct-none]@atelier-co_1",
        "s/suite.yaml::co_1::subjective[direct-none]",
        "s/suite.yaml::co_1::prompt-c01[mine-none]",
        "s/suite.yaml::oe_2::prompt-c01[direct-none]",
        "tests/test_x.py::test_other",
    ]
    assert runs_in_node_ids(ids) == 3


def _progress(interval: float, total: int):
    """A Progress on a clock the test moves (``now[0]``), writing into ``lines``."""
    now, lines = [0.0], []
    progress = Progress(lines.append, interval=interval, clock=lambda: now[0])
    progress.total = total
    return progress, lines, now


def test_overall_line_with_rate_and_time_left():
    progress, lines, now = _progress(interval=10, total=4)
    now[0] = 5.0
    progress.run_finished(3, 1)  # within the interval: quiet
    now[0] = 60.0
    progress.run_finished(2, 0)
    # one run in the 55 s since the first finished: 2 left, about 1m50s
    assert lines == ["atelier: 2/4 runs in 1m00s (1.1 runs/min, about 1m50s left); model calls 5 made, 1 from cache"]
    progress.stage("co_1 [direct / sdxl]", "images", 2, 4)  # throttled again
    now[0] = 75.0
    progress.stage("co_1 [direct / sdxl]", "images", 3, 4)
    assert lines[-1] == "atelier: co_1 [direct / sdxl]: images 3/4"


def test_time_left_leaves_out_the_start_up():
    """16 s of start-up, then a run a second: after 20 runs, 40 left take about 40 s, not 70 s."""
    progress, lines, now = _progress(interval=0.5, total=60)
    now[0] = 16.0
    progress.run_finished(1, 0)
    assert lines == ["atelier: 1/60 runs in 16s (3.8 runs/min, time left known after two runs); model calls 1 made, 0 from cache"]
    for done in range(2, 21):
        now[0] = 16.0 + done - 1
        progress.run_finished(1, 0)
    assert lines[-1].startswith("atelier: 20/60 runs in 35s (60.0 runs/min, about 40s left)")


def test_zero_interval_is_silent():
    lines = []
    progress = Progress(lines.append, interval=0)
    progress.run_finished(1, 0)
    assert lines == []


def test_progress_lines_in_a_real_run(pytester):
    write_suite(pytester.path / "mini")
    result = pytester.runpytest("mini", "--backend=reference", "--atelier-images=2", "--atelier-progress=0.000001", "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["*atelier: *images */2*", "*atelier: */3 runs in *"])
