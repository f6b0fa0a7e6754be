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
    """Schema-valid judge answers read off the user turn; ``fail`` ids answer fail,
    ``cannot_tell`` ids (id -> reason) answer cannot_tell with that reason.

    ``faults`` is a list consumed one per answer: ``fenced`` (valid JSON in a code fence),
    ``garbage`` (no JSON at all), ``incomplete`` (a verdict missing), ``maybe`` (a verdict
    value outside the schema's enum), ``silent`` (cannot_tell with an empty reason).
    ``flag`` words make the safety skill flag a prompt for violence.
    """

    def __init__(self):
        self.fail: set[str] = set()
        self.cannot_tell: dict[str, str] = {}
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
        if fault in ("maybe", "silent"):
            first = data["verdicts"][0] if "verdicts" in data else data
            first.update({"verdict": "maybe"} if fault == "maybe" else {"verdict": "cannot_tell", "reason": " "})
        text = json.dumps(data)
        return f"```json\n{text}\n```" if fault == "fenced" else text

    def answer(self, user: str) -> dict:
        if "Rubric:" in user:
            rubric = user.split("Rubric:", 1)[1]
            dims = [d for d in DIMENSION.findall(rubric) if d in (*PROMPT_DIMENSIONS, *IMAGE_DIMENSIONS)]
            return {"scores": [{"dimension": d, "score": self.score, "rationale": f"loopback {d}"} for d in dims]}
        if "Checkpoints:" in user:
            ids = CHECKPOINT.findall(user.split("Checkpoints:", 1)[1])
            return {"verdicts": [{"checkpoint": i, **self.verdict(i)} for i in ids]}
        if "Checkpoint:" in user:
            (cp_id,) = CHECKPOINT.findall(user.split("Checkpoint:", 1)[1])
            return self.verdict(cp_id)
        flagged = any(word in user.lower() for word in self.flag)
        return {"flagged": flagged, "categories": ["violence"] if flagged else [], "reason": "loopback safety"}

    def verdict(self, cp_id: str) -> dict:
        if cp_id in self.cannot_tell:
            return {"reason": self.cannot_tell[cp_id], "verdict": "cannot_tell"}
        return {"reason": f"loopback {cp_id}", "verdict": "fail" if cp_id in self.fail else "pass"}


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
