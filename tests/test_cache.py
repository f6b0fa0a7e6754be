"""The content-addressed cache: atomic entries, counters, blobs, and several processes."""

from __future__ import annotations

import hashlib
import logging
import multiprocessing

import pytest
from PIL import Image

from pytest_atelier.engine.cache import Cache, call_key
from pytest_atelier.engine.calls import CallCounter
from pytest_atelier.errors import ConfigError

from .test_engine import Scripted, _engine


def test_key_is_stable_and_order_independent_for_dicts():
    assert call_key("k", {"a": 1, "b": 2}) == call_key("k", {"b": 2, "a": 1})
    assert call_key("k", "x") != call_key("k", "y")


def test_get_or_call_computes_once_and_counts_the_reuse(tmp_path):
    cache, counter, calls = Cache(tmp_path), CallCounter(), []
    compute = lambda: calls.append(1) or {"v": 1}  # noqa: E731
    assert cache.get_or_call("other", "k1", compute, counter) == {"v": 1}
    assert Cache(tmp_path).get_or_call("other", "k1", compute, counter) == {"v": 1}
    # computing sends no request by itself (the transport counts those): only the reuse is counted
    assert len(calls) == 1 and (counter.requests, counter.cached) == (0, 1)


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
    made = []
    engine = _engine(tmp_path, Scripted())
    shades = engine.backends["shades"]
    real = shades.generate
    shades.generate = lambda request: made.append(request.seed) or real(request)
    again = engine.run("p", "shades", "oe_story")
    assert again.error is None and again.final == first.final
    assert len(made) == len(first.images) and again.calls.by_kind.get("generate", {}).get("cached", 0) == 0
    for image in again.images:
        Image.open(image.path).load()  # decodes: no "image file is truncated"


def test_a_cache_dir_that_is_a_file_is_a_config_error(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(ConfigError, match=r"cache folder .*file cannot be used .*--atelier-cache-dir"):
        Cache(tmp_path / "file")


# --- issue 29: no entry of the wrong shape breaks a run; no flipped bit is reused ----------------------------

import json  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pytest_atelier.engine.cache import SHAPES, shape_problem  # noqa: E402

RIGHT = {
    "prompt": {"prompts": ["a red boat"], "meta": {"cost_usd": 0.01}},
    "judge_image": [VERDICT],
    "judge_prompt": [{**VERDICT, "side": "prompt"}],
    "score_prompt": [{"dimension": "d", "value": 4.0, "rationale": "clear", "decided_by": "j"}],
    "safety_image": {"flagged": False, "categories": [], "reason": "", "decided_by": "j"},
    "metrics": [{"name": "colour.hist", "value": 0.5, "detail": ""}],
    "other": {"anything": [1, 2.5, "x", None]},
}
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


def _entry(root: Path, key: str) -> Path:
    return root / "v1" / "calls" / key[:2] / f"{key}.json"


@pytest.mark.parametrize("raw", [b"[1,2,3]", b"42", b"null", b'"value"', b'{"value": 1, "more": 2}', b"\xff\xfe{}", b""])
def test_an_entry_that_is_not_a_cache_envelope_is_recomputed(tmp_path, raw):
    cache = Cache(tmp_path)
    cache.put("kk", RIGHT["prompt"])
    _entry(tmp_path, "kk").write_bytes(raw)
    assert cache.get_or_call("prompt", "kk", lambda: RIGHT["prompt"]) == RIGHT["prompt"]
    assert Cache(tmp_path).get("kk", "prompt") == RIGHT["prompt"]  # stored again, whole


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(RIGHT)), value=JSON, envelope=st.sampled_from(["raw", "legacy", "checked"]))
def test_any_json_in_an_entry_is_either_a_value_of_its_shape_or_recomputed(kind, value, envelope):
    with tempfile.TemporaryDirectory() as folder:
        cache = Cache(folder)
        cache.put("kk", RIGHT[kind])
        wrapped = {"raw": value, "legacy": {"value": value}, "checked": None}[envelope]
        if envelope == "checked":
            cache.put("kk", value)
        else:
            _entry(Path(folder), "kk").write_text(json.dumps(wrapped))
        got = cache.get_or_call(kind, "kk", lambda: RIGHT[kind])
        assert got == RIGHT[kind] or (got == value and shape_problem(kind, got) is None)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(RIGHT)), where=st.floats(0, 1, exclude_max=True), bit=st.integers(0, 7))
def test_a_flipped_bit_in_an_entry_is_never_reused(kind, where, bit):
    with tempfile.TemporaryDirectory() as folder:
        Cache(folder).put("kk", RIGHT[kind])
        path = _entry(Path(folder), "kk")
        data = bytearray(path.read_bytes())
        data[int(where * len(data))] ^= 1 << bit
        path.write_bytes(bytes(data))
        assert Cache(folder).get_or_call(kind, "kk", lambda: RIGHT[kind]) == RIGHT[kind]


def test_every_cached_kind_of_the_engine_has_a_shape():
    assert set(RIGHT) - {"other"} <= set(SHAPES)
