"""Statistics for grading prompters, in numpy (scipy only for Student's t quantile).

The unit of the benchmark is the task: intervals treat tasks as the units, never single
checkpoints, because the checkpoints of one task are not independent. Every result names
its n. Functions here take plain numbers and sequences; ``aggregate`` and ``baseline``
turn records into those.

- confidence intervals: :func:`rate_interval` (rates), :func:`ratio_interval` (mean scores),
  :func:`paired_diff_interval` (paired differences of rates)
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
from fractions import Fraction
from itertools import combinations
from typing import Mapping, Sequence

import numpy as np

__all__ = [
    "Interval",
    "RELIABLE_FROM",
    "rate_interval",
    "ratio_interval",
    "paired_diff_interval",
    "EXACT_GRID_LIMIT",
    "ENUMERATE_UP_TO",
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


# --- intervals --------------------------------------------------------------------------


@dataclass(frozen=True)
class Interval:
    """A point estimate with an interval over ``n`` units (tasks).

    ``method`` names how the interval was made; ``reliable`` is False where simulation
    (tests/benchmarks/bench_coverage.py, docs/gating.md) shows that method covering less
    than 93% of the time at this many units.
    """

    estimate: float | None
    low: float | None
    high: float | None
    n: int
    confidence: float
    method: str = "t-cluster"
    reliable: bool = True

    def to_dict(self) -> dict:
        return asdict(self)


# Fewest units at which each method covered at least 93% of the time in bench_coverage.py (docs/gating.md).
RELIABLE_FROM = {"bootstrap": 200, "wilson-cluster": 5, "t-cluster": 5}  # bootstrap: 0.927 at 100 tasks


def _reliable(method: str, n: int) -> bool:
    return n >= RELIABLE_FROM[method]


def _t_quantile(confidence: float, df: int) -> float:
    from scipy.stats import t  # scipy is a dependency; imported here to keep this module quick to load

    return float(t.ppf(0.5 + confidence / 2.0, df))


def rate_interval(numer: Sequence[float], denom: Sequence[float], *, confidence: float = 0.95) -> Interval:
    """A pooled rate ``sum(numer) / sum(denom)`` over units (tasks) with a Wilson interval on the
    effective number of checkpoints (method "wilson-cluster").

    The checkpoints of one task move together, so the interval is Wilson's score interval with
    the checkpoint count divided by the design effect: the ratio estimator's variance over units
    (with the n/(n-1) small-sample factor) against the binomial one. The effective count never
    falls below the number of units (every checkpoint of a task alike) nor exceeds the
    checkpoints; the z is Student's t on n-1 degrees of freedom, since the variance is estimated
    from n units. Unlike a percentile bootstrap it does not collapse at 0 or 1 on few tasks.
    """
    num, den = np.asarray(numer, float), np.asarray(denom, float)
    if num.shape != den.shape or num.ndim != 1:
        raise ValueError("numer and denom must be 1-D sequences of the same length")
    units = num[den > 0], den[den > 0]
    n, total = int(units[1].size), float(den.sum())
    if total <= 0:
        return Interval(None, None, None, int(num.size), confidence, "wilson-cluster", False)
    p = float(num.sum()) / total
    if n < 2:
        return Interval(p, None, None, n, confidence, "wilson-cluster", False)
    variance = n / (n - 1) * float(((units[0] - p * units[1]) ** 2).sum()) / total**2
    binomial = p * (1 - p)
    effective = total if variance <= 0 else binomial / variance
    effective = min(max(effective, float(n)), total)
    z = _t_quantile(confidence, n - 1)
    centre = (p + z * z / (2 * effective)) / (1 + z * z / effective)
    half = z / (1 + z * z / effective) * math.sqrt(binomial / effective + z * z / (4 * effective**2))
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half), n, confidence, "wilson-cluster",
                    _reliable("wilson-cluster", n))


def ratio_interval(numer: Sequence[float], denom: Sequence[float], *, confidence: float = 0.95) -> Interval:
    """A pooled mean ``sum(numer) / sum(denom)`` over units (a mean score: scores over their count per
    task) with a t interval on the units' linearised contributions (method "t-cluster")."""
    num, den = np.asarray(numer, float), np.asarray(denom, float)
    if num.shape != den.shape or num.ndim != 1:
        raise ValueError("numer and denom must be 1-D sequences of the same length")
    if den.sum() <= 0:
        return Interval(None, None, None, int(num.size), confidence, "t-cluster", False)
    ratio = float(num.sum() / den.sum())
    return _t_interval(ratio, (num - ratio * den) / den.sum(), confidence)


