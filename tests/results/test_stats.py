"""The statistics against scipy, closed forms and hand-computed cases."""

from __future__ import annotations

from itertools import combinations, product

import numpy as np
import pytest

from pytest_atelier.results import stats as S

ss = pytest.importorskip("scipy.stats")


def test_rate_interval_is_wilsons_when_checkpoints_are_independent():
    # one checkpoint per task: the design effect is 1, so it is Wilson's score interval with t's quantile
    T, passes = 2000, 600
    values = [1.0] * passes + [0.0] * (T - passes)
    ci = S.rate_interval(values, [1.0] * T)
    z = ss.t.ppf(0.975, T - 1)
    p, n = 0.3, T
    centre, half = (p + z * z / (2 * n)) / (1 + z * z / n), z / (1 + z * z / n) * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    assert (ci.estimate, ci.n, ci.method, ci.reliable) == (pytest.approx(0.3), T, "wilson-cluster", True)
    assert (ci.low, ci.high) == (pytest.approx(centre - half, abs=1e-12), pytest.approx(centre + half, abs=1e-12))
    wilson = ss.binomtest(passes, T).proportion_ci(0.95, method="wilson")  # scipy's, on the normal quantile
    assert (ci.low, ci.high) == (pytest.approx(wilson.low, abs=2e-4), pytest.approx(wilson.high, abs=2e-4))


def test_rate_interval_widens_with_clustering_and_never_collapses_at_one():
    independent = S.rate_interval([5, 5, 5, 5, 0, 0, 0, 0, 3, 2], [10, 10, 10, 10, 10, 10, 10, 10, 10, 10])
    mixed = S.rate_interval([3, 2, 3, 2, 2, 3, 2, 3, 2, 3], [10] * 10)
    assert independent.estimate == mixed.estimate == 0.25
    assert independent.high - independent.low > mixed.high - mixed.low  # whole tasks passing or failing: fewer units
    perfect = S.rate_interval([22] * 5, [22] * 5)  # all passed on five tasks: the truth may still be below 1
    assert perfect.estimate == 1.0 and perfect.high == pytest.approx(1.0) and perfect.low < 0.95
    assert S.rate_interval([0, 0], [0, 0]).estimate is None


def test_mean_and_paired_difference_intervals_are_students_t_on_tasks():
    rng = np.random.default_rng(2)
    base = rng.normal(3, 1, size=12)
    a, b = base + rng.normal(0, 0.1, 12), base + 0.2 + rng.normal(0, 0.1, 12)
    ones = np.ones(12)
    ci = S.paired_diff_interval(a, ones, b, ones)
    reference = ss.ttest_rel(a, b).confidence_interval(0.95)
    assert ci.estimate == pytest.approx((a - b).mean())
    assert (ci.low, ci.high) == (pytest.approx(reference.low), pytest.approx(reference.high))
    assert ci.high < 0  # unpaired, the spread of ``base`` would swamp the 0.2 gap
    mean = S.ratio_interval(a, ones)
    reference = ss.ttest_1samp(a, 0).confidence_interval(0.95)
    assert (mean.low, mean.high) == (pytest.approx(reference.low), pytest.approx(reference.high))


@pytest.mark.parametrize("interval", ["rate", "difference"])
def test_intervals_cover_near_nominal_at_five_tasks(interval):
    # the clustered model of the gate's simulation; the full table is tests/benchmarks/bench_coverage.py
    from pytest_atelier.results.power import NoiseModel, simulate_runs

    rng = np.random.default_rng(11)
    hits, sims = 0, 400
    for _ in range(sims):
        before, after, _ = simulate_runs(rng, 5, 22, NoiseModel(), drop=0.05)
        den = np.full(5, 22.0)
        if interval == "rate":
            ci, truth = S.rate_interval(before.sum(1), den), 0.65
        else:
            ci, truth = S.paired_diff_interval(after.sum(1), den, before.sum(1), den), -0.05
        hits += ci.low <= truth <= ci.high
    assert hits / sims >= 0.92  # nominal 0.95; 400 draws have a standard error of 0.011


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


