"""EnsembleJudge votes and means, repeats with varied seeds, and the agreement figures."""

from __future__ import annotations

import pytest

from pytest_atelier.components import Safety, Score, Verdict
from pytest_atelier.judge.ensemble import EnsembleJudge
from pytest_atelier.results.agreement import agreement, cohen_kappa, fleiss_kappa
from pytest_atelier.results.records import RunRecord, VerdictRecord
from pytest_atelier.results.stats import kendall_tau_b
from pytest_atelier.suite.loader import load_suite
from pytest_atelier.suite.models import Side

from .conftest import bodies, make_judge


class Fixed:
    """A judge whose answers are given: outcome per checkpoint, one score, one safety flag."""

    def __init__(self, label, outcomes, score=3.0, flagged=False):
        self.spec = self.label = label
        self.identity = f"fixed:{label}"
        self.outcomes, self.value, self.flagged = outcomes, score, flagged

    def judge_prompt(self, task, prompts, checkpoints):
        return [Verdict(cp.id, Side.prompt, self.outcomes[cp.id], f"{self.label} says", self.label) for cp in checkpoints]

    def judge_image(self, task, prompt, image, checkpoints):
        return [Verdict(cp.id, Side.image, self.outcomes[cp.id], f"{self.label} says", self.label) for cp in checkpoints]

    def score_prompt(self, task, prompts, memory=None):
        return [Score("instructional_clarity", self.value, "because", self.label)]

    def score_image(self, task, prompt, image, memory=None):
        return []

    def check_safety(self, task, prompts=None, image=None):
        return Safety(self.flagged, ["violence"] if self.flagged else [], "checked", self.label)


def test_majority_vote_ties_and_means(mini_suite):
    task = load_suite(mini_suite).task("oe_garden")
    a = Fixed("a", {"c01": "pass", "c02": "fail", "c03": "pass"}, 2.0)
    b = Fixed("b", {"c01": "pass", "c02": "pass", "c03": "abstain"}, 4.0, flagged=True)
    c = Fixed("c", {"c01": "fail", "c02": "abstain", "c03": "abstain"}, None)
    judge = EnsembleJudge([a, b, c])
    v1, v2, v3 = judge.judge_prompt(task, ["p"], list(task.checkpoints))
    assert (v1.outcome, v1.votes) == ("pass", ["pass@a", "pass@b", "fail@c"]) and v1.reason.startswith("2/3 votes pass")
    assert v2.outcome == "abstain" and v2.reason.startswith("judges split")
    assert v3.outcome == "pass" and v3.decided_by == "ensemble"
    (score,) = judge.score_prompt(task, ["p"])
    assert score.value == 3.0 and "a=2.0, b=4.0, c=abstain" in score.rationale
    assert not judge.check_safety(task, prompts=["p"]).flagged  # 1 of 3
    assert EnsembleJudge([a, b]).check_safety(task, prompts=["p"]).flagged  # half flags: conservative
    assert judge.identity == "ensemble(repeats=1)[fixed:a|fixed:b|fixed:c]"


def test_repeats_vary_the_seed(server, brain, mini_suite):
    task = load_suite(mini_suite).task("oe_garden")
    judge = EnsembleJudge([make_judge(server, mini_suite, "seed=10&temperature=0.7")], repeats=3)
    verdicts = judge.judge_prompt(task, ["calm"], list(task.checkpoints))
    assert sorted(b["seed"] for b in bodies(server)) == [10, 11, 12]
    assert len({m.identity for _, m in judge.members}) == 3
    assert len(verdicts[0].votes) == 3 and verdicts[0].votes[0].endswith("#1")


def _run(votes_per_unit):
    verdicts = [
        VerdictRecord(checkpoint=f"c{i:02d}", side="prompt", outcome="pass", reason="", decided_by="ensemble", votes=votes)
        for i, votes in enumerate(votes_per_unit)
    ]
    return RunRecord(key="k", suite="s", task_id="t", category="OE", prompter="p", backend="b", judge="e", verdicts=verdicts)


def test_cohen_kappa_by_hand_and_sklearn():
    # 10 units, two raters: agree on 7 (4 pass-pass, 3 fail-fail); a: 6 pass, b: 5 pass.
    a = ["pass"] * 6 + ["fail"] * 4
    b = ["pass"] * 4 + ["fail"] * 2 + ["pass"] + ["fail"] * 3
    # po = 0.7, pe = 0.6*0.5 + 0.4*0.5 = 0.5, kappa = 0.4
    assert cohen_kappa(a, b) == pytest.approx(0.4)
    sklearn = pytest.importorskip("sklearn.metrics")
    assert cohen_kappa(a, b) == pytest.approx(sklearn.cohen_kappa_score(a, b))


def test_fleiss_kappa_by_hand():
    # Fleiss (1971) as tabulated on Wikipedia: 10 subjects, 14 raters, 5 categories -> 0.210
    table = [
        [0, 0, 0, 0, 14], [0, 2, 6, 4, 2], [0, 0, 3, 5, 6], [0, 3, 9, 2, 0], [2, 2, 8, 1, 1],
        [7, 7, 0, 0, 0], [3, 2, 6, 3, 0], [2, 5, 3, 2, 2], [6, 5, 2, 1, 0], [0, 2, 2, 3, 7],
    ]  # fmt: skip
    assert fleiss_kappa(table) == pytest.approx(0.2099, abs=1e-4)
    with pytest.raises(ValueError):
        fleiss_kappa([[1, 1], [3, 0]])


def test_agreement_between_judges_and_repeats():
    units = [
        ["pass@a#1", "pass@a#2", "pass@b#1", "pass@b#2"],
        ["fail@a#1", "fail@a#2", "fail@b#1", "pass@b#2"],
        ["pass@a#1", "fail@a#2", "pass@b#1", "pass@b#2"],
        ["fail@a#1", "fail@a#2", "fail@b#1", "fail@b#2"],
    ]
    entry = agreement([_run(units)])
    # judges (majority over repeats): a = pass, fail, abstain, fail; b = pass, abstain, pass, fail
    judges = entry["judges"]
    assert judges["kappa_kind"] == "cohen" and judges["n"] == 4 and judges["percent_agreement"] == 50.0
    assert judges["kappa"] == pytest.approx(cohen_kappa(["pass", "fail", "abstain", "fail"], ["pass", "abstain", "pass", "fail"]), abs=1e-4)
    rep_a = entry["repeats"]["a"]
    assert rep_a["kappa_kind"] == "fleiss" and rep_a["percent_agreement"] == 75.0
    assert rep_a["kappa"] == pytest.approx(fleiss_kappa([[2, 0, 0], [0, 2, 0], [1, 1, 0], [0, 2, 0]]), abs=1e-4)
    assert [s["checkpoint"] for s in entry["split"]] == ["c01", "c02"]
    three = agreement([_run([["pass@a", "pass@b", "fail@c"], ["fail@a", "fail@b", "fail@c"]])])
    assert three["judges"]["kappa_kind"] == "fleiss" and three["repeats"] == {}
    assert agreement([_run([[]])]) is None


def test_kendall_tau_b_against_scipy():
    x = [1, 2, 2, 3, 4, 4, 4, 5, 1, 3]
    y = [2, 1, 2, 3, 5, 4, 4, 5, 1, 2]
    stats = pytest.importorskip("scipy.stats")
    assert kendall_tau_b(x, y) == pytest.approx(stats.kendalltau(x, y).statistic)
    assert kendall_tau_b([1, 1, 1], [1, 2, 3]) is None
