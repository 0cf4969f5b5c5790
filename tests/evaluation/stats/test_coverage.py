"""Planted skills: synthetic rotate games drawn from known skills, through the same fit and comparison code.

Each replication plays 60 deals x 2 rotations of a 10-seat table (3 killers) — the design of the scripted
tournament test — and asks whether the 95 % interval of the rating difference and of the paired "win"
difference holds the planted truth. The full check (slow) runs 500 replications with equal skills and wants
each coverage within 93–97 % (measured 93.4 % and 93.4 %); the default run checks 60 replications loosely, at
equal skills and at a 0.8-logit gap. NOT MET, and so not asserted: at the 0.8-logit gap, 500 replications gave
93.0 % for the rating interval but 91.8 % for the paired "win" interval, which undercovers there (an open
defect: docs/metrics.md, Paired comparisons; /work/notes/issue-23.md).
"""

from __future__ import annotations

import pytest

from evaluation.stats import sides
from evaluation.stats.bootstrap import Deals
from evaluation.stats.comparisons import _side
from evaluation.stats.paired import compare
from evaluation.stats.tables import SeatTable
from tests.evaluation.stats.planted import planted_games, true_win_difference

DEALS = 60
GAPS = ({"a": 0.0, "b": 0.0}, {"a": 0.8, "b": 0.0})


def covered(skills: dict[str, float], seed: int, draws: int = 2000) -> tuple[bool, bool]:
    """Whether one replication's rating and win intervals hold the truth."""
    games = planted_games(skills, DEALS, seed)
    deals = Deals(games, draws=draws)
    out, _ = sides.rate(games, ["a", "b"], deals)
    b = out["skill"]["b"]  # a is the anchor: b's skill is b - a
    rating = b["lo"] <= skills["b"] - skills["a"] <= b["hi"]
    table = SeatTable(games, deals)
    (sa, _), (sb, _) = _side(table, "a", "win", "rate"), _side(table, "b", "win", "rate")
    win = compare(deals, sa, sb)
    truth = true_win_difference(skills, "a", "b")
    return rating, win["lo"] <= truth <= win["hi"]


def coverage(skills: dict[str, float], replications: int, draws: int = 2000) -> tuple[float, float]:
    hits = [covered(skills, 1000 + i, draws) for i in range(replications)]
    return sum(r for r, _ in hits) / replications, sum(w for _, w in hits) / replications


@pytest.mark.parametrize("skills", GAPS)
def test_coverage_is_near_nominal(skills: dict[str, float]) -> None:
    rating, win = coverage(skills, 60, draws=500)
    assert rating >= 0.85 and win >= 0.85, (rating, win)


@pytest.mark.slow
@pytest.mark.parametrize("skills", GAPS[:1])
def test_coverage_is_within_93_to_97_percent(skills: dict[str, float]) -> None:
    rating, win = coverage(skills, 500)
    print(f"planted {skills}: rating interval covers {rating:.1%}, paired win interval {win:.1%}")
    assert 0.93 <= rating <= 0.97 and 0.93 <= win <= 0.97, (rating, win)


def test_the_order_of_unequal_skills_is_recovered() -> None:
    skills = {"a": 1.6, "b": 0.8, "c": 0.0}
    games = planted_games(skills, 600, 11)
    deals = Deals(games, draws=500)
    out, fits = sides.rate(games, ["c", "b", "a"], deals)
    got = out["skill"]
    assert out["anchor"] == "c" and got["a"]["skill"] > got["b"]["skill"] > 0 and got["b"]["lo"] > 0
    gap = sides.compare(fits["skill"], deals, "a", "b")
    assert gap["lo"] > 0 and gap["diff"] == pytest.approx(0.8, abs=0.4)
