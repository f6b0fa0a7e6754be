"""Batch d of the IM targets is rebuilt byte for byte by task_suites/atelier/images/compose_im_d.py
(one target per renderer: Pillow and openclipart, Graphviz, POV-Ray, headless Chromium). Skipped
where the Debian tools or parts it reads are not installed."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

IMAGES = Path(__file__).resolve().parents[1] / "task_suites" / "atelier" / "images"
NEEDS = {"im_013": ["/usr/share/openclipart/png"], "im_104": ["dot"], "im_061": ["povray"], "im_107": ["chromium"]}


def _compose():
    spec = importlib.util.spec_from_file_location("compose_im_d", IMAGES / "compose_im_d.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("task_id", sorted(NEEDS))
def test_a_batch_d_target_is_rebuilt_byte_for_byte(task_id, tmp_path):
    missing = [n for n in NEEDS[task_id] + ["/usr/share/fonts/truetype/liberation"] if not (shutil.which(n) or Path(n).exists())]
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (Debian) to rebuild {task_id}")
    _compose().main([str(tmp_path), task_id])
    assert (tmp_path / f"{task_id}.png").read_bytes() == (IMAGES / f"{task_id}.png").read_bytes()
