"""`killer eval --plan`: what a tournament file will play and cost, and how many games an interval width needs.

- The schedule: games per ruleset and table size, seats per contestant (evaluation/schedules.py).
- Decisions and tokens: from a pilot run folder (its mean decisions per game and tokens per decision, per
  contestant); without one they are unknown and the plan says so.
- Cost: those tokens at the file's prices (USD per 1M tokens; cached prompt tokens at the cached price if given).
- Games for a 95 % interval of width w: from a stated rate p, each game one observation
  (n = 4 z² p (1 − p) / w², the normal approximation); from a pilot, its game-clustered bootstrap width W0 over G0
  games scaled as 1/√games (n = G0 (W0 / w)²), which keeps the pilot's clustering. The widest contestant rules.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path
from typing import Any

from evaluation.bootstrap import rate_intervals
from evaluation.config import TournamentConfig
from evaluation.schedules import schedule
from evaluation.stats import Z95


def games_for_rate(p: float, width: float) -> int:
    """Games (one observation each) whose 95 % interval of a rate near p is `width` wide."""
    return max(1, math.ceil(4 * Z95 * Z95 * p * (1 - p) / (width * width)))


def games_from_pilot(pilot_games: int, pilot_width: float, width: float) -> int:
    """Games for `width`, scaling a pilot's clustered interval width as 1 / sqrt(games)."""
    return max(1, math.ceil(pilot_games * (pilot_width / width) ** 2))


def make_plan(cfg: TournamentConfig, pilot: Path | None = None, width: float | None = None,
              rate: float | None = None, metric: str = "win") -> dict[str, Any]:
    """The plan as data (render_plan prints it)."""
    games = schedule(cfg)
    seats = Counter(n for g in games for n in g.roster.values())
    plan: dict[str, Any] = {"schedule": cfg.schedule, "games": len(games),
                            "setups": dict(Counter(f"{g.ruleset}/{g.players}" for g in games)),
                            "seats": {c.name: seats[c.name] for c in cfg.contestants}, "contestants": {}}
    if pilot is not None:
        from evaluation.report import load_games

        played, _ = load_games(pilot)
        _pilot(cfg, plan, played, games, width, metric)
    if width is not None and rate is not None:
        plan["games_needed_from_rate"] = games_for_rate(rate, width)
    return plan


def _pilot(cfg: TournamentConfig, plan: dict[str, Any], played: list[Any], games: list[Any],
           width: float | None, metric: str) -> None:
    from evaluation.metrics import by_contestant

    rows = by_contestant(played)
    plan["pilot_games"] = len(played)
    for c in cfg.contestants:
        row = rows.get(c.name)
        if not row or not row["seats"]:
            continue
        per_seat = row["decisions"] / row["seats"]
        decisions = per_seat * plan["seats"][c.name]
        tokens = {k: row[k] / row["decisions"] * decisions if row["decisions"] else 0.0
                  for k in ("prompt_tokens", "completion_tokens")}
        price = cfg.price(c.name)
        usd = None if price is None else (tokens["prompt_tokens"] * price.prompt
                                          + tokens["completion_tokens"] * price.completion) / 1e6
        plan["contestants"][c.name] = {"decisions": round(decisions), "prompt_tokens": round(tokens["prompt_tokens"]),
                                       "completion_tokens": round(tokens["completion_tokens"]),
                                       "usd": None if usd is None else round(usd, 4)}
    if width is not None and played:
        widths = [hi - lo for per in rate_intervals(played).values() for key, (lo, hi) in per.items() if key == metric]
        if widths:
            plan["pilot_width"] = round(max(widths), 4)
            plan["games_needed_from_pilot"] = games_from_pilot(len(played), max(widths), width)


def render_plan(plan: dict[str, Any], width: float | None, metric: str) -> str:
    """The plan in sentences and a small table."""
    lines = [f"Schedule {plan['schedule']}: {plan['games']} games ("
             + ", ".join(f"{k}: {v}" for k, v in plan["setups"].items()) + ")."]
    lines += [f"  {name}: {n} seats" for name, n in plan["seats"].items()]
    if "pilot_games" in plan:
        lines.append(f"Expected from the pilot's {plan['pilot_games']} games:")
        for name, c in plan["contestants"].items():
            usd = "no price given" if c["usd"] is None else f"${c['usd']}"
            lines.append(f"  {name}: {c['decisions']} decisions, {c['prompt_tokens']} prompt and "
                         f"{c['completion_tokens']} completion tokens, {usd}")
    else:
        lines.append("Decisions, tokens and cost: unknown without a pilot run (--pilot RUN_FOLDER).")
    if width is not None:
        if "games_needed_from_pilot" in plan:
            lines.append(f"A 95 % interval {width:g} wide on '{metric}' needs about "
                         f"{plan['games_needed_from_pilot']} games (the pilot's widest game-bootstrap interval was "
                         f"{plan['pilot_width']:g} over {plan['pilot_games']} games).")
        if "games_needed_from_rate" in plan:
            lines.append(f"A 95 % interval {width:g} wide on a rate near the stated one needs about "
                         f"{plan['games_needed_from_rate']} games (one observation per game).")
        if "games_needed_from_pilot" not in plan and "games_needed_from_rate" not in plan:
            lines.append("Games for that width: give --rate P or a --pilot run folder.")
    return "\n".join(lines)
