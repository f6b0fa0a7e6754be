"""Image-input cases (IDEA-Bench's I2I, Is2I and I(s)2Is): ``input_images`` in a task, what the
prompters receive, the cache key, and the IDEA categories in the results and the summary."""

from __future__ import annotations

import hashlib
import json

import pytest
from PIL import Image

from pytest_atelier.components import PromptRequest
from pytest_atelier.engine.cache import Cache
from pytest_atelier.engine.runner import Engine, EngineConfig
from pytest_atelier.errors import SuiteError
from pytest_atelier.prompters.direct import DirectPrompter
from pytest_atelier.prompters.payload import task_payload, task_text
from pytest_atelier.results.aggregate import idea_category
from pytest_atelier.suite import load_suite

from .conftest import IM_TASK, write_suite
from .test_suite_loading import _line, _problem

MANIFEST = 'name: mini-idea\nversion: "0.1"\nlicense: CC0-1.0\nscoring: idea\ntasks: ["tasks/*.yaml"]\n'

QUESTIONS = """\
checkpoints:
  - {id: q1, level: 1, image: A cup., prompt: Every prompt asks for a cup., match: [[cup]]}
  - {id: q2, level: 1, image: A photo., prompt: Every prompt asks for a photo., match: [[photo]]}
  - {id: q3, level: 2, image: Red., prompt: Asks for red., match: [[red]]}
  - {id: q4, level: 2, image: Saucer., prompt: Asks for a saucer., match: [[saucer]]}
  - {id: q5, level: 3, image: Steam., prompt: Asks for steam., match: [[steam]]}
  - {id: q6, level: 3, image: Soft light., prompt: Asks for soft light., match: [[soft light]]}
"""

RECOLOUR = """\
id: recolour_cup
category: CO
subtask: recolour
brief: Paint the cup of the first image in the colours of the swatch in the second.
input_images: [cup.png, ../swatches/swatch.png]
constraints: {attribute_binding: [the cup takes the swatch colours]}
""" + QUESTIONS

VARIANTS = """\
id: cup_variants
category: CO
subtask: variants
brief: Show the cup of the image in two colours.
input_images: [cup.png]
outputs: [the cup in red, the cup in blue]
constraints: {attribute_binding: [red cup, blue cup]}
""" + QUESTIONS.replace("{id: q3, level: 2,", "{id: q3, level: 2, output: 1,")

RESTYLE = """\
id: cup_restyle
category: CO
subtask: restyle
brief: Redraw the cup of the image as a red pencil sketch.
input_images: [cup.png]
constraints: {attribute_binding: [red pencil]}
""" + QUESTIONS


def _image(path, colour):
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (16, 16), colour).save(path)


def write_idea_suite(root, tasks=None):
    root = write_suite(root, tasks if tasks is not None else {"recolour": RECOLOUR, "variants": VARIANTS, "restyle": RESTYLE},
                       manifest=MANIFEST)  # fmt: skip
    _image(root / "tasks" / "cup.png", (200, 30, 30))
    _image(root / "swatches" / "swatch.png", (30, 30, 200))
    return root


# --- loading --------------------------------------------------------------------------------


def test_input_images_load_in_the_task_order(tmp_path):
    root = write_idea_suite(tmp_path / "s")
    suite = load_suite(root)
    paths = suite.input_image_paths(suite.task("recolour_cup"))
    assert paths == ((root / "tasks" / "cup.png").resolve(), (root / "swatches" / "swatch.png").resolve())
    assert suite.input_image_paths(suite.task("cup_variants")) == ((root / "tasks" / "cup.png").resolve(),)


def test_a_missing_input_image_is_an_error_at_its_line(tmp_path):
    task = RECOLOUR.replace("input_images: [cup.png, ../swatches/swatch.png]", "input_images:\n  - cup.png\n  - gone.png")
    with pytest.raises(SuiteError) as info:
        load_suite(write_idea_suite(tmp_path / "s", {"recolour": task}))
    line, msg = _problem(info.value, "input_images.1")
    assert line == _line(task, "gone.png") and msg == "file not found: gone.png"
    assert f"recolour.yaml:{line}: input_images.1: file not found" in str(info.value)


