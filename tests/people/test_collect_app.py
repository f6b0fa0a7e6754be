"""``atelier collect``: the web app people write prompts in, driven through its real ASGI app."""

from __future__ import annotations

import json
import re
import socket
import threading
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("multipart")
from starlette.testclient import TestClient  # noqa: E402

from pytest_atelier.people import CollectConfig, order_plan  # noqa: E402
from pytest_atelier.people.app import make_app  # noqa: E402
from pytest_atelier.people.store import sidecar_path  # noqa: E402
from pytest_atelier.suite.loader import load_suite  # noqa: E402

from ..conftest import IM_TASK, write_lake_suite, write_suite  # noqa: E402

SKILLED = {"frequency": "weekly", "work": "no", "syntax": "yes"}
MULTI_TASK = """\
id: oe_story
category: OE
brief: Two pictures for a picture book page about a fox.
outputs: [The fox wakes up., The fox finds a red apple.]
tags: {entities: [animal]}
primitives: {abstract_intent: 1}
checkpoints:
  - id: c01
    primitive: abstract_intent
    image: A fox appears.
    prompt: The prompt asks for a fox.
    match: [[fox]]
"""


class Clock:
    def __init__(self):
        self.now = 1000.0
        self.lock = threading.Lock()

    def __call__(self) -> float:
        return self.now


def _app(suite_dir: Path, out: Path, clock: Clock, **config):
    return make_app(load_suite(suite_dir), out, CollectConfig(**config), clock=clock)


def _current_task(page: str) -> str | None:
    found = re.search(r'name="task_id" value="([^"]+)"', page)
    return found.group(1) if found else None


def _join(client: TestClient, pid: str, answers=SKILLED) -> str:
    page = client.post(f"/p/{pid}/join", data=answers)
    assert page.status_code == 200, page.text
    return page.text


def _complete(client: TestClient, clock: Clock, pid: str, text=lambda task, i: f"A clear picture for {task}, image {i}") -> list[str]:
    """Answer every task the participant is shown, waiting out the minimum time; the ids in order."""
    order, page = [], client.get(f"/p/{pid}").text
    while (task := _current_task(page)) is not None:
        order.append(task)
        boxes = len(re.findall(r'<textarea name="prompt_', page))
        clock.now += 60
        reply = client.post(f"/p/{pid}/answer", data={"task_id": task, **{f"prompt_{i}": text(task, i) for i in range(1, boxes + 1)}})
        assert reply.status_code == 200, reply.text
        page = reply.text
    assert "Thank you" in page
    return order


def _rows(out: Path) -> list[dict]:
    return [json.loads(line) for line in out.read_text().splitlines()]


def test_assignment_is_balanced_across_participants(tmp_path):
    clock = Clock()
    out = tmp_path / "prompts.jsonl"
    client = TestClient(_app(write_lake_suite(tmp_path / "lakes", 7), out, clock, rounds=2, tasks_per_round=2, min_seconds=0))
    for n in range(9):
        _join(client, f"p{n}")
    joins = [e for e in map(json.loads, sidecar_path(out).read_text().splitlines()) if e["event"] == "join"]
    assert len(joins) == 9
    for join in joins:
        tasks = [t for r in join["rounds"] for t in r]
        assert len(join["rounds"]) == 2 and all(len(r) == 2 for r in join["rounds"]) and len(set(tasks)) == 4
    counts = Counter(t for join in joins for r in join["rounds"] for t in r)
    assert len(counts) == 7 and max(counts.values()) - min(counts.values()) <= 1  # 36 assignments: 5 or 6 each
    assert len({tuple(map(tuple, j["rounds"])) for j in joins}) > 1  # randomised, not one order for everyone


def test_the_recorded_seed_reproduces_the_order_shown(tmp_path):
    clock = Clock()
    out = tmp_path / "prompts.jsonl"
    suite = write_lake_suite(tmp_path / "lakes", 6)
    client = TestClient(_app(suite, out, clock, rounds=2, tasks_per_round=3, min_seconds=5))
    _join(client, "p01")
    shown = _complete(client, clock, "p01")
    join = json.loads(sidecar_path(out).read_text().splitlines()[0])
    assert shown == [t for r in join["rounds"] for t in r]
    replanned = order_plan([sorted(r) for r in join["rounds"]], join["seed"])
    assert [list(r) for r in replanned.rounds] == join["rounds"]
    assert [r["task_id"] for r in _rows(out)] == shown
    assert [(r["round"], r["position"]) for r in _rows(out)] == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]
    assert join["group"] == "skilled" and join["answers"] == SKILLED


