"""Planted per-side skills through the anchored schedule's comparisons (evaluation/stats/paired.py).

Each replication plays D deals of the anchored schedule against anchor h: per deal, h's self-play, and each
contestant c with every killer-side seat against h's good side and every good seat against h's killer side. The
killers win with P = σ(α_d + s_k(killer holder) − s_g(good holder)), α_d ~ N(0.3, 0.5²) a deal's own balance
(shared by the deal's games). The comparison of c's side against h's self-play is the one summary.json makes
("against": h): a deal-paired difference in win as killers (as good). Its truth is exact, over α by Gauss–Hermite
quadrature: E σ(α + s_k(c) − s_g(h)) − E σ(α + s_k(h) − s_g(h)).
- A contestant better only as killers (+1 logit) moves only its killer-side estimate: its good-side interval
  covers the truth (0) in 93–97 % of replications, and its killer-side one covers its (non-zero) truth likewise;
  the reverse for a contestant better only as good.
- Three skills per side (killers 1, 0.5, 0 and good the reverse) come out in their order on each side.
The slow test runs 2,000 replications per case from fixed seeds (a measurement: the same figures every run) and
prints them; docs/metrics.md quotes them. The default run checks 150 replications loosely, and one small run
through the real schedule's rosters, GameFacts and SeatTable's opponent filter against the direct sums.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from evaluation.games.facts import GameFacts, SeatFacts
from evaluation.stats.bootstrap import Deals
from evaluation.stats.comparisons import _side
from evaluation.stats.paired import Side, compare
from evaluation.stats.tables import SeatTable

DEALS = 40
ALPHA_MEAN, ALPHA_SD = 0.3, 0.5
KILLERS_ONLY = {"k": 1.0, "g": 0.0}
GOOD_ONLY = {"k": 0.0, "g": 1.0}


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return np.asarray(1 / (1 + np.exp(-x)))


def expected(shift: float) -> float:
    """E σ(α + shift) over α ~ N(ALPHA_MEAN, ALPHA_SD²), by 40-point Gauss–Hermite quadrature."""
    x, w = np.polynomial.hermite_e.hermegauss(40)
    return float((w * _sigmoid(ALPHA_MEAN + ALPHA_SD * x + shift)).sum() / w.sum())


def truths(skill: dict[str, float]) -> tuple[float, float]:
    """The killer-side and good-side truths (shares) of c − h, h's skills 0."""
    base = expected(0.0)
    return expected(skill["k"]) - base, (1 - expected(-skill["g"])) - (1 - base)


def draw(skill: dict[str, float], rng: np.random.Generator, deals: int = DEALS) -> dict[str, np.ndarray]:
    """Per deal: killers' wins in h's self-play, c-killers vs h-good and h-killers vs c-good (one game each)."""
    alpha = rng.normal(ALPHA_MEAN, ALPHA_SD, deals)
    return {"self": (rng.random(deals) < _sigmoid(alpha)).astype(float),
            "c_killers": (rng.random(deals) < _sigmoid(alpha + skill["k"])).astype(float),
            "c_good": (rng.random(deals) < _sigmoid(alpha - skill["g"])).astype(float)}


def replicate(skill: dict[str, float], rng: np.random.Generator, resampler: Deals) -> tuple[dict, dict]:
    """c − h on the killer side and on the good side, as summary.json's per-side comparisons make them."""
    g = draw(skill, rng)
    one = np.ones(DEALS)
    killers = compare(resampler, Side(g["c_killers"], one), Side(g["self"], one))
    good = compare(resampler, Side(1 - g["c_good"], one), Side(1 - g["self"], one))
    return killers, good


def coverage(skill: dict[str, float], replications: int, seed: int) -> tuple[float, float, float, float]:
    """Killer-side and good-side coverage of the truths, and the mean estimates (points)."""
    rng, resampler = np.random.default_rng([seed, 34]), Deals([], draws=999)
    tk, tg = (100 * t for t in truths(skill))
    hits, means = np.zeros(2), np.zeros(2)
    for _ in range(replications):
        for i, (e, t) in enumerate(zip(replicate(skill, rng, resampler), (tk, tg), strict=True)):
            hits[i] += e["lo"] <= t <= e["hi"]
            means[i] += e["diff"] / replications
    return hits[0] / replications, hits[1] / replications, float(means[0]), float(means[1])


