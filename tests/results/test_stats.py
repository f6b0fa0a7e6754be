"""The statistics against scipy, closed forms and hand-computed cases."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from pytest_atelier.results import stats as S

ss = pytest.importorskip("scipy.stats")


def test_bootstrap_rate_matches_the_binomial_closed_form():
    # one checkpoint per task: the resampled rate is exactly Binomial(T, p_hat) / T
    T, passes = 200, 60
    values = [1.0] * passes + [0.0] * (T - passes)
    ci = S.bootstrap_ratio(values, [1.0] * T, n_boot=20000, seed=3)
    assert ci.estimate == pytest.approx(0.3)
    assert ci.n == T
    assert ci.low == pytest.approx(ss.binom.ppf(0.025, T, 0.3) / T, abs=0.011)
    assert ci.high == pytest.approx(ss.binom.ppf(0.975, T, 0.3) / T, abs=0.011)


def test_bootstrap_mean_half_width_matches_standard_error():
    rng = np.random.default_rng(0)
    values = rng.integers(1, 6, size=300).astype(float)
    ci = S.bootstrap_ratio(values, np.ones_like(values), n_boot=20000, seed=1)
    se = values.std(ddof=0) / np.sqrt(values.size)
    assert ci.estimate == pytest.approx(values.mean())
    assert (ci.high - ci.low) / 2 == pytest.approx(1.96 * se, rel=0.06)


def test_bootstrap_ratio_pools_unequal_denominators_and_is_seeded():
    numer, denom = [3, 0, 5], [4, 2, 10]
    a = S.bootstrap_ratio(numer, denom, n_boot=500, seed=7)
    assert a.estimate == pytest.approx(8 / 16)
    assert a == S.bootstrap_ratio(numer, denom, n_boot=500, seed=7)
    assert a.low <= a.estimate <= a.high
    assert S.bootstrap_ratio(numer, denom, n_boot=0).low is None
    assert S.bootstrap_ratio([0, 0], [0, 0]).estimate is None


def test_paired_bootstrap_uses_the_pairing():
    rng = np.random.default_rng(2)
    base = rng.normal(3, 1, size=400)
    a, b = base + rng.normal(0, 0.1, 400), base + 0.2 + rng.normal(0, 0.1, 400)
    ones = np.ones(400)
    ci = S.paired_bootstrap_diff(a, ones, b, ones, n_boot=20000, seed=4)
    d = a - b
    assert ci.estimate == pytest.approx(d.mean())
    assert (ci.high - ci.low) / 2 == pytest.approx(1.96 * d.std(ddof=0) / np.sqrt(d.size), rel=0.06)
    assert ci.high < 0  # unpaired, the spread of ``base`` would swamp the 0.2 gap


@pytest.mark.parametrize("b,c", [(0, 0), (7, 15), (15, 7), (10, 10), (0, 9), (1, 30), (300, 250), (1200, 1100)])
def test_mcnemar_exact_equals_the_binomial_test(b, c):
    result = S.mcnemar_exact(b, c)
    expected = 1.0 if b + c == 0 else ss.binomtest(b, b + c, 0.5).pvalue
    assert result.p_value == pytest.approx(expected, rel=1e-9, abs=1e-300)
    assert (result.b, result.c) == (b, c)


def test_holm_and_bonferroni_hand_computed():
    p = [0.01, 0.04, 0.03, 0.005]
    # sorted: 0.005*4=0.02, 0.01*3=0.03, 0.03*2=0.06, 0.04*1=0.04 -> running max 0.06
    assert S.holm(p) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert S.bonferroni(p) == pytest.approx([0.04, 0.16, 0.12, 0.02])
    assert S.holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])


@pytest.mark.parametrize("seed", range(5))
def test_friedman_and_kendall_w_match_scipy(seed):
    rng = np.random.default_rng(seed)
    table = rng.integers(1, 6, size=(15, 4)).astype(float)  # ties within blocks
    result = S.friedman(table)
    expected = ss.friedmanchisquare(*table.T)
    assert result.statistic == pytest.approx(expected.statistic)
    assert result.p_value == pytest.approx(expected.pvalue)
    assert result.mean_ranks == pytest.approx(list(ss.rankdata(table, axis=1).mean(axis=0)))
    w = S.kendall_w(table)
    assert w.w == pytest.approx(expected.statistic / (15 * (4 - 1)))
    assert (w.m, w.n) == (15, 4)


def test_kendall_w_extremes():
    assert S.kendall_w([[1, 2, 3, 4]] * 5).w == pytest.approx(1.0)
    assert S.kendall_w([[1, 2, 3], [3, 2, 1]]).w == pytest.approx(0.0)
    assert S.kendall_w([[1, 1, 1], [2, 2, 2]]).w is None


def test_siegel_castellan_after_friedman_against_an_independent_computation():
    rng = np.random.default_rng(9)
    table = rng.normal(size=(30, 3)) + np.array([0.0, 0.4, 1.0])
    pairs = S.siegel_castellan(table, ["a", "b", "c"])
    mean_ranks = ss.rankdata(table, axis=1).mean(axis=0)
    se = np.sqrt(3 * 4 / (6 * 30))
    for pair, (i, j) in zip(pairs, combinations(range(3), 2)):
        z = (mean_ranks[i] - mean_ranks[j]) / se
        assert pair.z == pytest.approx(z)
        assert pair.p_value == pytest.approx(2 * ss.norm.sf(abs(z)))
        assert pair.p_adjusted == pytest.approx(min(1.0, 3 * 2 * ss.norm.sf(abs(z))))
    assert [(p.a, p.b) for p in pairs] == [("a", "b"), ("a", "c"), ("b", "c")]


@pytest.mark.parametrize("seed", range(5))
def test_spearman_with_ties_matches_scipy(seed):
    rng = np.random.default_rng(seed)
    x, y = rng.integers(0, 4, 25), rng.integers(0, 4, 25) + rng.integers(0, 2, 25)
    assert S.spearman(x, y) == pytest.approx(ss.spearmanr(x, y).statistic)
    assert S.spearman([1, 1, 1], [1, 2, 3]) is None


@pytest.mark.parametrize("x,df", [(0.1, 1), (3.2, 2), (7.8, 3), (50.0, 7), (0.5, 9), (120.0, 100), (90.0, 100)])
def test_chi2_survival_matches_scipy(x, df):
    assert S.chi2_sf(x, df) == pytest.approx(ss.chi2.sf(x, df), rel=1e-8)


def test_rank_consistency_over_backends():
    rates = {"sdxl": {"a": 0.9, "b": 0.5, "c": 0.1}, "flux": {"a": 0.8, "b": 0.6, "c": 0.2}, "ref": {"a": 0.1, "b": 0.5, "c": 0.9}}
    out = S.rank_consistency(rates)
    table = [[rates[b][p] for p in "abc"] for b in sorted(rates)]
    assert out["kendall_w"]["w"] == pytest.approx(ss.friedmanchisquare(*np.array(table).T).statistic / (3 * 2))
    rho = {(s["a"], s["b"]): s["rho"] for s in out["spearman"]}
    assert rho[("flux", "sdxl")] == pytest.approx(1.0)
    assert rho[("flux", "ref")] == pytest.approx(-1.0)
    assert out["n"] == 3


def test_win_rates_hand_computed():
    scores = {"A": {"t1": 5, "t2": 3, "t3": 1}, "B": {"t1": 4, "t2": 3, "t3": 2}, "C": {"t1": 1, "t2": None}}
    wr = S.win_rates(scores)
    # A vs B: win, tie, loss = 1.5 / 3; A vs C on t1 only: win; B vs C on t1: win
    assert wr.pairwise["A"]["B"] == pytest.approx(0.5)
    assert wr.pairwise["B"]["A"] == pytest.approx(0.5)
    assert wr.pairwise["C"]["A"] == 0.0 and wr.pair_n["A"]["C"] == 1
    assert wr.win_rate == pytest.approx({"A": 2.5 / 4, "B": 2.5 / 4, "C": 0.0})
    assert wr.n == {"A": 4, "B": 4, "C": 2}


def test_vote_marks_even_splits_undecided():
    assert S.vote([True, False]).outcome == "undecided"
    assert S.vote([True, True, False]) == S.Vote("pass", 2 / 3, 2, 3, 0)
    assert S.vote([False, None, None]).outcome == "fail"
    assert S.vote([None, None]) == S.Vote("undecided", None, 0, 0, 2)


@pytest.mark.parametrize("n,c,k", [(5, 2, 1), (5, 2, 2), (6, 4, 3), (4, 4, 2), (4, 0, 2), (7, 3, 7)])
def test_pass_at_k_and_pass_hat_k_against_enumeration(n, c, k):
    attempts = [True] * c + [False] * (n - c)
    subsets = list(combinations(attempts, k))
    assert S.pass_at_k(n, c, k) == pytest.approx(sum(any(s) for s in subsets) / len(subsets))
    assert S.pass_hat_k(n, c, k) == pytest.approx(sum(all(s) for s in subsets) / len(subsets))
    with pytest.raises(ValueError):
        S.pass_at_k(n, c, n + 1)


def _scipy_sign_flip(d, alternative, **kw):
    return ss.permutation_test((np.asarray(d, float),), lambda x, axis: x.sum(axis=axis), permutation_type="samples",
                               alternative=alternative, **kw).pvalue


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("alternative", ["less", "greater", "two-sided"])
def test_exact_sign_flip_equals_scipys_permutation_test(seed, alternative):
    rng = np.random.default_rng(seed)
    d = rng.integers(-4, 4, size=int(rng.integers(3, 13))).astype(float)  # zeros included: they do not move the sum
    result = S.sign_flip_test(d, alternative=alternative)
    assert result.exact and result.statistic == d.sum()
    assert result.p_value == pytest.approx(_scipy_sign_flip(d, alternative, n_resamples=10**6), abs=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_resampled_sign_flip_agrees_with_scipy_within_monte_carlo_error(seed):
    rng = np.random.default_rng(seed)
    d = rng.integers(-3, 4, size=200) - 0.15
    result = S.sign_flip_test(d, n_resamples=20000, seed=seed)
    reference = _scipy_sign_flip(d, "less", n_resamples=20000, random_state=seed)
    assert not result.exact and result.n_resamples == 20000
    assert abs(result.p_value - reference) < 4 * np.sqrt(reference * (1 - reference) / 10000) + 1e-3


def test_sign_flip_is_seeded_and_degenerate_cases_are_plain():
    d = np.arange(-20, 30, dtype=float)
    assert S.sign_flip_test(d, seed=4) == S.sign_flip_test(d, seed=4)
    assert S.sign_flip_test([0.0, 0.0]).p_value == 1.0
    assert S.sign_flip_test([-1.0] * 10).p_value == pytest.approx(2.0**-10)  # every task lost: the one extreme assignment
    with pytest.raises(ValueError, match="alternative"):
        S.sign_flip_test([1.0], alternative="down")
