"""Skill ratings with uncertainty (openskill's Plackett-Luce, a Bayesian TrueSkill-like model).

Each game is one match of two teams: the contestants on the killers' side and those on the good side (a
contestant counts once per side, however many seats it held there: openskill's team weights gave lopsided
updates in 6.2); the winning side ranks first (a draw ties). A contestant seated on both
sides of one game gets two temporary copies whose updates are added (mu) and multiplied (sigma ratio): the
copies pull in opposite directions, so self-play moves a rating little. Games are rated in the order given
(the tournament sorts them by ruleset, seed and rotation), so the same games always give the same ratings.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from openskill.models import PlackettLuce

from evaluation.metrics import GameFacts

SIDES = ("killers", "good")


def rate_games(games: Iterable[GameFacts], names: Iterable[str] = ()) -> dict[str, dict[str, Any]]:
    """mu, sigma and the conservative ordinal (mu - 3 sigma) per contestant after all `games`."""
    model = PlackettLuce()
    state: dict[str, tuple[float, float]] = {n: (model.mu, model.sigma) for n in names}
    played: dict[str, int] = dict.fromkeys(state, 0)
    for game in games:
        if game.winner not in ("killers", "good", "draw"):
            continue  # an unfinished game rates nobody
        teams, members = [], []
        for side in SIDES:
            counts: dict[str, int] = {}
            for seat in game.seats:
                if seat.side == side:
                    counts[seat.contestant] = counts.get(seat.contestant, 0) + 1
            for name in counts:
                state.setdefault(name, (model.mu, model.sigma))
            teams.append([model.rating(mu=state[n][0], sigma=state[n][1], name=n) for n in counts])
            members.append(list(counts))
        if not all(teams):
            continue
        ranks = [1.0, 1.0] if game.winner == "draw" else [1.0 if s == game.winner else 2.0 for s in SIDES]
        new = model.rate(teams, ranks=ranks)
        _merge(state, members, new)
        for name in {n for team in members for n in team}:
            played[name] = played.get(name, 0) + 1
    return {n: {"mu": round(mu, 3), "sigma": round(sigma, 3), "ordinal": round(mu - 3 * sigma, 3),
                "games": played.get(n, 0)}
            for n, (mu, sigma) in sorted(state.items(), key=lambda kv: -(kv[1][0] - 3 * kv[1][1]))}


def _merge(state: dict[str, tuple[float, float]], members: list[list[str]], new: Any) -> None:
    """Adds up the updates of every copy of a contestant in this match."""
    delta: dict[str, float] = {}
    ratio: dict[str, float] = {}
    for team, rated in zip(members, new, strict=True):
        for name, r in zip(team, rated, strict=True):
            mu, sigma = state[name]
            delta[name] = delta.get(name, 0.0) + (r.mu - mu)
            ratio[name] = ratio.get(name, 1.0) * (r.sigma / sigma)
    for name, d in delta.items():
        mu, sigma = state[name]
        state[name] = (mu + d, sigma * ratio[name])
