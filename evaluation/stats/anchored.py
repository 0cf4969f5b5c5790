"""summary.json's "per_side": each contestant's per-side figures against each anchor (the anchored schedule).

For anchor H, a contestant's killer-side figures count only the games where H held the whole good side, and its
good-side figures only the games where H held the whole killer side; H's own row is its self-play, the baseline.
So every figure of one column faces the same opponent on the same deals, and its difference from H's row is the
deal-paired comparison of summary.json's "comparisons" (entries with "against": H). Each cell carries its 95 %
deal-bootstrap interval and counts (evaluation/stats/tables.py `figures`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from evaluation.games.metrics import RATES
from evaluation.games.rates import PER_SIDE
from evaluation.stats.tables import SeatTable, figures

KEYS = tuple(dict.fromkeys(key for key, _ in PER_SIDE))


def per_side(table: SeatTable, names: Sequence[str], anchors: Sequence[str]) -> dict[str, dict[str, Any]]:
    """{anchor: {contestant: {rate key: figure}}} for every per-side figure of PER_SIDE (and the share of rated
    decisions beside the suspicion figures)."""
    keys = (*KEYS, "suspicions_rated")
    rates = [r for r in RATES if r.key in keys]
    out: dict[str, dict[str, Any]] = {}
    for anchor in anchors:
        rows: dict[str, Any] = {}
        for name in [*[n for n in names if n not in anchors], anchor]:
            row: dict[str, Any] = {}
            for side in ("killers", "good"):
                mine = [r for r in rates if r.side == side]
                row.update(figures(table, table.sums(name, side, opponent=anchor), mine))
            rows[name] = row
        out[anchor] = rows
    return out
