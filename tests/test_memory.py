"""Exemplar retrieval, memory-calibrated offline scores, and ``atelier memory build``."""

from __future__ import annotations

import csv

from PIL import Image

from pytest_atelier.cli import main
from pytest_atelier.components import IMAGE_DIMENSIONS, PROMPT_DIMENSIONS
from pytest_atelier.judge.memory import ExemplarIndex, knn_scores
from pytest_atelier.judge.offline import OfflineJudge
from pytest_atelier.suite import load_suite
from pytest_atelier.suite.exemplars import ExemplarMemory, load_memory_with_source

from .conftest import write_suite


def _memory(side="prompt"):
    def ex(i, task, prompt, score):
        return {"id": f"e{i}", "task_id": task, "prompt": prompt, "scores": {d: {"score": score, "rationale": "r"} for d in PROMPT_DIMENSIONS}}

    return ExemplarMemory.model_validate(
        {
            "name": "OE",
            "side": "prompt",
            "dimensions": list(PROMPT_DIMENSIONS),
            "exemplars": [
                ex(1, "t1", "a red fox sleeping in snow at dawn", 5),
                ex(2, "t2", "a red fox in the snow", 4),
                ex(3, "t3", "stock market chart with green candles", 1),
                ex(4, "t4", "quarterly revenue bar chart", 2),
            ],
        }
    )


def test_similarity_retrieval_excludes_the_tasks_own_exemplars():
    index = ExemplarIndex(_memory())
    top = index.retrieve("a fox asleep in deep snow", k=2)
    assert [r.exemplar.id for r in top] == ["e1", "e2"]
    assert [r.exemplar.id for r in index.retrieve("a fox asleep in deep snow", k=2, exclude_task="t1")][0] == "e2"
    assert index.retrieve("anything", k=3, strategy="zero") == []
    assert [r.exemplar.id for r in index.retrieve("x", k=2, strategy="fixed")] == ["e1", "e2"]
    random_pick = index.retrieve("x", k=2, strategy="random", seed=1)
    assert random_pick == index.retrieve("x", k=2, strategy="random", seed=1) and len(random_pick) == 2


def test_stored_embeddings_are_reused_across_indexes_and_a_damaged_file_is_embedded_again(tmp_path):
    from pytest_atelier.judge.text_match import get_embedder

    calls = []

    def embed(items):
        calls.append(len(items))
        return get_embedder().encode(items)

    first = ExemplarIndex(_memory(), embed=embed, store=tmp_path, embedder="ngram/1")
    again = ExemplarIndex(_memory(), embed=embed, store=tmp_path, embedder="ngram/1")
    assert calls == [4] and (again.vectors == first.vectors).all()  # the second process loads them
    ExemplarIndex(_memory(), embed=embed, store=tmp_path, embedder="ngram/2")
    assert calls == [4, 4]  # another embedder is another file
    for stored in tmp_path.glob("*.npy"):
        stored.write_bytes(b"not a numpy file")
    assert (ExemplarIndex(_memory(), embed=embed, store=tmp_path, embedder="ngram/1").vectors == first.vectors).all()
    assert calls == [4, 4, 4]


def test_knn_scores_follow_the_nearest_exemplars():
    index = ExemplarIndex(_memory())
    fox = knn_scores(index.retrieve("a red fox in snow", k=2), list(PROMPT_DIMENSIONS))
    chart = knn_scores(index.retrieve("a revenue chart with bars", k=2), list(PROMPT_DIMENSIONS))
    assert 4 <= fox["instructional_clarity"][0] <= 5 and 1 <= chart["instructional_clarity"][0] <= 2
    assert "e1=5" in fox["instructional_clarity"][1]


def _padding_aware(memory):
    """The memory plus, for another task each, a padded weak prompt scored 1: a memory that knows
    content-free text is no quality, so that appending it moves no estimate up."""
    from pytest_atelier.judge.memory import CONTENT_FREE

    data = memory.model_dump()
    for i, phrase in enumerate(CONTENT_FREE):
        data["exemplars"].append({"id": f"pad{i}", "task_id": f"pad{i}", "prompt": f"stock market chart. {phrase}",
                                  "scores": {d: {"score": 1, "rationale": "padding, no content"} for d in PROMPT_DIMENSIONS}})
    return ExemplarMemory.model_validate(data)


def _saved(memory, path):
    import yaml

    path.write_text(yaml.safe_dump(memory.model_dump()))
    return load_memory_with_source(path)


