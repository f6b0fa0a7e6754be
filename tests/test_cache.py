"""The content-addressed cache: atomic entries, counters, blobs, and several processes."""

from __future__ import annotations

import hashlib
import logging
import multiprocessing

import pytest
from PIL import Image

from pytest_atelier.engine.cache import Cache, CallCounter, call_key
from pytest_atelier.errors import ConfigError

from .test_engine import Scripted, _engine


def test_key_is_stable_and_order_independent_for_dicts():
    assert call_key("k", {"a": 1, "b": 2}) == call_key("k", {"b": 2, "a": 1})
    assert call_key("k", "x") != call_key("k", "y")


def test_get_or_call_computes_once_and_counts(tmp_path):
    cache, counter, calls = Cache(tmp_path), CallCounter(), []
    compute = lambda: calls.append(1) or {"v": 1}  # noqa: E731
    assert cache.get_or_call("other", "k1", compute, counter) == {"v": 1}
    assert Cache(tmp_path).get_or_call("other", "k1", compute, counter) == {"v": 1}
    assert len(calls) == 1 and (counter.made, counter.cached) == (1, 1)


def test_damaged_entry_is_recomputed(tmp_path):
    cache = Cache(tmp_path)
    cache.put("k", 5)
    path = next((tmp_path / "v1" / "calls").rglob("k.json"))
    path.write_text("{broken")
    assert cache.get("k") is None
    assert cache.get_or_call("x", "k", lambda: 6) == 6


def test_failed_compute_leaves_nothing_behind(tmp_path):
    cache = Cache(tmp_path)

    def boom():
        raise RuntimeError("no")

    try:
        cache.get_or_call("x", "k", boom)
    except RuntimeError:
        pass
    assert cache.get("k") is None
    assert not list((tmp_path / "v1" / "calls").rglob("*.json"))


def test_blobs_are_content_addressed(tmp_path):
    cache = Cache(tmp_path)
    path, digest = cache.put_blob(b"png-bytes")
    assert path.read_bytes() == b"png-bytes" and cache.blob_path(digest) == path
    assert cache.put_blob(b"png-bytes") == (path, digest)


def test_a_cache_folder_removed_during_the_session_is_made_again(tmp_path):
    import shutil

    cache = Cache(tmp_path)
    cache.put("ab01", {"n": 1})
    shutil.rmtree(tmp_path / "v1" / "calls")
    cache.put("ab02", {"n": 2})
    assert cache.get("ab02") == {"n": 2}
    assert not [p for p in (tmp_path / "v1").rglob(".tmp-*")]  # no temporary file left behind


def _writer(root, start):
    cache = Cache(root)
    for i in range(200):
        cache.put(f"key{(start + i) % 50}", {"i": i, "pad": "x" * 2000})
        assert cache.get(f"key{(start + i + 7) % 50}") in (None, *[{"i": j, "pad": "x" * 2000} for j in range(200)])


def test_several_processes_never_see_half_a_file(tmp_path):
    procs = [multiprocessing.Process(target=_writer, args=(tmp_path, n * 13)) for n in range(3)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert all(p.exitcode == 0 for p in procs)
    assert len(list((tmp_path / "v1" / "calls").rglob("*.json"))) == 50


VERDICT = {"checkpoint": "c01", "side": "image", "outcome": "pass", "reason": "r", "decided_by": "j", "votes": []}


@pytest.mark.parametrize(
    "kind, wrong",
    [
        ("prompt", ["a prompt"]),
        ("prompt", {"prompts": "a prompt", "meta": {}}),
        ("generate", {"sha256": 5, "meta": {}}),
        ("judge_image", {"c01": "pass"}),
        ("judge_image", [{**VERDICT, "confidence": 0.9}]),
        ("judge_image", [{**VERDICT, "outcome": "maybe"}]),
        ("score_prompt", [{"dimension": "d", "value": "high", "rationale": "", "decided_by": "j"}]),
        ("safety_image", {"flagged": "no"}),
    ],
)
def test_an_entry_of_the_wrong_shape_is_recomputed_and_logged_once(tmp_path, caplog, kind, wrong):
    cache = Cache(tmp_path)
    cache.put("k", wrong)
    right = {
        "prompt": {"prompts": ["p"], "meta": {}},
        "generate": {"sha256": cache.put_blob(b"png")[1], "meta": {}},
        "judge_image": [VERDICT],
        "score_prompt": [{"dimension": "d", "value": 4.0, "rationale": "", "decided_by": "j"}],
        "safety_image": {"flagged": False, "categories": [], "reason": "", "decided_by": "j"},
    }[kind]
    with caplog.at_level(logging.WARNING, logger="pytest_atelier.cache"):
        assert cache.get_or_call(kind, "k", lambda: right) == right
        assert cache.get_or_call(kind, "k", lambda: 1 / 0) == right  # stored: the next read is a hit
    assert len([r for r in caplog.records if "is recomputed" in r.getMessage()]) == 1


def test_a_damaged_blob_is_rewritten_and_its_entry_recomputed(tmp_path):
    cache = Cache(tmp_path)
    path, digest = cache.put_blob(b"png-bytes")
    path.write_bytes(b"png-")  # truncated
    assert not cache.blob_ok(digest)
    assert cache.put_blob(b"png-bytes") == (path, digest) and path.read_bytes() == b"png-bytes"
    path.write_bytes(b"png-")
    cache.put("g", {"sha256": digest, "meta": {}})
    calls = []
    value = Cache(tmp_path).get_or_call("generate", "g", lambda: calls.append(1) or {"sha256": cache.put_blob(b"png-bytes")[1], "meta": {}})
    assert calls == [1] and value["sha256"] == digest and hashlib.sha256(path.read_bytes()).hexdigest() == digest


def test_truncated_images_in_the_cache_are_made_again_not_reused(tmp_path):
    first = _engine(tmp_path, Scripted()).run("p", "shades", "oe_story")
    for blob in (tmp_path / "c" / "v1" / "blobs").rglob("*.png"):
        blob.write_bytes(blob.read_bytes()[:30])
    again = _engine(tmp_path, Scripted()).run("p", "shades", "oe_story")
    assert again.error is None and again.final == first.final
    assert again.calls.by_kind["generate"]["made"] == len(first.images)
    for image in again.images:
        Image.open(image.path).load()  # decodes: no "image file is truncated"


def test_a_cache_dir_that_is_a_file_is_a_config_error(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(ConfigError, match=r"cache folder .*file cannot be used .*--atelier-cache-dir"):
        Cache(tmp_path / "file")
