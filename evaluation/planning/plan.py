"""`killer eval --plan`: what a tournament file will play and cost, and how many games an interval width needs.

- The schedule: games per ruleset and table size, seats per contestant (evaluation/tournament/schedules.py).
- Decisions and tokens: from a pilot run folder (its mean decisions per game and tokens per decision, per
  contestant); without one, an estimate from scripted play of the scheduled deals (evaluation/planning/plan_play.py),
  said to be one.
- Cost: those tokens at the file's prices (USD per 1M tokens; cached prompt tokens at the cached price if given;
  the scripted estimate bills every prompt token at the uncached price).
- Games for a 95 % interval of width w: from a stated rate p (without one and without a pilot, p = 0.5, the
  widest), each game one observation (n = 4 z² p (1 − p) / w², the normal approximation); from a pilot, its
  deal-bootstrap width W0 over G0 games scaled as 1/√games (n = G0 (W0 / w)²), which keeps the pilot's
  clustering. The widest contestant rules.
- The minimum detectable paired difference in "win" for each pair of contestants (80 % power, two-sided α 0.05,
  the planned deals), from the pilot's per-deal differences or from the schedule and the scripted killers' win
  rate (evaluation/stats/power.py). An anchored schedule gives the per-side MDE instead: each contestant's win as
  killers (against the anchor's good side) and as good (against its killer side) minus the anchor's self-play,
  one game each a deal, Var(diff_d) = 2 p (1 − p) with p the scripted killers' win rate on the setup.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path
from typing import Any

from evaluation.games.facts import GameFacts
from evaluation.load.played import load_games
from evaluation.stats.intervals import Z95
from evaluation.stats.paired import pairs
from evaluation.stats.power import deal_variance, mde, sample_variance
from evaluation.stats.tables import contestant_rates
from evaluation.tournament.config import TournamentConfig
from evaluation.tournament.cost import tokens_usd
from evaluation.tournament.schedules import Scheduled, killer_seats, schedule


def games_for_rate(p: float, width: float) -> int:
    """Games (one observation each) whose 95 % interval of a rate near p is `width` wide."""
    return max(1, math.ceil(4 * Z95 * Z95 * p * (1 - p) / (width * width)))


def games_from_pilot(pilot_games: int, pilot_width: float, width: float) -> int:
    """Games for `width`, scaling a pilot's clustered interval width as 1 / sqrt(games)."""
    return max(1, math.ceil(pilot_games * (pilot_width / width) ** 2))


def make_plan(cfg: TournamentConfig, pilot: Path | None = None, width: float | None = None,
              rate: float | None = None, metric: str = "win", chars_per_token: float | None = None) -> dict[str, Any]:
    """The plan as data (render_plan prints it)."""
    games = schedule(cfg)
    seats = Counter(n for g in games for n in g.roster.values())
    plan: dict[str, Any] = {"schedule": cfg.schedule, "games": len(games),
                            "setups": dict(Counter(f"{g.ruleset}/{g.players}" for g in games)),
                            "seats": {c.name: seats[c.name] for c in cfg.contestants}, "contestants": {}}
    if pilot is not None:
        played, _ = load_games(pilot)
        _pilot(cfg, plan, played, games, width, metric)
    else:
        _scripted_estimate(cfg, plan, games, chars_per_token)
    if width is not None and (rate is not None or pilot is None):
        plan["stated_rate"], plan["rate_given"] = (0.5, False) if rate is None else (rate, True)
        plan["games_needed_from_rate"] = games_for_rate(plan["stated_rate"], width)
    return plan


def _usd(price: Any, prompt: float, completion: float) -> float | None:
    return None if price is None else round((prompt * price.prompt + completion * price.completion) / 1e6, 4)


