"""Head-to-head judging end to end: `atelier pairwise` against the loopback VLM server."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import warnings

import numpy as np
import pytest
from PIL import Image

from pytest_atelier.cli import main
from pytest_atelier.results.pairwise import Comparison, bradley_terry, duel_groups, overall_win_rates, pair_win_rates
from pytest_atelier.results.records import ImageRecord, RunConfig, Results, RunRecord, VerdictRecord, load_results, write_results
from tests.conftest import OE_TASK, write_suite

from .conftest import judge_spec

pytest.importorskip("choix")
COLOURS = {"red": (220, 30, 30), "pink": (200, 110, 110), "grey": (128, 128, 128)}  # the judge prefers redder images
PASSES = {"red": 3, "pink": 2, "grey": 1}  # image-side checkpoints passed of 3: the scores agree with the judge
TASKS = [f"oe_t{i}" for i in range(6)]


def _images(body: dict) -> list[np.ndarray]:
    parts = body["messages"][-1]["content"]
    urls = [p["image_url"]["url"] for p in parts if p["type"] == "image_url"]
    return [np.asarray(Image.open(io.BytesIO(base64.b64decode(u.split(",", 1)[1]))).convert("RGB"), dtype=float) for u in urls]


def redness(img: np.ndarray) -> float:
    return float((img[:, :, 0] - img[:, :, 1:].mean(axis=2)).mean())


def answers(server, style="fair"):
    """The judge's answer to the request now being served (the tests judge one duel at a time)."""

    def answer(user: str, n: int) -> str:
        body = json.loads(server.requests[-1]["body"])
        first, second = map(redness, _images(body))
        judge = style if style != "by-model" else body["model"]
        if judge in ("first", "biased"):
            winner = "first"  # a judge that always prefers the first image it sees
        elif judge == "second":
            winner = "second"
        else:
            winner = "tie" if abs(first - second) < 1 else "first" if first > second else "second"
        return json.dumps({"winner": winner, "reason": f"{judge} judge: redness {first:.0f} vs {second:.0f}"})

    return answer


@pytest.fixture
def results_file(tmp_path):
    suite = write_suite(tmp_path / "mini", {t: OE_TASK.replace("id: oe_garden", f"id: {t}") for t in TASKS})
    runs = []
    for prompter, colour in COLOURS.items():
        for task in TASKS:
            path = tmp_path / "images" / f"{prompter}-{task}.png"
            path.parent.mkdir(exist_ok=True)
            Image.new("RGB", (32, 32), colour).save(path)
            final = [VerdictRecord(checkpoint=f"c0{k}", side="image", outcome="pass" if k <= PASSES[prompter] else "fail",
                                   reason="r", decided_by="t") for k in (1, 2, 3)]
            runs.append(RunRecord(key=f"{prompter}|{task}", suite="mini", task_id=task, category="OE", prompter=prompter,
                                  backend="reference", judge="offline", final=final,
                                  images=[ImageRecord(output=1, index=0, path=str(path), sha256=hashlib.sha256(path.read_bytes()).hexdigest(), seed=0, top1=True)]))
    results = Results(atelier_version="0", created="2026-01-01T00:00:00Z", suite={"name": "mini", "root": str(suite)},
                      config=RunConfig(prompters=list(COLOURS), backends=["reference"], judge="offline", images_per_prompt=1, seed=0),
                      runs=runs)
    return write_results(results, tmp_path / "results.json")


def _run(tmp_path, monkeypatch, *args) -> int:
    monkeypatch.chdir(tmp_path)
    return main(["pairwise", str(tmp_path / "results.json"), "--concurrency", "1", "--n-boot", "200", *args])


def test_pairwise_end_to_end_ranks_agrees_with_scores_and_caches(server, tmp_path, monkeypatch, results_file, capsys):
    server.answer = answers(server)
    assert _run(tmp_path, monkeypatch, "--judge", judge_spec(server)) == 0
    figures = load_results(results_file).pairwise
    assert figures["n"] == 3 * len(TASKS) and server.count("/chat/completions") == 2 * figures["n"]  # both orders
    rows = {(r["a"], r["b"]): r for r in figures["pairs"]}
    assert rows["pink", "red"]["win_rate"] == 0 and rows["grey", "red"]["win_rate"] == 0 and rows["grey", "pink"]["win_rate"] == 0
    bt = figures["bradley_terry"]
    assert bt["red"]["strength"] > bt["pink"]["strength"] > bt["grey"]["strength"]
    assert all(s["low"] <= s["strength"] <= s["high"] for s in bt.values())
    assert figures["overall"]["red"] == {"win_rate": 1.0, "n": 2 * len(TASKS)}
    agreement = figures["agreement"]
    assert agreement["duels"] == {"agree": 18, "n": 18, "rate": 1.0, "judge_ties": 0, "score_ties": 0}
    assert agreement["ranking"]["kendall_tau_b"] == pytest.approx(1.0) and agreement["ranking"]["same_order"] == 3
    out = capsys.readouterr().out
    assert "18 of 18 decisive duels (100.0%)" in out and out.index("red ") < out.index("pink ") < out.index("grey ")
    # a second run asks nothing: every answer comes from the cache
    assert _run(tmp_path, monkeypatch, "--judge", judge_spec(server), "-o", str(tmp_path / "again.json")) == 0
    assert server.count("/chat/completions") == 2 * figures["n"]
    assert load_results(tmp_path / "again.json").pairwise["pairs"] == figures["pairs"]


