"""The deal-cluster bootstrap: resample whole deals (a deal's rotations together), recompute, take percentiles.

Seats, votes and speeches of one game are not independent (one deal, one table talk), and the rotations of one
deal share its cards, so every interval of the report resamples deals. A figure is a ratio of sums over seats
(evaluation/games/rates.py): its value over a resample is Σ w_d k_d / Σ w_d n_d, w_d the number of times deal d
was drawn. Only the deals where the figure is defined (n_d > 0) are resampled, and their number is reported
beside it, so no draw is ever skipped. The draws are seeded (DEFAULT_SEED, a stream per number of deals), so a
report recomputed from the same transcripts prints the same intervals.
"""

from __future__ import annotations

from collections.abc import Sequence

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


def percentiles(values: np.ndarray) -> tuple[float, float]:
    """The central 95 % of the draws (linear interpolation between closest ranks)."""
    lo, hi = np.percentile(values, [(100 - LEVEL) / 2, (100 + LEVEL) / 2])
    return float(lo), float(hi)


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
    return percentiles(values) if used else None
