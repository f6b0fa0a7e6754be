"""Statistics for grading prompters, in plain numpy (no scipy needed at run time).

The unit of the benchmark is the task: confidence intervals resample tasks, never single
checkpoints, because the checkpoints of one task are not independent. Every result names
its n. Functions here take plain numbers and sequences; ``aggregate`` and ``baseline``
turn records into those.

- confidence intervals: :func:`bootstrap_ratio`, :func:`paired_bootstrap_diff`
- paired tests: :func:`sign_flip_test` (task-level, what baselines use), :func:`mcnemar_exact`
  (independent pairs only); corrections: :func:`holm`, :func:`bonferroni`
- rankings: :func:`win_rates`, :func:`friedman`, :func:`siegel_castellan`, :func:`kendall_w`,
  :func:`spearman`, :func:`kendall_tau_b`, :func:`rank_consistency`
- repeated judgments: :func:`vote`, :func:`pass_at_k`, :func:`pass_hat_k`

Power of the baseline gate is simulated in :mod:`.power`.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Mapping, Sequence

import numpy as np

__all__ = [
    "Interval",
    "bootstrap_ratio",
    "paired_bootstrap_diff",
    "SignFlip",
    "sign_flip_test",
    "McNemar",
    "mcnemar_exact",
    "holm",
    "bonferroni",
    "WinRates",
    "win_rates",
    "Friedman",
    "friedman",
    "PosthocPair",
    "siegel_castellan",
    "KendallW",
    "kendall_w",
    "spearman",
    "kendall_tau_b",
    "rank_consistency",
    "Vote",
    "vote",
    "pass_at_k",
    "pass_hat_k",
    "chi2_sf",
]


# --- bootstrap --------------------------------------------------------------------------


@dataclass(frozen=True)
class Interval:
    """A point estimate with a percentile bootstrap interval over ``n`` resampled units."""

    estimate: float | None
    low: float | None
    high: float | None
    n: int
    confidence: float

    def to_dict(self) -> dict:
        return asdict(self)


@lru_cache(maxsize=8)
def _draws(n_units: int, n_boot: int, seed: int) -> np.ndarray:
    """Bootstrap draws: row b lists the units drawn (with replacement) in resample b."""
    draws = np.random.default_rng(seed).integers(0, n_units, size=(n_boot, n_units))
    draws.setflags(write=False)
    return draws


def _percentiles(samples: np.ndarray, confidence: float) -> tuple[float | None, float | None]:
    samples = samples[np.isfinite(samples)]
    if samples.size == 0:
        return None, None
    tail = (1.0 - confidence) / 2.0 * 100.0
    low, high = np.percentile(samples, [tail, 100.0 - tail])
    return float(low), float(high)


def _ratio(numer: np.ndarray, denom: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(denom > 0, numer / np.where(denom > 0, denom, 1.0), np.nan)


def bootstrap_ratio(
    numer: Sequence[float],
    denom: Sequence[float],
    *,
    n_boot: int = 2000,
    confidence: float = 0.95,
    seed: int = 0,
) -> Interval:
    """Ratio ``sum(numer) / sum(denom)`` over units, with a seeded bootstrap over units.

    A rate is passes over decided checkpoints per task; a mean is a sum of scores over
    their count per task. Units with ``denom == 0`` stay in the resampling (they are tasks).
    """
    num, den = np.asarray(numer, float), np.asarray(denom, float)
    if num.shape != den.shape or num.ndim != 1:
        raise ValueError("numer and denom must be 1-D sequences of the same length")
    n = int(num.size)
    estimate = float(num.sum() / den.sum()) if den.sum() > 0 else None
    if n == 0 or estimate is None or n_boot <= 0:
        return Interval(estimate, None, None, n, confidence)
    d = _draws(n, n_boot, seed)
    low, high = _percentiles(_ratio(num[d].sum(1), den[d].sum(1)), confidence)
    return Interval(estimate, low, high, n, confidence)


def paired_bootstrap_diff(
    numer_a: Sequence[float],
    denom_a: Sequence[float],
    numer_b: Sequence[float],
    denom_b: Sequence[float],
    *,
    n_boot: int = 2000,
    confidence: float = 0.95,
    seed: int = 0,
) -> Interval:
    """Difference of two ratios (a minus b) measured on the same units, resampled together."""
    arrays = [np.asarray(x, float) for x in (numer_a, denom_a, numer_b, denom_b)]
    if len({a.shape for a in arrays}) != 1 or arrays[0].ndim != 1:
        raise ValueError("all four sequences must be 1-D and of the same length (one entry per unit)")
    na, da, nb, db = arrays
    n = int(na.size)
    if n == 0 or da.sum() == 0 or db.sum() == 0:
        return Interval(None, None, None, n, confidence)
    estimate = float(na.sum() / da.sum() - nb.sum() / db.sum())
    if n_boot <= 0:
        return Interval(estimate, None, None, n, confidence)
    d = _draws(n, n_boot, seed)
    diff = _ratio(na[d].sum(1), da[d].sum(1)) - _ratio(nb[d].sum(1), db[d].sum(1))
    low, high = _percentiles(diff, confidence)
    return Interval(estimate, low, high, n, confidence)


# --- paired test and corrections --------------------------------------------------------


def _log_binom_cdf_half(k: int, n: int) -> float:
    """log P(X <= k) for X ~ Binomial(n, 1/2), exact (log-space sum of binomial terms)."""
    if k >= n:
        return 0.0
    i = np.arange(1, k + 1, dtype=float)
    log_comb = np.concatenate([[0.0], np.cumsum(np.log(n - i + 1) - np.log(i))])
    top = log_comb.max()
    return float(top + np.log(np.exp(log_comb - top).sum()) - n * math.log(2.0))


@dataclass(frozen=True)
class SignFlip:
    """A sign-flip (paired permutation) test on per-unit differences.

    ``statistic`` is the sum of the differences; ``p_value`` the share of sign assignments
    whose sum is at least as extreme (``alternative`` "less": as low; "greater": as high;
    "two-sided": as large in absolute value). ``exact`` tells whether every assignment of
    the ``n_nonzero`` non-zero differences was enumerated or ``n_resamples`` were drawn.
    """

    statistic: float
    p_value: float
    n: int
    n_nonzero: int
    alternative: str
    exact: bool
    n_resamples: int


@lru_cache(maxsize=4)
def _all_signs(m: int) -> np.ndarray:
    """All 2**m sign vectors, one per column (m rows)."""
    codes = np.arange(2**m, dtype=np.int64)[None, :] >> np.arange(m, dtype=np.int64)[:, None]
    signs = 1.0 - 2.0 * (codes & 1)
    signs.setflags(write=False)
    return signs


@lru_cache(maxsize=2)
def _random_signs(rows: int, n_resamples: int, seed: int) -> np.ndarray:
    """``rows`` x ``n_resamples`` random signs; the first m rows do not depend on ``rows``."""
    signs = np.random.default_rng(seed).choice(np.array([-1.0, 1.0]), size=(rows, n_resamples))
    signs.setflags(write=False)
    return signs


def _signs(m: int, n_resamples: int, seed: int) -> np.ndarray:
    if n_resamples == 0:
        return _all_signs(m)
    rows = max(64, 1 << (m - 1).bit_length())  # cached in powers of two, reused by smaller m
    return _random_signs(rows, n_resamples, seed)[:m]


def sign_flip_test(
    diffs: Sequence[float],
    *,
    alternative: str = "less",
    n_resamples: int = 9999,
    seed: int = 0,
    exact_up_to: int = 14,
) -> SignFlip:
    """Sign-flip test of H0: each unit's difference is symmetric about 0.

    That holds exactly when the two measurements of a unit are exchangeable, as two runs
    of the same system on the same task are: whatever correlates the checkpoints of one
    task (one image, one prompt) travels with the unit. With at most ``exact_up_to``
    non-zero differences every sign assignment is enumerated (the exact p-value);
    otherwise ``n_resamples`` seeded random assignments give p = (1 + hits) / (1 +
    n_resamples), which never falls below the exact value's resolution.
    """
    if alternative not in ("less", "greater", "two-sided"):
        raise ValueError(f"alternative must be 'less', 'greater' or 'two-sided', not {alternative!r}")
    d = np.asarray(diffs, float)
    if d.ndim != 1 or not np.isfinite(d).all():
        raise ValueError("diffs must be a 1-D sequence of finite numbers")
    nonzero = d[d != 0]
    m = int(nonzero.size)
    observed = float(d.sum())
    if m == 0:
        return SignFlip(observed, 1.0, int(d.size), 0, alternative, True, 0)
    exact = m <= exact_up_to
    sums = np.abs(nonzero) @ _signs(m, 0 if exact else n_resamples, seed)
    tol = 1e-9 * max(1.0, float(np.abs(nonzero).sum()))
    if alternative == "less":
        hits = int((sums <= observed + tol).sum())
    elif alternative == "greater":
        hits = int((sums >= observed - tol).sum())
    else:
        hits = int((np.abs(sums) >= abs(observed) - tol).sum())
    p = hits / sums.size if exact else (1 + hits) / (1 + sums.size)
    return SignFlip(observed, min(1.0, p), int(d.size), m, alternative, exact, 0 if exact else n_resamples)


@dataclass(frozen=True)
class McNemar:
    """Exact McNemar test: ``b`` pairs went pass->fail, ``c`` went fail->pass, of ``n`` pairs."""

    b: int
    c: int
    n: int
    p_value: float


def mcnemar_exact(b: int, c: int, n: int | None = None) -> McNemar:
    """Two-sided exact McNemar test: a binomial test of ``b`` out of ``b + c`` against 1/2.

    ``n`` (all paired outcomes, concordant included) is only recorded.
    """
    if b < 0 or c < 0:
        raise ValueError("discordant counts must be non-negative")
    d = b + c
    p = 1.0 if d == 0 else min(1.0, 2.0 * math.exp(_log_binom_cdf_half(min(b, c), d)))
    return McNemar(b, c, d if n is None else n, p)


def bonferroni(p_values: Sequence[float]) -> list[float]:
    """Bonferroni-adjusted p-values: each multiplied by the number of tests, capped at 1."""
    m = len(p_values)
    return [min(1.0, p * m) for p in p_values]


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm step-down adjusted p-values, in the input order (reject where adjusted < alpha)."""
    m = len(p_values)
    adjusted = [0.0] * m
    running = 0.0
    for rank, idx in enumerate(sorted(range(m), key=lambda i: p_values[i])):
        running = max(running, min(1.0, (m - rank) * p_values[idx]))
        adjusted[idx] = running
    return adjusted


