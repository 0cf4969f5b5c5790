"""report.md's first sections: the leaderboard (one row per contestant; per anchor, the per-side table of an
anchored run) and the deal-paired comparisons (primary family first, then the secondary entries)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from evaluation.report import cells

LABELS = {"win": "win", "win_as_killers": "win as killers", "win_as_good": "win as good", "survival": "survival",
          "vote_accuracy_lift": "good votes on killers, lift over chance",
          "accusation_accuracy_lift": "good accusations of killers, lift over chance",
          "bluff_success_killers_lift": "killers' bluff success, lift over chance",
          "swing_lift": "vote swing, lift over chance", "brier_skill": "Brier skill score (good)",
          "auc_good": "AUC of suspicions (good)",
          "misread_as_killer_lift": "misread as killer, lift over the prior", "fallback": "fallback share",
          "lies_detected_killers_lift": "killers' claim lies met by votes, lift over chance (lower: believed)",

          "rating": "rating (one skill)", "rating_as_killers": "rating as killers", "rating_as_good": "rating as good"}
COLUMNS = ("contestant", "rating (logits vs reference)", "as killers", "as good", "win as killers", "win as good",
           "bluff success (killers), lift", "good votes on killers, lift", "Brier skill (good)", "AUC (good)",
           "decisions rated (good)", "vote swing, lift", "cost per game (USD)", "fallback", "deals", "games", "seats")


DESCRIPTIVE = ("win as killers", "win as good")
NOT_IDENTIFIED = "not identified by this schedule: use anchors"


def _model_line(r: Mapping[str, Any]) -> str:
    if not r.get("identified"):
        return ("No rating: the rated games do not identify one skill per contestant (too few games, or a "
                "contestant whose seats never vary against the others').")
    if r.get("sides_identified"):
        sides = "Skills per side are identified by this schedule and shown."
    elif not r.get("per_side_by_design", True):
        sides = f"Skills per side: {NOT_IDENTIFIED} (docs/metrics.md, Ratings)."
    else:
        spread = r.get("side_spread")
        why = (f"too little information per side (a skill's bootstrap spread {spread} logits, over "
               f"{r.get('max_side_sd')})" if spread is not None else "the rated games do not identify them")
        sides = f"Skills per side are **not identified** here: {why} (docs/metrics.md, Ratings)."
    return (f"Rating: the side-aware Bradley–Terry skill in logits against the reference **{r['reference']}** (0), "
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
           cells.figure(c.get("auc_good"), "auc_good", False),
           cells.figure(c.get("suspicions_rated"), "suspicions_rated", False), cells.lift(c.get("swing")),
           cells.EMPTY if (c.get("cost") or {}).get("per_game") is None else str(c["cost"]["per_game"]),
           cells.figure(c.get("fallback"), "fallback", False), str(win.get("deals", 0)), str(c.get("games", 0)),
           str(c.get("seats", 0))]
    return "| " + " | ".join(row) + " |"


def leaderboard(summary: Mapping[str, Any]) -> list[str]:
    """The ## Leaderboard section (and, for an anchored run, the per-side tables)."""
    r = summary.get("ratings") or {}
    cs = summary["contestants"]
    descriptive = (summary.get("estimands") or {}).get("per_side") == "descriptive"
    columns = [f"{c} (descriptive)" if descriptive and c in DESCRIPTIVE else c for c in COLUMNS]
    lines = ["## Leaderboard", "", _model_line(r), "Win rates and the other figures: 95 % intervals resampling "
             "deals; lifts are over each act's chance (docs/metrics.md); AUC and Brier skill score the good "
             "seats' suspicions over the decisions they rated (the share rated is beside them).", ""]
    if summary.get("per_side"):
        lines += ["Under the anchored schedule the win rates of this table pool every opponent (an anchor's include "
                  "its self-play); the per-side tables below hold each side against one anchor.", ""]
    if descriptive:
        lines += [f"Per-side rates (as killers, as good) are **descriptive** under this schedule: the opponents of "
                  f"a side differ between contestants, so per-side comparisons and ratings are {NOT_IDENTIFIED}.",
                  ""]
    lines += ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    return [*lines, *(_row(n, cs[n], r) for n in cs), "", *anchored_tables(summary)]


# (rate key, compared on, header) of the per-side table of an anchored run
SIDE_COLUMNS = (("win_as_killers", "rate", "win as killers vs {a}'s good side"),
                ("lies_detected_killers", "lift", "claim lies met by votes (killers), lift"),
                ("win_as_good", "rate", "win as good vs {a}'s killers"),
                ("auc_good", "rate", "AUC (good)"), ("suspicions_rated", "", "decisions rated (good)"))


def _delta(entries: list[Mapping[str, Any]], a: str, anchor: str, metric: str) -> str:
    e = next((e for e in entries if (e["a"], e["b"], e["metric"], e.get("against")) == (a, anchor, metric, anchor)),
             None)
    return cells.EMPTY if e is None else _difference(e)


