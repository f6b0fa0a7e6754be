"""Image-input cases over the wire: every input image reaches the chat model, in order and in
each API's own image format, as IDEA-Bench's MLLM rephrasing needs (loopback server)."""

from __future__ import annotations

import base64
import io
import json

import pytest
from PIL import Image

from pytest_atelier.components import PromptRequest
from pytest_atelier.suite import load_suite

from ..conftest import write_suite
from .helpers import make, spec

CASE = """\
id: cup_on_table
category: CO
subtask: composition
brief: Put the cup of the first image on the table of the second, twice.
input_images: [cup.jpg, table.png]
outputs: [morning light, evening light]
constraints: {spatial_relation: [the cup stands on the table]}
checkpoints:
  - {id: q1, level: 1, image: A cup on a table., prompt: Every prompt asks for a cup on a table., match: [[cup], [table]]}
"""


def _encoded(colour, fmt) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (24, 16), colour).save(buf, fmt)
    return buf.getvalue()


@pytest.fixture
def case(tmp_path):
    root = write_suite(tmp_path / "s", {"cup": CASE})
    (root / "tasks" / "cup.jpg").write_bytes(_encoded((200, 30, 30), "JPEG"))
    (root / "tasks" / "table.png").write_bytes(_encoded((120, 80, 40), "PNG"))
    suite = load_suite(root)
    task = suite.task("cup_on_table")
    return PromptRequest(task, None, 3, suite.input_image_paths(task))


def _images_sent(family: str, body: dict) -> list[tuple[str, str]]:
    """(MIME type, base64 data) of each image in the request's user turn, in order."""
    if family == "openai":
        parts = body["messages"][-1]["content"]
        urls = [p["image_url"]["url"] for p in parts if p["type"] == "image_url"]
        return [(u[5:].split(";")[0], u.split(",", 1)[1]) for u in urls]
    if family == "anthropic":
        blocks = body["messages"][-1]["content"]
        return [(b["source"]["media_type"], b["source"]["data"]) for b in blocks if b["type"] == "image"]
    parts = body["contents"][-1]["parts"]
    return [(p["inline_data"]["mime_type"], p["inline_data"]["data"]) for p in parts if "inline_data" in p]


@pytest.mark.parametrize("family,prefix,model", [("openai", "/v1", "gpt-4o"), ("anthropic", "/v1", "claude-sonnet-4-5"), ("gemini", "/v1beta", "gemini-2.5-pro")])
def test_every_input_image_is_sent_in_order_as_an_image_part(family, prefix, model, server, case, tmp_path):
    prompter = make("prompter", spec(family, model, server.url + prefix), tmp_path)
    result = prompter.write_prompt(case)
    body = json.loads(server.requests[-1]["body"])
    expected = [("image/jpeg", base64.b64encode(case.input_images[0].read_bytes()).decode()),
                ("image/png", base64.b64encode(case.input_images[1].read_bytes()).decode())]  # fmt: skip
    assert _images_sent(family, body) == expected
    text = json.dumps(body)
    assert "The 2 attached images, in order, are the input" in text and "The image model will not see them" in text
    assert "A cup on a table." not in text  # never the checklist
    assert len(result.prompts) == 2  # one prompt per output
