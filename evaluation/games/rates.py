"""Rates as data: each is a sum over seats of one SeatFacts field over the sum of another, with an optional chance.

A `Rate` names its successes `k`, its trials `n` (`seat_count`: one per seat) and the seats it sums (a side, or
all); where the rate has a chance level above 0, `chance` names the field that sums each trial's chance, so
base = chance / n and lift = (k − chance) / n (for a chance `by_choice`, not defined where every trial's chance
was 0 or 1, which decides it). Every figure
is a ratio of sums, so the figure of several deals is the ratio of their sums: the deal bootstrap
(evaluation/stats/bootstrap.py) resamples exactly these sums. Beside them, the plain mean and percentile of
counted values (days, decisions, latencies) that the summary gives as they are, without an interval.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from evaluation.games.facts import SeatFacts

SIDES = ("killers", "good")
SEAT = "seat_count"
CERTAIN = 1e-9  # chance sums within this share of 0 or of n: every trial was certain


@dataclass(frozen=True)
class Rate:
    """One figure: Σ k / Σ n over the seats on `side` (None: every seat); `chance` gives it a baseline."""

    key: str
    k: str
    n: str = SEAT
    side: str | None = None
    chance: str | None = None
    percent: bool = True  # a share (printed in %) rather than a mean such as a Brier score
    # the chance is the share of the act's open choices that would count (a vote's killers among the seats it
    # could name), so a chance of 0 or 1 decides the trial; not so for a base rate read off other seats
    by_choice: bool = False


def sided(*rates: Rate) -> tuple[Rate, ...]:
    """Each rate once per side, keyed `<key>_killers` and `<key>_good`."""
    return tuple(replace(r, key=f"{r.key}_{side}", side=side) for r in rates for side in SIDES)


def fields(rates: Iterable[Rate]) -> list[str]:
    """Every SeatFacts field the rates read, in a fixed order."""
    out: dict[str, None] = {}
    for r in rates:
        out.update(dict.fromkeys(f for f in (r.k, r.n, r.chance) if f))
    return list(out)


def value(seat: SeatFacts, name: str) -> float:
    return float(getattr(seat, name))


def figure(rate: Rate, k: float, n: float, chance: float | None = None) -> dict[str, Any]:
    """The summary's dict of one rate from its sums: k, n, the rate, and base, lift and ratio when it has a
    chance level (intervals and counts are added by evaluation/stats/bootstrap.py)."""
    out: dict[str, Any] = {"k": _num(k), "n": _num(n), "rate": round(k / n, 4) if n else None}
    if rate.chance is not None:
        c = chance or 0.0
        told = bool(n) and (not rate.by_choice or bool(uncertain(c, n)))
        out["base"] = round(c / n, 4) if n else None
        out["lift"] = round((k - c) / n, 4) if told else None
        out["ratio"] = round(k / c, 3) if told and c else None
    return out


def uncertain(chance: Any, n: Any) -> Any:
    """Whether trials whose chances sum to `chance` over `n` trials leave anything to skill: not when every trial
    was certain (every chance 1, or every chance 0), where the rate equals its chance by construction and a lift
    is not defined (a side-pure schedule's good votes can only fall on the other contestant's killers). Numbers,
    or numpy arrays elementwise (one answer per deal)."""
    return (chance > CERTAIN * n) & (chance < n - CERTAIN * n)


def _num(x: float) -> float | int:
    return int(x) if float(x).is_integer() else round(x, 4)


def summarize(rows: Sequence[SeatFacts], rates: Iterable[Rate]) -> dict[str, dict[str, Any]]:
    """Every rate over `rows` (one contestant's seats, or one role's)."""
    by_side: dict[str | None, list[SeatFacts]] = {None: list(rows)}
    by_side.update({side: [s for s in rows if s.side == side] for side in SIDES})
    out: dict[str, dict[str, Any]] = {}
    for r in rates:
        mine = by_side[r.side]
        chance = sum(value(s, r.chance) for s in mine) if r.chance else None
        out[r.key] = figure(r, sum(value(s, r.k) for s in mine), sum(value(s, r.n) for s in mine), chance)
    return out


def mean(values: Sequence[float]) -> float | None:
    """The arithmetic mean, or None for no values."""
    return round(sum(values) / len(values), 4) if values else None


def percentile(values: Sequence[float], q: float) -> float | None:
    """The q-th percentile (0-100) by linear interpolation between closest ranks; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return round(ordered[low] + (ordered[high] - ordered[low]) * (pos - low), 4)


# Which rates the paired comparisons test (evaluation/stats/comparisons.py), overall and per side, and so which
# metrics a schedule's primary family can hold (docs/metrics.md, "What each schedule identifies"). Each is (rate
# key, compared on: "rate" or "lift" = rate − chance); a comparison's metric is the key, or KEY_lift for a lift.
# Anchored schedules compare per side only (each side against an anchor), field schedules both, rotate and
# two-contestant side-pure the overall figures only.
OVERALL = (("win", "rate"), ("survival", "rate"), ("swing", "lift"))
PER_SIDE = (("win_as_killers", "rate"), ("lies_detected_killers", "lift"), ("bluff_success_killers", "lift"),
            ("misread_as_killer", "lift"), ("win_as_good", "rate"), ("vote_accuracy", "lift"),
            ("accusation_accuracy", "lift"), ("brier_skill", "rate"), ("auc_good", "rate"))


def metric(key: str, on: str) -> str:
    """A comparison's metric name: the rate's key, or KEY_lift."""
    return key if on == "rate" else f"{key}_lift"


def compared(anchored: bool, field: bool) -> list[str]:
    """The metric names a schedule's comparisons hold, in their order."""
    figures = PER_SIDE if anchored else (*OVERALL, *PER_SIDE) if field else OVERALL
    return [metric(key, on) for key, on in figures]