def anchored_tables(summary: Mapping[str, Any]) -> list[str]:
    """Per anchor, each contestant's per-side figures against it and the difference from the anchor's self-play."""
    entries = [e for e in summary.get("comparisons") or [] if e.get("against")]
    lines: list[str] = []
    for anchor, rows in (summary.get("per_side") or {}).items():
        head = ["contestant"]
        for _, on, title in SIDE_COLUMNS:
            head.append(title.format(a=anchor))
            if on:
                head.append(f"Δ vs {anchor}")
        lines += [f"## Per side against {anchor}", "",
                  f"Each contestant's killer side against {anchor}'s good side and its good side against {anchor}'s "
                  f"killer side, on the same deals; {anchor}'s row is its self-play, the baseline. Δ: the "
                  "deal-paired difference from it (points; AUC in value), 95 % bootstrap-t interval.", "",
                  "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for name, row in rows.items():
            cellv = [name]
            for key, on, _ in SIDE_COLUMNS:
                r = row.get(key)
                cellv.append(cells.lift(r, key) if on == "lift" else cells.figure(r, key, False))
                if on:
                    metric = key if on == "rate" else f"{key}_lift"
                    cellv.append("baseline" if name == anchor else _delta(entries, name, anchor, metric))
            lines.append("| " + " | ".join(cellv) + " |")
        lines.append("")
    return lines


def _difference(e: Mapping[str, Any]) -> str:
    if e.get("diff") is None:  # no deal held the figure for both; "not defined" where some held it for one
        return cells.UNDEFINED if e.get("deals_dropped") else cells.EMPTY
    unit = {"points": " pts", "logits": " logits"}.get(e.get("unit", ""), "")
    digits = 1 if e.get("unit") == "points" else 3

    def bound(x: Any, infinite: str) -> str:
        return infinite if x is None else f"{x:+.{digits}f}"

    return f"{e['diff']:+.{digits}f} [{bound(e['lo'], '−∞')}, {bound(e['hi'], '+∞')}]{unit}"


def p_text(e: Mapping[str, Any], key: str = "p") -> str:
    """A p value; one at the Monte-Carlo floor of R resamples prints as "< 1/(R+1)", never as an exact number."""
    p = e.get(key)
    if p is None:
        return cells.EMPTY
    if e.get("p_floor"):  # the adjusted p of an entry at the floor is a bound too
        return f"< 1/{e['resamples'] + 1:,}" if key == "p" else f"≤ {p:.4f}"
    return f"{p:.4f}"


def _declared(fam: Mapping[str, Any]) -> str:
    return "declared in the tournament file" if fam.get("declared") else "the default of docs/metrics.md"


def _side_text(e: Mapping[str, Any]) -> str:
    if not e.get("side"):
        return "overall"
    return f"{e['side']} (vs {e['against']})" if e.get("against") else e["side"]


def comparisons(summary: Mapping[str, Any]) -> list[str]:
    """The ## Paired comparisons section: the primary family (Holm), then the secondary entries (unadjusted),
    then the ratings' differences (estimates, no test)."""
    entries = summary.get("comparisons") or []
    if not entries:
        return []
    fam = summary.get("family") or {}
    est = summary.get("estimands") or {}
    primary = [e for e in entries if e.get("family") == "primary"]
    lines = ["## Paired comparisons", "",
             f"a − b on the same deals: the difference and its 95 % interval and p from one resampling (the "
             f"symmetric bootstrap-t over deals, R = {fam.get('resamples', 0):,}; zero is outside the interval "
             f"exactly when p ≤ 0.05). The **primary family** ({_declared(fam)}: "
             f"{', '.join(fam.get('metrics', []))}; pairs: {fam.get('pairs')}) has {fam.get('size', len(primary))} "
             "entries, adjusted by Holm over the family only; every other entry is **secondary: unadjusted**, "
             "read it as exploratory. Fallbacks and cost are never tested. Deals where a figure is undefined for "
             "either are dropped and counted.", ""]
    if est.get("per_side") == "descriptive":
        lines += [f"Per-side comparisons: {NOT_IDENTIFIED}.", ""]
    lines += ["| a − b | side | metric | difference [95 %] | p | p (Holm) | family | deals (dropped) |",
              "|---|---|---|---|---|---|---|---|"]
    order = {"primary": 0, "secondary": 1, "estimate": 2}
    for e in sorted(entries, key=lambda e: order.get(e.get("family", ""), 3)):
        fam_text = {"primary": "primary", "secondary": "secondary (unadjusted)",
                    "estimate": "estimate (no test)"}.get(e.get("family", ""), "")
        lines.append(f"| {e['a']} − {e['b']} | {_side_text(e)} | {LABELS.get(e['metric'], e['metric'])} | "
                     f"{_difference(e)} | {p_text(e)} | {p_text(e, 'p_holm')} | {fam_text} | "
                     f"{e['deals']} ({e['deals_dropped']}) |")
    return [*lines, ""]
