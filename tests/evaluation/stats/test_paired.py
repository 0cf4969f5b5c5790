"""Deal-paired comparisons: the difference, its interval, the permutation p, Holm; pairs and dropped deals."""

from __future__ import annotations

import numpy as np
import pytest

from evaluation.stats.bootstrap import Deals
from evaluation.stats.paired import Side, compare, holm, pairs


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


def test_the_permutation_is_the_sign_flip_test_for_equal_denominators() -> None:
    # with one trial a deal, the statistic is the mean per-deal difference and a swap flips its sign: the p value
    # is the share of sign patterns whose mean is at least as far from 0, checked against all 2^8 patterns
    d = np.array([1.0, 1.0, 1.0, 1.0, 1.0, 0.0, -1.0, 1.0])
    a, b = np.where(d > 0, 1.0, 0.0), np.where(d < 0, 1.0, 0.0)
    out = compare(Deals([], draws=4000, seed=1), Side(a, np.ones(8)), Side(b, np.ones(8)))
    signs = np.array(np.meshgrid(*[[-1, 1]] * 8)).reshape(8, -1).T
    exact = (np.abs((signs * d).mean(axis=1)) >= abs(d.mean()) - 1e-12).mean()
    assert out["p"] == pytest.approx(exact, abs=0.02)
