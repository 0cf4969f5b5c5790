"""Every seat of a run as numbers, summed per deal for any group of seats, and the intervals of the summary's rates.

`SeatTable` holds one row per seat (its game, deal, contestant, side, role and every field the rates read);
`sums(contestant, side, role, opponent)` gives a group's per-deal sums (opponent: only the games whose other
side that contestant held alone, as the side-pure and anchored schedules play them), and how many games and seats
have a non-zero value, so each figure of summary.json says how many deals, games and seats stand behind it.
`attach_*` add the deal-bootstrap interval (evaluation/stats/bootstrap.py) to the rows of by_contestant, by_role
and by_setup (`fill_contestants` computes the contestants' rates here, from the same sums, rather than seat by seat).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

import numpy as np

from evaluation.games.facts import GameFacts
from evaluation.games.metrics import GOOD_WIN, KILLERS_WIN, RATES, ROLE_RATES
from evaluation.games.rates import Rate, fields, figure
from evaluation.stats.bootstrap import Deals, column_percentiles, ratio_interval


@dataclass
class Sums:
    """One group's sums: per deal and field (deals × fields), and per field the games and seats with a value."""

    deal: np.ndarray
    games: np.ndarray
    seats: np.ndarray

    def col(self, table: SeatTable, name: str) -> np.ndarray:
        return self.deal[:, table.column[name]]


class SeatTable:
    """The seats of `games` as arrays (games in their order)."""

    def __init__(self, games: Sequence[GameFacts], deals: Deals) -> None:
        self.deals = deals
        self.names = fields((*RATES, *ROLE_RATES))
        self.column = {f: i for i, f in enumerate(self.names)}
        seats = [(i, s) for i, g in enumerate(games) for s in g.seats]
        self.game = np.array([i for i, _ in seats], dtype=np.intp)
        self.deal = deals.of_game[self.game] if seats else np.zeros(0, dtype=np.intp)
        self.contestant = np.array([s.contestant for _, s in seats], dtype=object)
        self.side = np.array([s.side for _, s in seats], dtype=object)
        self.role = np.array([s.role for _, s in seats], dtype=object)
        holders = [{side: {s.contestant for s in g.seats if s.side == side} for side in ("killers", "good")}
                   for g in games]
        self.opponent = np.array([_only(holders[i]["good" if s.side == "killers" else "killers"]) for i, s in seats],
                                 dtype=object)
        read = attrgetter(*self.names)
        self.values = np.array([read(s) for _, s in seats], dtype=np.float64).reshape(len(seats), len(self.names))
        self.n_games = len(games)
        self._cache: dict[tuple[str | None, ...], Sums] = {}

    def sums(self, contestant: str | None = None, side: str | None = None, role: str | None = None,
             opponent: str | None = None) -> Sums:
        """The sums of the seats of `contestant` (None: all) on `side` (None: both) holding `role` (None: any), in
        games whose other side `opponent` held alone (None: any game)."""
        key = (contestant, side, role, opponent)
        if key not in self._cache:
            mask = np.ones(len(self.game), dtype=bool)
            for arr, want in ((self.contestant, contestant), (self.side, side), (self.role, role),
                              (self.opponent, opponent)):
                if want is not None:
                    mask &= arr == want
            self._cache[key] = self._sums(mask)
        return self._cache[key]

    def _sums(self, mask: np.ndarray) -> Sums:
        vals = self.values[mask]
        deal = group_sum(self.deal[mask], vals, len(self.deals))
        game = group_sum(self.game[mask], vals, self.n_games)
        return Sums(deal, (game != 0).sum(axis=0), (vals != 0).sum(axis=0))


def _only(names: set[str]) -> str | None:
    """The one contestant holding a side, or None where several (or none) do."""
    return next(iter(names)) if len(names) == 1 else None


def group_sum(index: np.ndarray, values: np.ndarray, size: int) -> np.ndarray:
    """size x columns: the rows of `values` summed by `index` (a sort and one reduceat: np.add.at is slow)."""
    out = np.zeros((size, values.shape[1]))
    if not len(index):
        return out
    order = np.argsort(index, kind="stable")
    idx = index[order]
    starts = np.flatnonzero(np.r_[True, idx[1:] != idx[:-1]])
    out[idx[starts]] = np.add.reduceat(values[order], starts, axis=0)
    return out


