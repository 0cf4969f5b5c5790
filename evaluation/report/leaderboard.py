"""report.md's first sections: the leaderboard (one row per contestant) and the deal-paired comparisons."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from evaluation.report import cells

LABELS = {"win": "win", "win_as_killers": "win as killers", "win_as_good": "win as good", "survival": "survival",
          "vote_accuracy_lift": "good votes on killers, lift over chance",
          "accusation_accuracy_lift": "good accusations of killers, lift over chance",
          "lies_detected_killers_lift": "killers' lies met by votes, lift over chance",
          "bluff_success_killers_lift": "killers' bluff success, lift over chance",
          "swing_lift": "vote swing, lift over chance", "brier_skill": "Brier skill score (good)",
          "auc_good": "AUC of suspicions (good)",
          "misread_as_killer_lift": "misread as killer, lift over the prior", "fallback": "fallback share",
          "rating": "rating (one skill)", "rating_as_killers": "rating as killers", "rating_as_good": "rating as good"}
COLUMNS = ("contestant", "rating (logits vs anchor)", "as killers", "as good", "win as killers", "win as good",
           "bluff success (killers), lift", "good votes on killers, lift", "Brier skill (good)", "AUC (good)",
           "vote swing, lift", "cost per game (USD)", "fallback", "deals", "games", "seats")


def _model_line(r: Mapping[str, Any]) -> str:
    if not r.get("identified"):
        return ("No rating: the rated games do not identify one skill per contestant (too few games, or a "
                "contestant whose seats never vary against the others').")
    sides = ("Skills per side are identified by this schedule and shown." if r.get("sides_identified") else
             "Skills per side are **not identified** by this schedule (docs/metrics.md, Ratings) and not shown.")
    return (f"Rating: the side-aware Bradley–Terry skill in logits against the anchor **{r['anchor']}** (0), "
            f"fitted to {r['games']} rated games over {r['deals']} deals, 95 % deal-bootstrap intervals. {sides}")


def _row(name: str, c: Mapping[str, Any], r: Mapping[str, Any]) -> str:
    skill = cells.skill((r.get("skill") or {}).get(name)) if r.get("identified") else cells.EMPTY
    per_side = [cells.skill((r.get(side) or {}).get(name)) if r.get("sides_identified") else "not identified"
                for side in ("killers", "good")]
    win = c.get("win") or {}
    row = [name, skill, *per_side, cells.figure(c.get("win_as_killers"), "win_as_killers", False),
           cells.figure(c.get("win_as_good"), "win_as_good", False),
           cells.lift(c.get("bluff_success_killers")), cells.lift(c.get("vote_accuracy")),
           cells.figure(c.get("brier_skill"), "brier_skill", False),
           cells.figure(c.get("auc_good"), "auc_good", False), cells.lift(c.get("swing")),
           cells.EMPTY if (c.get("cost") or {}).get("per_game") is None else str(c["cost"]["per_game"]),
           cells.figure(c.get("fallback"), "fallback", False), str(win.get("deals", 0)), str(c.get("games", 0)),
           str(c.get("seats", 0))]
    return "| " + " | ".join(row) + " |"


def leaderboard(summary: Mapping[str, Any]) -> list[str]:
    """The ## Leaderboard section."""
    r = summary.get("ratings") or {}
    cs = summary["contestants"]
    lines = ["## Leaderboard", "", _model_line(r), "Win rates and the other figures: 95 % intervals resampling "
             "deals; lifts are over each act's chance (docs/metrics.md); AUC and Brier skill score the good "
             "seats' suspicions (0.5 and 0: no better than chance and the prior).", "",
             "| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    return [*lines, *(_row(n, cs[n], r) for n in cs), ""]


def _difference(e: Mapping[str, Any]) -> str:
    if e.get("diff") is None:  # no deal held the figure for both; "not defined" where some held it for one
        return cells.UNDEFINED if e.get("deals_dropped") else cells.EMPTY
    unit = {"points": " pts", "logits": " logits"}.get(e.get("unit", ""), "")
    digits = 1 if e.get("unit") == "points" else 3
    return f"{e['diff']:+.{digits}f} [{e['lo']:+.{digits}f}, {e['hi']:+.{digits}f}]{unit}"


def comparisons(summary: Mapping[str, Any]) -> list[str]:
    """The ## Paired comparisons section: every entry of summary.json's "comparisons"."""
    entries = summary.get("comparisons") or []
    if not entries:
        return []
    lines = ["## Paired comparisons", "",
             "a − b on the same deals: the difference, its 95 % deal-bootstrap interval (the pair's deals "
             "resampled together), a permutation p (a's and b's seats swapped within random deals) and Holm's "
             f"adjustment over all {len(entries)} comparisons; deals where a figure is undefined for either are "
             "dropped and counted.", "",
             "| a − b | metric | difference [95 %] | p | p (Holm) | deals (dropped) |", "|---|---|---|---|---|---|"]
    for e in entries:
        p = cells.EMPTY if e.get("p") is None else f"{e['p']:.4f}"
        holm = cells.EMPTY if e.get("p_holm") is None else f"{e['p_holm']:.4f}"
        lines.append(f"| {e['a']} − {e['b']} | {LABELS.get(e['metric'], e['metric'])} | {_difference(e)} | {p} | "
                     f"{holm} | {e['deals']} ({e['deals_dropped']}) |")
    return [*lines, ""]
