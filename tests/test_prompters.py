"""The offline prompters: direct, python: and cmd: (the user's own agent)."""

from __future__ import annotations

import sys

import pytest

from pytest_atelier.components import PromptRequest
from pytest_atelier.errors import ConfigError, PrompterError
from pytest_atelier.registry import ComponentContext, Registry
from pytest_atelier.suite import load_suite


@pytest.fixture
def suite(mini_suite):
    return load_suite(mini_suite)


def _request(suite, task_id):
    task = suite.task(task_id)
    return PromptRequest(task=task, target_image=suite.target_image_path(task), seed=3)


def _make(spec, root, **options):
    return Registry().make("prompter", spec, ComponentContext(root=root, options=options))


def test_direct_uses_brief_and_constraint_fields(suite, tmp_path):
    prompts = _make("direct", tmp_path).write_prompt(_request(suite, "co_sign")).prompts
    assert len(prompts) == 1
    assert prompts[0].startswith("A shop sign for a bakery.")
    assert 'Text: The sign reads "OPEN"' in prompts[0] and "Quantities: three red circles" in prompts[0]


def test_python_prompter_gets_payload_without_checklist(suite, tmp_path):
    (tmp_path / "agent_mod.py").write_text(
        "import json\nSEEN = []\ndef write(task):\n    SEEN.append(task)\n    return 'A poster: ' + task['brief']\n"
    )
    prompter = _make("python:agent_mod:write", tmp_path)
    result = prompter.write_prompt(_request(suite, "im_flag"))
    seen = sys.modules["agent_mod"].SEEN[0]
    assert result.prompts == ["A poster: Write a prompt that reproduces this image. The client remembers it as three red stripes."]
    assert seen["target_image"].endswith("flag.png") and "checkpoints" not in seen and "reference_prompt" not in seen
    assert prompter.identity.startswith("python/1:agent_mod:write:")


def test_python_prompter_errors(suite, tmp_path):
    (tmp_path / "bad_agent.py").write_text("def write(task):\n    raise ValueError('model down')\ndef many(task):\n    return ['a', 'b']\n")
    with pytest.raises(PrompterError, match="raised ValueError: model down"):
        _make("python:bad_agent:write", tmp_path).write_prompt(_request(suite, "co_sign"))
    with pytest.raises(PrompterError, match="returned 2 prompts; the task needs 1"):
        _make("python:bad_agent:many", tmp_path).write_prompt(_request(suite, "co_sign"))
    with pytest.raises(ConfigError, match="cannot import"):
        _make("python:nowhere_mod:write", tmp_path)


def _script(tmp_path, name, body):
    path = tmp_path / name
    path.write_text(f"#!{sys.executable}\n" + body)
    path.chmod(0o755)
    return f"cmd:./{name}"


def test_cmd_reads_json_on_stdin_and_prints_prompt(suite, tmp_path):
    spec = _script(
        tmp_path,
        "agent.py",
        "import json, os, sys\ntask = json.load(sys.stdin)\n"
        "print(task['id'], os.environ['ATELIER_TASK_ID'], task['category'], os.path.basename(task['target_image']))\n",
    )
    result = _make(spec, tmp_path).write_prompt(_request(suite, "im_flag"))
    assert result.prompts == ["im_flag im_flag IM flag.png"]


def test_cmd_json_answer_and_failures(suite, tmp_path):
    ok = _script(tmp_path, "json_agent.py", "import json\nprint(json.dumps({'prompts': ['one prompt']}))\n")
    assert _make(ok, tmp_path).write_prompt(_request(suite, "co_sign")).prompts == ["one prompt"]
    failing = _script(tmp_path, "fail.py", "import sys\nsys.stderr.write('quota exceeded')\nsys.exit(3)\n")
    with pytest.raises(PrompterError, match="exited with status 3 on task co_sign: quota exceeded"):
        _make(failing, tmp_path).write_prompt(_request(suite, "co_sign"))
    slow = _script(tmp_path, "slow.py", "import time\ntime.sleep(5)\n")
    with pytest.raises(PrompterError, match="timed out after 0.5 s"):
        _make(slow, tmp_path, prompter_timeout=0.5).write_prompt(_request(suite, "co_sign"))
    empty = _script(tmp_path, "empty.py", "print('   ')\n")
    with pytest.raises(PrompterError, match="empty prompt"):
        _make(empty, tmp_path).write_prompt(_request(suite, "co_sign"))
    broken = _script(tmp_path, "broken.py", "print('{not json')\n")
    with pytest.raises(PrompterError, match="malformed JSON"):
        _make(broken, tmp_path).write_prompt(_request(suite, "co_sign"))
