"""A small tmpfs to fill up: disk-full tests run on it (skipped, with the reason, where mounting is not allowed)."""

from __future__ import annotations

import contextlib
import os
import subprocess
from pathlib import Path

import pytest

__all__ = ["small_disk", "fill"]


@pytest.fixture
def small_disk(tmp_path):
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs to fill up here ({done.stderr.strip() or 'not root'})")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def fill(folder: Path, leave: int) -> Path:
    """A file that takes every free byte of ``folder``'s file system but about ``leave``."""
    stat = os.statvfs(folder)
    free = stat.f_bavail * stat.f_frsize
    filler = folder / "filler.bin"
    with filler.open("wb") as handle, contextlib.suppress(OSError):
        handle.write(b"\0" * max(0, free - leave))
    return filler
