"""Benchmark of the HTML report at full scale (run by hand; outside the default test run).

    python tests/benchmarks/bench_report.py [--tasks 360] [--prompters 8] [--backends 4] [--images 4]
                                            [--size 256] [--embed] [--browser] [--keep DIR]

Generates a suite and results of tasks x prompters x backends runs with n images each
(distinct PNGs of ``--size`` pixels), then prints: the time to build the fixture and its
aggregates; for ``atelier report RESULTS.json`` run as its own process, with no thumbnails
yet (cold) and with them in place (warm), the wall time, the CPU time and the peak resident
memory (ru_maxrss) of that process; the size of the HTML and of the thumbnail folder; the CSV
export's time and size; and with ``--browser`` the time headless Chromium takes to load the
page and open a task.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from pytest_atelier.report import assets_folder, render_report, write_csv
from pytest_atelier.results.records import load_results, write_results
from tests.report.fixture_gen import build_fixture

PROMPTERS = ("direct", "gpt-novice", "gpt-skilled", "gem-novice", "gem-skilled", "cl-novice", "cl-skilled", "human")
BACKENDS = ("sdxl", "flux", "gemini", "reference")


def _mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


def _folder_size(folder: Path) -> tuple[int, int]:
    files = list(folder.glob("*")) if folder.is_dir() else []
    return len(files), sum(f.stat().st_size for f in files)


def _browser(report: Path, work: Path) -> str:
    from tests.report.cdp import CHROMIUM, Browser

    if not Path(CHROMIUM).is_file():
        return "browser: skipped (no chromium)"
    with Browser(work / "profile", timeout=120) as browser:
        start = time.perf_counter()
        browser.call("Page.navigate", url=report.as_uri())
        browser.wait_for("Page.loadEventFired")
        loaded = time.perf_counter() - start
        first = browser.evaluate("document.querySelector('details.task').id")
        start = time.perf_counter()
        runs = browser.evaluate(f"""(async () => {{ const t = document.getElementById({json.dumps(first)}); t.open = true;
            while (!t.querySelector('details.run')) await new Promise(r => requestAnimationFrame(r));
            return t.querySelectorAll('details.run').length; }})()""")
        opened = time.perf_counter() - start
        heap = browser.call("Runtime.getHeapUsage")["usedSize"]
    return f"browser: load event {loaded:.2f} s; opening a task with {runs} runs {opened * 1000:.0f} ms; JS heap {_mb(heap)}"


# The child reports its own VmHWM (peak resident memory of its address space) as it exits: its ru_maxrss
# would count the memory of this process at the fork, which Linux carries over the exec.
_CHILD = """import sys
from pytest_atelier.cli import main
status = main(sys.argv[1:])
peak = next(line for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print("VmHWM", int(peak.split()[1]) * 1024, file=sys.stderr)
sys.exit(status)
"""


def _report_process(saved: Path, out: Path, *extra: str) -> tuple[float, float, int]:
    """Run ``atelier report`` as a child process: (wall s, CPU s, peak RSS in bytes) of that process alone."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", _CHILD, "report", str(saved), "-o", str(out), *extra],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=Path(__file__).resolve().parents[2])
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    err = child.stderr.read()
    child.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"atelier report failed with status {os.waitstatus_to_exitcode(status)}: {err}")
    peak = int(next(line for line in err.splitlines() if line.startswith("VmHWM")).split()[1])
    return wall, usage.ru_utime + usage.ru_stime, peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=360)
    parser.add_argument("--prompters", type=int, default=8)
    parser.add_argument("--backends", type=int, default=4)
    parser.add_argument("--images", type=int, default=4)
    parser.add_argument("--size", type=int, default=256, help="pixels of each generated image (square)")
    parser.add_argument("--n-boot", type=int, default=2000, help="bootstrap resamples for the aggregates")
    parser.add_argument("--embed", action="store_true", help="also render with embedded images")
    parser.add_argument("--browser", action="store_true", help="also time headless Chromium on the page")
    parser.add_argument("--keep", type=Path, help="work here and keep the files; a results.json already there is reused")
    args = parser.parse_args()
    prompters = PROMPTERS[: args.prompters] if args.prompters <= len(PROMPTERS) else tuple(f"p{i}" for i in range(args.prompters))
    backends = BACKENDS[: args.backends] if args.backends <= len(BACKENDS) else tuple(f"b{i}" for i in range(args.backends))
    with tempfile.TemporaryDirectory() as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        saved = work / "results.json"
        reused = saved.is_file()
        if reused:
            start = time.perf_counter()
            results = load_results(saved)
            print(f"load: {time.perf_counter() - start:.2f} s for {_mb(saved.stat().st_size)} of results; "
                  f"peak RSS so far {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
            start = time.perf_counter()
        else:
            results = build_fixture(work, n_tasks=args.tasks, prompters=prompters, backends=backends, images=args.images,
                                    image_size=args.size, n_boot=args.n_boot)
            write_results(results, saved)
        n_images = sum(len(r.images) for r in results.runs)
        print(f"fixture: {args.tasks} tasks x {len(prompters)} prompters x {len(backends)} backends x {args.images} images "
              f"= {len(results.runs):,} runs, {n_images:,} images{'' if reused else f' ({args.size} px)'}, {len(results.items):,} items; "
              f"{'loaded' if reused else 'built with aggregates'} in {time.perf_counter() - start:.1f} s")
        out = work / "report.html"
        for label in ("cold (thumbnails made)", "warm (thumbnails reused)"):
            wall, cpu, peak = _report_process(saved, out)
            count, size = _folder_size(assets_folder(out))
            print(f"atelier report, {label}: {wall:.1f} s wall, {cpu:.1f} s CPU; peak RSS {peak / 2**20:,.0f} MiB; "
                  f"HTML {_mb(out.stat().st_size)}; {count:,} thumbnails, {_mb(size)}")
        if args.embed:
            start = time.perf_counter()
            embedded = render_report([results], work / "embedded.html", embed_images=True)
            print(f"render embedded: {time.perf_counter() - start:.1f} s; HTML {_mb(embedded.stat().st_size)}")
        start = time.perf_counter()
        csv_path = write_csv(results, work / "verdicts.csv")
        print(f"csv: {time.perf_counter() - start:.1f} s; {_mb(csv_path.stat().st_size)}")
        if args.browser:
            print(_browser(out, work))
    return 0


if __name__ == "__main__":
    sys.exit(main())
