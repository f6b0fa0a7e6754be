"""Benchmarks of the plugin itself (run by hand; outside the default test run).

    python tests/benchmarks/bench_plugin.py [--suite task_suites/atelier] [--select "_00"]

Prints: collection time for ~10,000 items against a plain parametrized file of the same size;
the per-item overhead on a warm cache; the offline default's wall time over a suite, serial and
with -n 2 (cold cache, then warm).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TASKS, CHECKPOINTS = 500, 10  # 500 x (10 x 2 sides + 1 subjective) = 10,500 items

TASK = """\
id: t{n:04d}
category: OE
brief: A calm lake at dusk for task {n}, with no people and no boats.
tags: {{entities: [environment], visual_style: [photorealistic]}}
primitives: {{abstract_intent: {k}}}
checkpoints:
{cps}"""

CP = """  - id: c{i:02d}
    primitive: abstract_intent
    image: The picture feels calm ({i}).
    prompt: The prompt asks for calm ({i}).
    match: [[calm, serene]]
"""


def _pytest(args: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pytest", *args], cwd=cwd, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        raise SystemExit(f"pytest {' '.join(args)} failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-2000:]}")
    return elapsed


def _best(args, cwd, repeat=3) -> float:
    return min(_pytest(args, cwd) for _ in range(repeat))


def collection(work: Path) -> None:
    suite = work / "big"
    (suite / "tasks").mkdir(parents=True)
    (suite / "suite.yaml").write_text('name: big\nversion: "1"\nlicense: CC0-1.0\n')
    cps = "".join(CP.format(i=i) for i in range(CHECKPOINTS))
    for n in range(TASKS):
        (suite / "tasks" / f"t{n:04d}.yaml").write_text(TASK.format(n=n, k=CHECKPOINTS, cps=cps))
    items = TASKS * (2 * CHECKPOINTS + 1)
    (work / "test_plain.py").write_text(
        f"import pytest\n@pytest.mark.parametrize('i', range({items}))\ndef test_plain(i):\n    pass\n"
    )
    atelier = _best(["big", "--collect-only", "-q", "-p", "no:cacheprovider", "--backend=none"], work)
    plain = _best(["test_plain.py", "--collect-only", "-q", "-p", "no:cacheprovider"], work)
    print(f"collection of {items} items: atelier {atelier:.2f} s, plain parametrized {plain:.2f} s, ratio {atelier / plain:.2f}")

    args = ["big", "-q", "-p", "no:cacheprovider", "--backend=none", "--judge=offline", "--prompter=direct"]
    cold = _pytest(args, work)
    warm = _best(args, work)
    run_plain = _best(["test_plain.py", "-q", "-p", "no:cacheprovider"], work)
    print(
        f"run of {items} items, backend none: cold {cold:.2f} s, warm {warm:.2f} s, plain {run_plain:.2f} s; "
        f"warm per-item overhead over plain {(warm - run_plain) / items * 1e3:.3f} ms"
    )


def suite_wall_time(suite: Path, select: str | None) -> None:
    for label, extra in (("serial", []), ("-n 2", ["-n", "2"])):
        cache = Path(tempfile.mkdtemp(prefix="atelier-bench-cache-"))
        args = [str(suite), "-q", "-p", "no:cacheprovider", f"--atelier-cache-dir={cache}", *extra]
        if select:
            args += ["-k", select]
        cold = _pytest(args, Path.cwd())
        warm = _pytest(args, Path.cwd())
        shutil.rmtree(cache, ignore_errors=True)
        what = f"{suite} -k {select!r}" if select else str(suite)
        print(f"offline default over {what} ({label}): cold cache {cold:.1f} s, warm cache {warm:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--suite", default="task_suites/atelier", help="suite for the wall-time measurement")
    parser.add_argument("--select", help="a -k expression to time part of the suite")
    parser.add_argument("--skip-suite", action="store_true")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpus")
    with tempfile.TemporaryDirectory() as tmp:
        collection(Path(tmp))
    if not args.skip_suite:
        suite_wall_time(Path(args.suite), args.select)


if __name__ == "__main__":
    main()
