"""Batch e of the IM targets is rebuilt byte for byte by task_suites/atelier/images/extract_photos_e.py
from the Qt resource archives of Debian's gcompris-qt-data and from scikit-image (skipped where the
archive is not installed), and
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


@pytest.mark.parametrize("task_id", ["im_079", "im_096", "im_114"])  # scikit-image, cropped world animal, whole farm animal
def test_a_batch_e_target_is_rebuilt_byte_for_byte(task_id, tmp_path):
    module = _extract()
    archive, folder = module.TARGETS[task_id][:2]
    if (archive, folder) != module.SKIMAGE and not (module.RCC / f"{archive}.rcc").exists():
        pytest.skip(f"needs gcompris-qt-data (Debian) to rebuild {task_id}")
    module.main([str(tmp_path), task_id])
    assert (tmp_path / f"{task_id}.jpg").read_bytes() == (IMAGES / f"{task_id}.jpg").read_bytes()


def test_every_batch_e_target_is_attributed_to_where_it_is_read_from():
    import yaml

    entries = {e["file"]: e for e in yaml.safe_load((IMAGES / "attribution" / "im_e.yaml").read_text(encoding="utf-8"))}
    module = _extract()
    for task_id, (archive, folder, file, _box) in module.TARGETS.items():
        if (archive, folder) == module.SKIMAGE:
            expected = f"{archive}/{folder}/{file}"
        else:
            expected = f"/usr/share/gcompris-qt/rcc/{archive}.rcc ({folder}/{file})"
        assert entries[f"{task_id}.jpg"]["original"] == expected


def test_the_archive_reader_refuses_other_files(tmp_path):
    other = tmp_path / "not.rcc"
    other.write_bytes(b"RIFF0000WEBP")
    with pytest.raises(ValueError, match="not a Qt resource archive"):
        _extract().rcc_file(other, "a/b.webp")


def test_the_archive_reader_names_a_missing_file():
    module = _extract()
    archive = module.RCC / "explore_farm_animals.rcc"
    if not archive.exists():
        pytest.skip("needs gcompris-qt-data (Debian)")
    assert module.rcc_file(archive, f"{module.FARM[1]}/README").startswith(b"Copyright")
    with pytest.raises(FileNotFoundError, match="unicorn.webp not found"):
        module.rcc_file(archive, f"{module.FARM[1]}/unicorn.webp")
