"""Synthetic games with planted skills: the outcome drawn from the side-aware model itself, under `rotate`.

Each deal places K killer-side seats among N at random (10 seats and 2 killer-side seats by default, as
v2-classic:10 deals them) and seats the contestants as the tournament's rotate schedule does: the j-th seat of
the seating order is played by contestant (j + r) mod M in rotation r, the order 1..N rearranged by the
scheduler's own `killers_together` (the default, "together": each game's killer side held by one contestant) or
left as it is ("alternate": `killers_together = false`). The killers win with
P = σ(α + Σ_c x_k(c) s(c) − Σ_c x_g(c) s(c)) (evaluation/stats/sides.py, one skill each). The seats carry a few
other counts drawn at random (votes, suspicions, claims) so the whole summary has work to do.
`true_win_difference` is the expected paired "win" difference, exact over every placement of the killer seats.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping

from evaluation.games.detection import count_ranking
from evaluation.games.facts import GameFacts, SeatFacts
from evaluation.tournament.schedules import killers_together

SEATINGS = ("together", "alternate")


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def _eta(skills: Mapping[str, float], roster: Mapping[int, str], bad: set[int], alpha: float,
         good: Mapping[str, float] | None = None) -> float:
    """The killers' log-odds; `good` gives the good side its own skills (else the same ones)."""
    k, g = len(bad), len(roster) - len(bad)
    good = good or skills
    return alpha + sum(skills[n] / k if s in bad else -good[n] / g for s, n in roster.items())


def rosters(names: list[str], players: int, bad: set[int], seating: str = "together") -> list[dict[int, str]]:
    """Seat -> contestant in each rotation of a deal whose killer-side seats are `bad`, as the rotate schedule
    seats them (evaluation/tournament/schedules.py)."""
    if seating not in SEATINGS:
        raise ValueError(f"seating must be one of {SEATINGS}, not {seating!r}")
    m, order = len(names), list(range(1, players + 1))
    if seating == "together":
        order = killers_together(order, bad, m)
    return [dict(sorted((seat, names[(j + r) % m]) for j, seat in enumerate(order))) for r in range(m)]


def _seat(seat: int, name: str, killer: bool, won: bool, rng: random.Random, extras: bool) -> SeatFacts:
    s = SeatFacts(seat, name, ("killer",) if killer else ("civilian",), "killers" if killer else "good", won=won)
    s.survived = rng.random() < (0.6 if won else 0.3)
    s.survival_chance = 0.5
    if extras:
        s.votes = s.scored_votes = rng.randint(0, 4)
        s.scored_votes_on_killers = sum(rng.random() < 0.35 for _ in range(s.scored_votes))
        s.scored_votes_chance = 0.3 * s.scored_votes
        s.decisions = rng.randint(5, 15)
        s.fallbacks = int(rng.random() < 0.05)
        if not killer:
            s.brier_n = s.brier_rated = 9
            s.brier_sum, s.brier_prior_sum = 9 * rng.uniform(0.1, 0.25), 9 * 0.21
            count_ranking(s, [(rng.randint(0, 100) / 100, rng.random() < 0.3) for _ in range(9)])
    return s


def planted_games(skills: Mapping[str, float], deals: int, seed: int, players: int = 10, killers: int = 2,
                  alpha: float = 0.6, extras: bool = False, ruleset: str = "v2-classic",
                  seating: str = "together") -> list[GameFacts]:
    """`deals` deals, each played once per rotation, winners drawn from the planted skills."""
    rng = random.Random(seed)
    names = list(skills)
    games = []
    for d in range(deals):
        bad = set(rng.sample(range(1, players + 1), killers))
        for r, roster in enumerate(rosters(names, players, bad, seating)):
            killers_won = rng.random() < _sigmoid(_eta(skills, roster, bad, alpha))
            seats = [_seat(s, n, s in bad, (s in bad) == killers_won, rng, extras) for s, n in roster.items()]
            games.append(GameFacts(f"{ruleset}-p{players}-s{d}-r{r}", ruleset, players, d,
                                   "killers" if killers_won else "good", 3, 3, 0, killers, seats))
    return games


def game(gid: str, seed: int, roster: Mapping[int, str], bad: set[int], rng: random.Random,
         killers: Mapping[str, float], good: Mapping[str, float] | None = None, alpha: float = 0.6,
         ruleset: str = "v2-classic") -> GameFacts:
    """One game of any roster, its winner drawn from per-side skills."""
    killers_won = rng.random() < _sigmoid(_eta(killers, roster, bad, alpha, good))
    seats = [_seat(s, n, s in bad, (s in bad) == killers_won, rng, False) for s, n in roster.items()]
    return GameFacts(gid, ruleset, len(roster), seed, "killers" if killers_won else "good", 3, 3, 0, len(bad), seats)


def true_win_difference(skills: Mapping[str, float], a: str, b: str, players: int = 10, killers: int = 2,
                        alpha: float = 0.6, seating: str = "together") -> float:
    """E[a's share of seats won − b's] per deal, in points, over every equally likely placement of the killers
    (`planted_games` draws it uniformly). It is the paired "win" estimand: every contestant holds N seats of each
    deal over its M rotations, so the ratio estimator Σ won / Σ seats is the mean of the per-deal shares."""
    names = list(skills)
    total, count = 0.0, 0
    for bad_seats in itertools.combinations(range(1, players + 1), killers):
        bad = set(bad_seats)
        won = dict.fromkeys(names, 0.0)
        held = dict.fromkeys(names, 0)
        for roster in rosters(names, players, bad, seating):
            p = _sigmoid(_eta(skills, roster, bad, alpha))
            for s, n in roster.items():
                won[n] += p if s in bad else 1 - p
                held[n] += 1
        total += won[a] / held[a] - won[b] / held[b]
        count += 1
    return round(100 * total / count, 9)  # equal skills: exactly 0, not a rounding error either side
