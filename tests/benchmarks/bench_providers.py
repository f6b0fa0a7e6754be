"""Throughput of the HTTP provider stack against the loopback server (run by hand).

    python tests/benchmarks/bench_providers.py [--tasks 360] [--images 4] [--latency 0.02]

Each task is one prompter call (``openai:`` chat) and ``--images`` image calls
(``openai-images:``), against a loopback server that answers every request after a fixed
latency. Tasks run on a pool of C threads and the transport lets C requests fly at once, for
C in 1, 8 and 32. The server runs in a process of its own. The ideal wall time is calls x latency / C; the ratio reported is ideal /
measured (1.0 means the stack adds nothing to the server's latency). A last run with no latency
gives the ceiling of this machine (client and server share its cores): where ideal
throughput exceeds it, the ratio is bounded by the machine, not by the transport.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pytest_atelier.components import GenerationRequest, PromptRequest  # noqa: E402
from pytest_atelier.providers.usage import TRACKER  # noqa: E402
from pytest_atelier.registry import ComponentContext, Registry  # noqa: E402
from pytest_atelier.suite import load_suite  # noqa: E402
from tests.conftest import write_suite  # noqa: E402
from tests.providers.loopback import LoopbackServer  # noqa: E402


def serve(latency: float, conn) -> None:
    """The loopback server, in its own process so that it does not share the client's GIL."""
    server = LoopbackServer(key=None, latency=latency).start()
    conn.send(server.url)
    conn.recv()
    conn.send(len(server.requests))
    server.stop()


def run(tasks: int, images: int, latency: float, concurrency: int, root: Path) -> dict:
    here, there = multiprocessing.Pipe()
    child = multiprocessing.Process(target=serve, args=(latency, there), daemon=True)
    child.start()
    try:
        suite = load_suite(root / "suite")
        base = f"{here.recv()}/v1"
        ctx = ComponentContext(root=root, options={"concurrency": concurrency})
        registry = Registry()
        prompter = registry.make("prompter", f"openai:bench-model?base_url={base}", ctx)  # a fresh server: fresh limits
        backend = registry.make("backend", f"openai-images:gpt-image-1?base_url={base}", ctx)
        task_list = [suite.tasks[i % len(suite.tasks)] for i in range(tasks)]

        def one(i: int) -> int:
            task = task_list[i]
            result = prompter.write_prompt(PromptRequest(task, suite.target_image_path(task), seed=i))
            made = 0
            for k in range(images):
                made += len(backend.generate(GenerationRequest(prompt=result.prompts[0], n=1, seed=1000 * i + k)))
            return made

        TRACKER.reset()
        start = time.perf_counter()
        with ThreadPoolExecutor(max_workers=concurrency) as pool:
            made = sum(pool.map(one, range(tasks)))
        wall = time.perf_counter() - start
        here.send("stop")
        calls = here.recv()
        assert made == tasks * images and calls == TRACKER.snapshot()["calls"] == tasks * (1 + images), (made, calls)
        ideal = calls * latency / concurrency
        return {"concurrency": concurrency, "calls": calls, "wall_s": wall, "ideal_s": ideal, "calls_per_s": calls / wall, "ratio": ideal / wall}
    finally:
        child.join(timeout=5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=360)
    parser.add_argument("--images", type=int, default=4)
    parser.add_argument("--latency", type=float, default=0.02)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 8, 32])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        write_suite(root / "suite")
        print(f"{args.tasks} tasks x (1 prompt + {args.images} images), server latency {args.latency * 1000:.0f} ms")
        print(f"{'C':>3} {'calls':>6} {'wall s':>8} {'ideal s':>8} {'calls/s':>8} {'ideal/wall':>10}")
        for c in args.concurrency:
            r = run(args.tasks, args.images, args.latency, c, root)
            print(f"{c:>3} {r['calls']:>6} {r['wall_s']:>8.2f} {r['ideal_s']:>8.2f} {r['calls_per_s']:>8.1f} {r['ratio']:>10.2f}")
        top = max(args.concurrency)
        ceiling = run(args.tasks, args.images, 0.0, top, root)
        print(f"machine ceiling (server latency 0, C={top}, client and server on this machine): {ceiling['calls_per_s']:.0f} calls/s")


if __name__ == "__main__":
    main()
