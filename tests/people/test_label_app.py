"""``atelier label`` and the admin pages, driven through the real ASGI apps (fast; the browser tests
are in test_browser_people.py)."""

from __future__ import annotations

import json
import re
import socket
from collections import Counter
from pathlib import Path

import pytest
import yaml

pytest.importorskip("starlette")
pytest.importorskip("multipart")
from starlette.testclient import TestClient  # noqa: E402

from pytest_atelier.cli import main  # noqa: E402
from pytest_atelier.judge.metaeval import human_ceiling, load_labels  # noqa: E402
from pytest_atelier.people import CollectConfig  # noqa: E402
from pytest_atelier.people.admin import add_admin, collect_counts  # noqa: E402
from pytest_atelier.people.app import make_app  # noqa: E402
from pytest_atelier.people.cli import open_labelling  # noqa: E402
from pytest_atelier.people.label_app import make_label_app  # noqa: E402
from pytest_atelier.people.label_assign import plan_labels  # noqa: E402
from pytest_atelier.people.label_store import journal_path  # noqa: E402
from pytest_atelier.suite.loader import load_suite  # noqa: E402

from ..conftest import write_lake_suite  # noqa: E402
from .helpers import HOSTILE, write_results  # noqa: E402

TOKEN = "s3cret-token"


def _labelling(tmp_path: Path, raters=("ann1", "ann2"), share=0.5, prompters=("direct", "novice"), seed=3):
    results, _ = write_results(tmp_path, prompters=prompters)
    out = tmp_path / "out" / "labels.yaml"
    store, suite = open_labelling(results, out, list(raters), share=share, seed=seed)
    app = make_label_app(store, suite)
    add_admin(app, TOKEN, store.counts, "labels")
    return TestClient(app), store, out, results


def _fields(page: str) -> tuple[str | None, list[str]]:
    found = re.search(r'name="item" value="([^"]+)"', page)
    return (found.group(1) if found else None), sorted(set(re.findall(r'name="((?:cp|score)\.[^"]+)"', page)))


def _label_all(client: TestClient, rid: str, answer=lambda item, name: "true" if name.startswith("cp.") else "4") -> list[str]:
    done, page = [], client.get(f"/r/{rid}").text
    while True:
        item, names = _fields(page)
        if item is None:
            assert "Thank you" in page
            return done
        reply = client.post(f"/r/{rid}/answer", data={"item": item, **{n: answer(item, n) for n in names}})
        assert reply.status_code == 200, reply.text
        done.append(item)
        page = reply.text


def test_the_plan_shares_a_fifth_of_the_items_and_balances_the_raters():
    items = [f"i{n:02d}" for n in range(30)]
    plan = plan_labels(items, ["a", "b", "c", "d"], share=0.2, overlap=2, seed=11)
    assert len(plan.shared) == 6
    per_item = Counter(i for mine in plan.items.values() for i in mine)
    assert set(per_item) == set(items)
    assert all(per_item[i] == (2 if i in plan.shared else 1) for i in items)
    loads = [len(v) for v in plan.items.values()]
    assert sum(loads) == 36 and max(loads) - min(loads) <= 1
    assert plan == plan_labels(list(reversed(items)), ["a", "b", "c", "d"], share=0.2, overlap=2, seed=11)  # a pure function
    assert plan.items != plan_labels(items, ["a", "b", "c", "d"], share=0.2, overlap=2, seed=12).items
    assert len({plan.items[r][0] for r in plan.raters}) > 1  # raters meet items in different orders
    assert not plan_labels(items, ["solo"], share=0.2).shared  # one rater: nothing can be shared
    with pytest.raises(ValueError, match="share"):
        plan_labels(items, ["a", "b"], share=1.5)


