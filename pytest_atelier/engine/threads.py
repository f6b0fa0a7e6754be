"""How many CPU threads the native libraries of one process may use.

onnxruntime (OCR), torch and OpenMP size their thread pools to every core of the machine. Under
pytest-xdist each worker does so, and N workers oversubscribe the cores N-fold: on two cores the
offline default ran 1.6x slower with ``-n 2`` than serially. Each worker therefore calls
``share_cores(workers)`` before any of those libraries starts, and they read ``cpu_threads()``.
A thread count the user set (``OMP_NUM_THREADS``) wins over the share.
"""

from __future__ import annotations

import os
import sys

__all__ = ["share_cores", "cpu_threads", "available_cores"]

_ENV_VARS = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS")
_threads: int | None = None


def available_cores() -> int:
    """Cores this process may run on (its CPU affinity where the platform tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


def share_cores(processes: int) -> int:
    """Give this process its share of the cores when ``processes`` run side by side; returns it."""
    global _threads
    user = os.environ.get("OMP_NUM_THREADS", "")
    _threads = int(user) if user.isdigit() and int(user) > 0 else max(1, available_cores() // max(1, processes))
    for var in _ENV_VARS:
        os.environ.setdefault(var, str(_threads))
    torch = sys.modules.get("torch")
    if torch is not None:  # imported already: the environment is read too late
        torch.set_num_threads(_threads)
    return _threads


def cpu_threads() -> int | None:
    """The thread count set by ``share_cores``, or None where the libraries choose."""
    return _threads
