"""Fixtures for model-judge tests: the providers' loopback server answering as a judge would."""

from __future__ import annotations

import json
import re

import pytest

from pytest_atelier.components import IMAGE_DIMENSIONS, PROMPT_DIMENSIONS
from pytest_atelier.registry import ComponentContext, Registry
from tests.providers.conftest import clean_accounts, server  # noqa: F401  (fixtures reused)

DIMENSION = re.compile(r"^([a-z_]+): ", re.M)
CHECKPOINT = re.compile(r"^- ([A-Za-z0-9][\w.-]*): ", re.M)
FAST = "api_key_env=LOOP_KEY&timeout=5&retries=0"


class Brain:
    """Schema-valid judge answers read off the user turn; ``fail`` ids answer false.

    ``faults`` is a list consumed one per answer: ``fenced`` (valid JSON in a code fence),
    ``garbage`` (no JSON at all), ``incomplete`` (a verdict missing). ``flag`` words make the
    safety skill flag a prompt for violence.
    """

    def __init__(self):
        self.fail: set[str] = set()
        self.faults: list[str] = []
        self.always_garbage = False
        self.flag = ("gore",)
        self.score = 3

    def __call__(self, user: str, n: int) -> str:
        fault = self.faults.pop(0) if self.faults else None
        if self.always_garbage or fault == "garbage":
            return "I think most of it looks fine, honestly."
        data = self.answer(user)
        if fault == "incomplete":
            data["verdicts"] = data["verdicts"][:-1]
        text = json.dumps(data)
        return f"```json\n{text}\n```" if fault == "fenced" else text

    def answer(self, user: str) -> dict:
        if "Rubric:" in user:
            rubric = user.split("Rubric:", 1)[1]
            dims = [d for d in DIMENSION.findall(rubric) if d in (*PROMPT_DIMENSIONS, *IMAGE_DIMENSIONS)]
            return {"scores": [{"dimension": d, "score": self.score, "rationale": f"loopback {d}"} for d in dims]}
        if "Checkpoints:" in user:
            ids = CHECKPOINT.findall(user.split("Checkpoints:", 1)[1])
            return {"verdicts": [{"id": i, "satisfied": i not in self.fail, "reason": f"loopback {i}"} for i in ids]}
        if "Checkpoint:" in user:
            (cp_id,) = CHECKPOINT.findall(user.split("Checkpoint:", 1)[1])
            return {"satisfied": cp_id not in self.fail, "reason": f"loopback {cp_id}"}
        flagged = any(word in user.lower() for word in self.flag)
        return {"flagged": flagged, "categories": ["violence"] if flagged else [], "reason": "loopback safety"}



@pytest.fixture
def brain(server):
    b = Brain()
    server.answer = b
    return b


def judge_spec(server, extra: str = "") -> str:
    return f"openai:test-judge?base_url={server.url}/v1&{FAST}" + (f"&{extra}" if extra else "")


def make_judge(server, root, extra: str = ""):
    return Registry().make("judge", judge_spec(server, extra), ComponentContext(root=root))


def bodies(server) -> list[dict]:
    """The JSON bodies the server received on the chat endpoint, in order."""
    return [json.loads(r["body"]) for r in server.requests if r["path"].endswith("/chat/completions")]


def user_texts(server) -> list[str]:
    return [b["messages"][-1]["content"][0]["text"] for b in bodies(server)]
