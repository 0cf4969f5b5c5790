"""The tournament summary (summary.json) and its Markdown report, recomputed from a run folder's transcripts.

`summarize(out)` reads tournament.json, results.jsonl and every finished transcript; `write_report(out)` writes
summary.json, report.md and the PNG plots. `killer report DIR` and the end of `killer eval` call the same code,
so they give the same summary (it holds no clock values).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from evaluation.metrics import GameFacts, by_contestant, by_setup, game_facts
from evaluation.ratings import rate_games
from evaluation.tournament import load_run, read_results, schedule
from orchestrator.transcript import read_transcript

SUMMARY = "summary.json"
REPORT = "report.md"


def load_games(out: Path) -> tuple[list[GameFacts], list[str]]:
    """Facts of every finished game in schedule order, and the ids of scheduled games not (yet) finished."""
    cfg = load_run(out)
    results = read_results(out)
    games, missing = [], []
    for game in schedule(cfg):
        row = results.get(game.game_id)
        path = out / row["transcript"] if row else None
        if path is None or not path.exists():
            missing.append(game.game_id)
            continue
        t = read_transcript(path)
        if t.end is None:
            missing.append(game.game_id)
            continue
        roster = {int(s): str(n) for s, n in row["roster"].items()} if row else game.roster
        games.append(game_facts(t.header, [(e.event, e.annotation) for e in t.entries], t.end, roster))
    return games, missing


def summarize(out: Path) -> dict[str, Any]:
    """The whole summary of a run folder."""
    cfg = load_run(out)
    games, missing = load_games(out)
    names = [c.name for c in cfg.contestants]
    contestants = by_contestant(games)
    return {
        "tournament": cfg.name,
        "games": len(games),
        "scheduled": len(games) + len(missing),
        "missing": missing,
        "contestants": {n: {"agent": cfg.contestant(n).agent, "model": cfg.contestant(n).model,
                            **contestants.get(n, {"seats": 0})} for n in names},
        "ratings": rate_games(games, names),
        "setups": by_setup(games),
        "lengths": [{"game_id": g.game_id, "ruleset": g.ruleset, "players": g.players, "killers": g.killers,
                     "days": g.days, "winner": g.winner} for g in games],
    }


def write_report(out: Path, plots: bool = True) -> dict[str, Any]:
    """Writes summary.json, report.md (and PNGs); returns the summary."""
    summary = summarize(out)
    (out / SUMMARY).write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    images: list[str] = []
    if plots and summary["games"]:
        from evaluation.plots import tournament_plots

        images = tournament_plots(summary, out)
    (out / REPORT).write_text(render_markdown(summary, images), encoding="utf-8")
    return summary


def _pct(r: dict[str, Any] | None) -> str:
    """A rate as "52% [40–63] (n=60)", or "–" when there is nothing to rate."""
    if not r or not r.get("n"):
        return "–"
    return f"{100 * r['rate']:.0f}% [{100 * r['lo']:.0f}–{100 * r['hi']:.0f}] (n={r['n']})"


def _num(x: Any) -> str:
    return "–" if x is None else str(x)


ROWS = (("win", "Win rate"), ("win_as_killers", "… as killers"), ("win_as_good", "… as good"),
        ("survival", "Survived to the end"), ("killers_executed", "As killers: executed"),
        ("good_executed", "As good: executed"), ("vote_accuracy", "Good votes on killers"),
        ("abstention", "Hands kept down"), ("accusation_accuracy", "Good accusations of killers"),
        ("claim_rate", "Speeches with a role claim"), ("lie_rate_killers", "False claims (killers)"),
        ("lie_rate_good", "False claims (good)"), ("fallback", "Fallback decisions"))


def render_markdown(summary: dict[str, Any], images: Sequence[str] = ()) -> str:
    """The report: ratings, per-contestant metrics with 95 % Wilson intervals, roles, setups, plots."""
    names = list(summary["contestants"])
    lines = [f"# Tournament report: {summary['tournament']}", "",
             f"{summary['games']} of {summary['scheduled']} scheduled games finished. Every number is counted "
             "from the transcripts (the deal is the ground truth); rates show a 95 % Wilson interval. "
             "See docs/metrics.md for definitions.", "", "## Ratings (openskill Plackett-Luce)", "",
             "| contestant | ordinal (μ − 3σ) | μ | σ | games |", "|---|---|---|---|---|"]
    for name, r in summary["ratings"].items():
        lines.append(f"| {name} | {r['ordinal']} | {r['mu']} | {r['sigma']} | {r['games']} |")
    lines += ["", "## Metrics per contestant", "", "| metric | " + " | ".join(names) + " |",
              "|---|" + "---|" * len(names)]
    cs = summary["contestants"]
    for key, label in ROWS:
        lines.append(f"| {label} | " + " | ".join(_pct(cs[n].get(key)) for n in names) + " |")
    for key, label in (("brier_good", "Suspicion Brier score (good; lower is better)"),
                       ("decisions", "Decisions"), ("retries", "Retries"), ("prompt_tokens", "Prompt tokens"),
                       ("completion_tokens", "Completion tokens"), ("latency_mean_s", "Mean latency (s)"),
                       ("latency_p95_s", "p95 latency (s)")):
        lines.append(f"| {label} | " + " | ".join(_num(cs[n].get(key)) for n in names) + " |")
    lines += ["", "## Seats and roles per contestant", "",
              "The roster rotates over the seats of each deal, so every contestant holds every card equally.", ""]
    for n in names:
        roles = ", ".join(f"{r} {c}" for r, c in cs[n].get("roles", {}).items()) or "none"
        lines.append(f"- **{n}** ({cs[n]['agent']}{', ' + cs[n]['model'] if cs[n]['model'] else ''}): "
                     f"{cs[n]['seats']} seats — {roles}")
    lines += ["", "## Outcomes per ruleset", "", "| ruleset/players | games | killers win | good win | draws | "
              "mean days | mean decisions |", "|---|---|---|---|---|---|---|"]
    for key, s in summary["setups"].items():
        lines.append(f"| {key} | {s['games']} | {_pct(s['killers_win'])} | {_pct(s['good_win'])} | "
                     f"{s['draws']} | {_num(s['mean_days'])} | {_num(s['mean_decisions'])} |")
    if summary["missing"]:
        lines += ["", f"Not finished ({len(summary['missing'])}): " + ", ".join(summary["missing"])]
    if images:
        lines += ["", "## Plots", ""] + [f"![{Path(i).stem}]({i})" for i in images]
    return "\n".join(lines) + "\n"
