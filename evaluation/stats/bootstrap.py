"""Game-clustered bootstrap intervals: resample whole games (with replacement), recompute, take percentiles.

Seats, votes and speeches of one game are not independent (the same deal, the same table talk), so a rate's
interval comes from resampling games, not the decisions inside them. The draws are seeded (DEFAULT_SEED), so a
report recomputed from the same transcripts prints the same intervals. A rate whose resampled n is 0 in a draw
(the contestant made no such act there) skips that draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from evaluation.games.facts import GameFacts
from evaluation.games.metrics import by_contestant
from evaluation.stats.intervals import percentile
from evaluation.stats.ratings import rate_games

DEFAULT_SEED = 20240601
DRAWS = 200
RATING_DRAWS = 100


def resamples(games: Sequence[GameFacts], draws: int, seed: int) -> list[list[GameFacts]]:
    """`draws` resamples of the games, each in schedule order (ratings depend on the order)."""
    rng = random.Random(seed)
    n = len(games)
    return [[games[i] for i in sorted(rng.randrange(n) for _ in range(n))] for _ in range(draws)] if n else []


def _interval(values: list[float]) -> tuple[float, float] | None:
    if not values:
        return None
    lo, hi = percentile(values, 2.5), percentile(values, 97.5)
    return (float(lo or 0.0), float(hi or 0.0))


def rate_intervals(games: Sequence[GameFacts], seed: int = DEFAULT_SEED,
                   draws: int = DRAWS) -> dict[str, dict[str, tuple[float, float]]]:
    """Per contestant, per rate (every {k, n, rate} of by_contestant): the 95 % game-clustered interval."""
    values: dict[str, dict[str, list[float]]] = {}
    for sample in resamples(games, draws, seed):
        for name, row in by_contestant(sample).items():
            for key, r in row.items():
                if isinstance(r, dict) and "rate" in r and r.get("rate") is not None:
                    values.setdefault(name, {}).setdefault(key, []).append(float(r["rate"]))
    return {name: {key: iv for key, vs in per.items() if (iv := _interval(vs)) is not None}
            for name, per in values.items()}


def rating_intervals(games: Sequence[GameFacts], names: Sequence[str], seed: int = DEFAULT_SEED,
                     draws: int = RATING_DRAWS,
                     rate: Callable[[Sequence[GameFacts], Sequence[str]], dict[str, dict[str, Any]]] | None = None,
                     ) -> dict[str, tuple[float, float]]:
    """Per contestant: the 95 % game-clustered interval of its rating's mu."""
    rate = rate or (lambda gs, ns: rate_games(gs, ns))
    values: dict[str, list[float]] = {}
    for sample in resamples(games, draws, seed):
        for name, r in rate(sample, names).items():
            values.setdefault(name, []).append(float(r["mu"]))
    return {name: iv for name, vs in values.items() if (iv := _interval(vs)) is not None}


def attach(contestants: dict[str, dict[str, Any]], intervals: dict[str, dict[str, tuple[float, float]]]) -> None:
    """Adds "blo"/"bhi" (the bootstrap interval) to every rate of the summary's contestants."""
    for name, per in intervals.items():
        row = contestants.get(name) or {}
        for key, (lo, hi) in per.items():
            if isinstance(row.get(key), dict):
                row[key] = {**row[key], "blo": round(lo, 4), "bhi": round(hi, 4)}