def _brute_force_sign_flip(d, alternative):
    d = np.asarray(d, float)
    sums = np.array([np.dot(signs, np.abs(d)) for signs in product((-1.0, 1.0), repeat=d.size)])
    observed, tol = d.sum(), 1e-9
    extreme = {"less": sums <= observed + tol, "greater": sums >= observed - tol,
               "two-sided": np.abs(sums) >= abs(observed) - tol}[alternative]
    return extreme.mean()


@pytest.mark.parametrize("seed", range(40))
def test_exact_sign_flip_equals_brute_force_enumeration_on_integers_and_fractions(seed):
    rng = np.random.default_rng(seed)
    d = rng.integers(-6, 7, size=int(rng.integers(1, 13))).astype(float)
    if seed % 2:
        d = d / rng.integers(2, 9)  # differences of per-task rates: fractions with a small denominator
    for alternative in ("less", "greater", "two-sided"):
        result = S.sign_flip_test(d, alternative=alternative)
        assert result.exact
        assert result.p_value == pytest.approx(_brute_force_sign_flip(d, alternative), rel=1e-12)


@pytest.mark.parametrize("seed", range(12))
def test_differences_off_any_grid_are_still_exact_by_counting_every_assignment(seed):
    rng = np.random.default_rng(100 + seed)
    d = rng.normal(0, 2, size=int(rng.integers(1, 13))) + np.sqrt(2) / 10  # no small common denominator
    for alternative in ("less", "greater", "two-sided"):
        result = S.sign_flip_test(d, alternative=alternative)
        assert result.exact and result.n_resamples == 0
        assert result.p_value == pytest.approx(_brute_force_sign_flip(d, alternative), rel=1e-12)


@pytest.mark.parametrize("seed", range(2))
def test_exact_sign_flip_at_200_tasks_agrees_with_a_large_monte_carlo(seed):
    rng = np.random.default_rng(seed)
    d = rng.integers(-3, 4, size=200) - 0.15
    result = S.sign_flip_test(d)
    assert result.exact and result.n_nonzero == 200
    reference = _scipy_sign_flip(d, "less", n_resamples=200_000, random_state=seed)
    assert abs(result.p_value - reference) < 4 * np.sqrt(reference * (1 - reference) / 200_000) + 1e-5


def test_sign_flip_is_monotone_in_the_evidence_and_reaches_its_exact_floor():
    # one more task that lost passes never raises p: no step at 14/15 tasks, 2**-m all the way
    previous = 1.0
    for m in range(1, 400):
        p = S.sign_flip_test([-1.0] * m).p_value
        assert p == pytest.approx(2.0**-m, rel=1e-9) and p < previous
        previous = p
    mixed = [-3.0, 2.0, -1.0, -4.0, 1.0, -2.0] * 5
    more = [S.sign_flip_test(mixed + [-1.0] * k).p_value for k in range(10)]
    assert all(b < a for a, b in zip(more, more[1:]))


def test_differences_with_no_small_denominator_are_resampled_with_scipys_result():
    rng = np.random.default_rng(3)
    d = rng.integers(-3, 4, size=60) + np.sqrt(2) / 10
    result = S.sign_flip_test(d, n_resamples=20000, seed=3)
    reference = _scipy_sign_flip(d, "less", n_resamples=20000, random_state=3)
    assert not result.exact and result.n_resamples == 20000
    assert abs(result.p_value - reference) < 4 * np.sqrt(reference * (1 - reference) / 10000) + 1e-3
    assert result.p_value >= 1 / 20001  # the floor of 20000 resamples


def test_sign_flip_is_seeded_and_degenerate_cases_are_plain():
    d = np.arange(-20, 30, dtype=float)
    assert S.sign_flip_test(d + 0.01 * np.pi, seed=4) == S.sign_flip_test(d + 0.01 * np.pi, seed=4)
    assert S.sign_flip_test([0.0, 0.0]).p_value == 1.0
    assert S.sign_flip_test([-1.0] * 10).p_value == pytest.approx(2.0**-10)  # every task lost: the one extreme assignment
    with pytest.raises(ValueError, match="alternative"):
        S.sign_flip_test([1.0], alternative="down")