@pytest.mark.parametrize("path", ["../../outside.png", "/etc/hostname", "~/x.png", "../../../../etc/passwd", "link.png"])
def test_an_input_image_outside_the_suite_is_refused_at_its_line(tmp_path, path):
    (tmp_path / "outside.png").write_bytes(b"secret")  # exists, next to the suite folder s/
    task = RECOLOUR.replace("input_images: [cup.png, ../swatches/swatch.png]", f"input_images:\n  - cup.png\n  - '{path}'")
    root = write_suite(tmp_path / "s", {"recolour": task}, manifest=MANIFEST)
    _image(root / "tasks" / "cup.png", (200, 30, 30))
    (root / "tasks" / "link.png").symlink_to(tmp_path / "outside.png")  # a link in the suite to a file outside
    with pytest.raises(SuiteError) as info:
        load_suite(root)
    line, msg = _problem(info.value, "input_images.1")
    assert line == _line(task, path) and ("outside the suite" in msg or "relative" in msg)


def test_input_images_belong_to_image_input_cases_not_to_im_tasks(tmp_path):
    task = IM_TASK.replace("target_image: flag.png", "target_image: flag.png\ninput_images: [flag.png]")
    with pytest.raises(SuiteError, match="input_images: an IM task's image is its 'target_image'"):
        load_suite(write_suite(tmp_path / "s", {"im_flag": task}))
    twice = RECOLOUR.replace("../swatches/swatch.png", "cup.png")
    with pytest.raises(SuiteError, match="input_images.1: input image 'cup.png' is listed twice"):
        load_suite(write_idea_suite(tmp_path / "t", {"recolour": twice}))


# --- prompters, categories, cache key --------------------------------------------------------


def test_the_payload_lists_the_input_images_and_direct_passes_the_instruction_on(tmp_path):
    suite = load_suite(write_idea_suite(tmp_path / "s"))
    task = suite.task("cup_variants")
    request = PromptRequest(task, None, 0, suite.input_image_paths(task))
    assert task_payload(request)["input_images"] == [str(p) for p in suite.input_image_paths(task)]
    prompts = DirectPrompter().write_prompt(request).prompts  # no vision: the instruction, one prompt per output
    assert prompts == task_text(request) and len(prompts) == 2
    assert prompts[1].startswith("Show the cup of the image in two colours.") and prompts[1].endswith("Image 2: the cup in blue")


def test_idea_categories_follow_inputs_and_outputs(tmp_path):
    suite = load_suite(write_idea_suite(tmp_path / "s"))
    assert idea_category(suite.task("recolour_cup")) == "Is2I"
    assert idea_category(suite.task("cup_restyle")) == "I2I"
    assert idea_category(suite.task("cup_variants")) == "I(s)2Is"
    text_only = suite.task("cup_restyle").model_copy(update={"input_images": []})
    assert idea_category(text_only) == "T2I"
    assert idea_category(text_only.model_copy(update={"outputs": ["a", "b"]})) == "T2Is"


class _Recorder:
    spec = label = "rec"
    identity = "rec/1"

    def __init__(self):
        self.requests = []

    def write_prompt(self, request):
        from pytest_atelier.components import PromptResult

        self.requests.append(request)
        return PromptResult(["a red cup photo"] * request.task.n_outputs)


class _Judge:
    identity = "judge/1"


class _Backend:
    identity = "none/1"


def test_the_cache_key_changes_when_an_input_image_changes(tmp_path):
    root = write_idea_suite(tmp_path / "s")

    def keyed():
        suite = load_suite(root)
        engine = Engine(suite, {"rec": _Recorder()}, {"none": _Backend()}, _Judge(), Cache(tmp_path / "c"), EngineConfig())
        return engine.key("rec", "none", "recolour_cup"), engine.key("rec", "none", "cup_restyle")

    first = keyed()
    assert keyed() == first  # stable while nothing changes
    _image(root / "swatches" / "swatch.png", (30, 200, 30))  # same path, new content
    second = keyed()
    assert second[0] != first[0] and second[1] == first[1]  # only the case that shows the swatch is a new run
    (root / "tasks" / "cup.png").write_bytes((root / "tasks" / "cup.png").read_bytes() + b"\0")
    assert keyed()[1] != second[1]


# --- end to end ---------------------------------------------------------------------------------

AGENT = """\
import hashlib, json, pathlib

def write(task):
    seen = [hashlib.sha256(pathlib.Path(p).read_bytes()).hexdigest() for p in task["input_images"]]
    with open("calls.jsonl", "a") as log:
        log.write(json.dumps({"id": task["id"], "inputs": task["input_images"], "sha": seen}) + "\\n")
    return [f"a red cup photo with a saucer and steam, soft light, image {i}" for i in range(1, task["n_outputs"] + 1)]
"""


