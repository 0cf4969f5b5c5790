"""Deal-paired comparisons: the difference, the bootstrap-t interval and p, the floor, Holm; pairs, dropped deals."""

from __future__ import annotations

import numpy as np
import pytest

from evaluation.report.leaderboard import p_text
from evaluation.stats.bootstrap import Deals
from evaluation.stats.paired import Side, _se, compare, holm, pairs, resamples


def test_holm_by_hand() -> None:
    # sorted 0.01, 0.03, 0.04: 3 x 0.01 = 0.03, 2 x 0.03 = 0.06, then max(0.06, 1 x 0.04) = 0.06
    assert holm([0.01, 0.04, 0.03]) == [0.03, 0.06, 0.06]
    assert holm([0.5, None, 0.9]) == [1.0, None, 1.0]
    assert holm([]) == []


def test_pairs_follow_the_file_and_leave_out_the_field() -> None:
    assert pairs(["a", "b", "c"]) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert pairs(["a", "field", "c"], "field") == [("a", "c")]


def test_identical_contestants_differ_by_nothing() -> None:
    k, n = np.array([3.0, 5.0, 1.0, 4.0]), np.full(4, 10.0)
    out = compare(Deals([], draws=200), Side(k, n), Side(k.copy(), n.copy()))
    assert (out["diff"], out["lo"], out["hi"], out["p"]) == (0.0, 0.0, 0.0, 1.0)
    assert (out["deals"], out["deals_dropped"]) == (4, 0)


def test_a_clear_lead_is_found_and_a_coin_is_not() -> None:
    rng = np.random.default_rng(5)
    n = np.full(40, 10.0)
    a, b = rng.binomial(10, 0.7, 40).astype(float), rng.binomial(10, 0.4, 40).astype(float)
    lead = compare(Deals([], draws=2000), Side(a, n), Side(b, n))
    assert lead["lo"] > 0 and lead["p"] < 0.001 and lead["diff"] == pytest.approx(100 * (a.sum() - b.sum()) / 400)
    c = rng.binomial(10, 0.4, 40).astype(float)
    even = compare(Deals([], draws=2000), Side(c, n), Side(b, n))
    assert even["lo"] < 0 < even["hi"] and even["p"] > 0.05


def test_deals_where_either_is_undefined_are_dropped_and_counted() -> None:
    a = Side(np.array([1.0, 2.0, 0.0, 1.0]), np.array([2.0, 2.0, 0.0, 2.0]))
    b = Side(np.array([0.0, 1.0, 1.0, 0.0]), np.array([2.0, 2.0, 2.0, 0.0]))
    out = compare(Deals([], draws=100), a, b)
    assert (out["deals"], out["deals_dropped"]) == (2, 2)
    assert out["diff"] == pytest.approx(100 * (3 / 4 - 1 / 4))
    none = compare(Deals([], draws=10), Side(np.zeros(4), np.zeros(4)), b)
    assert none["diff"] is None and none["p"] is None


def test_the_interval_and_the_p_come_from_one_resampling_and_never_disagree() -> None:
    # over many data sets, zero lies outside the 95 % interval exactly when p <= 0.05
    rng = np.random.default_rng(3)
    deals = Deals([], draws=999)
    for _ in range(200):
        na, nb = rng.integers(1, 14, 20).astype(float), rng.integers(1, 4, 20).astype(float)
        ka, kb = rng.binomial(na.astype(int), 0.5).astype(float), rng.binomial(nb.astype(int), 0.4).astype(float)
        out = compare(deals, Side(ka, na), Side(kb, nb))
        assert (out["p"] <= 0.05) == (not out["lo"] <= 0 <= out["hi"]), out


def test_the_se_is_the_deal_linearisation() -> None:
    ka, na = np.array([3.0, 5.0, 1.0, 4.0]), np.array([6.0, 8.0, 3.0, 7.0])
    kb, nb = np.array([1.0, 2.0, 2.0, 0.0]), np.array([2.0, 3.0, 4.0, 1.0])
    ra, rb = ka.sum() / na.sum(), kb.sum() / nb.sum()
    u = (ka - ra * na) / na.sum() - (kb - rb * nb) / nb.sum()
    diff, se = _se(np.ones((1, 4)), ka, na, kb, nb)
    assert diff[0] == pytest.approx(ra - rb) and se[0] == pytest.approx(np.sqrt(4 / 3 * (u ** 2).sum()))


def test_a_certain_lead_sits_at_the_monte_carlo_floor_and_says_so() -> None:
    out = compare(Deals([], draws=499), Side(np.full(30, 5.0), np.full(30, 5.0)), Side(np.zeros(30), np.full(30, 5.0)))
    assert out["p"] == pytest.approx(1 / 500) and out["p_floor"] and out["resamples"] == 499
    assert p_text(out) == "< 1/500"


def test_resamples_let_holm_reach_alpha() -> None:
    # R >= 20 x family / alpha: the smallest Holm-adjusted p of a family of m is m / (R + 1) <= alpha / 20
    for m in (1, 4, 12, 42):
        r = resamples(m)
        assert r >= 20 * m / 0.05 and m / (r + 1) <= 0.05 / 20
