"""Thumbnails are made with the images, in the cache, and a first report links them into place."""

from __future__ import annotations

import json

from pytest_atelier.report import assets_folder
from pytest_atelier.report.thumbs import cached_thumbnail

from ..conftest import write_suite


def test_generated_images_get_their_thumbnail_and_the_report_reuses_it(pytester):
    write_suite(pytester.path / "mini")
    pytester.runpytest("mini", "--prompter=direct", "--backend=reference", "--judge=offline", "--atelier-images=2",
                       "-p", "no:cacheprovider", "--atelier-json=r.json", "--atelier-report=r.html")
    images = [im for run in json.loads((pytester.path / "r.json").read_text())["runs"] for im in run["images"]]
    assert images
    folder = assets_folder(pytester.path / "r.html")
    for im in images:
        cached = cached_thumbnail(pytester.path / im["path"])  # the path as written, relative or absolute
        assert cached.is_file(), f"no thumbnail beside {im['path']}"
        shown = folder / f"{im['sha256'][:24]}.jpg"
        assert shown.read_bytes() == cached.read_bytes()
        assert shown.stat().st_ino == cached.stat().st_ino  # linked, not made again
