"""The in-flight limit shared by processes: never more than n at once, in-process hand-over, fair parts."""

from __future__ import annotations

import multiprocessing
import threading
import time

from pytest_atelier.providers.shared import SharedSlots


def _overlap(spans: list[tuple[float, float]]) -> int:
    events = sorted([(s, 1) for s, _ in spans] + [(e, -1) for _, e in spans])
    now = peak = 0
    for _, step in events:
        now += step
        peak = max(peak, now)
    return peak


def _hold(slots: SharedSlots, spans: list, seconds: float, lock: threading.Lock) -> None:
    with slots:
        start = time.time()
        time.sleep(seconds)
        end = time.time()
    with lock:
        spans.append((start, end))


def _process(folder: str, n: int, share: int, threads: int, calls: int, out, start, delay: float) -> None:
    slots, spans, lock = SharedSlots(folder, n, share=share), [], threading.Lock()
    start.wait(30)  # both processes begin together, then this one waits ``delay``
    began = time.time() + delay
    time.sleep(delay)

    def work():
        for _ in range(calls):
            _hold(slots, spans, 0.02, lock)

    pool = [threading.Thread(target=work) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    out.put((began, spans))


def test_threads_of_one_process_never_exceed_n_and_all_finish(tmp_path):
    slots, spans, lock = SharedSlots(tmp_path, 3), [], threading.Lock()
    pool = [threading.Thread(target=lambda: [_hold(slots, spans, 0.01, lock) for _ in range(5)]) for _ in range(8)]
    for t in pool:
        t.start()
    for t in pool:
        t.join(10)
    assert len(spans) == 40
    assert _overlap(spans) == 3  # full, never past the limit


def test_two_processes_together_never_exceed_n_and_a_late_one_gets_its_part_at_once(tmp_path):
    ctx = multiprocessing.get_context("spawn")
    out, start = ctx.Queue(), ctx.Barrier(2)
    procs = [ctx.Process(target=_process, args=(str(tmp_path), 4, 2, 6, 20, out, start, delay)) for delay in (0.0, 0.15)]
    for p in procs:
        p.start()
    (early_began, early), (late_began, late) = sorted(out.get(timeout=60) for _ in procs)
    for p in procs:
        p.join(10)
    assert len(early) == len(late) == 120
    assert _overlap(early + late) <= 4
    # the early process had all 4 slots; it keeps handing over only its fair part (2), so the
    # late one starts within a few 20 ms requests, long before the early one is done
    assert min(s for s, _ in late) - late_began < 0.1
    assert max(e for _, e in early) - late_began > 0.3
