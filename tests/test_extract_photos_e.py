"""Batch e of the IM targets is rebuilt byte for byte by task_suites/atelier/images/extract_photos_e.py
from the Qt resource archives of Debian's gcompris-qt-data (skipped where it is not installed), and
the archive reader finds a named file and refuses what is not an archive."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

IMAGES = Path(__file__).resolve().parents[1] / "task_suites" / "atelier" / "images"


def _extract():
    spec = importlib.util.spec_from_file_location("extract_photos_e", IMAGES / "extract_photos_e.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("task_id", ["im_096", "im_114"])  # one cropped (world animals), one whole (farm animals)
def test_a_batch_e_target_is_rebuilt_byte_for_byte(task_id, tmp_path):
    module = _extract()
    if not (module.RCC / f"{module.TARGETS[task_id][0]}.rcc").exists():
        pytest.skip(f"needs gcompris-qt-data (Debian) to rebuild {task_id}")
    module.main([str(tmp_path), task_id])
    assert (tmp_path / f"{task_id}.jpg").read_bytes() == (IMAGES / f"{task_id}.jpg").read_bytes()


def test_every_batch_e_target_is_attributed_to_its_archive():
    import yaml

    entries = {e["file"]: e for e in yaml.safe_load((IMAGES / "attribution" / "im_e.yaml").read_text(encoding="utf-8"))}
    for task_id, (archive, folder, file, _box) in _extract().TARGETS.items():
        assert entries[f"{task_id}.jpg"]["original"] == f"/usr/share/gcompris-qt/rcc/{archive}.rcc ({folder}/{file})"


def test_the_archive_reader_refuses_other_files(tmp_path):
    other = tmp_path / "not.rcc"
    other.write_bytes(b"RIFF0000WEBP")
    with pytest.raises(ValueError, match="not a Qt resource archive"):
        _extract().rcc_file(other, "a/b.webp")