def _t_interval(estimate: float, contributions: np.ndarray, confidence: float, bounds=(-math.inf, math.inf)) -> Interval:
    """Student's t interval from the units' linearised contributions (their sum is the estimate's error)."""
    n = int(contributions.size)
    if n < 2:
        return Interval(estimate, None, None, n, confidence, "t-cluster", False)
    half = _t_quantile(confidence, n - 1) * math.sqrt(n / (n - 1) * float((contributions**2).sum()))
    return Interval(estimate, max(bounds[0], estimate - half), min(bounds[1], estimate + half), n, confidence, "t-cluster",
                    _reliable("t-cluster", n))


def paired_diff_interval(
    numer_a: Sequence[float],
    denom_a: Sequence[float],
    numer_b: Sequence[float],
    denom_b: Sequence[float],
    *,
    confidence: float = 0.95,
) -> Interval:
    """Difference of two pooled rates (a minus b) measured on the same units, with a t interval on
    the units' linearised contributions (method "t-cluster": the ratio estimators' delta-method
    variance over units, n/(n-1) corrected, Student's t on n-1 degrees of freedom)."""
    arrays = [np.asarray(x, float) for x in (numer_a, denom_a, numer_b, denom_b)]
    if len({a.shape for a in arrays}) != 1 or arrays[0].ndim != 1:
        raise ValueError("all four sequences must be 1-D and of the same length (one entry per unit)")
    na, da, nb, db = arrays
    n = int(na.size)
    if n == 0 or da.sum() == 0 or db.sum() == 0:
        return Interval(None, None, None, n, confidence, "t-cluster", False)
    ra, rb = na.sum() / da.sum(), nb.sum() / db.sum()
    contributions = (na - ra * da) / da.sum() - (nb - rb * db) / db.sum()
    return _t_interval(float(ra - rb), contributions, confidence, (-1.0, 1.0))


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
    "two-sided": as large in absolute value). ``exact`` tells whether the p-value is the exact
    one over all 2**``n_nonzero`` assignments or an estimate from ``n_resamples`` draws.
    """

    statistic: float
    p_value: float
    n: int
    n_nonzero: int
    alternative: str
    exact: bool
    n_resamples: int


EXACT_GRID_LIMIT = 50_000_000  # (non-zero differences) x (sum of their sizes on the integer grid): about a second
ENUMERATE_UP_TO = 40  # off the grid, every assignment is counted (meet in the middle) up to this many differences
_MAX_DENOMINATOR = 1000  # differences that are fractions with a common denominator up to this are exact


def _integer_grid(values: np.ndarray) -> np.ndarray | None:
    """The positive ``values`` as integers after one common scaling, or None when no small denominator fits."""
    scale = 1
    for v in np.unique(values):
        frac = Fraction(float(v)).limit_denominator(_MAX_DENOMINATOR)
        if abs(float(frac) - v) > 1e-9 * max(1.0, abs(v)):
            return None
        scale = math.lcm(scale, frac.denominator)
        if scale > _MAX_DENOMINATOR**2:
            return None
    grid = np.rint(values * scale)
    if not np.allclose(grid / scale, values, rtol=1e-9, atol=0.0):
        return None
    return grid.astype(np.int64)


def _log_counts(sizes: np.ndarray) -> tuple[np.ndarray, float]:
    """The exact null distribution of T = the sum of the sizes given a + sign, by dynamic programming.

    Returns ``(c, log_scale)``: the number of sign assignments with T = t is ``c[t] * exp(log_scale)``
    (t = 0 .. sizes.sum()). Each size adds one shift-and-add; the array is rescaled to a maximum of 1
    after each, so nothing underflows that matters at the precision of a float (p-values down to ~1e-300).
    """
    counts = np.ones(1)
    log_scale = 0.0
    for w in sizes.tolist():
        grown = np.zeros(counts.size + w)
        grown[: counts.size] += counts
        grown[w:] += counts
        top = grown.max()
        counts = grown / top
        log_scale += math.log(top)
    return counts, log_scale


def _exact_p(sizes: np.ndarray, positive: int, alternative: str) -> float:
    """Exact p-value of the sign-flip test on integer sizes; ``positive`` is the observed T."""
    counts, log_scale = _log_counts(sizes)
    total = counts.size - 1
    if alternative == "less":
        tail = counts[: positive + 1].sum()
    elif alternative == "greater":
        tail = counts[positive:].sum()
    else:  # |2T - total| >= |2 positive - total|
        distance = abs(2 * positive - total)
        low, high = (total - distance) // 2, (total + distance) // 2
        tail = counts.sum() if distance == 0 else counts[: low + 1].sum() + counts[high:].sum()
    if tail <= 0.0:  # below what the rescaled counts resolve: smaller than ~1e-300
        return 0.0
    return min(1.0, math.exp(math.log(tail) + log_scale - sizes.size * math.log(2.0)))


def _signed_sums(sizes: np.ndarray) -> np.ndarray:
    """The sums of every sign assignment of ``sizes`` (2**len values)."""
    sums = np.zeros(1)
    for w in sizes.tolist():
        sums = np.concatenate([sums - w, sums + w])
    return sums


def _enumerated_p(sizes: np.ndarray, observed: float, alternative: str) -> float:
    """Exact p-value by counting all 2**m assignments, two halves at a time (meet in the middle)."""
    tol = 1e-9 * max(1.0, float(sizes.sum()))
    left, right = _signed_sums(sizes[: sizes.size // 2]), np.sort(_signed_sums(sizes[sizes.size // 2 :]))

    def at_most(bound: float) -> int:
        return int(np.searchsorted(right, bound - left, side="right").sum())

    def at_least(bound: float) -> int:
        return int((right.size - np.searchsorted(right, bound - left, side="left")).sum())

    if alternative == "less":
        hits = at_most(observed + tol)
    elif alternative == "greater":
        hits = at_least(observed - tol)
    else:
        edge = abs(observed) - tol
        hits = left.size * right.size if edge <= 0 else at_least(edge) + at_most(-edge)
    return min(1.0, hits / (left.size * right.size))


def _resampled_hits(nonzero: np.ndarray, observed: float, alternative: str, n_resamples: int, seed: int) -> int:
    """How many of ``n_resamples`` seeded random sign assignments are at least as extreme (in chunks)."""
    rng = np.random.default_rng(seed)
    sizes = np.abs(nonzero)
    tol = 1e-9 * max(1.0, float(sizes.sum()))
    chunk = max(1, 2_000_000 // sizes.size)
    hits = 0
    for start in range(0, n_resamples, chunk):
        sums = sizes @ rng.choice(np.array([-1.0, 1.0]), size=(sizes.size, min(chunk, n_resamples - start)))
        if alternative == "less":
            hits += int((sums <= observed + tol).sum())
        elif alternative == "greater":
            hits += int((sums >= observed - tol).sum())
        else:
            hits += int((np.abs(sums) >= abs(observed) - tol).sum())
    return hits


def sign_flip_test(
    diffs: Sequence[float],
    *,
    alternative: str = "less",
    n_resamples: int = 99_999,
    seed: int = 0,
) -> SignFlip:
    """Sign-flip test of H0: each unit's difference is symmetric about 0.

    That holds exactly when the two measurements of a unit are exchangeable, as two runs
    of the same system on the same task are: whatever correlates the checkpoints of one
    task (one image, one prompt) travels with the unit.

    The p-value is **exact at any number of units** whenever the differences are integers or
    fractions with a small common denominator (differences of pass counts always are): the
    null distribution of the sum is counted by dynamic programming over the integer grid, so
    it is monotone in the evidence (one more task that lost passes never raises it) and
    reaches 2**-m. Off the grid, up to ENUMERATE_UP_TO non-zero differences every assignment
    is counted (meet in the middle), exact too. Only beyond both does it fall back on
    ``n_resamples`` seeded random assignments, p = (1 + hits) / (1 + n_resamples), whose
    floor 1 / (1 + n_resamples) the caller must keep below its alpha over the family size.
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
    sizes = _integer_grid(np.abs(nonzero))
    if sizes is not None and m * int(sizes.sum()) <= EXACT_GRID_LIMIT:
        positive = int(sizes[nonzero > 0].sum())
        return SignFlip(observed, _exact_p(sizes, positive, alternative), int(d.size), m, alternative, True, 0)
    if m <= ENUMERATE_UP_TO:
        return SignFlip(observed, _enumerated_p(np.abs(nonzero), observed, alternative), int(d.size), m, alternative, True, 0)
    if n_resamples < 1:
        raise ValueError("these differences fit no exact grid: n_resamples must be at least 1")
    hits = _resampled_hits(nonzero, observed, alternative, n_resamples, seed)
    return SignFlip(observed, min(1.0, (1 + hits) / (1 + n_resamples)), int(d.size), m, alternative, False, n_resamples)


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
