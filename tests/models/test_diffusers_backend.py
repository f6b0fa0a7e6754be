"""The diffusers backend end to end on a tiny Stable Diffusion pipeline (random weights, CPU)."""

from __future__ import annotations

import io
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

torch = pytest.importorskip("torch", reason="the diffusers extra is not installed")
pytest.importorskip("diffusers", reason="the diffusers extra is not installed")
np = pytest.importorskip("numpy")

from PIL import Image

from pytest_atelier.backends import diffusers_backend as db
from pytest_atelier.components import GenerationRequest
from pytest_atelier.errors import AtelierWarning, BackendError, ConfigError
from pytest_atelier.registry import ComponentContext, Registry


def backend(model: Path, settings: str = "steps=2", **options):
    ctx = ComponentContext(root=model.parent, options=options)
    return Registry().make("backend", f"diffusers:{model}?{settings}", ctx)


def pixels(png: bytes):
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)


def request(prompt="a red cat on a blue mat", n=1, seed=5, size=32):
    return GenerationRequest(prompt=prompt, n=n, seed=seed, width=size, height=size)


def test_pngs_of_the_requested_size_one_seed_each(tiny_sd):
    images = backend(tiny_sd).generate(request(n=2, size=32))
    assert [im.seed for im in images] == [5, 6]
    for im in images:
        assert im.png.startswith(b"\x89PNG\r\n\x1a\n")
        assert Image.open(io.BytesIO(im.png)).size == (32, 32)
        assert im.meta["device"] == "cpu" and im.meta["dtype"] == "float32" and im.meta["steps"] == 2
    assert images[0].png != images[1].png  # different seeds, different images


def test_same_seed_same_bytes_and_image_independent_of_its_batch(tiny_sd):
    together = backend(tiny_sd).generate(request(n=3, seed=11))
    again = backend(tiny_sd).generate(request(n=3, seed=11))
    assert [im.png for im in together] == [im.png for im in again]
    alone = backend(tiny_sd, "steps=2&batch=1").generate(request(n=3, seed=11))
    assert [im.meta["batch"] for im in together] == [3, 3, 3] and [im.meta["batch"] for im in alone] == [1, 1, 1]
    for a, b in zip(together, alone):
        assert np.abs(pixels(a.png) - pixels(b.png)).max() <= 2  # float noise of batched matmuls at most
    one = backend(tiny_sd).generate(request(n=1, seed=12))[0]
    assert one.png == together[1].png  # image i of n is the image of seed + i


def test_batches_of_the_batch_setting(tiny_sd):
    images = backend(tiny_sd, "steps=2&batch=2").generate(request(n=5))
    assert [im.meta["batch"] for im in images] == [2, 2, 2, 2, 1]


def test_out_of_memory_halves_the_batch_and_retries(tiny_sd, monkeypatch):
    real, sizes = db.DiffusersBackend._call, []

    def call(self, loaded, jobs):
        sizes.append(len(jobs))
        if len(jobs) > 1:
            raise torch.OutOfMemoryError("CUDA out of memory. Tried to allocate 2.00 GiB")
        return real(self, loaded, jobs)

    monkeypatch.setattr(db.DiffusersBackend, "_call", call)
    b = backend(tiny_sd, "steps=2&batch=4")
    images = b.generate(request(n=3))
    assert len(images) == 3 and sizes == [3, 2, 1, 1, 1] and b.batch == 1
    monkeypatch.setattr(
        db.DiffusersBackend, "_call", lambda self, loaded, jobs: (_ for _ in ()).throw(RuntimeError("CUDA error: out of memory"))
    )
    with pytest.raises(BackendError, match="out of memory with one image at a time on cpu"):
        b.generate(request())


def test_concurrent_calls_share_batches(tiny_sd, monkeypatch):
    b = backend(tiny_sd, "steps=2&batch=4")
    real, first = db.DiffusersBackend._call, threading.Event()

    def call(self, loaded, jobs):
        if not first.is_set():  # hold the first batch until the three other calls are queued
            first.set()
            deadline = time.monotonic() + 10
            while len(self._queue) < 3 and time.monotonic() < deadline:
                time.sleep(0.01)
        return real(self, loaded, jobs)

    monkeypatch.setattr(db.DiffusersBackend, "_call", call)
    with ThreadPoolExecutor(4) as pool:
        made = list(pool.map(lambda seed: b.generate(request(seed=seed))[0], [1, 2, 3, 4]))
    assert [im.seed for im in made] == [1, 2, 3, 4]
    assert sorted(im.meta["batch"] for im in made) == [1, 3, 3, 3]
    single = backend(tiny_sd, "steps=2&batch=1").generate(request(seed=3))[0]
    assert np.abs(pixels(single.png) - pixels(made[2].png)).max() <= 2


def test_long_prompt_warns_and_names_the_words_cut_off(tiny_sd):
    # the test tokenizer has one token per character: "w07" is 3 tokens, 25 words fill the 75 free slots
    prompt = " ".join(f"w{i:02d}" for i in range(1, 41))
    with pytest.warns(AtelierWarning, match=r"122 tokens but the text encoder \(CLIPTokenizer\) reads 77; .*'w26 w27 .* w40'"):
        image = backend(tiny_sd).generate(request(prompt))[0]
    assert image.meta["truncated"] == " ".join(f"w{i}" for i in range(26, 41))
    assert "truncated" not in backend(tiny_sd).generate(request("a short prompt"))[0].meta


