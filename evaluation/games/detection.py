"""Detection: how well private suspicions track the truth (Brier), split by the target's side, and how far a
killer pushes the good side's suspicions about it from the uninformed prior.

For every decision of a seat S and every other seat T in its recorded suspicions (P = P(T is a killer)):
- S good: (P - y)^2 adds to S's Brier (y = 1 if T is on the killers' side), and to its `on_killers` part when T
  is; killers know the truth, so their suspicions are not scored.
- S good, T a killer: (1 - P)^2 adds to T's `misread`, and (1 - p0)^2 to its prior, where p0 = K / (N - 1) is
  what a good seat knowing only the deal's K killer-side seats among N would say. misread - prior > 0: the good
  seats were more wrong about this killer than knowing nothing would have made them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from evaluation.games.facts import SeatFacts


def score_suspicions(seats: dict[int, SeatFacts], me: SeatFacts, suspicions: Mapping[Any, Any], p0: float) -> None:
    """Adds one decision's suspicions to the Brier sums of `me` and the misread sums of killers it rated."""
    if me.side != "good":
        return
    for seat, p in suspicions.items():
        other = seats.get(int(seat))
        if other is None or other.seat == me.seat:
            continue
        killer = other.side == "killers"
        err = (float(p) - (1.0 if killer else 0.0)) ** 2
        me.brier_sum += err
        me.brier_n += 1
        if killer:
            me.brier_on_killers_sum += err
            me.brier_on_killers_n += 1
            other.misread_sum += err
            other.misread_n += 1
            other.misread_prior_sum += (1.0 - p0) ** 2


def _avg(total: float, n: int) -> float | None:
    return round(total / n, 4) if n else None


def detection_summary(rows: Iterable[SeatFacts]) -> dict[str, Any]:
    """Brier (good seats) overall, on killer-side and on good targets; misread and its lift (killer seats)."""
    rows = list(rows)
    good = [s for s in rows if s.side == "good"]
    bad = [s for s in rows if s.side == "killers"]
    n, k_n = sum(s.brier_n for s in good), sum(s.brier_on_killers_n for s in good)
    total, k_sum = sum(s.brier_sum for s in good), sum(s.brier_on_killers_sum for s in good)
    m_n = sum(s.misread_n for s in bad)
    misread, prior = _avg(sum(s.misread_sum for s in bad), m_n), _avg(sum(s.misread_prior_sum for s in bad), m_n)
    return {
        "brier_good": _avg(total, n),
        "brier_good_on_killers": _avg(k_sum, k_n),
        "brier_good_on_good": _avg(total - k_sum, n - k_n),
        "misread_as_killer": misread,
        "misread_prior": prior,
        "misread_lift": None if misread is None or prior is None else round(misread - prior, 4),
    }
