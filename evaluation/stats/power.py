"""The minimum detectable paired difference: how small a difference in "win" a planned run can find.

MDE = (z₀.₉₇₅ + z₀.₈₀) · √(Σ_d Var(diff_d)) / D for D planned deals (two-sided α 0.05, power 80 %, the normal
approximation of the deal-paired test, evaluation/stats/paired.py), with Var(diff_d) either
- from a pilot: the variance of its per-deal paired differences (every planned deal alike), or
- from the schedule and the scripted estimate: in game r of a deal, a's win share moves by
  e_r = (a's killer seats − a's good seats) / a's seats in the deal − the same for b when the killers win, so
  with the killers winning each game independently at rate p (the scripted bots' rate on that setup, smoothed
  to (wins + 1) / (games + 2)), Var(diff_d) = Σ_r e_r² p (1 − p). Rotations of one deal that tend to end alike
  make the real variance smaller, so this errs towards a larger MDE.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

Z_ALPHA = 1.959963984540054  # two-sided 5 %
Z_POWER = 0.8416212335729143  # 80 %


def mde(variances: Sequence[float]) -> float | None:
    """The minimum detectable difference of the mean over deals with these per-deal variances."""
    if not variances:
        return None
    return (Z_ALPHA + Z_POWER) * math.sqrt(sum(variances)) / len(variances)


def sample_variance(values: Sequence[float]) -> float | None:
    """The unbiased variance of the values (None for fewer than two)."""
    if len(values) < 2:
        return None
    m = sum(values) / len(values)
    return sum((v - m) ** 2 for v in values) / (len(values) - 1)


def deal_variance(games: Iterable[tuple[Mapping[int, str], set[int]]], a: str, b: str, p: float) -> float:
    """Var of a deal's paired "win" difference (a share) from its games' rosters and killer-side seats."""
    games = list(games)
    seats = {n: sum(list(roster.values()).count(n) for roster, _ in games) for n in (a, b)}
    if not seats[a] or not seats[b]:
        return 0.0
    total = 0.0
    for roster, bad in games:
        lean = {n: sum((1 if s in bad else -1) for s, who in roster.items() if who == n) / seats[n] for n in (a, b)}
        total += (lean[a] - lean[b]) ** 2 * p * (1 - p)
    return total
