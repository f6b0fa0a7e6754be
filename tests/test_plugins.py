"""Components from other packages: the make-hooks of a conftest, and the entry points of an
installed distribution (examples/custom-backend-plugin against a loopback web UI server)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import httpcore  # noqa: F401  loaded before pytester's in-process runs, which unload modules first imported inside them
import pytest

from .conftest import write_suite

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib
from .providers.loopback import LoopbackServer

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "custom-backend-plugin"
RUN = ["--prompter=direct", "--judge=offline", "-p", "no:cacheprovider", "--atelier-json=r.json"]

FLAT_CONFTEST = """
from PIL import Image
import io

from pytest_atelier.components import GeneratedImage


class FlatBackend:
    produces_images = True

    def __init__(self, spec):
        self.spec, self.label, self.colour = spec.raw, "set-by-the-registry", spec.setting("colour", "white")
        self.identity = f"flat/1:{self.colour}"

    def generate(self, request):
        out = io.BytesIO()
        Image.new("RGB", (request.width, request.height), self.colour).save(out, format="PNG")
        return [GeneratedImage(out.getvalue(), request.seed + i) for i in range(request.n)]


def pytest_atelier_make_backend(spec, ctx):
    return FlatBackend(spec) if spec.name == "flat" else None
"""


@pytest.fixture
def suite(pytester):
    write_suite(pytester.path / "mini")
    return "mini"


def _results(pytester) -> dict:
    return json.loads((pytester.path / "r.json").read_text())


def test_a_conftest_hook_makes_a_backend(pytester, suite):
    pytester.makeconftest(FLAT_CONFTEST)
    pytester.runpytest(suite, "--backend=flat?colour=blue", "--atelier-images=1", *RUN)
    runs = _results(pytester)["runs"]
    assert {r["backend"] for r in runs} == {"flat_colour_blue"}  # the label is what the user typed
    flag = next(r for r in runs if r["task_id"] == "im_flag")
    colour = next(v for v in flag["final"] if v["checkpoint"] == "c02" and v["side"] == "image")
    assert "blue covers 100.0% of the image" in colour["reason"]  # the image it made was judged


def _install(example: Path, site: Path) -> None:
    """What ``pip install`` leaves behind: the module and a dist-info with the entry points
    declared in the example's pyproject.toml."""
    project = tomllib.loads((example / "pyproject.toml").read_text())["project"]
    site.mkdir()
    shutil.copy(example / "atelier_sdwebui.py", site)
    info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    groups = project["entry-points"]
    (info / "entry_points.txt").write_text(
        "".join(f"[{group}]\n" + "".join(f"{name} = {target}\n" for name, target in eps.items()) for group, eps in groups.items())
    )


@pytest.fixture
def webui():
    server = LoopbackServer().start()
    yield server
    server.stop()


@pytest.fixture
def installed(pytester, tmp_path):
    _install(EXAMPLE, tmp_path / "site")
    pytester.syspathinsert(tmp_path / "site")


def test_an_installed_plugin_backend_runs_against_its_server(pytester, suite, installed, webui):
    webui.inject("500", path="/sdapi/")  # retried by pytest-atelier's transport
    spec = f"--backend=sdwebui:dreamshaper_8?base_url={webui.url}&steps=12&sampler=Euler a&retries=2&backoff=0.01"
    result = pytester.runpytest(suite, spec, "--atelier-images=2", "--atelier-seed=7", *RUN)
    assert webui.problems == []
    bodies = [json.loads(r["body"]) for r in webui.requests]
    assert len(bodies) == 3 * 2 + 1  # three tasks, two images each, one retry
    assert {(b["override_settings"]["sd_model_checkpoint"], b["steps"], b["sampler_name"], b["batch_size"]) for b in bodies} == {
        ("dreamshaper_8", 12, "Euler a", 1)
    }
    runs = _results(pytester)["runs"]
    assert {r["backend"] for r in runs} == {"sdwebui:dreamshaper_8_steps_12_sampler_Euler_a"}  # no address, no retries
    assert all(len(r["images"]) == 2 and not r["error"] for r in runs)
    assert sorted(b["seed"] for b in bodies[1:]) == sorted(i["seed"] for r in runs for i in r["images"])  # one seed per image
    assert result.parseoutcomes()["passed"] > 0

    again = pytester.runpytest(suite, spec, "--atelier-images=2", "--atelier-seed=7", *RUN)
    assert len(webui.requests) == 7  # every image came from the cache
    again.stdout.fnmatch_lines(["model calls: 0 API requests sent (0 of them retries), 6 answers from the cache"])


def test_a_plugin_failure_is_an_error_item_not_a_failed_checkpoint(pytester, suite, installed, webui):
    webui.inject(*["empty_image"] * 3, path="/sdapi/")
    result = pytester.runpytest(suite, f"--backend=sdwebui:m?base_url={webui.url}", "--atelier-images=1", "-k", "oe_", *RUN)
    assert result.parseoutcomes()["errors"] == 7  # both sides of three checkpoints and the subjective item
    # told in one line per item, without a traceback
    result.stdout.fnmatch_lines(["*ERROR at setup of oe_garden prompt-c01*", "run oe_garden [[]direct / sdwebui:m[]] failed: ProviderError: sdwebui m returned no image*"])
    assert "Traceback" not in result.stdout.str() and "def setup" not in result.stdout.str()


def test_installed_backends_are_listed_and_bad_specs_explained(pytester, suite, installed):
    result = pytester.runpytest(suite, "--backend=sdwebu:m", *RUN)
    result.stdout.fnmatch_lines(["*unknown backend 'sdwebu'*Available backends: *sdwebui*"])
    result = pytester.runpytest(suite, "--backend=sdwebui:m", *RUN)
    result.stdout.fnmatch_lines(["*sdwebui has no hosted API; give the server's address with ?base_url=http://HOST:PORT*"])
    result = pytester.runpytest(suite, "--backend=sdwebui:m?base_url=http://127.0.0.1:9&stepz=3", *RUN)
    result.stdout.fnmatch_lines(["*unknown setting(s) stepz; accepted: *steps*"])
