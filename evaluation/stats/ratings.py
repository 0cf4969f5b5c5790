"""Skill ratings with uncertainty (openskill's Plackett-Luce, a Bayesian TrueSkill-like model).

Each game is one match of two teams: the contestants on the killers' side and those on the good side (a
contestant counts once per side, however many seats it held there: openskill's team weights gave lopsided
updates in 6.2); the winning side ranks first (a draw ties). A contestant seated on both
sides of one game gets two temporary copies whose updates are added (mu) and multiplied (sigma ratio): the
copies pull in opposite directions, so self-play moves a rating little. Games are rated in the order given
(the tournament sorts them by ruleset, seed and rotation), so the same games always give the same ratings.

Per-side ratings (`rate_sides`) play the same matches between side-specific identities, "name as killers"
against "name as good", so each contestant gets a rating as a killer and one as a good player. There every SEAT
is a team member (a contestant holding 4 of the 7 good seats enters 4 copies, whose updates are added): with few
contestants the good side holds all of them in every game, and only the seat shares, which rotation varies,
can tell them apart. Both ratings live on one scale, but killers' identities only ever meet good identities: a
side that wins more often lifts every rating on it, so compare contestants within a side.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from openskill.models import PlackettLuce

from engine import Winner
from evaluation.games.facts import GameFacts, SeatFacts

SIDES = ("killers", "good")


def rate_games(games: Iterable[GameFacts], names: Iterable[str] = ()) -> dict[str, dict[str, Any]]:
    """mu, sigma and the conservative ordinal (mu - 3 sigma) per contestant after all `games`."""
    return _rate(games, names, lambda seat: seat.contestant, per_seat=False)


def rate_sides(games: Iterable[GameFacts], names: Iterable[str] = ()) -> dict[str, dict[str, dict[str, Any]]]:
    """A rating per contestant and side: {name: {"killers": {mu, sigma, ordinal, games}, "good": {...}}}."""
    names = list(names)
    flat = _rate(games, [f"{n}@{side}" for n in names for side in SIDES],
                 lambda seat: f"{seat.contestant}@{seat.side}", per_seat=True)
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for key, r in flat.items():
        name, _, side = key.rpartition("@")
        out.setdefault(name, {})[side] = r
    order = names + sorted(n for n in out if n not in names)
    return {n: out[n] for n in order if n in out}


def rate_roles(games: Iterable[GameFacts]) -> dict[str, dict[str, dict[str, Any]]]:
    """A rating per contestant and role held (`a+b` for two cards), played like rate_sides: every seat a team
    member under the identity "name@role"; compare contestants within one role."""
    flat = _rate(games, [], lambda seat: f"{seat.contestant}@{seat.role}", per_seat=True)
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for key, r in flat.items():
        name, _, role = key.rpartition("@")
        out.setdefault(name, {})[role] = r
    return {n: dict(sorted(out[n].items())) for n in sorted(out)}


def _rate(games: Iterable[GameFacts], names: Iterable[str],
          ident: Callable[[SeatFacts], str], per_seat: bool) -> dict[str, dict[str, Any]]:
    model = PlackettLuce()
    state: dict[str, tuple[float, float]] = {n: (model.mu, model.sigma) for n in names}
    played: dict[str, int] = dict.fromkeys(state, 0)
    for game in games:
        if game.winner not in ("killers", "good", Winner.DRAW):
            continue  # an unfinished game rates nobody
        teams, members = [], []
        for side in SIDES:
            counts: dict[str, int] = {}
            for seat in game.seats:
                if seat.side == side:
                    counts[ident(seat)] = counts.get(ident(seat), 0) + 1
            for name in counts:
                state.setdefault(name, (model.mu, model.sigma))
            entries = [n for n, k in counts.items() for _ in range(k if per_seat else 1)]
            teams.append([model.rating(mu=state[n][0], sigma=state[n][1], name=n) for n in entries])
            members.append(entries)
        if not all(teams):
            continue
        ranks = [1.0, 1.0] if game.winner == Winner.DRAW else [1.0 if s == game.winner else 2.0 for s in SIDES]
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
