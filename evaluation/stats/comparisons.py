"""summary.json's "comparisons": what the schedule identifies, deal-paired, with one primary family tested by Holm.

Each schedule declares its estimands (`estimands`, docs/metrics.md "What each schedule identifies"):
- anchored (side-pure with `anchors`): per-side figures and their comparisons, each against one anchor: a
  contestant's killer side against the anchor's good side, its good side against the anchor's killer side, and
  the anchor's self-play as the baseline (the anchor is a contestant of the comparison: "b" with the same side
  field). Every entry carries "side" and "against".
- field: per-side comparisons against the field (a contestant alone in one seat, the field everywhere else).
- rotate and two-contestant side-pure: one contrast per deal. Per-side comparisons and ratings are not
  identified (per-side rates stay in the tables, labelled descriptive), and `win_as_killers`, `win_as_good` are
  rescalings of `win`, so only the overall figures are compared ("side": null).
One entry per pair and metric: the deal-paired difference a − b with the bootstrap-t p and interval
(evaluation/stats/paired.py). The primary family is declared in the tournament file (`primary`, `primary_pairs`;
default `DEFAULT_PRIMARY`): its entries get Holm's adjustment over the family only ("family": "primary",
`p_holm`); every other entry is secondary, unadjusted, and says so. Operational figures (fallbacks, cost) are
never tested. Ratings are compared by their deal-bootstrap interval alone (no test). Shares are compared on their
rate or, where they have a chance level that differs between contestants, on their lift over it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from evaluation.games.metrics import RATES
from evaluation.games.rates import OVERALL, PER_SIDE, uncertain
from evaluation.games.rates import metric as metric_name
from evaluation.stats import sides
from evaluation.stats.bootstrap import DEFAULT_SEED, Deals
from evaluation.stats.paired import ALPHA, Side, compare, holm, pairs, resamples
from evaluation.stats.tables import SeatTable

# OVERALL, PER_SIDE: (rate key, compared on: "rate" or "lift" = rate − chance); the side is the rate's own (RATES)
# the primary family where per-side figures are identified, and where they are not (docs/metrics.md)
DEFAULT_PRIMARY = ("win_as_killers", "win_as_good", "lies_detected_killers_lift", "auc_good")
DEFAULT_PRIMARY_OVERALL = ("win",)
NOT_IDENTIFIED = "not identified by this schedule: use anchors"
RATINGS = (("rating", "skill", 0), ("rating_as_killers", "sides", 0), ("rating_as_good", "sides", 1))


@dataclass(frozen=True)
class Design:
    """What the run's schedule is: its name, anchors, field contestant and declared primary family."""

    schedule: str = "rotate"
    anchors: tuple[str, ...] = ()
    field: str | None = None
    primary: tuple[str, ...] | None = None
    primary_pairs: str = "anchors"

    @property
    def per_side(self) -> bool:
        """Whether the schedule identifies per-side figures by design."""
        return bool(self.anchors) or self.schedule == "field"

    @property
    def family(self) -> tuple[str, ...]:
        if self.primary is not None:
            return self.primary
        return DEFAULT_PRIMARY if self.per_side else DEFAULT_PRIMARY_OVERALL


def estimands(d: Design) -> dict[str, Any]:
    """summary.json's "estimands": what this schedule's figures identify, and what they do not."""
    if d.anchors:
        return {"schedule": "anchored", "per_side": "identified", "against": list(d.anchors),
                "says": "per-side figures and comparisons, each relative to an anchor: a contestant's killer side "
                        "against the anchor's good side, its good side against the anchor's killer side, with "
                        "the anchor's self-play as the baseline"}
    if d.schedule == "field":
        return {"schedule": "field", "per_side": "identified", "against": [d.field],
                "says": "per-side figures and comparisons of one seat against the field contestant"}
    return {"schedule": d.schedule, "per_side": "descriptive", "against": [],
            "says": "one contrast per deal: overall figures are compared; per-side rates are descriptive and "
                    f"per-side comparisons and ratings are {NOT_IDENTIFIED}"}


def _rate(key: str) -> Any:
    return next(r for r in RATES if r.key == key)


