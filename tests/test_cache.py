"""The content-addressed cache: atomic entries, counters, blobs, and several processes."""

from __future__ import annotations

import multiprocessing

from pytest_atelier.engine.cache import Cache, CallCounter, call_key


def test_key_is_stable_and_order_independent_for_dicts():
    assert call_key("k", {"a": 1, "b": 2}) == call_key("k", {"b": 2, "a": 1})
    assert call_key("k", "x") != call_key("k", "y")


def test_get_or_call_computes_once_and_counts(tmp_path):
    cache, counter, calls = Cache(tmp_path), CallCounter(), []
    compute = lambda: calls.append(1) or {"v": 1}  # noqa: E731
    assert cache.get_or_call("prompt", "k1", compute, counter) == {"v": 1}
    assert Cache(tmp_path).get_or_call("prompt", "k1", compute, counter) == {"v": 1}
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
