"""Tiny local models for tests/models, built once per session into a temporary folder."""

from __future__ import annotations

import pytest

from .tiny import build_tiny_lm, build_tiny_sd, build_tiny_vlm


@pytest.fixture(scope="session")
def tiny_sd(tmp_path_factory):
    pytest.importorskip("torch", reason="the diffusers extra is not installed")
    pytest.importorskip("diffusers", reason="the diffusers extra is not installed")
    pytest.importorskip("transformers", reason="the diffusers extra is not installed")
    return build_tiny_sd(tmp_path_factory.mktemp("models") / "tiny-sd")


@pytest.fixture(scope="session")
def tiny_lm(tmp_path_factory):
    pytest.importorskip("torch", reason="the hf extra is not installed")
    pytest.importorskip("transformers", reason="the hf extra is not installed")
    return build_tiny_lm(tmp_path_factory.mktemp("models") / "tiny-lm")


@pytest.fixture(scope="session")
def tiny_vlm(tmp_path_factory):
    pytest.importorskip("torch", reason="the hf extra is not installed")
    pytest.importorskip("transformers", reason="the hf extra is not installed")
    return build_tiny_vlm(tmp_path_factory.mktemp("models") / "tiny-vlm")


@pytest.fixture(autouse=True)
def one_torch_thread():
    """Tiny models run ~50x faster on one thread: thread start-up dwarfs their few flops."""
    try:
        import torch
    except ImportError:
        yield
        return
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)