def _scripted_estimate(cfg: TournamentConfig, plan: dict[str, Any], games: list[Any],
                       chars_per_token: float | None) -> None:
    """Decisions, tokens and cost per contestant from scripted play of the scheduled deals (not a pilot)."""
    from evaluation.planning.plan_play import CHARS_PER_TOKEN, estimate

    ratio = chars_per_token or CHARS_PER_TOKEN[cfg.lang]
    est = estimate(games, cfg.lang)
    use, deals, distinct = est.use, est.deals, est.distinct
    plan["mde"] = _scripted_mde(cfg, games, est.killer_wins)
    if cfg.anchors:
        plan["mde"] = _anchored_mde(cfg, games, est.killer_wins)
    out: dict[str, Any] = {}
    for c in cfg.contestants:
        u = use.get(c.name)
        if u is None:
            continue
        row: dict[str, Any] = {"decisions": round(u.decisions), "model": c.agent == "llm"}
        if c.agent == "llm":
            row.update({key: round(getattr(u, chars) / ratio) for key, chars in (
                ("prompt_tokens", "prompt_chars"), ("completion_tokens", "completion_chars"),
                ("prompt_tokens_max", "prompt_cap_chars"), ("completion_tokens_max", "completion_cap_chars"))})
            price = cfg.price(c.name)
            row["usd"] = _usd(price, row["prompt_tokens"], row["completion_tokens"])
            row["usd_max"] = _usd(price, row["prompt_tokens_max"], row["completion_tokens_max"])
        out[c.name] = row
    plan["estimate"] = {"deals": deals, "distinct": distinct, "lang": cfg.lang, "chars_per_token": ratio,
                        "contestants": out}


def _by_deal(games: list[Scheduled]) -> dict[tuple[str, int, int], list[Scheduled]]:
    out: dict[tuple[str, int, int], list[Scheduled]] = {}
    for g in games:
        out.setdefault((g.ruleset, g.players, g.seed), []).append(g)
    return out


def _scripted_mde(cfg: TournamentConfig, games: list[Scheduled],
                  wins: dict[tuple[str, int], tuple[int, int]]) -> list[dict[str, Any]]:
    """Per pair, the MDE from the schedule's seats and the scripted killers' win rate per setup."""
    deals = _by_deal(games)
    bad = {key: killer_seats(*key) for key in deals}
    out = []
    for a, b in pairs([c.name for c in cfg.contestants], cfg.field):
        variances = []
        for key, mine in deals.items():
            won, n = wins.get(key[:2], (0, 0))
            p = (won + 1) / (n + 2)
            variances.append(deal_variance([(g.roster, bad[key]) for g in mine], a, b, p))
        out.append({"a": a, "b": b, "points": _points(mde(variances)), "deals": len(deals), "from": "scripted"})
    return out


def _anchored_mde(cfg: TournamentConfig, games: list[Scheduled],
                  wins: dict[tuple[str, int], tuple[int, int]]) -> list[dict[str, Any]]:
    """Per contestant, anchor and side, the per-side MDE: one game of the contestant and one of the anchor's
    self-play a deal, each won by the killers at the setup's scripted rate."""
    deals = _by_deal(games)
    variances = []
    for key in deals:
        won, n = wins.get(key[:2], (0, 0))
        p = (won + 1) / (n + 2)
        variances.append(2 * p * (1 - p))
    return [{"a": c.name, "b": anchor, "side": side, "points": _points(mde(variances)), "deals": len(deals),
             "from": "scripted"}
            for anchor in cfg.anchors for c in cfg.contestants if c.name not in cfg.anchors
            for side in ("killers", "good")]


def _points(x: float | None) -> float | None:
    return None if x is None else round(100 * x, 1)


def _pilot_mde(cfg: TournamentConfig, played: list[GameFacts], planned: int) -> list[dict[str, Any]]:
    """Per pair, the MDE from the variance of the pilot's per-deal paired differences in "win"."""
    out = []
    for a, b in pairs([c.name for c in cfg.contestants], cfg.field):
        share: dict[str, dict[str, list[int]]] = {}  # deal -> contestant -> [seats won, seats]
        for g in played:
            for s in g.seats:
                if s.contestant in (a, b):
                    tally = share.setdefault(g.deal, {}).setdefault(s.contestant, [0, 0])
                    tally[0] += s.won
                    tally[1] += 1
        diffs = [d[a][0] / d[a][1] - d[b][0] / d[b][1] for d in share.values() if a in d and b in d]
        var = sample_variance(diffs)
        out.append({"a": a, "b": b, "points": None if var is None else _points(mde([var] * planned)),
                    "deals": planned, "from": "pilot", "pilot_deals": len(diffs)})
    return out