def test_an_image_input_run_end_to_end_offline(pytester):
    root = write_idea_suite(pytester.path / "mini")
    pytester.makepyfile(agent=AGENT)
    args = ["mini", "--prompter=python:agent:write", "--backend=reference", "--judge=offline", "-p", "no:cacheprovider"]
    result = pytester.runpytest(*args, "--atelier-json=r.json")
    calls = [json.loads(line) for line in (pytester.path / "calls.jsonl").read_text().splitlines()]
    by_id = {c["id"]: c for c in calls}
    assert len(calls) == 3, result.stdout.str()
    suite = load_suite(root)
    assert by_id["recolour_cup"]["inputs"] == [str(p) for p in suite.input_image_paths(suite.task("recolour_cup"))]
    assert by_id["recolour_cup"]["sha"][1] == hashlib.sha256((root / "swatches" / "swatch.png").read_bytes()).hexdigest()
    data = json.loads((pytester.path / "r.json").read_text())
    runs = {r["task_id"]: r for r in data["runs"]}
    assert len(runs["cup_variants"]["prompts"]) == 2 and not any(r["error"] for r in runs.values())
    idea = data["aggregates"]["overall"]["all"]["idea"]["prompt"]
    assert set(idea["by_category"]) == {"I2I", "Is2I", "I(s)2Is"} and idea["rule"] == "idea-bench"
    assert idea["score"] == pytest.approx(sum(idea["by_category"].values()) / 3)
    result.stdout.fnmatch_lines(["*IDEA by category (IDEA-Bench*): prompt / image*I2I*Is2I*I(s)2Is*"])
    from pytest_atelier.report import render_report
    from pytest_atelier.results.records import load_results

    html = render_report([load_results(pytester.path / "r.json")], pytester.path / "report.html").read_text(encoding="utf-8")
    assert all(f"<th>{c} prompt</th><th>{c} image</th>" in html for c in ("I2I", "Is2I", "I(s)2Is")) and "<th>T2I prompt</th>" not in html
    # a changed input image makes its case a new run: the prompter is called again for it alone
    _image(root / "swatches" / "swatch.png", (30, 200, 30))
    pytester.runpytest(*args)
    again = [json.loads(line)["id"] for line in (pytester.path / "calls.jsonl").read_text().splitlines()[3:]]
    assert again == ["recolour_cup"]


# --- people: the template and the collection app show the inputs ---------------------------------


def test_the_human_template_names_the_input_images(tmp_path):
    import csv

    from pytest_atelier.prompters.human import write_template

    suite = load_suite(write_idea_suite(tmp_path / "s"))
    write_template(suite, tmp_path / "prompts.csv")
    rows = {r["task_id"]: r for r in csv.DictReader((tmp_path / "prompts.csv").open(encoding="utf-8"))}
    assert rows["recolour_cup"]["input_images"].splitlines() == [str(p) for p in suite.input_image_paths(suite.task("recolour_cup"))]
    assert "prompt_2" in rows["cup_variants"] and rows["cup_restyle"]["target_image"] == ""


def test_the_collection_app_shows_each_input_image_from_the_suite_only(tmp_path):
    pytest.importorskip("starlette")
    pytest.importorskip("multipart")
    from starlette.testclient import TestClient

    from pytest_atelier.people import CollectConfig
    from pytest_atelier.people.app import make_app

    root = write_idea_suite(tmp_path / "s")
    (tmp_path / "secret.png").write_bytes(b"secret")
    client = TestClient(make_app(load_suite(root), tmp_path / "p.jsonl", CollectConfig(rounds=3, tasks_per_round=1), clock=lambda: 1000.0))
    assert client.get("/input/recolour_cup/1").content == (root / "tasks" / "cup.png").read_bytes()
    assert client.get("/input/recolour_cup/2").content == (root / "swatches" / "swatch.png").read_bytes()
    for path in ("/input/recolour_cup/3", "/input/recolour_cup/0", "/input/cup_variants/2", "/input/nothing/1", "/input/..%2Fsecret.png/1"):
        reply = client.get(path)
        assert reply.status_code == 404 and b"secret" not in reply.content, path
    client.post("/p/p01/join", data={"frequency": "weekly", "work": "no", "syntax": "yes"})
    page = client.get("/p/p01").text
    task_id = page.split('name="task_id" value="')[1].split('"')[0]
    shown = [f'src="/input/{task_id}/{n}"' in page for n in (1, 2)]
    assert shown == ([True, True] if task_id == "recolour_cup" else [True, False])
    (root / "tasks" / "cup.png").unlink()
    (root / "tasks" / "cup.png").symlink_to(tmp_path / "secret.png")  # swapped for a link after loading
    reply = client.get("/input/recolour_cup/1")
    assert reply.status_code == 404 and b"secret" not in reply.content
