"""Deal-paired comparisons of two contestants: the difference, its deal-bootstrap interval, a permutation p, Holm.

For contestants a and b and a figure Σk / Σn (a rate, or a lift: Σ(k − chance) / Σn), each deal where both have
n > 0 gives a's and b's sums; diff = a's figure − b's over those deals (a ratio estimator, in points for a
share). The interval (the expanded percentile one of evaluation/stats/bootstrap.py) resamples those deals (both
contestants together: the pairing is kept). The p value is a
two-sided permutation test of "a and b are exchangeable within a deal": each permutation swaps a's and b's sums
in a random half of the deals (for a per-deal mean this is the sign-flip test), p = (1 + #{|diff*| ≥ |diff|}) /
(1 + permutations). Deals where either figure is undefined are dropped and counted. Holm's step-down adjustment
runs over every comparison the summary holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from evaluation.stats.bootstrap import Deals, percentiles

TOLERANCE = 1e-12  # a permuted difference equal to the observed one counts as at least as large


@dataclass(frozen=True)
class Side:
    """One contestant's per-deal sums of a figure: numerator and denominator."""

    k: np.ndarray
    n: np.ndarray
    defined: np.ndarray | None = None  # per deal, whether the figure is defined (None: wherever n > 0)

    def held(self) -> np.ndarray:
        """The deals where the figure is defined."""
        return self.n > 0 if self.defined is None else (self.n > 0) & self.defined


def compare(deals: Deals, a: Side, b: Side, scale: float = 100.0) -> dict[str, Any]:
    """diff, lo, hi (times `scale`: points for a share), p, and the deals used and dropped."""
    keep = a.held() & b.held()
    used = int(keep.sum())
    out: dict[str, Any] = {"deals": used, "deals_dropped": int(((a.n > 0) | (b.n > 0)).sum()) - used}
    if not used:
        return {**out, "diff": None, "lo": None, "hi": None, "p": None}
    ka, na, kb, nb = a.k[keep], a.n[keep], b.k[keep], b.n[keep]
    diff = ka.sum() / na.sum() - kb.sum() / nb.sum()
    w = deals.weights(used)
    boot = (w @ ka) / (w @ na) - (w @ kb) / (w @ nb)
    f = deals.flips(used)
    perm = (ka.sum() + f @ (kb - ka)) / (na.sum() + f @ (nb - na)) - (kb.sum() + f @ (ka - kb)) / \
        (nb.sum() + f @ (na - nb))
    lo, hi = percentiles(boot, used)
    p = (1 + int((np.abs(perm) >= abs(diff) - TOLERANCE).sum())) / (1 + len(perm))
    return {**out, "diff": round(scale * diff, 3), "lo": round(scale * lo, 3), "hi": round(scale * hi, 3),
            "p": round(p, 4)}


def holm(ps: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down adjusted p values, in the order given (None stays None and is not counted)."""
    ranked = sorted((p, i) for i, p in enumerate(ps) if p is not None)
    m = len(ranked)
    out: list[float | None] = [None] * len(ps)
    running = 0.0
    for rank, (p, i) in enumerate(ranked):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = round(running, 4)
    return out


def pairs(names: Sequence[str], field: str | None = None) -> list[tuple[str, str]]:
    """Every unordered pair of contestants, a listed before b, none with the field contestant."""
    focal = [n for n in names if n != field]
    return [(a, b) for i, a in enumerate(focal) for b in focal[i + 1:]]