def _side(table: SeatTable, name: str, key: str, on: str, opponent: str | None = None) -> tuple[Side, bool]:
    """A contestant's per-deal sums of one figure (in the games against `opponent` alone, where given), and
    whether the figure is a share (compared in points)."""
    rate = _rate(key)
    sums = table.sums(name, rate.side, opponent=opponent)
    k, n = sums.col(table, rate.k), sums.col(table, rate.n)
    if on == "lift" and rate.chance:
        chance = sums.col(table, rate.chance)
        return Side(k - chance, n, uncertain(chance, n) if rate.by_choice else None), rate.percent
    return Side(k, n), rate.percent


@dataclass(frozen=True)
class Planned:
    """One comparison to make: the pair, the figure, the side and the opponent it is measured against."""

    a: str
    b: str
    key: str
    on: str
    side: str | None
    against: str | None

    @property
    def metric(self) -> str:
        return metric_name(self.key, self.on)


def planned(d: Design, names: Sequence[str]) -> list[Planned]:
    """Every comparison the schedule identifies, in a fixed order."""
    out: list[Planned] = []
    if d.anchors:
        focal = [n for n in names if n not in d.anchors]
        for anchor in d.anchors:
            group = [*focal, anchor]
            for a, b in pairs(group):
                for key, on in PER_SIDE:
                    out.append(Planned(a, b, key, on, _rate(key).side, anchor))
        return out
    table_pairs = pairs(names, d.field)
    metrics = [*OVERALL, *(PER_SIDE if d.per_side else ())]
    for a, b in table_pairs:
        for key, on in metrics:
            out.append(Planned(a, b, key, on, _rate(key).side, d.field if d.per_side else None))
    return out


def is_primary(d: Design, p: Planned) -> bool:
    """Whether an entry belongs to the declared primary family."""
    if p.metric not in d.family:
        return False
    return not (d.anchors and d.primary_pairs == "anchors" and p.b != p.against)


def family(d: Design, names: Sequence[str]) -> dict[str, Any]:
    """summary.json's "family": the declared primary family, its size, α and the resamples R it is tested with."""
    size = sum(is_primary(d, p) for p in planned(d, names))
    return {"metrics": list(d.family), "pairs": d.primary_pairs if d.anchors else "all", "size": size,
            "alpha": ALPHA, "resamples": resamples(size), "test": "bootstrap-t on deal-level differences",
            "adjustment": "Holm over the primary family only; every other entry is secondary and unadjusted",
            "declared": d.primary is not None}


def comparisons(table: SeatTable, names: Sequence[str], fits: Mapping[str, sides.Fit],
                d: Design, rating_deals: Deals | None = None) -> list[dict[str, Any]]:
    """Every comparison the schedule identifies; Holm over the primary family."""
    plan = planned(d, names)
    fam = family(d, names)
    deals = Deals([], draws=fam["resamples"], seed=DEFAULT_SEED)
    out: list[dict[str, Any]] = []
    for p in plan:
        (sa, percent), (sb, _) = (_side(table, who, p.key, p.on, p.against) for who in (p.a, p.b))
        entry = compare(deals, sa, sb, 100.0 if percent else 1.0, 1.0 if percent else None)
        out.append({"a": p.a, "b": p.b, "metric": p.metric, "side": p.side, "against": p.against,
                    "unit": "points" if percent else "value",
                    "family": "primary" if is_primary(d, p) else "secondary", **entry})
    primary = [e for e in out if e["family"] == "primary"]
    for entry, adjusted in zip(primary, holm([e["p"] for e in primary]), strict=True):
        entry["p_holm"] = adjusted
    out += _rating_entries(fits, names, d, rating_deals or deals)
    return out


def _rating_entries(fits: Mapping[str, sides.Fit], names: Sequence[str], d: Design, deals: Deals
                    ) -> list[dict[str, Any]]:
    """Ratings a − b (logits) with their deal-bootstrap interval: an estimate, not a test (no p)."""
    out: list[dict[str, Any]] = []
    for a, b in pairs(names, d.field):
        for metric, model, block in RATINGS:
            fit = fits.get(model)
            if fit is None or not {a, b} <= set(fit.design.names):
                continue
            entry = sides.compare(fit, deals, a, b, block)
            entry.pop("p", None)
            out.append({"a": a, "b": b, "metric": metric, "side": None if model == "skill" else
                        ("killers" if block == 0 else "good"), "against": None, "unit": "logits",
                        "family": "estimate", **entry})
    return out
