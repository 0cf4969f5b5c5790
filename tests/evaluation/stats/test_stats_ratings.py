"""Wilson intervals against known values; ratings move the right way and are reproducible."""

from __future__ import annotations

import pytest

from evaluation.games.metrics import GameFacts, SeatFacts
from evaluation.stats.intervals import mean, percentile, rate, wilson
from evaluation.stats.ratings import rate_games, rate_sides


@pytest.mark.parametrize(("k", "n", "lo", "hi"), [
    (5, 10, 0.2366, 0.7634), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (81, 263, 0.2553, 0.3662)])
def test_wilson_known_values(k: int, n: int, lo: float, hi: float) -> None:
    got = wilson(k, n)
    assert got == (pytest.approx(lo, abs=1e-4), pytest.approx(hi, abs=1e-4))


def test_rate_and_small_helpers() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    assert rate(0, 0)["rate"] is None
    assert mean([]) is None and mean([1, 2]) == 1.5
    assert percentile([1, 2, 3, 4], 50) == 2.5 and percentile([], 95) is None


def game(winner: str, killers: list[str], good: list[str]) -> GameFacts:
    seats = [SeatFacts(i + 1, n, ("killer",), "killers") for i, n in enumerate(killers)]
    seats += [SeatFacts(len(seats) + i + 1, n, ("civilian",), "good") for i, n in enumerate(good)]
    return GameFacts("g", "v1", len(seats), 0, winner, 1, 1, 0, len(killers), seats)


def test_winner_rises_and_draw_keeps_means() -> None:
    r = rate_games([game("killers", ["a"], ["b", "b"])] * 3, ["a", "b"])
    assert r["a"]["mu"] > 25 > r["b"]["mu"] and r["a"]["sigma"] < 25 / 3
    assert list(r) == ["a", "b"]  # sorted by ordinal
    d = rate_games([game("draw", ["a"], ["b"])])
    assert d["a"]["mu"] == d["b"]["mu"] == 25.0


def test_self_play_and_unfinished_games() -> None:
    r = rate_games([game("good", ["a"], ["a", "b"]), game(None, ["b"], ["a"])], ["a", "b"])  # type: ignore[arg-type]
    assert r["a"]["games"] == 1 and abs(r["a"]["mu"] - 25) < abs(r["b"]["mu"] - 25) + 5
    assert r == rate_games([game("good", ["a"], ["a", "b"])], ["a", "b"])


def test_side_ratings_tell_apart_contestants_always_on_the_same_side() -> None:
    # Both contestants are on the good side of every game; the good side wins when "a" holds more good seats
    # and loses when "b" does. Only seat shares separate them, and they must.
    wins = game("good", ["b"], ["a", "a", "a", "b"])
    losses = game("killers", ["a"], ["a", "b", "b", "b"])
    r = rate_sides([wins, losses] * 3, ["a", "b"])
    assert list(r) == ["a", "b"] and set(r["a"]) == {"killers", "good"}
    assert r["a"]["good"]["mu"] > r["b"]["good"]["mu"]
    assert r["a"]["killers"]["mu"] > 25 > r["b"]["killers"]["mu"]  # a won every game it played as killer
    assert r["a"]["good"]["games"] == 6 and r["b"]["killers"]["games"] == 3
    assert r == rate_sides([wins, losses] * 3, ["a", "b"])  # reproducible
    assert rate_games([wins, losses] * 3, ["a", "b"])["a"]["mu"] != r["a"]["good"]["mu"]