def test_asking_in_both_orders_cancels_a_judge_that_always_prefers_the_first_image(server, tmp_path, monkeypatch, results_file):
    server.answer = answers(server, "first")
    assert _run(tmp_path, monkeypatch, "--judge", judge_spec(server)) == 0
    figures = load_results(results_file).pairwise
    assert {d["outcome"] for d in figures["duels"]} == {"tie"}
    assert all(r["ties"] == r["n"] and r["win_rate"] == 0.5 for r in figures["pairs"])
    assert all(o["win_rate"] == 0.5 for o in figures["overall"].values())
    assert all(abs(s["strength"]) < 1e-6 for s in figures["bradley_terry"].values())
    assert figures["agreement"]["duels"]["judge_ties"] == 18 and figures["agreement"]["duels"]["n"] == 0


def test_a_judge_ensemble_decides_by_majority(server, tmp_path, monkeypatch, results_file):
    server.answer = answers(server, "by-model")
    base = judge_spec(server)
    fair, biased, second = (base.replace("test-judge", name) for name in ("fair", "biased", "second"))
    assert _run(tmp_path, monkeypatch, "--judge", fair, "--judge", biased, "--judge", fair.replace("fair", "fair") + "&seed=1") == 0
    duels = load_results(results_file).pairwise["duels"]
    # the fair judges outvote the biased one (which says tie): the redder image wins every duel
    assert all(d["outcome"] == "a" if d["a"] == "red" or (d["a"] == "pink" and d["b"] == "grey") else d["outcome"] == "b" for d in duels)
    assert duels[0]["votes"][1].startswith("tie@") and len(duels[0]["votes"]) == 3
    # one fair judge against a biased one and a contrarian: no majority, a tie
    assert _run(tmp_path, monkeypatch, "--judge", fair, "--judge", biased, "--judge", second) == 0
    assert all(d["outcome"] == "tie" for d in load_results(results_file).pairwise["duels"])


def test_the_offline_judge_and_a_missing_suite_are_refused(server, tmp_path, monkeypatch, results_file, capsys):
    assert _run(tmp_path, monkeypatch, "--judge", "offline") == 1
    assert "needs a model judge" in capsys.readouterr().err
    assert _run(tmp_path, monkeypatch, "--judge", judge_spec(server), "--suite", str(tmp_path / "nowhere")) == 1
    assert "give it with --suite PATH" in capsys.readouterr().err
    assert server.count("/chat/completions") == 0


def test_win_rates_and_bradley_terry_on_known_duels():
    duels = [Comparison(f"t{i}", "r", "x", "y", "a" if i < 6 else "b" if i < 8 else "tie") for i in range(10)]
    (row,) = pair_win_rates(duels)
    assert (row["wins"], row["losses"], row["ties"], row["win_rate"]) == (6, 2, 2, 0.7)
    assert overall_win_rates(duels)["y"]["win_rate"] == pytest.approx(0.3)
    bt = bradley_terry(duels, n_boot=300)
    # Bradley-Terry with ties as half wins: p(x beats y) = 7 / 10, so the strengths differ by log(7/3)
    assert bt["x"]["strength"] - bt["y"]["strength"] == pytest.approx(np.log(7 / 3), abs=0.02)
    assert bt["x"]["strength"] == pytest.approx(-bt["y"]["strength"])
    with pytest.raises(ValueError, match="outcome"):
        Comparison("t", "r", "x", "y", "x")


