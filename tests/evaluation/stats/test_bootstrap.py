"""Game-clustered bootstrap: seeded, collapses on identical games, wider than Wilson when games disagree."""

from __future__ import annotations

from evaluation.games.metrics import by_contestant, game_facts
from evaluation.stats.bootstrap import rate_intervals, rating_intervals, resamples
from evaluation.stats.intervals import wilson
from evaluation.stats.ratings import rate_games
from tests.evaluation.builders import SIX_END, SIX_HEADER, decision, note, six_game

ROSTER = {s: "x" for s in range(1, 7)}


def _game(gid: str, on_killer: bool) -> object:
    """six_game plus ten good votes (seat 3) all on a killer (seat 1) or all on a good seat (seat 4)."""
    votes = [(decision("vote", 3, target=1 if on_killer else 4), note()) for _ in range(10)]
    return game_facts({**SIX_HEADER, "game_id": gid}, [*six_game()[:5], *votes, *six_game()[5:]], SIX_END, ROSTER)


def test_seeded_and_reproducible() -> None:
    games = [_game(f"g{i}", i % 2 == 0) for i in range(6)]
    assert rate_intervals(games, seed=3) == rate_intervals(games, seed=3)
    assert [[g.game_id for g in s] for s in resamples(games, 5, 3)] == \
        [[g.game_id for g in s] for s in resamples(games, 5, 3)]


def test_identical_games_give_a_point() -> None:
    games = [_game(f"g{i}", True) for i in range(5)]
    point = by_contestant(games)["x"]["win"]["rate"]
    assert rate_intervals(games)["x"]["win"] == (point, point)


def test_clustered_votes_widen_the_interval() -> None:
    # two games: seat 3's ten extra votes all hit a killer in one and all miss in the other. Wilson treats the
    # 2 x 13 good votes as independent; resampling the two games can give all-hit or all-miss samples.
    games = [_game("a", True), _game("b", False)]
    acc = by_contestant(games)["x"]["vote_accuracy"]
    wlo, whi = wilson(acc["k"], acc["n"])
    blo, bhi = rate_intervals(games)["x"]["vote_accuracy"]
    assert bhi - blo > 1.5 * (whi - wlo)


def test_rating_interval_of_identical_games_is_the_rating() -> None:
    games = [_game(f"g{i}", True) for i in range(4)]
    for g in games:  # two contestants: x on the killers' side, y on the good side (who win every game)
        for s in g.seats:
            s.contestant = "x" if s.side == "killers" else "y"
    mu = rate_games(games, ["x", "y"])
    got = rating_intervals(games, ["x", "y"], draws=20)
    assert got["y"] == (mu["y"]["mu"], mu["y"]["mu"]) and got["x"][0] == got["x"][1] < mu["y"]["mu"]
