"""Which figures the paired comparisons test (evaluation/stats/comparisons.py), overall and per side, and so which
metrics a schedule's primary family can hold (docs/metrics.md, "What each schedule identifies").

Each is (rate key, compared on: "rate" or "lift" = rate − chance); a comparison's metric name is the key, or
`KEY_lift` for a lift. Anchored schedules compare the per-side figures only (each side against an anchor); field
schedules compare both; rotate and two-contestant side-pure compare the overall figures only.
"""

from __future__ import annotations

OVERALL = (("win", "rate"), ("survival", "rate"), ("swing", "lift"))
PER_SIDE = (("win_as_killers", "rate"), ("lies_detected_killers", "lift"), ("bluff_success_killers", "lift"),
            ("misread_as_killer", "lift"), ("win_as_good", "rate"), ("vote_accuracy", "lift"),
            ("accusation_accuracy", "lift"), ("brier_skill", "rate"), ("auc_good", "rate"))


def metric(key: str, on: str) -> str:
    """A comparison's metric name: the rate's key, or KEY_lift."""
    return key if on == "rate" else f"{key}_lift"


def compared(anchored: bool, field: bool) -> list[str]:
    """The metric names a schedule's comparisons hold, in their order."""
    figures = PER_SIDE if anchored else (*OVERALL, *PER_SIDE) if field else OVERALL
    return [metric(key, on) for key, on in figures]
