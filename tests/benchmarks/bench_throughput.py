"""How busy the plugin keeps a model API: achieved against ideal throughput (run by hand).

    python tests/benchmarks/bench_throughput.py [--tasks 128] [--latency 0.2] [--concurrency 4 16 32 64] [--workers 0 2]

Runs pytest with the plugin on a suite of ``--tasks`` tasks (cold cache), an ``openai:``
prompter and an ``openai-images:`` backend against a loopback server (in a process of its own)
that answers every request after ``--latency`` seconds: 1 prompt call and ``--images`` image
calls per task. The offline judge grades the images. ``ideal = calls x latency / C`` where C is
``--atelier-concurrency`` (the in-flight limit for the whole invocation). ``busy`` is the
server's span from the first request's arrival to the last answer, so pytest's start-up (and
collection) is left out; ``ratio`` is ideal / busy (1.0: the API never waited for the plugin).

Figures on this 2-core machine, 128 tasks (640 calls: 20 full waves at C=32), quiet machine,
2026-11-27 (C=32: three runs, all alike):

    latency 200 ms   C=4    C=16   C=32   C=64
    -n0              0.99   0.98   0.95   0.81
    -n2              0.99   0.98   0.96   0.90
    latency 1 s                    C=32   C=64
    -n0                            0.99   0.96
    -n2                            0.99   0.97

256 tasks (1280 calls), 200 ms, -n0, 2026-11-28, a loaded machine (load average ~13 on 2 cores):
busy seconds C=64 5.33 / 4.72, C=128 3.58 / 4.60 / 3.93. With one connection pool of no ceiling
C=128 took 10.7-12.8 s against 6.4-11.4 s at C=64 (httpcore scans every connection of its pool
at each request), and once stalled for 305 s; with the old ceiling of 64 connections the issue
measured 308 s. Eight pools (factory.ShardedTransport) make C=128 at least as fast as C=64.
With every request counted on its run (engine/calls.py), 2026-11-28, load average 5-8: 256 tasks
C=64 5.85 / 7.35 / 8.91 s, C=128 5.23 / 7.65 / 7.48 s (main just before, same minute: 9.87 / 8.71);
128 tasks C=64 3.63 / 3.40, C=128 3.50 / 4.68. After the merges, no other work on the machine (load
from the bench itself), 256 tasks -n0, both orders: C=64 5.78 / 8.35 s, C=128 4.94 / 5.51 s.

(Before the run-ahead engine, 40 tasks: C=4 0.59, C=32 0.07; before the call pool, slot
hand-over and gc.freeze: C=32 0.77 / 0.76.) At 200 ms and C=32 the API must be fed 160 calls a
second; the Python work around each call (HTTP client, JSON, cache files, pytest's items: some
0.9 ms of the main thread per item) shares one interpreter lock, which bounds one process at C=64.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.conftest import write_lake_suite  # noqa: E402
from tests.providers.loopback import LoopbackServer  # noqa: E402


def serve(latency: float, conn) -> None:
    times: list[tuple[float, float]] = []

    class Timed(LoopbackServer):
        def handle(self, h, method):
            start = time.time()
            super().handle(h, method)
            times.append((start, time.time()))

    server = Timed(key=None, latency=latency).start()
    conn.send(server.url)
    conn.recv()
    conn.send(times)
    server.stop()


def run(tmp: Path, tasks: int, images: int, latency: float, concurrency: int, workers: int) -> dict:
    here, there = multiprocessing.Pipe()
    child = multiprocessing.Process(target=serve, args=(latency, there), daemon=True)
    child.start()
    base = f"{here.recv()}/v1"
    cache = tmp / f"cache-{concurrency}-{workers}-{time.time_ns()}"
    args = [
        sys.executable, "-m", "pytest", "suite", "-q", "-p", "no:cacheprovider", "--no-header", "-rN",
        f"--prompter=openai:bench?base_url={base}&strategy=novice", f"--backend=openai-images:gpt-image-1?base_url={base}",
        "--judge=offline", f"--atelier-images={images}", f"--atelier-concurrency={concurrency}", f"--atelier-cache-dir={cache}",
        "--atelier-progress=0",
    ]  # fmt: skip
    if workers:
        args += ["-n", str(workers)]
    start = time.perf_counter()
    proc = subprocess.run(args, cwd=tmp, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    wall = time.perf_counter() - start
    here.send("stop")
    times = here.recv()
    child.join(timeout=5)
    if proc.returncode not in (0, 1):
        raise SystemExit(proc.stdout[-3000:] + proc.stderr[-3000:])
    calls = len(times)
    busy = max(e for _, e in times) - min(s for s, _ in times)
    ideal = calls * latency / concurrency
    errors = [line for line in proc.stdout.splitlines() if "Error" in line][:1]  # the first error, if any, explains the outcome
    tail = proc.stdout.strip().splitlines()[-1] + "".join(f"\n      {e[:300]}" for e in errors)
    return {"calls": calls, "busy": busy, "wall": wall, "ideal": ideal, "ratio": ideal / busy, "tail": tail}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=128)
    parser.add_argument("--images", type=int, default=4)
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[4, 16, 32, 64])
    parser.add_argument("--workers", type=int, nargs="+", default=[0, 2], help="xdist workers (0: no xdist)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        write_lake_suite(tmp / "suite", args.tasks)
        print(f"{args.tasks} tasks x (1 prompt + {args.images} images), server latency {args.latency * 1000:.0f} ms")
        print(f"{'-n':>3} {'C':>3} {'calls':>6} {'ideal s':>8} {'busy s':>7} {'ratio':>6} {'wall s':>7}  outcome")
        for workers in args.workers:
            for c in args.concurrency:
                r = run(tmp, args.tasks, args.images, args.latency, c, workers)
                print(f"{workers:>3} {c:>3} {r['calls']:>6} {r['ideal']:>8.2f} {r['busy']:>7.2f} {r['ratio']:>6.2f} {r['wall']:>7.2f}  {r['tail']}")


if __name__ == "__main__":
    main()