def test_raters_label_and_meta_eval_reads_the_labels_with_the_human_ceiling(tmp_path, capsys):
    client, store, out, _ = _labelling(tmp_path)
    disagree = {"score.instructional_clarity": "2", "cp.c01.prompt": "false", "cp.c02.prompt": "unsure"}
    first = _label_all(client, "ann1")
    second = _label_all(client, "ann2", lambda item, name: disagree.get(name, "true" if name.startswith("cp.") else "4"))
    assert sorted(set(first) | set(second)) == sorted(store.items) and len(set(first) & set(second)) == 3
    labels = load_labels(out)
    pairs = {p.id: p for p in labels.labels.pairs}
    assert labels.labels.raters == ["ann1", "ann2"] and len(pairs) == 6
    shared = pairs[min(set(first) & set(second))]
    assert shared.raters == ["ann1", "ann2"] and shared.ratings("instructional_clarity") == [4.0, 2.0]
    assert shared.votes["c01"]["prompt"] == [True, False] and "prompt" not in shared.checkpoints["c01"]  # a tie: unlabelled
    assert shared.votes["c02"]["prompt"] == [True, None] and shared.checkpoints["c02"].prompt is True  # cannot tell is no vote
    assert (out.parent / shared.image).read_bytes() == Path(store.items[shared.id].image).read_bytes()
    im = next(p for p in pairs.values() if p.task == "im_flag")
    assert "mood_atmosphere" not in im.scores and im.prompt.endswith(HOSTILE)  # IM tasks: prompt dimensions only
    ceiling = human_ceiling(labels)
    assert ceiling["dimensions"]["instructional_clarity"]["n"] == 3 and ceiling["dimensions"]["instructional_clarity"]["mae"] == 2.0
    assert ceiling["dimensions"]["creative_elaboration"]["mae"] == 0.0
    assert ceiling["objective"]["n"] > 0 and ceiling["objective"]["agreement"] < 1.0
    assert main(["meta-eval", str(out), "--judge", "offline", "--json", str(tmp_path / "m.json")]) == 0
    printed = capsys.readouterr().out
    assert "Human-human checkpoint agreement" in printed and "6 labelled items" in printed
    assert json.loads((tmp_path / "m.json").read_text())["ceiling"]["dimensions"]["instructional_clarity"]["mae"] == 2.0


def test_the_ceiling_uses_only_the_items_two_raters_scored(tmp_path):
    (tmp_path / "suite").mkdir()
    from ..conftest import write_suite

    write_suite(tmp_path / "suite")
    pairs = [
        {"id": "a", "task": "oe_garden", "prompt": "calm", "raters": ["r1", "r2"], "scores": {"instructional_clarity": [2, 4]}},
        {"id": "b", "task": "oe_garden", "prompt": "calm", "raters": ["r2", "r3"], "scores": {"instructional_clarity": [5, 5]}},
        {"id": "c", "task": "oe_garden", "prompt": "calm", "raters": ["r1"], "scores": {"instructional_clarity": [1]}},
        {"id": "d", "task": "oe_garden", "prompt": "calm", "raters": ["r3"], "scores": {"instructional_clarity": [5]}},
    ]
    path = tmp_path / "labels.yaml"
    path.write_text(yaml.safe_dump({"suite": "suite", "raters": ["r1", "r2", "r3"], "description": "test", "pairs": pairs}))
    ceiling = human_ceiling(load_labels(path))
    # MAE: r1 on a |2-4| = 2, r2 on a and b (2 + 0) / 2, r3 on b 0: mean 1.0; rank figures need two pairs: r2 only
    # (truth [2, 5] against [4, 5]); c and d, rated once, count nowhere
    assert ceiling["dimensions"]["instructional_clarity"] == {"mae": 1.0, "within1": 0.5, "spearman": 1.0, "tau_b": 1.0, "n": 2}
    pairs[0]["raters"] = ["r1", "r9"]
    path.write_text(yaml.safe_dump({"suite": "suite", "raters": ["r1", "r2", "r3"], "description": "test", "pairs": pairs}))
    with pytest.raises(Exception, match="r9"):
        load_labels(path)


