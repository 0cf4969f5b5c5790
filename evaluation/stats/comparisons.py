"""summary.json's "comparisons": every pair of contestants on every figure where a difference means something.

One entry per unordered pair (a = the one listed first in the tournament file; pairs with the `field`
contestant are left out) and metric: the deal-paired difference a − b with its deal-bootstrap interval and
permutation p (evaluation/stats/paired.py), or, for the ratings, a's skill − b's in logits (evaluation/stats/
sides.py). `p_holm` is Holm's adjustment over every entry of the list. Shares are compared on their rate or,
where they have a chance level that differs between contestants, on their lift over it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from evaluation.games.metrics import RATES
from evaluation.games.rates import uncertain
from evaluation.stats import sides
from evaluation.stats.bootstrap import Deals
from evaluation.stats.paired import Side, compare, holm, pairs
from evaluation.stats.tables import SeatTable

# (rate key, compared on): "rate" or "lift" (rate − chance)
COMPARED = (("win", "rate"), ("win_as_killers", "rate"), ("win_as_good", "rate"), ("survival", "rate"),
            ("vote_accuracy", "lift"), ("accusation_accuracy", "lift"), ("lies_detected_killers", "lift"),
            ("bluff_success_killers", "lift"), ("swing", "lift"), ("brier_skill", "rate"), ("auc_good", "rate"),
            ("misread_as_killer", "lift"), ("fallback", "rate"))
RATINGS = (("rating", "skill", 0), ("rating_as_killers", "sides", 0), ("rating_as_good", "sides", 1))


def _side(table: SeatTable, name: str, key: str, on: str) -> tuple[Side, bool]:
    """A contestant's per-deal sums of one figure, and whether the figure is a share (compared in points)."""
    rate = next(r for r in RATES if r.key == key)
    sums = table.sums(name, rate.side)
    k, n = sums.col(table, rate.k), sums.col(table, rate.n)
    if on == "lift" and rate.chance:
        chance = sums.col(table, rate.chance)
        return Side(k - chance, n, uncertain(chance, n) if rate.by_choice else None), rate.percent
    return Side(k, n), rate.percent


def comparisons(table: SeatTable, deals: Deals, names: Sequence[str], fits: Mapping[str, sides.Fit],
                field: str | None = None) -> list[dict[str, Any]]:
    """Every comparison, Holm-adjusted together."""
    out: list[dict[str, Any]] = []
    for a, b in pairs(names, field):
        for key, on in COMPARED:
            (sa, percent), (sb, _) = _side(table, a, key, on), _side(table, b, key, on)
            metric = key if on == "rate" else f"{key}_lift"
            entry = compare(deals, sa, sb, 100.0 if percent else 1.0)
            out.append({"a": a, "b": b, "metric": metric, "unit": "points" if percent else "value", **entry})
        for metric, model, block in RATINGS:
            fit = fits.get(model)
            if fit is not None and {a, b} <= set(fit.design.names):
                out.append({"a": a, "b": b, "metric": metric, "unit": "logits",
                            **sides.compare(fit, deals, a, b, block)})
    for entry, adjusted in zip(out, holm([e["p"] for e in out]), strict=True):
        entry["p_holm"] = adjusted
    return out