# --- distributions ----------------------------------------------------------------------


def _gamma_q(a: float, x: float) -> float:
    """Regularized upper incomplete gamma Q(a, x): series below a+1, continued fraction above."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1.0:
        term = total = 1.0 / a
        ap = a
        for _ in range(10_000):
            ap += 1.0
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1.0 - a
    c, d = 1.0 / tiny, 1.0 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return math.exp(log_front) * h


def chi2_sf(x: float, df: int) -> float:
    """Survival function of the chi-squared distribution."""
    return _gamma_q(df / 2.0, x / 2.0)


def _normal_sf_two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2.0))


# --- ranks and rankings -----------------------------------------------------------------


def _rank(values: np.ndarray) -> np.ndarray:
    """Ranks 1..n along the last axis, ties given their average rank (like scipy's rankdata)."""
    values = np.asarray(values, float)
    order = np.argsort(values, axis=-1, kind="mergesort")
    ranks = np.empty_like(values)
    for row_idx in np.ndindex(values.shape[:-1]):
        row, idx = values[row_idx], order[row_idx]
        sorted_vals = row[idx]
        out = np.empty(row.size)
        start = 0
        while start < row.size:
            stop = start
            while stop + 1 < row.size and sorted_vals[stop + 1] == sorted_vals[start]:
                stop += 1
            out[idx[start : stop + 1]] = (start + stop) / 2.0 + 1.0
            start = stop + 1
        ranks[row_idx] = out
    return ranks


def spearman(x: Sequence[float], y: Sequence[float]) -> float | None:
    """Spearman's rho with ties (Pearson on average ranks); None when a side is constant."""
    rx, ry = _rank(np.asarray(x, float)), _rank(np.asarray(y, float))
    if rx.size != ry.size or rx.size < 2:
        raise ValueError("spearman needs two sequences of the same length, at least 2")
    rx, ry = rx - rx.mean(), ry - ry.mean()
    denom = math.sqrt(float((rx**2).sum() * (ry**2).sum()))
    return None if denom == 0 else float((rx * ry).sum() / denom)


def kendall_tau_b(x: Sequence[float], y: Sequence[float]) -> float | None:
    """Kendall's tau-b (ties corrected, like scipy's default); None when a side is constant."""
    a, b = np.asarray(x, float), np.asarray(y, float)
    if a.size != b.size or a.size < 2:
        raise ValueError("kendall_tau_b needs two sequences of the same length, at least 2")
    i, j = np.triu_indices(a.size, k=1)
    da, db = np.sign(a[i] - a[j]), np.sign(b[i] - b[j])
    n0 = float(i.size)
    ties_a, ties_b = float((da == 0).sum()), float((db == 0).sum())
    denom = math.sqrt((n0 - ties_a) * (n0 - ties_b))
    return None if denom == 0 else float((da * db).sum() / denom)


@dataclass(frozen=True)
class Friedman:
    """Friedman's test over ``n_blocks`` blocks (tasks) and ``k`` treatments (prompters)."""

    statistic: float | None
    df: int
    p_value: float | None
    n_blocks: int
    k: int
    mean_ranks: list[float]


def friedman(table: Sequence[Sequence[float]]) -> Friedman:
    """Friedman's chi-squared with the tie correction; rows are blocks, columns treatments.

    Higher values get higher ranks. None statistic when every block is all ties.
    """
    data = np.asarray(table, float)
    if data.ndim != 2 or data.shape[0] < 1 or data.shape[1] < 2:
        raise ValueError("friedman needs a 2-D table with at least one block and two treatments")
    if not np.isfinite(data).all():
        raise ValueError("friedman needs a complete table (no missing values)")
    n, k = data.shape
    ranks = _rank(data)
    rank_sums = ranks.sum(axis=0)
    ties = sum(_tie_term(row) for row in data)
    correction = 1.0 - ties / (n * k * (k * k - 1))
    mean_ranks = [float(r) for r in rank_sums / n]
    if correction <= 0:
        return Friedman(None, k - 1, None, n, k, mean_ranks)
    stat = (12.0 / (n * k * (k + 1)) * float((rank_sums**2).sum()) - 3.0 * n * (k + 1)) / correction
    return Friedman(stat, k - 1, chi2_sf(stat, k - 1), n, k, mean_ranks)


def _tie_term(row: np.ndarray) -> float:
    _, counts = np.unique(row, return_counts=True)
    return float((counts**3 - counts).sum())


@dataclass(frozen=True)
class PosthocPair:
    """One post-hoc comparison after Friedman: mean-rank difference ``a - b``."""

    a: str
    b: str
    z: float
    p_value: float
    p_adjusted: float  # Bonferroni over all k(k-1)/2 pairs


def siegel_castellan(table: Sequence[Sequence[float]], labels: Sequence[str]) -> list[PosthocPair]:
    """Pairwise comparisons after Friedman's test (Siegel & Castellan 1988, section 7.2.2).

    Rows are blocks (tasks), columns treatments. z = (R_a - R_b) / sqrt(k (k + 1) / (6 n))
    with R the mean within-block rank over n blocks, two-sided normal p-values,
    Bonferroni-corrected over the k (k - 1) / 2 pairs. (It is not Dunn's test, which ranks
    all observations together, as after Kruskal-Wallis; scikit-posthocs calls this one
    ``posthoc_siegel_friedman``.)
    """
    result = friedman(table)
    k, n = result.k, result.n_blocks
    if len(labels) != k:
        raise ValueError(f"{len(labels)} labels for {k} treatments")
    se = math.sqrt(k * (k + 1) / (6.0 * n))
    pairs = list(combinations(range(k), 2))
    zs = [(result.mean_ranks[i] - result.mean_ranks[j]) / se for i, j in pairs]
    ps = [_normal_sf_two_sided(z) for z in zs]
    adjusted = bonferroni(ps)
    return [PosthocPair(labels[i], labels[j], z, p, q) for (i, j), z, p, q in zip(pairs, zs, ps, adjusted)]


@dataclass(frozen=True)
class KendallW:
    """Kendall's coefficient of concordance of ``m`` raters ranking ``n`` objects."""

    w: float | None
    chi2: float | None
    df: int
    p_value: float | None
    m: int
    n: int


def kendall_w(scores: Sequence[Sequence[float]]) -> KendallW:
    """Kendall's W (tie-corrected) from a raters x objects table of scores (higher is better).

    W = chi2 / (m (n - 1)), where chi2 is Friedman's statistic with raters as blocks.
    """
    result = friedman(scores)
    m, n = result.n_blocks, result.k
    if result.statistic is None:
        return KendallW(None, None, n - 1, None, m, n)
    return KendallW(result.statistic / (m * (n - 1)), result.statistic, n - 1, result.p_value, m, n)


def rank_consistency(rates: Mapping[str, Mapping[str, float]]) -> dict:
    """Do backends rank the prompters alike? ``rates[backend][prompter]`` is a score.

    Uses the prompters every backend scored. Returns Kendall's W over backends and
    Spearman's rho for each pair of backends, each with its n (prompters compared).
    """
    backends = sorted(rates)
    scored = [{p for p, v in rates[b].items() if v is not None} for b in backends]
    common = sorted(set.intersection(*scored)) if scored else []
    out: dict = {"backends": backends, "prompters": common, "n": len(common), "kendall_w": None, "spearman": []}
    if len(backends) < 2 or len(common) < 2:
        return out
    table = [[rates[b][p] for p in common] for b in backends]
    w = kendall_w(table)
    out["kendall_w"] = asdict(w)
    out["spearman"] = [
        {"a": a, "b": b, "rho": spearman(table[i], table[j]), "n": len(common)}
        for (i, a), (j, b) in combinations(enumerate(backends), 2)
    ]
    return out


@dataclass(frozen=True)
class WinRates:
    """Pseudo-pairwise win rates; ``pairwise[a][b]`` is a's win rate against b over ``n[a][b]`` tasks."""

    win_rate: dict[str, float | None]
    n: dict[str, int]  # comparisons behind each system's overall win rate
    pairwise: dict[str, dict[str, float | None]] = field(default_factory=dict)
    pair_n: dict[str, dict[str, int]] = field(default_factory=dict)


def win_rates(scores: Mapping[str, Mapping[str, float | None]]) -> WinRates:
    """Turn single-answer scores into pairwise comparisons: win 1, tie 0.5, loss 0.

    ``scores[system][task]``; a pair of systems is compared on the tasks both scored. A
    system's win rate is the mean outcome over all its comparisons with every other system.
    """
    systems = sorted(scores)
    points = {s: 0.0 for s in systems}
    count = {s: 0 for s in systems}
    pairwise: dict[str, dict[str, float | None]] = {s: {} for s in systems}
    pair_n: dict[str, dict[str, int]] = {s: {} for s in systems}
    for a, b in combinations(systems, 2):
        shared = [t for t, v in scores[a].items() if v is not None and scores[b].get(t) is not None]
        won = sum(1.0 if scores[a][t] > scores[b][t] else 0.5 if scores[a][t] == scores[b][t] else 0.0 for t in shared)
        n = len(shared)
        points[a] += won
        points[b] += n - won
        count[a] += n
        count[b] += n
        pairwise[a][b] = won / n if n else None
        pairwise[b][a] = (n - won) / n if n else None
        pair_n[a][b] = pair_n[b][a] = n
    rates = {s: points[s] / count[s] if count[s] else None for s in systems}
    return WinRates(rates, count, pairwise, pair_n)


# --- repeated judgments -----------------------------------------------------------------


@dataclass(frozen=True)
class Vote:
    """Outcome of one checkpoint judged several times (repeats or an ensemble)."""

    outcome: str  # "pass", "fail" or "undecided" (votes split evenly, or none decided)
    pass_rate: float | None
    n_pass: int
    n: int  # decided votes (abstentions are not votes)
    n_abstain: int


def vote(outcomes: Sequence[bool | None]) -> Vote:
    """Majority of the decided votes; an even split is ``undecided``, never a coin flip."""
    n_pass = sum(1 for o in outcomes if o is True)
    n_fail = sum(1 for o in outcomes if o is False)
    n = n_pass + n_fail
    outcome = "pass" if n_pass > n_fail else "fail" if n_fail > n_pass else "undecided"
    return Vote(outcome, n_pass / n if n else None, n_pass, n, len(outcomes) - n)


def _check_nck(n: int, c: int, k: int) -> None:
    if not (0 <= c <= n and 1 <= k <= n):
        raise ValueError(f"need 0 <= c <= n and 1 <= k <= n, got n={n}, c={c}, k={k}")


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased estimate that at least one of k attempts passes, from c passes in n attempts."""
    _check_nck(n, c, k)
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def pass_hat_k(n: int, c: int, k: int) -> float:
    """Unbiased estimate that all k attempts pass (pass^k), from c passes in n attempts."""
    _check_nck(n, c, k)
    return math.comb(c, k) / math.comb(n, k)