def test_answers_survive_a_restart_and_a_changed_roster_is_refused(tmp_path):
    client, store, out, results = _labelling(tmp_path)
    item, names = _fields(client.get("/r/ann1").text)
    missing = client.post("/r/ann1/answer", data={"item": item, names[0]: "true"})
    assert missing.status_code == 400 and "Please answer every question" in missing.text and "checked" in missing.text
    assert not out.exists()
    client.post("/r/ann1/answer", data={"item": item, **{n: "false" if n.startswith("cp.") else "3" for n in names}})
    again = client.post("/r/ann1/answer", data={"item": item, **{n: "true" if n.startswith("cp.") else "5" for n in names}})
    assert again.status_code == 200 and _fields(again.text)[0] != item  # a resubmit is ignored
    rows = [json.loads(line) for line in journal_path(out).read_text().splitlines()]
    assert [r["event"] for r in rows].count("answer") == 1 and rows[0]["event"] == "plan"
    store2, suite2 = open_labelling(results, out, ["ann1", "ann2"], share=0.5)  # the server was stopped and started again
    client2 = TestClient(make_label_app(store2, suite2))
    assert store2.plan == store.plan and "1 done" in client2.get("/r/ann1").text
    assert _fields(client2.get("/r/ann1").text)[0] == _fields(again.text)[0]
    with pytest.raises(ValueError, match="planned for raters ann1, ann2"):
        open_labelling(results, out, ["ann1", "ann3"])


def test_unknown_raters_hostile_text_and_images_are_handled(tmp_path):
    client, store, _, _ = _labelling(tmp_path)
    assert client.get("/r/nobody").status_code == 404 and client.get("/r/%3Cscript%3E").status_code == 404
    assert client.post("/start", data={"rid": "ann9"}).status_code == 404
    pages = [client.get("/r/ann2").text]
    while "im_flag" not in pages[-1]:  # label until the IM item, whose prompt is hostile
        item, names = _fields(pages[-1])
        pages.append(client.post("/r/ann2/answer", data={"item": item, **{n: "true" if n.startswith("cp.") else "4" for n in names}}).text)
    page = pages[-1]
    assert "&lt;script&gt;alert(" in page and "<script>" not in page and "<img src=x" not in page
    assert 'src="/target/im_flag"' in page and "Rubric levels" in page and "Instructional clarity" in page
    item = store.items[_fields(page)[0]]
    assert client.get(f"/image/{item.id}").content == Path(item.image).read_bytes()
    assert client.get("/target/im_flag").status_code == 200
    for path in ("/image/nope", "/image/..%2F..%2Fresults.json", "/target/oe_garden", "/target/..%2Fsuite.yaml"):
        assert client.get(path).status_code == 404, path
    Path(item.image).write_bytes(b"not the image the results recorded")
    assert client.get(f"/image/{item.id}").status_code == 404  # only the recorded content is served


def test_the_admin_page_needs_the_token_and_exports_counts(tmp_path):
    client = _labelling(tmp_path)[0]
    _label_all(client, "ann1")
    assert "Admin token" in client.get("/admin").text and "ann1" not in client.get("/admin").text
    assert client.get("/admin/counts.csv").status_code == 403
    assert client.post("/admin", data={"token": TOKEN + "x"}).status_code == 403
    client.cookies.set("atelier_admin", "wrong", path="/admin")
    assert "ann1" not in client.get("/admin").text and client.get("/admin/counts.csv").status_code == 403
    client.cookies.clear()
    signed = client.post("/admin", data={"token": TOKEN})
    assert signed.status_code == 200 and "ann1" in signed.text and "Raters" in signed.text
    csv_rows = client.get("/admin/counts.csv").text.splitlines()
    assert "raters,ann1,4,4" in csv_rows and "raters,ann2,0,5" in csv_rows
    assert "table,task,items,labels planned,labels given" in csv_rows


