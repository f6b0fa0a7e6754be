"""Issue 29 for the collect and label apps: a full disk loses no confirmed answer, a torn row is
never glued to the next, other sites and host names are refused, bodies are bounded, a weak admin
token and an image without a recorded hash are refused."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
import yaml

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from pytest_atelier.cli import main  # noqa: E402
from pytest_atelier.people.app import make_app  # noqa: E402
from pytest_atelier.people.assign import CollectConfig  # noqa: E402
from pytest_atelier.people.cli import open_labelling  # noqa: E402
from pytest_atelier.people.guard import MAX_BODY  # noqa: E402
from pytest_atelier.people.label_app import make_label_app  # noqa: E402
from pytest_atelier.people.store import CollectStore, append_row  # noqa: E402
from pytest_atelier.suite.loader import load_suite  # noqa: E402

from ..conftest import write_lake_suite  # noqa: E402
from ..small_disk import fill, small_disk  # noqa: E402,F401
from .helpers import write_results  # noqa: E402

PROMPT = "A calm lake at dawn, mist over the water, one red boat. " * 30  # about 1.7 kB a row


def _collect(out: Path, tasks: list[str], clock=lambda: 1000.0) -> CollectStore:
    return CollectStore(out, {"OE": tasks}, CollectConfig(rounds=len(tasks), tasks_per_round=1, categories=("OE",), min_seconds=0), clock)


def test_a_full_disk_loses_no_confirmed_collect_answer_and_tears_no_row(small_disk):
    tasks = [f"lake_{i:02d}" for i in range(12)]
    out = small_disk / "prompts.jsonl"
    store = _collect(out, tasks)
    people = [store.join(f"p{n}", {}, seed=n) for n in range(3)]
    filler = fill(small_disk, leave=6000)
    confirmed: dict[str, set[str]] = {p.pid: set() for p in people}
    refused = 0
    for _ in range(len(tasks)):
        for who in people:
            place = who.current()
            store.show(who, place[2]) if place else None
            try:
                if place and store.answer(who, place[2], [PROMPT]):
                    confirmed[who.pid].add(place[2])
            except OSError:
                refused += 1
    assert refused, "the disk never filled: the test proves nothing"
    assert all(line.endswith("}") for line in out.read_text().splitlines())  # no torn row
    filler.unlink()
    again = _collect(out, tasks)
    for who in people:
        assert again.participants[who.pid].done == confirmed[who.pid]
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted((r["author"], r["task_id"]) for r in rows) == sorted((p, t) for p, ts in confirmed.items() for t in ts)


def test_an_append_cut_off_by_a_crash_is_not_glued_to_the_next_row(tmp_path):
    path = tmp_path / "rows.jsonl"
    append_row(path, {"n": 1})
    with path.open("ab") as handle:
        handle.write(b'{"n": 2, "cut off')  # a crash mid-write: never acknowledged
    append_row(path, {"n": 3})
    assert [json.loads(line) for line in path.read_text().splitlines()] == [{"n": 1}, {"n": 3}]


def test_a_full_disk_loses_no_confirmed_label_and_never_shortens_the_labels_file(small_disk, tmp_path):
    results, _ = write_results(tmp_path, prompters=("direct", "novice", "expert", "other"))
    out = small_disk / "labels.yaml"
    store, suite = open_labelling(results, out, ["ann1"], share=0.0, seed=1)
    client = TestClient(make_label_app(store, suite))
    filler = fill(small_disk, leave=9000)
    confirmed, refused, best = [], 0, 0
    while (item := store.current("ann1")) is not None:
        names = [f"cp.{cp.id}.{side}" for cp, sides in store.items[item].checkpoints() for side in sides]
        names += [f"score.{dim}" for dim in store.items[item].dimensions()]
        reply = client.post("/r/ann1/answer", data={"item": item, **{n: "true" if n.startswith("cp.") else "4" for n in names}},
                            follow_redirects=False)  # fmt: skip
        if reply.status_code == 303:
            confirmed.append(item)
        else:
            assert reply.status_code == 503 and "could not be saved" in reply.text
            refused += 1
            if refused > 3:
                break
        if out.exists():
            pairs = yaml.safe_load(out.read_text())["pairs"]
            assert len(pairs) >= best, "the labels file was replaced by a shorter one"
            best = len(pairs)
    assert refused, "the disk never filled: the test proves nothing"
    filler.unlink()
    again, _ = open_labelling(results, out, ["ann1"], share=0.0, seed=1)
    assert sorted(i for (_, i) in again.answers) == sorted(confirmed)
    again.write_labels()
    assert sorted(p["id"] for p in yaml.safe_load(out.read_text())["pairs"]) == sorted(confirmed)


def _collect_client(tmp_path: Path, hosts=None) -> TestClient:
    suite = load_suite(write_lake_suite(tmp_path / "lakes", 4))
    return TestClient(make_app(suite, tmp_path / "p.jsonl", CollectConfig(rounds=2, tasks_per_round=2, min_seconds=0), hosts=hosts))


def test_posts_from_other_sites_are_refused_and_store_nothing(tmp_path):
    client = _collect_client(tmp_path)
    form = {"frequency": "weekly", "work": "no", "syntax": "yes"}
    for headers in ({"Origin": "https://evil.example"}, {"Referer": "https://evil.example/page"}, {"Sec-Fetch-Site": "cross-site"},
                    {"Sec-Fetch-Site": "same-site"}, {"Origin": "null"}, {"Origin": "http://testserver", "Sec-Fetch-Site": "cross-site"}):  # fmt: skip
        assert client.post("/p/victim/join", data=form, headers=headers).status_code == 403
    assert not (tmp_path / "p.participants.jsonl").exists()
    assert client.post("/p/me/join", data=form, headers={"Origin": "http://testserver"}, follow_redirects=False).status_code == 303
    same = {"Origin": "null", "Sec-Fetch-Site": "same-origin"}  # a browser's own form on a no-referrer page
    assert client.post("/p/me2/join", data=form, headers=same, follow_redirects=False).status_code == 303


def test_only_the_served_host_names_are_answered(tmp_path):
    client = _collect_client(tmp_path, hosts=("127.0.0.1", "localhost", "::1"))
    assert client.get("/", headers={"Host": "attacker.example"}).status_code == 421  # DNS rebinding
    assert client.get("/", headers={"Host": "127.0.0.1:8765"}).status_code == 200
    assert client.get("/", headers={"Host": "[::1]:8765"}).status_code == 200


def test_a_request_body_is_bounded(tmp_path):
    client = _collect_client(tmp_path)
    fields = {f"f{i}": "x" * 10_000 for i in range(120)}  # 1.2 MB of fields
    assert client.post("/p/me/join", data=fields).status_code == 413

    def chunks():  # no Content-Length: streamed
        for _ in range(40):
            yield b"a" * 65536

    reply = client.post("/p/me/join", content=chunks(), headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert reply.status_code == 413 and MAX_BODY < 40 * 65536
    assert not (tmp_path / "p.participants.jsonl").exists()


@pytest.mark.parametrize("token", ["a", "aaaaaaaaaaaaaaaaaaaaaaaa", "short-token"])
def test_a_weak_admin_token_is_refused(tmp_path, monkeypatch, capsys, token):
    import uvicorn

    monkeypatch.setattr(uvicorn.Server, "run", lambda *a, **k: pytest.fail("served with a weak token"))
    assert main(["collect", str(write_lake_suite(tmp_path / "lakes", 4)), "--out", str(tmp_path / "p.jsonl"), "--admin-token", token]) == 2
    assert "--admin-token must be at least" in capsys.readouterr().err


def test_an_image_the_results_recorded_no_hash_for_is_never_served_or_copied(tmp_path):
    results, _ = write_results(tmp_path)
    data = json.loads(results.read_text())
    secret = tmp_path / "secret.txt"
    secret.write_text("private")
    for run in data["runs"]:
        for image in run["images"]:
            image["path"], image["sha256"] = str(secret), ""
    results.write_text(json.dumps(data))
    store, suite = open_labelling(results, tmp_path / "out" / "labels.yaml", ["ann1"], share=0.0, seed=1)
    client = TestClient(make_label_app(store, suite))
    for item in store.items:
        assert client.get(f"/image/{item}").status_code == 404
        assert store._image(store.items[item]) is None
    assert not (tmp_path / "out" / "labels.images").exists()
    assert hashlib.sha256(secret.read_bytes()).hexdigest()  # still there, untouched


def test_bidi_and_control_characters_in_prompts_are_shown_not_obeyed_on_the_label_page(tmp_path):
    from .helpers import RUNS

    runs = [(task, category, [f"{prompts[0]} \u202edetacilpmoc\u202c \x1b[2J"]) for task, category, prompts in RUNS]
    results, _ = write_results(tmp_path, runs=runs)
    store, suite = open_labelling(results, tmp_path / "out" / "labels.yaml", ["ann1"], share=0.0, seed=1)
    page = TestClient(make_label_app(store, suite)).get("/r/ann1").text
    assert "\u202e" not in page and "\x1b" not in page
    assert "&lt;U+202E&gt;detacilpmoc&lt;U+202C&gt; &lt;U+001B&gt;[2J" in page  # shown, then HTML-escaped
