"""Planted skills: synthetic rotate games drawn from known skills, through the same fit and comparison code.

Each replication plays 60 deals x 2 rotations of v2-classic:10 (10 seats, 2 killer-side seats) seated as the
rotate schedule seats them (tests/evaluation/stats/planted.py: by default the scheduler's own
`killers_together`) — the design of the scripted tournament test — and asks whether the 95 % interval of the
rating difference and of the paired "win" difference holds the planted truth. The full check (slow) runs 500
replications per case — equal skills and a 0.8-logit gap with the killer side held together, the gap again with
the seats alternating (`killers_together = false`) — and wants each coverage within 93–97 % and the stronger
contestant ahead; the default run checks 60 replications of each loosely. docs/metrics.md (Paired comparisons)
gives the measured figures.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from evaluation.stats import sides
from evaluation.stats.bootstrap import Deals
from evaluation.stats.comparisons import _side
from evaluation.stats.paired import compare
from evaluation.stats.tables import SeatTable
from tests.evaluation.stats.planted import planted_games, true_win_difference

DEALS = 60
EQUAL, GAP = {"a": 0.0, "b": 0.0}, {"a": 0.8, "b": 0.0}


@dataclass(frozen=True)
class Replication:
    """One replication's estimates and intervals, and the truths they aim at."""

    rating: tuple[float, float, float]  # b's skill against the anchor a: estimate, lo, hi
    rating_truth: float
    win: tuple[float, float, float]  # a − b paired "win", points
    win_truth: float

    @property
    def covered(self) -> tuple[bool, bool]:
        return (self.rating[1] <= self.rating_truth <= self.rating[2],
                self.win[1] <= self.win_truth <= self.win[2])


def replicate(skills: dict[str, float], seed: int, draws: int = 2000, seating: str = "together") -> Replication:
    """One planted tournament through the rating fit and the paired comparison of the summary."""
    games = planted_games(skills, DEALS, seed, seating=seating)
    deals = Deals(games, draws=draws)
    out, _ = sides.rate(games, ["a", "b"], deals)
    b = out["skill"]["b"]  # a is the anchor: b's skill is b − a
    table = SeatTable(games, deals)
    (sa, _), (sb, _) = _side(table, "a", "win", "rate"), _side(table, "b", "win", "rate")
    win = compare(deals, sa, sb)
    return Replication((b["skill"], b["lo"], b["hi"]), skills["b"] - skills["a"], (win["diff"], win["lo"], win["hi"]),
                       true_win_difference(skills, "a", "b", seating=seating))


def coverage(skills: dict[str, float], replications: int, draws: int = 2000, seating: str = "together",
             first: int = 1000) -> tuple[float, float, list[Replication]]:
    """The rating and win intervals' coverage over replications seeded first, first + 1, …, and the replications."""
    reps = [replicate(skills, first + i, draws, seating) for i in range(replications)]
    return (sum(r.covered[0] for r in reps) / replications, sum(r.covered[1] for r in reps) / replications, reps)


@pytest.mark.parametrize("seating", ["together", "alternate"])
@pytest.mark.parametrize("skills", [EQUAL, GAP])
def test_coverage_is_near_nominal(skills: dict[str, float], seating: str) -> None:
    rating, win, _ = coverage(skills, 60, draws=500, seating=seating)
    assert rating >= 0.85 and win >= 0.85, (rating, win)


@pytest.mark.slow
@pytest.mark.parametrize(("skills", "seating"), [(EQUAL, "together"), (GAP, "together"), (GAP, "alternate")])
def test_coverage_is_within_93_to_97_percent(skills: dict[str, float], seating: str) -> None:
    rating, win, reps = coverage(skills, 500, seating=seating)
    print(f"planted {skills}, {seating}: rating interval covers {rating:.1%}, paired win interval {win:.1%}")
    assert 0.93 <= rating <= 0.97 and 0.93 <= win <= 0.97, (rating, win)
    # the estimates centre on the truth (within 0.1 logits and 1 point over 500 replications)
    assert abs(sum(r.rating[0] for r in reps) / len(reps) - reps[0].rating_truth) < 0.1
    assert abs(sum(r.win[0] for r in reps) / len(reps) - reps[0].win_truth) < 1.0
    if skills != EQUAL:  # a is the stronger: b's rating below a's, a's win share above b's, nearly every time
        assert sum(r.rating[0] < 0 for r in reps) >= 0.9 * len(reps)
        assert sum(r.win[0] > 0 for r in reps) >= 0.9 * len(reps)


def test_the_order_of_unequal_skills_is_recovered() -> None:
    skills = {"a": 1.6, "b": 0.8, "c": 0.0}
    games = planted_games(skills, 600, 11)
    deals = Deals(games, draws=500)
    out, fits = sides.rate(games, ["c", "b", "a"], deals)
    got = out["skill"]
    assert out["reference"] == "c" and got["a"]["skill"] > got["b"]["skill"] > 0 and got["b"]["lo"] > 0
    gap = sides.compare(fits["skill"], deals, "a", "b")
    assert gap["lo"] > 0 and gap["diff"] == pytest.approx(0.8, abs=0.4)