def test_truncated_words_counts_special_tokens(tiny_sd):
    from transformers import CLIPTokenizer

    tokenizer = CLIPTokenizer.from_pretrained(tiny_sd / "tokenizer")
    assert db.truncated_words(tokenizer, "abc de") == (7, [])  # <start> a b c</w> d e</w> <end>
    assert db.truncated_words(tokenizer, "") == (0, [])
    assert db.truncated_words(tokenizer, "x" * 75) == (77, [])
    assert db.truncated_words(tokenizer, "ok " + "x" * 75) == (79, ["x" * 75])


def test_scheduler_size_guidance_and_negative_settings(tiny_sd):
    b = backend(tiny_sd, "steps=2&scheduler=EulerDiscreteScheduler&size=48x32&guidance=3.5&negative=blurry")
    image = b.generate(request(size=64))[0]
    assert Image.open(io.BytesIO(image.png)).size == (48, 32)
    assert image.meta["scheduler"] == "EulerDiscreteScheduler" and image.meta["guidance"] == 3.5
    # the shared pipeline gets its own scheduler back for a backend that sets none
    assert backend(tiny_sd).generate(request())[0].meta["scheduler"] == "DDIMScheduler"


def test_one_warm_pipeline_per_model_device_and_dtype(tiny_sd):
    a, b = backend(tiny_sd), backend(tiny_sd, "steps=3&batch=1")
    assert a._pipeline() is b._pipeline()
    assert backend(tiny_sd, "dtype=bfloat16")._pipeline() is not a._pipeline()


def test_identity_names_model_files_and_settings(tiny_sd, tmp_path):
    base = backend(tiny_sd).identity
    assert base.startswith(f"diffusers/{db.VERSION}:{tiny_sd}@") and '"steps": 2' in base
    for other in ("steps=3", "steps=2&scheduler=EulerDiscreteScheduler", "steps=2&guidance=2", "steps=2&size=64x64"):
        assert backend(tiny_sd, other).identity != base
    assert backend(tiny_sd, "steps=2&device=cpu&batch=1").identity == base  # how, not what, is drawn
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / "model_index.json").write_text((tiny_sd / "model_index.json").read_text().replace("DDIM", "Euler"))
    assert backend(copy).identity.split(":")[1].split("@")[1] != base.split(":")[1].split("@")[1]


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ("steps=0", "at least 1"),
        ("steps=two", "must be integers"),
        ("size=big", "WIDTHxHEIGHT"),
        ("dtype=float8", "dtype must be one of"),
        ("scheduler=FastScheduler", "unknown scheduler 'FastScheduler'; diffusers has .*EulerDiscreteScheduler"),
        ("stepz=2", r"unknown setting\(s\) stepz; accepted: batch, device"),
    ],
)
def test_bad_settings_are_config_errors(tiny_sd, settings, message):
    with pytest.raises(ConfigError, match=message):
        backend(tiny_sd, settings)


def test_missing_or_broken_model_folder(tiny_sd, tmp_path):
    with pytest.raises(ConfigError, match="model folder './nowhere' does not exist"):
        Registry().make("backend", "diffusers:./nowhere", ComponentContext(root=tmp_path))
    with pytest.raises(ConfigError, match="name the model after the colon"):
        Registry().make("backend", "diffusers", ComponentContext(root=tmp_path))
    (tmp_path / "empty").mkdir()
    b = Registry().make("backend", "diffusers:empty", ComponentContext(root=tmp_path))
    for _ in range(2):  # the failed load is remembered, not retried per run
        with pytest.raises(BackendError, match="cannot load the diffusers pipeline"):
            b.generate(request())


def test_sdxl_is_the_sdxl_base_model_at_1024(tmp_path):
    b = Registry().make("backend", "sdxl?steps=30&device=cuda:0,cuda:1", ComponentContext(root=tmp_path))
    assert b.location == db.SDXL_MODEL and b.settings.size == (1024, 1024)
    assert b.settings.devices == ("cuda:0", "cuda:1") and b.label == "sdxl_steps_30_device_cuda:0_cuda:1"
    assert db.SDXL_MODEL in b.identity and "[1024, 1024]" in b.identity
    with pytest.raises(ConfigError, match="sdxl takes no model"):
        Registry().make("backend", "sdxl:other/model", ComponentContext(root=tmp_path))


def test_devices_from_the_run_options_pin_xdist_workers(tiny_sd, monkeypatch):
    b = backend(tiny_sd, "steps=2", devices=["cpu", "cpu"])
    assert b.settings.devices == ("cpu", "cpu")
    assert backend(tiny_sd, "steps=2&device=cpu", devices=["cuda:0"]).settings.devices == ("cpu",)  # the spec wins
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw1")
    assert b.generate(request())[0].meta["device"] == "cpu"
