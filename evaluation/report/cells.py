"""How report.md writes one figure: the value, its 95 % deal-bootstrap interval, its chance and lift, its counts.

A share prints in percent ("52% [40–63]"), a mean as a number ("0.152 [0.120–0.190]"); a figure with a chance
level adds it and the lift over it ("chance 30% · lift +5 [+1, +9] pts"); every cell ends with what stands
behind it: n (its trials) and the deals, games and seats with at least one ("n=60 · 30d 60g 40s").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from evaluation.games.metrics import RATES

PERCENT = {r.key: r.percent for r in RATES}
EMPTY = "–"
UNDEFINED = "not defined"  # a lift where every trial's chance was certain


def counts(r: Mapping[str, Any]) -> str:
    """"n=60 · 30d 60g 40s": trials, and the deals, games and seats behind them."""
    parts = [f"{r['deals']}d" if "deals" in r else "", f"{r['games']}g" if "games" in r else "",
             f"{r['seats']}s" if "seats" in r else ""]
    where = " ".join(p for p in parts if p)
    n = r.get("n")
    trials = f"n={n}" if isinstance(n, int) else ""  # a mean's denominator that is a sum of errors is no count
    return " · ".join(x for x in (trials, where) if x)


def value(x: float, percent: bool, signed: bool = False) -> str:
    if percent:
        return f"{100 * x:+.0f}" if signed else f"{100 * x:.0f}"
    return f"{x:+.3f}" if signed else f"{x:.3f}"


def interval(r: Mapping[str, Any], percent: bool, lo: str = "lo", hi: str = "hi", signed: bool = False) -> str:
    if lo not in r:
        return ""
    sep = ", " if signed or not percent else "–"
    return f" [{value(r[lo], percent, signed)}{sep}{value(r[hi], percent, signed)}]"


def figure(r: Mapping[str, Any] | None, key: str = "", with_counts: bool = True) -> str:
    """One figure as report.md prints it; "–" when it is not defined (n = 0)."""
    if not r or not r.get("n") or r.get("rate") is None:
        return EMPTY
    percent = PERCENT.get(key, True)
    unit = "%" if percent else ""
    out = f"{value(r['rate'], percent)}{unit}{interval(r, percent)}"
    if r.get("base") is not None:
        out += f" · chance {value(r['base'], percent)}{unit} · lift {lift(r, key)}"
    return out + (f" ({counts(r)})" if with_counts else "")


def lift(r: Mapping[str, Any] | None, key: str = "") -> str:
    """The lift over chance with its interval: "+5 [+1, +9] pts"; "not defined" where every trial was certain."""
    if not r or not r.get("n"):
        return EMPTY
    if r.get("lift") is None:
        return UNDEFINED if r.get("base") is not None else EMPTY
    percent = PERCENT.get(key, True)
    return f"{value(r['lift'], percent, True)}{interval(r, percent, 'lift_lo', 'lift_hi', True)}" + \
        (" pts" if percent else "")


def skill(r: Mapping[str, Any] | None) -> str:
    """A side-aware skill against the rating's reference contestant, in logits."""
    if not r:
        return EMPTY
    if r.get("reference"):
        return "0 (reference)"
    return f"{r['skill']:+.2f} [{r['lo']:+.2f}, {r['hi']:+.2f}]"
