"""Deal-paired comparisons of two contestants: the difference, a studentized bootstrap test and its interval, Holm.

For contestants a and b and a figure Σk / Σn (a rate, or a lift: Σ(k − chance) / Σn), each deal where both have
n > 0 gives a's and b's sums; diff = a's figure − b's over those deals (a ratio estimator, in points for a
share). Its standard error is the deal-level linearisation: u_d = (k_ad − r_a n_ad) / N_a − (k_bd − r_b n_bd) / N_b,
se² = D / (D − 1) Σ u_d², so a deal with many trials weighs as much as it carries and a contestant with few trials
a deal does not borrow the other's precision (a plain permutation of the sums is anti-conservative when the two
trial counts differ).

The test and the interval come from ONE resampling, the symmetric bootstrap-t on deals (Hall 1992; the
studentized statistic is what keeps the level when the trial counts differ, as in Chung & Romano 2013): R
resamples of the deals (both contestants' sums of a deal together: the pairing is kept) give
t*_r = |diff*_r − diff| / se*_r. Then p = (1 + #{t*_r ≥ |diff| / se}) / (R + 1), and the 95 % interval is
diff ± c · se with c the ⌈0.95 (R + 1)⌉-th smallest t*: zero lies outside the interval exactly when p ≤ 0.05, so
the two never disagree. The smallest p R resamples can give is 1 / (R + 1) (`p_floor`: the report prints it as
"< 1/(R+1)"); `resamples` picks R ≥ 20 × family size / α so that Holm's adjustment over the family can reach α.
Deals where either figure is undefined are dropped and counted. Holm's step-down adjustment runs over the primary
family only (evaluation/stats/comparisons.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from evaluation.stats.bootstrap import DRAWS, Deals

TOLERANCE = 1e-12  # a resampled statistic equal to the observed one counts as at least as large
ALPHA = 0.05
LEVEL = 0.95
FLOOR_FACTOR = 20  # R ≥ 20 × family size / α: the Monte-Carlo floor of a Holm-adjusted p is α / 20


@dataclass(frozen=True)
class Side:
    """One contestant's per-deal sums of a figure: numerator and denominator."""

    k: np.ndarray
    n: np.ndarray
    defined: np.ndarray | None = None  # per deal, whether the figure is defined (None: wherever n > 0)

    def held(self) -> np.ndarray:
        """The deals where the figure is defined."""
        return self.n > 0 if self.defined is None else (self.n > 0) & self.defined


def resamples(family: int, alpha: float = ALPHA) -> int:
    """R for a family of `family` tests: at least DRAWS, and at least 20 × family / α."""
    return max(DRAWS, math.ceil(FLOOR_FACTOR * max(family, 1) / alpha))


def _se(w: np.ndarray, ka: np.ndarray, na: np.ndarray, kb: np.ndarray, nb: np.ndarray
        ) -> tuple[np.ndarray, np.ndarray]:
    """Per row of deal weights (R x D, or 1 x D for the data themselves): the difference of the two ratios and its
    linearised standard error, Σ_d w_d u_d² expanded so every term is one product with the weights."""
    d = w.shape[1]
    a_n, b_n = w @ na, w @ nb
    ra, rb = (w @ ka) / a_n, (w @ kb) / b_n
    ea = w @ (ka * ka) - 2 * ra * (w @ (ka * na)) + ra * ra * (w @ (na * na))
    eb = w @ (kb * kb) - 2 * rb * (w @ (kb * nb)) + rb * rb * (w @ (nb * nb))
    cross = w @ (ka * kb) - ra * (w @ (na * kb)) - rb * (w @ (ka * nb)) + ra * rb * (w @ (na * nb))
    var = d / (d - 1) * (ea / a_n ** 2 + eb / b_n ** 2 - 2 * cross / (a_n * b_n)) if d > 1 else np.zeros(len(w))
    return ra - rb, np.sqrt(np.maximum(var, 0.0))


def bootstrap_t(weights: np.ndarray, ka: np.ndarray, na: np.ndarray, kb: np.ndarray, nb: np.ndarray
                ) -> tuple[float, float, float, float]:
    """diff, lo, hi and p of the symmetric deal bootstrap-t (`weights`: R x D resampling counts)."""
    diff_, se_ = _se(np.ones((1, len(ka))), ka, na, kb, nb)
    diff, se = float(diff_[0]), float(se_[0])
    boot, ses = _se(weights, ka, na, kb, nb)
    dev = np.abs(boot - diff)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(dev <= TOLERANCE, 0.0, dev / ses)  # no move: 0; a move with no spread: infinitely far
        t0 = abs(diff) / se if se > 0 else (math.inf if abs(diff) > TOLERANCE else 0.0)
    r = len(t)
    p = (1 + int((t >= t0 - TOLERANCE).sum())) / (r + 1)
    rank = min(r, math.ceil(LEVEL * (r + 1))) - 1
    c = float(np.partition(t, rank)[rank])
    half = c * se if math.isfinite(c) else math.inf
    return diff, diff - half, diff + half, p


def compare(deals: Deals, a: Side, b: Side, scale: float = 100.0, span: float | None = 1.0) -> dict[str, Any]:
    """diff, lo, hi (times `scale`: points for a share), p with its floor, and the deals used and dropped. The
    interval is cut to ±`span` (the largest difference two shares can have; None: no bound), which moves
    neither p nor whether it holds zero; a bound no resample can fix is infinite (None in the JSON)."""
    keep = a.held() & b.held()
    used = int(keep.sum())
    out: dict[str, Any] = {"deals": used, "deals_dropped": int(((a.n > 0) | (b.n > 0)).sum()) - used}
    if used < 2:
        return {**out, "diff": None, "lo": None, "hi": None, "p": None}
    diff, lo, hi, p = bootstrap_t(deals.weights(used), a.k[keep], a.n[keep], b.k[keep], b.n[keep])
    if span is not None:
        lo, hi = max(lo, -span), min(hi, span)
    floor = 1 / (deals.draws + 1)
    return {**out, "diff": round(scale * diff, 3), "lo": _bound(scale * lo), "hi": _bound(scale * hi),
            "p": round(p, 6), "p_floor": p <= floor + TOLERANCE, "resamples": deals.draws}


def _bound(x: float) -> float | None:
    return round(x, 3) if math.isfinite(x) else None


def holm(ps: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down adjusted p values, in the order given (None stays None and is not counted)."""
    ranked = sorted((p, i) for i, p in enumerate(ps) if p is not None)
    m = len(ranked)
    out: list[float | None] = [None] * len(ps)
    running = 0.0
    for rank, (p, i) in enumerate(ranked):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = round(running, 6)
    return out


def pairs(names: Sequence[str], field: str | None = None) -> list[tuple[str, str]]:
    """Every unordered pair of contestants, a listed before b, none with the field contestant."""
    focal = [n for n in names if n != field]
    return [(a, b) for i, a in enumerate(focal) for b in focal[i + 1:]]