def test_bradley_terry_on_duels_that_never_link_two_groups_warns_and_numbers_the_groups():
    duels = [Comparison(f"t{i}", "r", "a", "b", "a") for i in range(4)] + [Comparison(f"t{i}", "r", "c", "d", "b") for i in range(4)]
    assert duel_groups(duels) == [["a", "b"], ["c", "d"]]
    with pytest.warns(RuntimeWarning, match=r"2 groups that never met \(a, b; c, d\)"):
        bt = bradley_terry(duels, n_boot=20)
    assert {p: s["group"] for p, s in bt.items()} == {"a": 0, "b": 0, "c": 1, "d": 1}
    assert all(s["ci_reliable"] is False for s in bt.values())  # 4 tasks: too few for the bootstrap to cover
    linked = duels + [Comparison("t9", "r", "b", "c", "tie")]
    assert duel_groups(linked) == [["a", "b", "c", "d"]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        bradley_terry(linked, n_boot=20)


def test_the_report_shows_head_to_head_next_to_the_scores(server, tmp_path, monkeypatch, results_file):
    server.answer = answers(server)
    assert _run(tmp_path, monkeypatch, "--judge", judge_spec(server)) == 0
    assert main(["report", str(results_file), "-o", str(tmp_path / "report.html")]) == 0
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    section = html[html.index('id="pairwise"'):html.index("</section>", html.index('id="pairwise"'))]
    assert "Head to head: openai:test-judge" in section
    rows = [line for line in section.split("<tr>") if "<td>" in line]
    assert [r.split("<td>")[1].split("<")[0] for r in rows[:3]] == ["red", "pink", "grey"]  # by strength
    assert "18 of 18 decisive duels (100.0%) prefer the run with the higher image-side score" in section
    assert "3 of 3 prompter pairs ranked in the same order (Kendall τ-b +1.00)" in section
    # a results file without a pairwise block has no such section
    plain = load_results(results_file)
    plain.pairwise = None
    write_results(plain, tmp_path / "plain.json")
    assert main(["report", str(tmp_path / "plain.json"), "-o", str(tmp_path / "plain.html")]) == 0
    assert 'id="pairwise"' not in (tmp_path / "plain.html").read_text(encoding="utf-8")


def test_record_then_replay_with_no_server_and_no_cache(server, tmp_path, monkeypatch, results_file):
    server.answer = answers(server)
    assert _run(tmp_path, monkeypatch, "--judge", judge_spec(server), "--record", str(tmp_path / "rec"), "-o", str(tmp_path / "a.json")) == 0
    made = server.count("/chat/completions")
    server.stop()
    assert _run(tmp_path, monkeypatch, "--judge", judge_spec(server), "--replay", str(tmp_path / "rec"),
                "--cache-dir", "fresh-cache", "-o", str(tmp_path / "b.json")) == 0
    assert made == 36 and load_results(tmp_path / "b.json").pairwise["duels"] == load_results(tmp_path / "a.json").pairwise["duels"]


def test_on_a_results_file_written_by_the_plugin(server, pytester, monkeypatch):
    """Two prompters graded by pytest on the mini suite, then judged head to head."""
    write_suite(pytester.path / "mini")
    pytester.makepyfile(shouty="def write(task):\n    return 'A bold red poster: ' + task['brief']\n")
    result = pytester.runpytest("mini", "--prompter=direct", "--prompter=python:shouty:write", "--backend=reference",
                                "--judge=offline", "--atelier-images=1", "--atelier-metric=none", "--atelier-json=r.json",
                                "-p", "no:cacheprovider")
    assert (pytester.path / "r.json").is_file(), result.stdout.str()[-2000:]
    server.answer = answers(server)
    monkeypatch.chdir(pytester.path)
    assert main(["pairwise", "r.json", "--judge", judge_spec(server), "--n-boot", "50", "--concurrency", "2"]) == 0
    figures = load_results(pytester.path / "r.json").pairwise
    assert figures["n"] == 3 and {(d["a"], d["b"]) for d in figures["duels"]} == {("direct", "python:shouty:write")}
    assert server.count("/chat/completions") == 6 and set(figures["bradley_terry"]) == {"direct", "python:shouty:write"}
    # the plugin's file carries current aggregates, so the report reads it in chunks: the section is there too
    assert main(["report", "r.json", "-o", "report.html"]) == 0
    assert "3 duels between two prompters" in (pytester.path / "report.html").read_text(encoding="utf-8")


def test_bradley_terry_recovers_simulated_strengths():
    from itertools import combinations

    rng = np.random.default_rng(0)
    truth = {"p0": 1.0, "p1": 0.5, "p2": 0.0, "p3": -0.5, "p4": -1.0}
    duels = []
    for t in range(150):
        for a, b in combinations(truth, 2):
            won = rng.random() < 1 / (1 + np.exp(truth[b] - truth[a]))
            duels.append(Comparison(f"t{t}", "r", a, b, "a" if won else "b"))
    bt = bradley_terry(duels, n_boot=100)
    assert all(abs(bt[p]["strength"] - truth[p]) < 0.2 for p in truth), bt
    assert sum(bt[p]["low"] <= truth[p] <= bt[p]["high"] for p in truth) >= 4  # 95% intervals cover the truth
