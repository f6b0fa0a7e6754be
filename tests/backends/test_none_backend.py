"""The ``none`` backend: prompt side only."""

from pytest_atelier.components import Backend, GenerationRequest
from pytest_atelier.registry import ComponentContext, Registry


def test_none_backend_makes_no_images(tmp_path):
    backend = Registry().make("backend", "none", ComponentContext(root=tmp_path))
    assert isinstance(backend, Backend)
    assert backend.produces_images is False
    assert backend.generate(GenerationRequest("three red circles", 4, 0)) == []