@pytest.mark.parametrize("skill", [KILLERS_ONLY, GOOD_ONLY])
def test_a_one_sided_skill_moves_one_side_roughly(skill: dict[str, float]) -> None:
    ck, cg, mk, mg = coverage(skill, 150, 1)
    assert ck >= 0.85 and cg >= 0.85, (ck, cg)
    moved, still = (mk, mg) if skill["k"] else (mg, mk)
    assert moved > 10 and abs(still) < 5


@pytest.mark.slow
@pytest.mark.parametrize("skill", [KILLERS_ONLY, GOOD_ONLY])
def test_a_one_sided_skill_moves_only_its_side(skill: dict[str, float]) -> None:
    ck, cg, mk, mg = coverage(skill, 2000, 2)
    tk, tg = (100 * t for t in truths(skill))
    print(f"planted {skill} over {DEALS} deals: killer side covers {ck:.1%} (truth {tk:+.1f}, mean {mk:+.1f} pts), "
          f"good side covers {cg:.1%} (truth {tg:+.1f}, mean {mg:+.1f} pts)")
    assert 0.93 <= ck <= 0.97 and 0.93 <= cg <= 0.97, (ck, cg)
    assert abs(mk - tk) < 1.0 and abs(mg - tg) < 1.0


def test_three_skills_come_out_in_order_on_each_side() -> None:
    rng, resampler = np.random.default_rng(7), Deals([], draws=999)
    skills = {"a": {"k": 1.0, "g": 0.0}, "b": {"k": 0.5, "g": 0.5}, "c": {"k": 0.0, "g": 1.0}}
    got = {n: replicate_many(s, rng, resampler) for n, s in skills.items()}
    assert got["a"][0] > got["b"][0] > got["c"][0]
    assert got["c"][1] > got["b"][1] > got["a"][1]


def replicate_many(skill: dict[str, float], rng: np.random.Generator, resampler: Deals) -> tuple[float, float]:
    """Mean killer-side and good-side estimates over 100 replications."""
    out = np.array([[e["diff"] for e in replicate(skill, rng, resampler)] for _ in range(100)])
    return float(out[:, 0].mean()), float(out[:, 1].mean())


def _seats(roster: dict[int, str], bad: set[int], killers_won: bool) -> list[SeatFacts]:
    return [SeatFacts(s, n, ("killer",) if s in bad else ("civilian",), "killers" if s in bad else "good",
                      won=(s in bad) == killers_won) for s, n in roster.items()]


def test_the_seat_table_filters_the_anchor_games_as_the_direct_sums() -> None:
    # the anchored rosters of a 9-seat table, 3 killer seats; the table's per-side sums against h must equal the
    # per-deal game outcomes the direct replication uses
    rng = random.Random(3)
    games, direct = [], {"self": [], "c_killers": [], "c_good": []}
    for d in range(12):
        bad = set(rng.sample(range(1, 10), 3))
        for tag, killers, good in (("self", "h", "h"), ("c_killers", "c", "h"), ("c_good", "h", "c")):
            won = rng.random() < 0.5
            direct[tag].append(float(won))
            roster = {s: killers if s in bad else good for s in range(1, 10)}
            games.append(GameFacts(f"g{d}{tag}", "v3", 9, d, "killers" if won else "good", 2, 2, 0, 3,
                                   _seats(roster, bad, won)))
    table = SeatTable(games, Deals(games))
    (ck, _), (hk, _) = (_side(table, who, "win_as_killers", "rate", "h") for who in ("c", "h"))
    (cg, _), (hg, _) = (_side(table, who, "win_as_good", "rate", "h") for who in ("c", "h"))
    assert np.allclose(ck.k / ck.n, direct["c_killers"]) and np.allclose(hk.k / hk.n, direct["self"])
    assert np.allclose(cg.k / cg.n, 1 - np.array(direct["c_good"])) and np.allclose(hg.k / hg.n,
                                                                                   1 - np.array(direct["self"]))