def test_rounds_hold_tasks_of_one_category_in_turn(tmp_path):
    clock = Clock()
    suite = write_suite(tmp_path / "mini", {"oe_story": MULTI_TASK, "im_flag": IM_TASK})
    out = tmp_path / "prompts.jsonl"
    client = TestClient(_app(suite, out, clock, rounds=2, tasks_per_round=1, min_seconds=0))
    _join(client, "p01", {"frequency": "tried", "work": "yes", "syntax": "yes"})
    join = json.loads(sidecar_path(out).read_text().splitlines()[0])
    assert sorted(join["rounds"]) == [["im_flag"], ["oe_story"]] and join["group"] == "novice"
    with pytest.raises(ValueError, match="category OE has 1 tasks; 2 are needed for 3 rounds of 1"):
        _app(suite, tmp_path / "other.jsonl", clock, rounds=3, tasks_per_round=1)


def test_the_minimum_time_is_enforced_by_the_server(tmp_path):
    clock = Clock()
    out = tmp_path / "prompts.jsonl"
    client = TestClient(_app(write_lake_suite(tmp_path / "lakes", 2), out, clock, rounds=1, tasks_per_round=2, min_seconds=30))
    task = _current_task(_join(client, "p01"))
    clock.now += 20
    assert _current_task(client.get("/p/p01").text) == task  # a reload neither moves on nor restarts the clock
    early = client.post("/p/p01/answer", data={"task_id": task, "prompt_1": "a calm lake"})
    assert early.status_code == 429 and "10 s left" in early.text and "a calm lake" in early.text
    assert not out.exists() or out.read_text() == ""
    clock.now += 10
    assert client.post("/p/p01/answer", data={"task_id": task, "prompt_1": "a calm lake"}).status_code == 200
    assert _rows(out) == [{"task_id": task, "author": "p01", "prompts": ["a calm lake"], "round": 1, "position": 1, "seconds": 30.0, "group": "skilled"}]


def test_a_participant_resumes_after_a_reload_or_a_restart(tmp_path):
    clock = Clock()
    out = tmp_path / "prompts.jsonl"
    suite = write_lake_suite(tmp_path / "lakes", 4)
    client = TestClient(_app(suite, out, clock, rounds=2, tasks_per_round=2, min_seconds=5))
    first = _current_task(_join(client, "p01"))
    clock.now += 6
    second = _current_task(client.post("/p/p01/answer", data={"task_id": first, "prompt_1": "lake one"}).text)
    assert second != first
    again = client.post("/p/p01/answer", data={"task_id": first, "prompt_1": "lake one again"})  # the back button, resubmitted
    assert _current_task(again.text) == second and len(_rows(out)) == 1
    restarted = TestClient(_app(suite, out, clock, rounds=2, tasks_per_round=2, min_seconds=5))  # the server was stopped
    page = restarted.get("/p/p01").text
    assert _current_task(page) == second and "1 of 4 done" in page
    rest = _complete(restarted, clock, "p01")
    assert [r["task_id"] for r in _rows(out)] == [first, *rest] and len(set(rest) | {first}) == 4


def test_two_participants_at_once_do_not_interfere(tmp_path):
    clock = Clock()
    out = tmp_path / "prompts.jsonl"
    client = TestClient(_app(write_lake_suite(tmp_path / "lakes", 4), out, clock, rounds=2, tasks_per_round=2, min_seconds=0))
    _join(client, "a")
    _join(client, "b")
    errors = []

    def work(pid):
        try:
            _complete(client, clock, pid, text=lambda task, i: f"{pid} writes about {task}")
        except AssertionError as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(pid,)) for pid in ("a", "b")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    rows = _rows(out)
    assert sorted(r["author"] for r in rows) == ["a"] * 4 + ["b"] * 4
    assert all(r["prompts"] == [f"{r['author']} writes about {r['task_id']}"] for r in rows)


def test_hostile_text_is_escaped(tmp_path):
    clock = Clock()
    hostile = IM_TASK.replace("Write a prompt", "<script>alert('brief')</script> Write a prompt")
    out = tmp_path / "prompts.jsonl"
    client = TestClient(_app(write_suite(tmp_path / "mini", {"im_flag": hostile}), out, clock, rounds=1, tasks_per_round=1, min_seconds=30))
    page = _join(client, "p01")
    assert "&lt;script&gt;alert(" in page and "<script>" not in page
    prompt = '</textarea><script>alert("prompt")</script><img src=x onerror=alert(1)>'
    early = client.post("/p/p01/answer", data={"task_id": "im_flag", "prompt_1": prompt})
    assert early.status_code == 429 and "<script>" not in early.text and "<img src=x" not in early.text
    assert "&lt;/textarea&gt;&lt;script&gt;" in early.text
    assert "default-src 'none'" in early.headers["content-security-policy"]
    bad_id = client.get("/", params={"id": '"><script>alert(1)</script>'})
    assert bad_id.status_code == 400 and "<script>" not in bad_id.text
    assert client.get("/p/%3Cscript%3E").status_code == 400
    clock.now += 31
    client.post("/p/p01/answer", data={"task_id": "im_flag", "prompt_1": prompt})
    assert _rows(out)[0]["prompts"] == [prompt]  # stored as written: it is data


