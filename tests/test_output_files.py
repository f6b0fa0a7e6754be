"""Output files (results JSON, report, labels): all or nothing, never through a link, FIFO or
device, a clear error that keeps the summary and gate line (issue 29)."""

from __future__ import annotations

import json
import os
import socket
import stat
import tempfile
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_atelier.errors import ConfigError
from pytest_atelier.option_values import check_output_paths
from pytest_atelier.output_files import OutputError, write_output

from .conftest import write_suite
from .small_disk import fill, small_disk  # noqa: F401
from .test_plugin_run import OFFLINE

KINDS = ["missing", "file", "folder", "link_to_file", "link_to_folder", "dangling_link", "fifo", "socket", "device", "through_a_file"]


def _make(folder: Path, kind: str) -> Path:
    """An output path of ``kind`` inside ``folder``."""
    target, other = folder / "out.json", folder / "elsewhere.json"
    other.write_text("precious")
    if kind == "file":
        target.write_text("old")
    elif kind == "folder":
        target.mkdir()
    elif kind == "link_to_file":
        target.symlink_to(other)
    elif kind == "link_to_folder":
        (folder / "dir").mkdir()
        target.symlink_to(folder / "dir")
    elif kind == "dangling_link":
        target.symlink_to(folder / "nowhere")
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "socket":
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(target))
        sock.close()
    elif kind == "device":
        try:
            os.mknod(target, 0o600 | stat.S_IFCHR, os.makedev(1, 7))  # like /dev/full
        except PermissionError:
            pytest.skip("making a device node needs root")
    elif kind == "through_a_file":
        (folder / "afile").write_text("a file")
        return folder / "afile" / "out.json"
    return target


def _state(path: Path):
    try:
        st_ = os.lstat(path)
    except OSError:
        return None
    return stat.S_IFMT(st_.st_mode), st_.st_ino, path.read_bytes() if stat.S_ISREG(st_.st_mode) else None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(KINDS), text=st.text(max_size=3000), pieces=st.integers(1, 4))
def test_an_output_is_written_whole_to_a_regular_file_or_refused_untouched(kind, text, pieces):
    with tempfile.TemporaryDirectory() as folder:
        target = _make(Path(folder), kind)
        before = _state(target)
        cut = len(text) // pieces
        chunks = [text[i * cut : (i + 1) * cut if i < pieces - 1 else None] for i in range(pieces)]
        if kind in ("missing", "file"):
            write_output(target, iter(chunks))
            assert target.read_bytes().decode("utf-8") == text and stat.S_ISREG(os.lstat(target).st_mode)
        else:
            with pytest.raises(OutputError, match=str(target)):
                write_output(target, iter(chunks))
            assert _state(target) == before
            with pytest.raises(ConfigError, match="--atelier-json"):
                check_output_paths({"--atelier-json": target})
        assert (Path(folder) / "elsewhere.json").read_text() == "precious"
        assert not [p for p in Path(folder).rglob("*.tmp")]


def test_a_failed_render_leaves_the_old_file_and_no_temporary_one(tmp_path):
    target = tmp_path / "r.json"
    target.write_text("old")

    def pieces():
        yield "new, half"
        raise RuntimeError("the template broke")

    with pytest.raises(RuntimeError):
        write_output(target, pieces())
    assert target.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


def _results(tmp_path: Path):
    from pytest_atelier.results.records import load_results

    from .people.helpers import write_results as write_results_file

    return load_results(write_results_file(tmp_path / "made", prompters=[f"p{n}" for n in range(8)])[0])


def test_a_full_disk_keeps_the_old_results_and_names_them(small_disk, tmp_path):
    from pytest_atelier.results.records import write_results

    results = _results(tmp_path)
    target = small_disk / "results.json"
    target.write_text('{"old": true}')
    filler = fill(small_disk, leave=4000)
    with pytest.raises(OutputError, match=r"results\.json could not be written \(No space left on device\)"):
        write_results(results, target)
    assert json.loads(target.read_text()) == {"old": True}
    assert sorted(p.name for p in small_disk.iterdir()) == ["filler.bin", "results.json"]
    filler.unlink()


def test_two_writers_of_one_results_file_always_leave_a_whole_file(tmp_path):
    from pytest_atelier.results.records import load_results, write_results

    results = _results(tmp_path)
    target = tmp_path / "out" / "results.json"
    errors = []

    def writer(n: int):
        try:
            for _ in range(15):
                write_results(results, target)
        except Exception as exc:  # noqa: BLE001 - any failure is the finding
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(load_results(target).runs) == len(results.runs)
    assert sorted(p.name for p in target.parent.iterdir()) == ["results.json"]


def test_a_report_path_through_a_file_is_a_usage_error_at_start(pytester):
    write_suite(pytester.path / "mini")
    (pytester.path / "afile").write_text("a file")
    result = pytester.runpytest("mini", "--backend=none", "--atelier-report=afile/r.html", *OFFLINE)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--atelier-report*afile/r.html*a file, not a folder*"])
    assert "Traceback" not in result.stdout.str() + result.stderr.str()


def test_outputs_on_a_full_disk_keep_the_summary_and_gate_line(pytester, small_disk):
    write_suite(pytester.path / "mini")
    filler = fill(small_disk, leave=4000)
    result = pytester.runpytest("mini", "--backend=none", f"--atelier-json={small_disk}/results.json",
                                f"--atelier-report={small_disk}/report.html", "--atelier-gate=prompt.objective>=0.6", *OFFLINE)  # fmt: skip
    out = result.stdout.str()
    assert "gate PASS" in out and "model calls:" in out
    assert "could not be written (No space left on device)" in out and "Traceback" not in out
    assert result.ret == pytest.ExitCode.INTERNAL_ERROR
    filler.unlink()
