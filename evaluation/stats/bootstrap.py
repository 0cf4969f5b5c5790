"""The deal-cluster bootstrap: resample whole deals (a deal's rotations together), recompute, take percentiles.

Seats, votes and speeches of one game are not independent (one deal, one table talk), and the rotations of one
deal share its cards, so every interval of the report resamples deals. A figure is a ratio of sums over seats
(evaluation/games/rates.py): its value over a resample is Σ w_d k_d / Σ w_d n_d, w_d the number of times deal d
was drawn. Only the deals where the figure is defined (n_d > 0) are resampled, and their number is reported
beside it, so no draw is ever skipped. The interval is the *expanded* percentile interval (Hesterberg 2015, "What
teachers should know about the bootstrap"): over D deals it takes the percentiles α'/2 and 1 − α'/2 with
α'/2 = Φ(−√(D / (D − 1)) · t₀.₉₇₅,D−1), which corrects the plain percentile interval's narrowness over few
clusters (it is the plain one as D grows; with 2 deals it is the range of the draws). The draws are seeded
(DEFAULT_SEED, a stream per number of deals), so a report recomputed from the same transcripts prints the same
intervals.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

import numpy as np

from evaluation.games.facts import GameFacts

DEFAULT_SEED = 20240601
DRAWS = 2000
LEVEL = 95.0  # percent
CACHED = 6  # weight matrices kept (one per number of deals; 2,000 draws x 5,000 deals is 80 MB)


class Deals:
    """The deals of a list of games and seeded draws over any number of them (weights and sign flips)."""

    def __init__(self, games: Sequence[GameFacts], draws: int = DRAWS, seed: int = DEFAULT_SEED) -> None:
        self.keys: list[str] = list(dict.fromkeys(g.deal for g in games))
        index = {k: i for i, k in enumerate(self.keys)}
        self.of_game = np.array([index[g.deal] for g in games], dtype=np.intp)
        self.draws, self.seed = draws, seed
        self._weights: dict[int, np.ndarray] = {}
        self._flips: dict[int, np.ndarray] = {}

    def __len__(self) -> int:
        return len(self.keys)

    def weights(self, n: int) -> np.ndarray:
        """draws × n: how often each of n deals is drawn in each resample of n deals (with replacement)."""
        if n not in self._weights:
            if len(self._weights) >= CACHED:
                self._weights.pop(next(iter(self._weights)))
            rng = np.random.default_rng([self.seed, n])
            picks = rng.integers(0, n, size=(self.draws, n)) + np.arange(self.draws)[:, None] * n
            self._weights[n] = np.bincount(picks.ravel(), minlength=self.draws * n).reshape(self.draws, n) \
                .astype(np.float64)
        return self._weights[n]

    def flips(self, n: int) -> np.ndarray:
        """draws × n of 0 and 1: for each permutation, the deals whose two contestants swap labels."""
        if n not in self._flips:
            rng = np.random.default_rng([self.seed, n, 1])
            self._flips[n] = rng.integers(0, 2, size=(self.draws, n)).astype(np.float64)
        return self._flips[n]


def t_quantile(p: float, dof: int) -> float:
    """Student's t quantile: exact for 1 and 2 degrees of freedom, else the Cornish–Fisher series of Abramowitz
    and Stegun 26.7.5 (within 1 % at 3 degrees of freedom, 0.1 % from 6)."""
    if dof == 1:
        return math.tan(math.pi * (p - 0.5))
    if dof == 2:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    z, n = NormalDist().inv_cdf(p), float(dof)
    return (z + (z ** 3 + z) / (4 * n) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * n ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * n ** 3))


def tail(clusters: int) -> float:
    """The percentile (0-50) each bound of the expanded 95 % interval over `clusters` deals is taken at."""
    if clusters < 2:
        return (100 - LEVEL) / 2
    t = t_quantile(0.5 + LEVEL / 200, clusters - 1)
    return 100 * NormalDist().cdf(-math.sqrt(clusters / (clusters - 1)) * t)


def percentiles(values: np.ndarray, clusters: int) -> tuple[float, float]:
    """The expanded 95 % percentile interval of the draws over `clusters` deals (linear interpolation between
    closest ranks)."""
    bounds = column_percentiles(values, clusters)
    return float(bounds[0]), float(bounds[1])


def column_percentiles(values: np.ndarray, clusters: int) -> np.ndarray:
    """The same for every column of draws x columns: 2 x columns (lower bounds, then upper)."""
    q = tail(clusters)
    return np.asarray(np.percentile(values, [q, 100 - q], axis=0))


def ratio_draws(deals: Deals, k: np.ndarray, n: np.ndarray) -> tuple[np.ndarray, int]:
    """The figure Σk / Σn over every resample of the deals where it is defined, and how many those are."""
    keep = n > 0
    used = int(keep.sum())
    if not used:
        return np.empty(0), 0
    w = deals.weights(used)
    return (w @ k[keep]) / (w @ n[keep]), used


def ratio_interval(deals: Deals, k: np.ndarray, n: np.ndarray) -> tuple[float, float] | None:
    """The 95 % deal-bootstrap interval of Σk / Σn (per-deal sums k, n), or None where it is never defined."""
    values, used = ratio_draws(deals, k, n)
    return percentiles(values, used) if used else None
