"""The deal bootstrap: seeded, resamples a deal's rotations together, only the deals where a figure is defined."""

from __future__ import annotations

import numpy as np
import pytest

from evaluation.games.facts import GameFacts, SeatFacts
from evaluation.games.metrics import by_contestant, game_facts
from evaluation.stats.bootstrap import Deals, ratio_interval
from evaluation.stats.intervals import wilson
from evaluation.stats.tables import SeatTable, contestant_rates
from tests.evaluation.builders import SIX_END, SIX_HEADER, decision, note, six_game

ROSTER = {s: "x" for s in range(1, 7)}


def _game(gid: str, seed: int, on_killer: bool) -> GameFacts:
    """six_game plus ten good votes (seat 3) all on a killer (seat 1) or all on a good seat (seat 4)."""
    votes = [(decision("vote", 3, target=1 if on_killer else 4), note()) for _ in range(10)]
    return game_facts({**SIX_HEADER, "game_id": gid, "seed": seed}, [*six_game()[:5], *votes, *six_game()[5:]],
                      SIX_END, ROSTER)


def _two_seat_game(deal: int, rotation: int, x_wins: bool) -> GameFacts:
    seats = [SeatFacts(1, "x", ("killer",), "killers", won=x_wins), SeatFacts(2, "y", ("civilian",), "good",
                                                                           won=not x_wins)]
    return GameFacts(f"d{deal}r{rotation}", "v1", 2, deal, "killers" if x_wins else "good", 1, 1, 0, 1, seats)


def test_weights_are_seeded_resamples_of_n_deals() -> None:
    deals = Deals([_game("a", 1, True)], draws=50, seed=3)
    w = deals.weights(7)
    assert w.shape == (50, 7) and (w.sum(axis=1) == 7).all()
    assert np.array_equal(w, Deals([], draws=50, seed=3).weights(7))
    assert not np.array_equal(w, Deals([], draws=50, seed=4).weights(7))
    f = deals.flips(7)
    assert set(np.unique(f)) == {0.0, 1.0} and f.shape == (50, 7)


def test_a_deals_rotations_are_resampled_together() -> None:
    # x wins rotation 0 and loses rotation 1 of every deal: every deal's rate is 1/2, so every resample of deals
    # gives 1/2 exactly, where a resample of games would spread from 0 to 1
    games = [_two_seat_game(d, r, r == 0) for d in range(8) for r in range(2)]
    row = contestant_rates(games)["x"]["win"]
    assert (row["rate"], row["lo"], row["hi"]) == (0.5, 0.5, 0.5)
    assert (row["deals"], row["games"], row["seats"]) == (8, 16, 16)


def test_only_the_deals_where_a_figure_is_defined_are_resampled() -> None:
    # x holds a killer seat only in deals 0-2 (a good seat in the five others): its win-as-killers figure rests
    # on those 3 deals, each a win, and resamples them alone (no draw without a killer seat to skip)
    games = [_two_seat_game(d, 0, True) for d in range(3)]
    games += [GameFacts(f"e{d}", "v1", 1, 10 + d, "good", 1, 1, 0, 0, [SeatFacts(1, "x", ("civilian",), "good",
                                                                               won=d % 2 == 0)]) for d in range(5)]
    row = contestant_rates(games)["x"]
    assert row["win_as_killers"]["deals"] == 3 and (row["win_as_killers"]["lo"], row["win_as_killers"]["hi"]) == (1, 1)
    assert row["win_as_good"]["deals"] == 5 and row["win_as_good"]["lo"] < row["win_as_good"]["hi"]
    deals = Deals(games)
    assert ratio_interval(deals, np.zeros(len(deals)), np.zeros(len(deals))) is None


def test_clustered_votes_widen_the_interval() -> None:
    # two deals: seat 3's ten extra votes all hit a killer in one and all miss in the other. Wilson treats the
    # good votes as independent; resampling the two deals gives all-hit or all-miss samples.
    games = [_game("a", 1, True), _game("b", 2, False)]
    acc = by_contestant(games)["x"]["vote_accuracy"]
    wlo, whi = wilson(acc["k"], acc["n"])
    row = contestant_rates(games)["x"]["vote_accuracy"]
    assert row["hi"] - row["lo"] > 1.5 * (whi - wlo)
    assert row["deals"] == 2 and row["lift_lo"] < row["lift"] < row["lift_hi"]


def test_table_figures_equal_the_seat_by_seat_sums() -> None:
    games = [_game("a", 1, True), _game("b", 2, False), _game("c", 3, True)]
    slow, fast = by_contestant(games)["x"], contestant_rates(games)["x"]
    for key, fig in slow.items():
        if isinstance(fig, dict) and "rate" in fig and "k" in fig:
            assert {k: fast[key][k] for k in fig} == fig, key


def test_group_sums_count_games_and_seats() -> None:
    games = [_game("a", 1, True), _game("b", 1, False)]  # one deal, two games
    table = SeatTable(games, Deals(games))
    sums = table.sums("x", "good")
    j = table.column["scored_votes"]
    assert sums.deal.shape[0] == 1 and sums.games[j] == 2
    assert sums.col(table, "seat_count").tolist() == [8.0] and sums.seats[table.column["seat_count"]] == 8
    assert pytest.approx(sums.col(table, "scored_votes").sum()) == by_contestant(games)["x"]["vote_accuracy"]["n"]