def test_target_images_come_only_from_the_suite(tmp_path):
    clock = Clock()
    suite = write_suite(tmp_path / "mini")
    (tmp_path / "secret.png").write_bytes(b"secret")
    client = TestClient(_app(suite, tmp_path / "prompts.jsonl", clock, rounds=3, tasks_per_round=1))
    image = client.get("/image/im_flag")
    assert image.status_code == 200 and image.content == (suite / "tasks" / "flag.png").read_bytes()
    for path in ("/image/oe_garden", "/image/..%2F..%2Fsecret.png", "/image/..%2Fsuite.yaml", "/image/%2Fetc%2Fpasswd", "/image/../secret.png"):
        reply = client.get(path)
        assert reply.status_code == 404 and b"secret" not in reply.content, path
    (suite / "tasks" / "flag.png").unlink()
    (suite / "tasks" / "flag.png").symlink_to(tmp_path / "secret.png")  # swapped for a link after loading
    reply = client.get("/image/im_flag")
    assert reply.status_code == 404 and b"secret" not in reply.content


def test_collected_prompts_replay_through_the_human_prompter(pytester):
    clock = Clock()
    suite = write_suite(pytester.path / "mini", None)
    (suite / "tasks" / "oe_story.yaml").write_text(MULTI_TASK)
    out = pytester.path / "prompts.jsonl"
    client = TestClient(_app(suite, out, clock, rounds=4, tasks_per_round=1, min_seconds=10))
    _join(client, "p01")
    order = _complete(client, clock, "p01")
    _join(client, "p02")
    _complete(client, clock, "p02", text=lambda task, i: f"someone else on {task} {i}")
    assert sorted(order) == ["co_sign", "im_flag", "oe_garden", "oe_story"]
    result = pytester.runpytest("mini", "--prompter=human:prompts.jsonl?author=p01", "--backend=none", "--judge=offline",
                                "-p", "no:cacheprovider", "--atelier-json=r.json")  # fmt: skip
    runs = {r["task_id"]: r for r in json.loads((pytester.path / "r.json").read_text())["runs"]}
    assert set(runs) == set(order) and not any(r["error"] for r in runs.values()), result.stdout.str()
    assert runs["oe_story"]["prompts"] == ["A clear picture for oe_story, image 1", "A clear picture for oe_story, image 2"]
    assert runs["co_sign"]["prompts"] == ["A clear picture for co_sign, image 1"]
    assert runs["co_sign"]["prompter_meta"]["author"] == "p01"


def test_the_command_listens_on_loopback_unless_told_and_checks_the_suite(tmp_path, monkeypatch, capsys):
    import uvicorn

    from pytest_atelier.cli import main

    served = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets: served.append(sockets[0].getsockname()[:2]))
    suite = write_lake_suite(tmp_path / "lakes", 4)
    out = str(tmp_path / "prompts.jsonl")
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = str(probe.getsockname()[1])  # free now, bound by the command below
    assert main(["collect", str(suite), "--out", out, "--rounds", "2", "--tasks-per-round", "2", "--port", port]) == 0
    assert served == [("127.0.0.1", int(port))] and "warning" not in capsys.readouterr().err
    assert main(["collect", str(suite), "--out", out, "--rounds", "2", "--tasks-per-round", "2", "--host", "0.0.0.0", "--port", port]) == 0
    assert "warning: listening on 0.0.0.0" in capsys.readouterr().err
    assert main(["collect", str(suite), "--out", out]) == 1  # 6 rounds of 5 need 30 OE tasks
    assert "category OE has 4 tasks; 30 are needed" in capsys.readouterr().err


def test_a_busy_port_is_said_before_any_address_is_printed(tmp_path, capsys):
    from pytest_atelier.cli import main

    suite = write_suite(tmp_path / "mini")
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        status = main(["collect", str(suite), "--out", str(tmp_path / "p.jsonl"), "--rounds", "1", "--tasks-per-round", "1",
                       "--port", str(port)])
    out, err = capsys.readouterr()
    assert status == 2 and "open http://" not in out
    assert f"cannot listen on 127.0.0.1:{port}" in err and "choose another --port" in err