def _rounded(iv: tuple[float, float] | None, digits: int = 4) -> dict[str, float]:
    return {} if iv is None else {"lo": round(float(iv[0]), digits), "hi": round(float(iv[1]), digits)}


def figures(table: SeatTable, sums: Sums, rates: Sequence[Rate]) -> dict[str, dict[str, Any]]:
    """Each rate of one group of seats: its figure (evaluation/games/rates.py `figure`), its 95 % deal-bootstrap
    interval and its lift's, and the deals, games and seats behind it. Rates defined on the same deals share one
    resampling matrix (one product for all of them)."""
    out: dict[str, dict[str, Any]] = {}
    by_mask: dict[bytes, list[Rate]] = {}
    for r in rates:
        k, n = sums.col(table, r.k), sums.col(table, r.n)
        c = sums.col(table, r.chance) if r.chance else None
        j = table.column[r.n]
        out[r.key] = {**figure(r, float(k.sum()), float(n.sum()), None if c is None else float(c.sum())),
                      "deals": int((n > 0).sum()), "games": int(sums.games[j]), "seats": int(sums.seats[j])}
        by_mask.setdefault((n > 0).tobytes(), []).append(r)
    for mask, group in by_mask.items():
        keep = np.frombuffer(mask, dtype=bool)
        if not keep.any():
            continue
        cols = [sums.col(table, r.k) for r in group] + [sums.col(table, r.n) for r in group] + \
            [sums.col(table, r.k) - sums.col(table, r.chance) for r in group if r.chance]
        drawn = table.deals.weights(int(keep.sum())) @ np.column_stack(cols)[keep]  # draws x columns
        m = len(group)
        used = int(keep.sum())
        bounds = column_percentiles(drawn[:, :m] / drawn[:, m:2 * m], used)
        lifted = [i for i, r in enumerate(group) if r.chance]
        lift = column_percentiles(drawn[:, 2 * m:] / drawn[:, [m + i for i in lifted]], used) \
            if lifted else np.zeros((2, 0))
        for i, r in enumerate(group):
            out[r.key].update(_rounded((bounds[0, i], bounds[1, i])))
        for col, i in enumerate(lifted):
            if out[group[i].key].get("lift") is None:  # every trial certain: no lift, so no interval
                continue
            out[group[i].key].update({"lift_lo": round(float(lift[0, col]), 4),
                                      "lift_hi": round(float(lift[1, col]), 4)})
    return out


def fill_contestants(table: SeatTable, contestants: Mapping[str, dict[str, Any]]) -> None:
    """Puts every rate of RATES, with its interval and counts, into the rows of by_contestant."""
    for name, row in contestants.items():
        for side in (None, "killers", "good"):
            row.update(figures(table, table.sums(name, side), [r for r in RATES if r.side == side]))


def attach_roles(table: SeatTable, by_role: Mapping[str, Mapping[str, dict[str, Any]]]) -> None:
    """Adds the intervals and counts to by_role's rows ("all": every contestant)."""
    for who, roles in by_role.items():
        for role, row in roles.items():
            row.update(figures(table, table.sums(None if who == "all" else who, None, role), ROLE_RATES))


def attach_setups(games: Sequence[GameFacts], deals: Deals, setups: Mapping[str, dict[str, Any]]) -> None:
    """Adds the intervals of each setup's side win rates (its games resampled by deal) and its counts."""
    at_setup: dict[str, list[int]] = {}
    for i, g in enumerate(games):
        at_setup.setdefault(f"{g.ruleset}/{g.players}", []).append(i)
    for key, row in setups.items():
        mine = at_setup.get(key, [])
        at = deals.of_game[mine]
        n = np.bincount(at, minlength=len(deals)).astype(np.float64)
        row.update({"deals": int((n > 0).sum()), "seats": sum(games[i].players for i in mine)})
        for rate in (KILLERS_WIN, GOOD_WIN):
            side = rate.key.removesuffix("_win")
            k = np.bincount(at, weights=[float(games[i].winner == side) for i in mine], minlength=len(deals))
            row[rate.key].update(_rounded(ratio_interval(deals, k, n)))


def contestant_rates(games: Sequence[GameFacts]) -> dict[str, dict[str, Any]]:
    """by_contestant with every rate's deal-bootstrap interval and counts (what summary.json's rows hold)."""
    from evaluation.games.metrics import by_contestant

    table = SeatTable(games, Deals(games))
    rows = by_contestant(games, rates=())
    fill_contestants(table, rows)
    return rows