def _pilot(cfg: TournamentConfig, plan: dict[str, Any], played: list[Any], games: list[Any],
           width: float | None, metric: str) -> None:
    rows = contestant_rates(played)
    plan["pilot_games"] = len(played)
    plan["mde"] = _pilot_mde(cfg, played, len(_by_deal(games)))
    for c in cfg.contestants:
        row = rows.get(c.name)
        if not row or not row["seats"]:
            continue
        per_seat = row["decisions"] / row["seats"]
        decisions = per_seat * plan["seats"][c.name]
        tokens = {k: (row.get(k) or 0) / row["decisions"] * decisions if row["decisions"] else 0.0
                  for k in ("prompt_tokens", "cached_tokens", "completion_tokens")}
        price = cfg.price(c.name)
        usd = None if price is None else tokens_usd(tokens["prompt_tokens"], tokens["cached_tokens"],
                                                    tokens["completion_tokens"], price)
        plan["contestants"][c.name] = {"decisions": round(decisions), "prompt_tokens": round(tokens["prompt_tokens"]),
                                       "completion_tokens": round(tokens["completion_tokens"]),
                                       "usd": None if usd is None else round(usd, 4)}
    if width is not None and played:
        widths = [r[metric]["hi"] - r[metric]["lo"] for r in rows.values()
                  if isinstance(r.get(metric), dict) and "lo" in r[metric]]
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
    elif "estimate" in plan:
        lines += _render_estimate(plan["estimate"])
    lines += _render_mde(plan.get("mde") or [])
    if width is not None:
        if "games_needed_from_pilot" in plan:
            lines.append(f"A 95 % interval {width:g} wide on '{metric}' needs about "
                         f"{plan['games_needed_from_pilot']} games (the pilot's widest deal-bootstrap interval was "
                         f"{plan['pilot_width']:g} over {plan['pilot_games']} games).")
        if "games_needed_from_rate" in plan:
            lines.append(f"A 95 % interval {width:g} wide on a rate near {plan['stated_rate']:g} needs about "
                         f"{plan['games_needed_from_rate']} games (one observation per game"
                         + (")." if plan["rate_given"] else "; no --rate given, so 0.5, the widest case)."))
    return "\n".join(lines)


def _render_mde(rows: list[dict[str, Any]]) -> list[str]:
    """The minimum detectable paired difference per pair, and where its variance came from."""
    lines = []
    for r in rows:
        where = ("the variance of the pilot's per-deal differences, over its "
                 f"{r.get('pilot_deals', 0)} deals" if r["from"] == "pilot" else
                 "the schedule's seats and the scripted killers' win rate, rotations taken as independent (an "
                 "upper bound when a deal's rotations tend to end alike)")
        size = "not estimable (fewer than 2 paired deals)" if r["points"] is None else f"{r['points']:g} points"
        if r.get("side"):
            other = "good side" if r["side"] == "killers" else "killer side"
            lines.append(f"Minimum detectable per-side difference in 'win as {r['side']}', {r['a']} − {r['b']}'s "
                         f"self-play, against {r['b']}'s {other} (80 % power, two-sided α 0.05, {r['deals']} deals):"
                         f" {size}, from one game each a deal at the scripted killers' win rate.")
            continue
        lines.append(f"Minimum detectable paired difference in 'win', {r['a']} − {r['b']} (80 % power, two-sided "
                     f"α 0.05, {r['deals']} deals): {size}, from {where}.")
    return lines


def _render_estimate(est: dict[str, Any]) -> list[str]:
    played = (f"The {est['deals']} distinct deals were" if est["deals"] == est["distinct"] else
              f"The first {est['deals']} of the {est['distinct']} distinct deals (the rest counted at their mean) were")
    lines = [f"Expected decisions and tokens: an ESTIMATE FROM SCRIPTED PLAY, not a pilot. {played} "
             "played once by the scripted bots; at each decision the prompt an LLM seat would "
             f"be sent was rendered and the bot's answer written in the answer schema; tokens at "
             f"{est['chars_per_token']:g} characters a token ({est['lang']}). A model's games, speeches and notes "
             "differ: run a pilot (--pilot RUN_FOLDER) to measure them."]
    for name, c in est["contestants"].items():
        if not c["model"]:
            lines.append(f"  {name}: {c['decisions']:,} decisions (not a model: no tokens)")
            continue
        usd = "no price given" if c["usd"] is None else f"${c['usd']:g} (up to ${c['usd_max']:g})"
        lines.append(f"  {name}: {c['decisions']:,} decisions, about {c['prompt_tokens']:,} prompt and "
                     f"{c['completion_tokens']:,} completion tokens (up to {c['prompt_tokens_max']:,} and "
                     f"{c['completion_tokens_max']:,} with the notebook and every free-text field at the schema's "
                     f"limit), {usd}")
    return lines
