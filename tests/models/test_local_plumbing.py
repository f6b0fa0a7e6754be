"""Device pinning, model locations and missing extras: the parts that need no model."""

from __future__ import annotations

import sys
import types

import pytest

from pytest_atelier.errors import ConfigError, MissingExtraError
from pytest_atelier.providers.hf_local import (
    WarmCache,
    local_digest,
    model_location,
    parse_devices,
    pick_device,
    resolve_device,
)
from pytest_atelier.registry import ComponentContext, Registry


@pytest.mark.parametrize(
    ("worker", "expected"),
    [(None, "cuda:0"), ("gw0", "cuda:0"), ("gw1", "cuda:1"), ("gw2", "cuda:2"), ("gw3", "cuda:0"), ("gw7", "cuda:1"), ("master", "cuda:0")],
)
def test_xdist_worker_n_takes_device_n_modulo_the_list(worker, expected):
    assert pick_device(["cuda:0", "cuda:1", "cuda:2"], worker) == expected


def test_device_lists_from_spec_strings_and_options():
    assert parse_devices("cuda:0, cuda:1,") == ("cuda:0", "cuda:1")
    assert parse_devices(["cuda:2"]) == ("cuda:2",) and parse_devices(None) == () and parse_devices("") == ()
    with pytest.raises(ValueError, match="no devices"):
        pick_device([], "gw0")


def _fake_torch(cuda: bool, mps: bool = False):
    return types.SimpleNamespace(
        cuda=types.SimpleNamespace(is_available=lambda: cuda),
        backends=types.SimpleNamespace(mps=types.SimpleNamespace(is_available=lambda: mps)),
    )


def test_resolve_device_pins_the_worker_and_resolves_auto(monkeypatch):
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw5")
    assert resolve_device(("cuda:0", "cuda:1"), _fake_torch(cuda=True)) == "cuda:1"
    assert resolve_device((), _fake_torch(cuda=True)) == "cuda"
    assert resolve_device(("auto",), _fake_torch(cuda=False, mps=True)) == "mps"
    monkeypatch.delenv("PYTEST_XDIST_WORKER")
    assert resolve_device((), _fake_torch(cuda=False)) == "cpu"
    assert resolve_device(("cuda:1", "cuda:0"), _fake_torch(cuda=True)) == "cuda:1"


def test_model_location_and_digest(tmp_path):
    (tmp_path / "models" / "mine").mkdir(parents=True)
    assert model_location("models/mine", tmp_path) == str((tmp_path / "models" / "mine").resolve())
    assert model_location("org/name", tmp_path) == "org/name"  # a Hub id
    for path in ("./missing", "/no/such/folder", "a/b/c"):
        with pytest.raises(ConfigError, match="does not exist"):
            model_location(path, tmp_path)
    folder = tmp_path / "models" / "mine"
    assert local_digest("org/name") == "" and local_digest(str(folder)) == local_digest(str(folder))
    empty = local_digest(str(folder))
    (folder / "model_index.json").write_text('{"_class_name": "StableDiffusionPipeline"}')
    assert local_digest(str(folder)) not in ("", empty)


def test_warm_cache_loads_once_and_remembers_failures():
    cache, calls = WarmCache(), []
    assert cache.get(("a",), lambda: calls.append(1) or "model") == "model"
    assert cache.get(("a",), lambda: calls.append(1) or "other") == "model" and calls == [1]

    def broken():
        calls.append(2)
        raise OSError("no such file")

    for _ in range(2):
        with pytest.raises(OSError, match="no such file"):
            cache.get(("b",), broken)
    assert calls == [1, 2]


@pytest.mark.parametrize(
    ("role", "spec", "module", "extra"),
    [
        ("backend", "diffusers:org/model", "diffusers", "diffusers"),
        ("backend", "sdxl", "torch", "diffusers"),
        ("prompter", "hf:org/model", "transformers", "hf"),
    ],
)
def test_missing_extra_names_it(monkeypatch, tmp_path, role, spec, module, extra):
    monkeypatch.setitem(sys.modules, module, None)  # "import module" now raises ImportError
    with pytest.raises(MissingExtraError, match=rf"needs the Python module '{module}'.*pip install 'pytest-atelier\[{extra}\]'"):
        Registry().make(role, spec, ComponentContext(root=tmp_path))