def test_the_collect_admin_counts_tasks_and_participants(tmp_path):
    suite = write_lake_suite(tmp_path / "lakes", 4)
    loaded = load_suite(suite)
    app = make_app(loaded, tmp_path / "prompts.jsonl", CollectConfig(rounds=2, tasks_per_round=2, min_seconds=0))
    add_admin(app, TOKEN, lambda: collect_counts(app.state.store, loaded), "prompts")
    client = TestClient(app)
    client.post("/p/p1/join", data={"frequency": "weekly", "work": "yes", "syntax": "no"})
    page = client.get("/p/p1").text
    task = re.search(r'name="task_id" value="([^"]+)"', page).group(1)
    client.post("/p/p1/answer", data={"task_id": task, "prompt_1": "=HYPERLINK(\"x\") a calm lake"})
    client.post("/admin", data={"token": TOKEN})
    rows = client.get("/admin/counts.csv").text.splitlines()
    assert "participants,p1,skilled,1,4" in rows and f"tasks,{task},OE,1,1" in rows
    assert sum(r.startswith("tasks,") for r in rows) == 4


def test_the_label_command_checks_its_input(tmp_path, monkeypatch, capsys):
    import uvicorn

    served = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets: served.append(sockets[0].getsockname()[:2]))
    results, _ = write_results(tmp_path)
    out = str(tmp_path / "labels.yaml")
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = str(probe.getsockname()[1])  # free now, bound by the command below
    assert main(["label", str(results), "--out", out, "--raters", "a,b", "--admin-token", "tok-0123456789-abcdefgh", "--port", port]) == 0
    printed = capsys.readouterr()
    assert served == [("127.0.0.1", int(port))] and "with the token tok" in printed.out and "warning" not in printed.err
    assert main(["label", str(results), "--out", out, "--raters", "a,b", "--host", "0.0.0.0", "--port", port]) == 0
    printed = capsys.readouterr()
    assert "warning: listening on 0.0.0.0" in printed.err and re.search(r"with the token [\w-]{20,}", printed.out)
    assert main(["label", str(results), "--out", out, "--raters", "a,<b>"]) == 1
    assert "rater ids are letters" in capsys.readouterr().err
    assert main(["label", str(results), "--out", out, "--raters", "a,c"]) == 1  # the journal was planned for a, b
    assert "planned for raters a, b" in capsys.readouterr().err
    data = json.loads(results.read_text())
    data["suite"]["root"] = str(tmp_path / "gone")
    results.write_text(json.dumps(data))
    assert main(["label", str(results), "--out", str(tmp_path / "other.yaml"), "--raters", "a"]) == 1
    assert "name it with --suite" in capsys.readouterr().err


def test_runs_that_cannot_be_labelled_are_left_out(tmp_path):
    from pytest_atelier.people.label_store import items_of
    from pytest_atelier.results.records import load_results

    results, suite = write_results(tmp_path)
    data = json.loads(results.read_text())
    base = data["runs"][0]
    data["runs"] += [
        {**base, "key": "e" * 64, "error": "the backend failed"},
        {**base, "key": "x" * 64, "excluded": "the safety gate excluded it"},
        {**base, "key": "u" * 64, "task_id": "not_in_the_suite"},
        {**base, "key": "f" * 64, "images": [{**base["images"][0], "flagged": "unsafe"}]},
    ]
    results.write_text(json.dumps(data))
    items = {item.id: item for item in items_of(load_results(results), load_suite(suite))}
    assert sorted(items) == sorted([r["key"][:12] for r in data["runs"][:3]] + ["f" * 12])
    assert items["f" * 12].image is None and items[base["key"][:12]].image is not None
    assert [side for _, sides in items["f" * 12].checkpoints() for side in sides] == ["prompt"] * 3  # no image: no image side
