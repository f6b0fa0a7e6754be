"""Progress lines: runs done of all, rate and time left, throttled; stages of a slow run."""

from __future__ import annotations

import re

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
    progress, lines, now = _progress(interval=10, total=6)
    now[0] = 5.0
    progress.run_finished({"requests": 3, "retries": 0, "cached": 1, "refused": 0})  # within the interval: quiet
    now[0] = 60.0
    progress.run_finished({"requests": 2, "retries": 0, "cached": 0, "refused": 0})
    assert lines == ["atelier: 2/6 runs in 1m00s (2.0 runs/min, time left known after 3 runs); 5 API requests sent (0 of them retries), 1 answer from the cache"]
    now[0] = 70.0
    progress.run_finished({"requests": 1, "retries": 0, "cached": 0, "refused": 0})
    # the last two took 65 s, slower than the whole run's pace (3 in 70 s), which bounds it: 3 left, about 1m10s
    assert lines[-1] == "atelier: 3/6 runs in 1m10s (2.6 runs/min, about 1m10s left); 6 API requests sent (0 of them retries), 1 answer from the cache"
    progress.stage("co_1 [direct / sdxl]", "images", 2, 4)  # throttled again
    now[0] = 85.0
    progress.stage("co_1 [direct / sdxl]", "images", 3, 4)
    assert lines[-1] == "atelier: co_1 [direct / sdxl]: images 3/4"


def test_time_left_leaves_out_the_start_up():
    """16 s of start-up, then a run a second: after 20 runs, 40 left take about 40 s, not 70 s."""
    progress, lines, now = _progress(interval=0.5, total=60)
    now[0] = 16.0
    progress.run_finished({"requests": 1, "retries": 0, "cached": 0, "refused": 0})
    assert lines == ["atelier: 1/60 runs in 16s (3.8 runs/min, time left known after 6 runs); 1 API request sent (0 of them retries), 0 answers from the cache"]
    for done in range(2, 21):
        now[0] = 16.0 + done - 1
        progress.run_finished({"requests": 1, "retries": 0, "cached": 0, "refused": 0})
    assert lines[-1].startswith("atelier: 20/60 runs in 35s (60.0 runs/min, about 40s left)")


def _left(line: str) -> float | None:
    m = re.search(r"about (?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)? left", line)
    return None if m is None else sum(int(v or 0) * f for v, f in zip(m.groups(), (3600, 60, 1)))


def test_time_left_of_runs_produced_together_and_finished_in_bursts():
    """An 80 s run of 96 runs: the first done at 5 s; the next four, produced together while it was,
    at 32 s; then four every 2 s (items report in order). The time left is told only once it is within
    a factor 2 of the truth (give or take a burst's 3 s), and from 10 runs on."""
    progress, lines, now = _progress(interval=1e-9, total=96)
    finish = [5.0] + [32.0 + 2.0 * (i // 4) for i in range(95)]
    for t in finish[:-1]:
        now[0] = t
        progress.run_finished({"requests": 1, "retries": 0, "cached": 0, "refused": 0})
        left, truth = _left(lines[-1]), finish[-1] - t
        assert left is None or truth / 2 - 3 <= left <= truth * 2 + 3, lines[-1]
        assert (left is None) == (progress.done < 10), lines[-1]


def test_time_left_under_load_is_bounded_by_the_pace_so_far():
    """A machine that slows down 20-fold (or stalls) never gets a time left beyond the runs left at the run's average pace."""
    progress, lines, now = _progress(interval=1e-9, total=200)
    times = [2.0 * i for i in range(1, 41)] + [80.0 + 40.0 * i for i in range(1, 11)]
    for t in times:
        now[0] = t
        progress.run_finished({"requests": 1, "retries": 0, "cached": 0, "refused": 0})
        left = _left(lines[-1])
        assert (left is None) == (progress.done < 20) and (left is None or left <= (200 - progress.done) * t / progress.done + 1)
    now[0] = 3000.0  # a stall
    lines.append(progress.overall())
    assert _left(lines[-1]) <= (200 - progress.done) * 3000.0 / progress.done + 1


def test_zero_interval_is_silent():
    lines = []
    progress = Progress(lines.append, interval=0)
    progress.run_finished({"requests": 1, "retries": 0, "cached": 0, "refused": 0})
    assert lines == []


def test_progress_lines_in_a_real_run(pytester):
    write_suite(pytester.path / "mini")
    result = pytester.runpytest("mini", "--backend=reference", "--atelier-images=2", "--atelier-progress=0.000001", "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["*atelier: *images */2*", "*atelier: */3 runs in *"])