def test_offline_judge_gives_validated_estimates_or_abstains_with_the_figures(tmp_path):
    suite = load_suite(write_suite(tmp_path / "s"))
    task = suite.task("oe_garden")
    judge = OfflineJudge(embeddings="ngram", k=1)
    # Scores that follow the content: leave-one-task-out estimates rank the exemplars well.
    scores = judge.score_prompt(task, ["a red fox sleeping in the snow"], _saved(_padding_aware(_memory()), tmp_path / "good.yaml"))
    assert [s.dimension for s in scores] == list(PROMPT_DIMENSIONS)
    assert all(s.value is not None and s.decided_by.startswith("offline:estimate(OE, rho=") for s in scores)
    assert all(s.rationale.startswith("estimate (memory OE, leave-one-task-out Spearman") for s in scores)
    # Scores unrelated to the content: no estimate, and the reason gives the correlation.
    shuffled = _memory().model_dump()
    for ex, score in zip(shuffled["exemplars"], (1, 5, 4, 2)):
        ex["scores"] = {d: {"score": score, "rationale": "r"} for d in PROMPT_DIMENSIONS}
    scores = judge.score_prompt(task, ["a red fox sleeping in the snow"], _saved(ExemplarMemory.model_validate(shuffled), tmp_path / "bad.yaml"))
    assert all(s.value is None and "Spearman below 0.6" in s.rationale for s in scores)
    # Scores that follow the content but reward padding: no estimate, and the reason says so.
    scores = judge.score_prompt(task, ["a red fox sleeping in the snow"], _saved(_memory(), tmp_path / "padded.yaml"))
    assert all(s.value is None and "says nothing about the image" in s.rationale for s in scores)
    assert all(s.value is None for s in judge.score_prompt(task, ["x"], None))


def test_memory_build_from_a_csv_of_scored_images(tmp_path, capsys):
    for name, colour in (("a.png", "red"), ("b.png", "blue")):
        Image.new("RGB", (32, 32), colour).save(tmp_path / name)
    table = tmp_path / "scores.csv"
    with table.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["task_id", "image", *[c for d in IMAGE_DIMENSIONS for c in (d, f"{d}_rationale")]])
        writer.writerow(["oe_1", "a.png", *[v for d in IMAGE_DIMENSIONS for v in ("4", "warm and even")]])
        writer.writerow(["oe_2", "b.png", *[v for d in IMAGE_DIMENSIONS for v in ("2", "flat and cold")]])
    out = tmp_path / "mem" / "oe-image.yaml"
    assert main(["memory", "build", str(table), "-o", str(out), "--name", "OE.image"]) == 0
    memory = load_memory_with_source(out)
    assert memory.memory.side == "image" and len(memory.memory.exemplars) == 2
    index = ExemplarIndex(memory.memory, memory.root, OfflineJudge().image_embedder.encode)
    Image.new("RGB", (32, 32), (250, 10, 10)).save(tmp_path / "query.png")
    assert index.retrieve(str(tmp_path / "query.png"), k=1)[0].exemplar.task_id == "oe_1"


def test_memory_build_reports_bad_rows_with_their_line(tmp_path, capsys):
    table = tmp_path / "scores.csv"
    table.write_text("task_id,image," + ",".join(f"{d},{d}_rationale" for d in IMAGE_DIMENSIONS) + "\n" + "oe_1,missing.png," + ",".join("7,ok" for _ in IMAGE_DIMENSIONS) + "\n")
    assert main(["memory", "build", str(table), "-o", str(tmp_path / "m.yaml"), "--name", "OE.image"]) == 1
    err = capsys.readouterr().err
    assert "scores.csv:2: image: file not found: missing.png" in err
    assert "scores.csv:2: mood_atmosphere: needs a whole score from 1 to 5, got '7'" in err


def test_memory_validate_prints_each_memorys_correlation_and_decision(tmp_path, capsys):
    from .conftest import MANIFEST

    root = write_suite(tmp_path / "s", manifest=MANIFEST + "exemplars: {OE: memory/oe.yaml}\n")
    (root / "memory").mkdir()
    _saved(_padding_aware(_memory()), root / "memory" / "oe.yaml")
    assert main(["memory", "validate", str(root), "-k", "1", "--embeddings", "ngram"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("OE (8 exemplars): instructional_clarity ") and out.rstrip().endswith("estimates given")


def test_judges_preparing_side_by_side_embed_different_memories_and_each_memory_once(tmp_path, monkeypatch):
    """Two workers prepare memories A and B from the same start: the second finds A being
    embedded by the first, embeds B meanwhile instead of waiting, then loads A once it is stored."""
    import threading
    import time

    from pytest_atelier.judge.text_match import get_embedder

    a = _saved(_memory(), tmp_path / "a.yaml")
    b = _saved(_memory().model_copy(update={"name": "CO", "exemplars": _memory().exemplars[:3]}), tmp_path / "b.yaml")
    started_a, finish_a, embedded = threading.Event(), threading.Event(), []
    encode = get_embedder("ngram").encode

    def embed(items):
        embedded.append(len(items))
        if len(items) == 4 and not started_a.is_set():  # the first embedding of A takes long
            started_a.set()
            assert finish_a.wait(10)
        return encode(items)

    first, second = (OfflineJudge(embeddings="ngram", store=tmp_path / "store") for _ in range(2))
    monkeypatch.setattr(first.embedder, "encode", embed)  # the one ngram embedder both judges use
    one = threading.Thread(target=first.prepare, args=([a, b],))
    one.start()
    assert started_a.wait(10)
    two = threading.Thread(target=second.prepare, args=([a, b],))
    two.start()
    deadline = time.monotonic() + 10
    while embedded != [4, 3] and time.monotonic() < deadline:
        time.sleep(0.01)
    assert embedded == [4, 3]  # B embedded by the second judge while A was still being embedded
    finish_a.set()
    one.join(10)
    two.join(10)
    assert embedded == [4, 3]  # each memory once in all: the first loads B, the second loads A
    assert a.digest in second._indexes and b.digest in first._indexes
