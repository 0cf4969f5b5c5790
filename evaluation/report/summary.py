"""The tournament summary (summary.json) and its Markdown report, recomputed from a run folder's transcripts.

`summarize(out)` reads tournament.json, results.jsonl and every finished transcript; `write_report(out)` writes
summary.json, report.md and the PNG plots. `killer report DIR` and the end of `killer eval` call the same code,
so they give the same summary (it holds no clock values).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engine import KillerError, get_ruleset
from evaluation.games.metrics import GameFacts, by_contestant, by_role, by_setup, game_facts
from evaluation.stats.bootstrap import attach, rate_intervals, rating_intervals
from evaluation.stats.ratings import rate_games, rate_roles, rate_sides
from evaluation.tournament.config import Price
from evaluation.tournament.cost import cost
from evaluation.tournament.folder import load_run, read_results
from evaluation.tournament.runs import game_identity, recorded_tournament, roster_of
from evaluation.tournament.schedules import schedule
from hygiene import files
from hygiene.sanitize import markdown_value
from orchestrator.store.transcript import Transcript, read_transcript
from orchestrator.verify import verify_transcript

SUMMARY = "summary.json"
REPORT = "report.md"


def left_out_reason(t: Transcript) -> str | None:
    """Why a finished game does not count (None: it does): a setup no ruleset allows, or a transcript that is not
    a legal game of its own seed (`killer verify`'s replay finds it inconsistent, e.g. a flipped winner)."""
    ruleset, players = t.header.get("ruleset"), t.header.get("players")
    try:
        low, high = get_ruleset(str(ruleset)).players
    except KillerError:
        return f"setup {ruleset}/{players}: no such ruleset"
    if not isinstance(players, int) or not low <= players <= high:
        return f"setup {ruleset}/{players}: {ruleset} is played by {low} to {high} players"
    report = verify_transcript(t)
    return None if report.ok else f"inconsistent: {report.problems[0]}"


def load_games(out: Path, left_out: list[str] | None = None) -> tuple[list[GameFacts], list[str]]:
    """Facts of every finished game in schedule order, and the ids of scheduled games not (yet) finished; a
    finished game that does not count is added to `left_out` with the reason (left_out_reason)."""
    cfg = load_run(out)
    results = read_results(out)
    games, missing = [], []
    left = [] if left_out is None else left_out
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
        why = left_out_reason(t)
        if why is not None:
            left.append(f"{game.game_id}: {why}")
            continue
        roster = {int(s): str(n) for s, n in row["roster"].items()} if row else game.roster
        games.append(game_facts(t.header, [(e.event, e.annotation) for e in t.entries], t.end, roster))
    return games, missing


def summarize(out: Path, include_degraded: bool = False) -> dict[str, Any]:
    """The whole summary of a run folder."""
    cfg = load_run(out)
    left: list[str] = []
    games, missing = load_games(out, left)
    names = [c.name for c in cfg.contestants]
    kinds = {n: (cfg.contestant(n).agent, cfg.contestant(n).model) for n in names}
    summary = _summary(cfg.name, games, missing, kinds, {n: cfg.price(n) for n in names}, include_degraded, left)
    return {**summary, "schedule": cfg.schedule}


def summarize_transcripts(paths: Sequence[Path], include_degraded: bool = False) -> dict[str, Any]:
    """The summary of loose transcripts (no tournament folder), merged by game identity
    (evaluation/tournament/runs.py): a copied game counts once and is listed under `duplicates`. Each seat's
    contestant is the name its tournament recorded in the header, else its model, else its agent kind; prices come
    from the headers too. Games without an end line are listed missing."""
    games, missing, duplicates, left = [], [], [], []
    kinds: dict[str, tuple[str, str | None]] = {}
    prices: dict[str, Any] = {}
    seen: dict[str, Path] = {}
    for path in paths:
        t = read_transcript(path)
        if t.end is None:
            missing.append(t.game_id)
            continue
        why = left_out_reason(t)
        if why is not None:
            left.append(f"{path}: {why}")
            continue
        identity = game_identity(t.header, [e.event for e in t.entries])
        if identity in seen:
            duplicates.append(f"{path} (the same game as {seen[identity]})")
            continue
        seen[identity] = path
        roster = roster_of(t.header)
        for seat in t.header.get("seats", []):
            name = roster.get(int(seat["seat"]), str(seat.get("model") or seat.get("agent")))
            kinds.setdefault(name, (str(seat.get("agent")), seat.get("model")))
        for name, price in (recorded_tournament(t.header).get("prices") or {}).items():
            prices.setdefault(str(name), Price.model_validate(price))
        games.append(game_facts(t.header, [(e.event, e.annotation) for e in t.entries], t.end, roster))
    summary = _summary("transcripts", games, missing, kinds, {n: prices.get(n) for n in kinds}, include_degraded,
                       left)
    return {**summary, "duplicates": duplicates}


def rated_games(games: Sequence[GameFacts], degraded: Sequence[str]) -> list[GameFacts]:
    """The games ratings are computed from: none with a degraded seat, none with a seat of a degraded contestant
    (a match against fallback play measures neither side)."""
    return [g for g in games if not g.degraded and not any(s.contestant in degraded for s in g.seats)]


def _summary(name: str, games: list[GameFacts], missing: list[str], kinds: Mapping[str, tuple[str, str | None]],
             prices: Mapping[str, Any], include_degraded: bool = False,
             left_out: Sequence[str] = ()) -> dict[str, Any]:
    names = list(kinds)
    contestants = by_contestant(games)
    degraded = [n for n in names if (contestants.get(n) or {}).get("degraded")]
    rated = games if include_degraded else rated_games(games, degraded)
    rated_names = names if include_degraded else [n for n in names if n not in degraded]
    attach(contestants, rate_intervals(games))
    ratings = _only(rate_games(rated, rated_names), rated_names)
    for n, (lo, hi) in rating_intervals(rated, rated_names).items():
        if n in ratings:
            ratings[n] = {**ratings[n], "mu_lo": round(lo, 3), "mu_hi": round(hi, 3)}
    return {
        "tournament": name,
        "games": len(games),
        "scheduled": len(games) + len(missing) + len(left_out),
        "missing": missing,
        "left_out": list(left_out),  # finished but not counted: left_out_reason
        "contestants": {n: {"agent": kinds[n][0], "model": kinds[n][1], **contestants.get(n, {"seats": 0}),
                            "cost": cost(contestants.get(n, {}), prices[n])} for n in names},
        "degraded_contestants": degraded,
        "degraded_games": [g.game_id for g in games if g.degraded],
        "claims_from_labels": [g.game_id for g in games if g.claims_source == "label"],
        "include_degraded": include_degraded,
        "rated_games": len(rated),
        "ratings": ratings,
        "ratings_by_side": _only(rate_sides(rated, rated_names), rated_names),
        "ratings_by_role": _only(rate_roles(rated), rated_names),
        "by_role": by_role(games),
        "setups": by_setup(games),
        "lengths": [{"game_id": g.game_id, "ruleset": g.ruleset, "players": g.players, "killers": g.killers,
                     "days": g.days, "winner": g.winner} for g in games],
    }


def _only(ratings: dict[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """Ratings of the named contestants only (a degraded one left out stays unrated)."""
    return {n: r for n, r in ratings.items() if n in names}


def write_report(out: Path, plots: bool = True, transcripts: Sequence[Path] | None = None,
                 include_degraded: bool = False) -> dict[str, Any]:
    """Writes summary.json, report.md (and PNGs) into `out`; returns the summary. Without `transcripts`, `out` is
    a tournament folder; with them, the report is of those transcripts alone."""
    summary = (summarize(out, include_degraded) if transcripts is None
               else summarize_transcripts(transcripts, include_degraded))
    out.mkdir(parents=True, exist_ok=True)
    files.write_text(out / SUMMARY, json.dumps(summary, indent=2, ensure_ascii=False) + "\n")
    images: list[str] = []
    if plots and summary["games"]:
        from evaluation.report.plots import tournament_plots

        images = tournament_plots(summary, out)
    files.write_text(out / REPORT, render_markdown(summary, images))
    return summary


def _pct(r: dict[str, Any] | None) -> str:
    """A rate as "52% [40–63] (n=60)", or "–" when there is nothing to rate. The interval is the game-clustered
    bootstrap one where the summary has it (every per-contestant rate), else Wilson's."""
    if not r or not r.get("n"):
        return "–"
    lo, hi = (r["blo"], r["bhi"]) if "blo" in r else (r["lo"], r["hi"])
    return f"{100 * r['rate']:.0f}% [{100 * lo:.0f}–{100 * hi:.0f}] (n={r['n']})"


def _num(x: Any) -> str:
    return "–" if x is None else str(x)


ROWS = (("win", "Win rate"), ("win_as_killers", "… as killers"), ("win_as_good", "… as good"),
        ("survival", "Survived to the end"), ("killers_executed", "As killers: executed"),
        ("good_executed", "As good: executed"), ("vote_accuracy", "Good votes on killers"),
        ("abstention", "Hands kept down"), ("accusation_accuracy", "Good accusations of killers"),
        ("claim_rate", "Speeches with a public role claim"),
        ("lie_rate_killers", "Public role claims that are false (killers)"),
        ("lie_rate_good", "Public role claims that are false (good)"),
        ("false_checks_killers", "Reported checks never made or misreported (killers)"),
        ("false_checks_good", "Reported checks never made or misreported (good)"),
        ("knowing_false_killers", "Knowing deception: accusing/voting a seat known good (killers)"),
        ("knowing_false_good", "Knowing deception: accusing/voting a seat known good (good)"),
        ("beliefs_contradicted_killers", "Suspicions contradicting what the seat knows (killers)"),
        ("beliefs_contradicted_good", "Suspicions contradicting what the seat knows (good)"),
        ("lies_detected_killers", "Public lies met by votes on the liar next ballot (killers)"),
        ("lies_detected_good", "Public lies met by votes on the liar next ballot (good)"),
        ("bluff_success_killers", "Bluff success: good seat executed next, or liar unchallenged (killers)"),
        ("bluff_success_good", "Bluff success: good seat executed next, or liar unchallenged (good)"),
        ("label_lie_rate_killers", "Self-label lie rate, private label, older transcripts (killers)"),
        ("label_lie_rate_good", "Self-label lie rate, private label, older transcripts (good)"),
        ("divergence_killers", "Self-report divergence: accusing a seat it rated innocent (killers)"),
        ("divergence_good", "Self-report divergence: accusing a seat it rated innocent (good)"),
        ("clearing_killers", "Passing over a seat believed guilty (killers)"),
        ("clearing_good", "Passing over a seat believed guilty (good)"),
        ("verdicts_survived_killers", "As killers: day verdicts survived"),
        ("verdicts_survived_good", "As good: day verdicts survived"),
        ("swing_killers", "Vote swing: others follow my accusation (killers)"),
        ("swing_good", "Vote swing: others follow my accusation (good)"),
        ("checks_on_killers", "Police: checks that found a killer"),
        ("checks_reported_true", "Police: checks reported truthfully in public"),
        ("night_kills_special", "Killers: night kills on a special good role"),
        ("jump_kill", "Killers: seats that jump-killed (跳杀)"),
        ("fallback", "Fallback decisions"))
NUMBERS = (("votes_per_day_killers", "Votes received per day alive (killers)"),
           ("votes_per_day_good", "Votes received per day alive (good)"),
           ("brier_good", "Suspicion Brier score (good; lower is better)"),
           ("brier_good_on_killers", "… on killer-side seats"), ("brier_good_on_good", "… on good seats"),
           ("misread_as_killer", "As killer: good seats' Brier about me"),
           ("misread_lift", "… minus the uninformed prior's (> 0: misled them)"),
           ("swing_base_killers", "Vote swing base rate (killers)"),
           ("swing_lift_killers", "Vote swing lift (killers)"),
           ("swing_base_good", "Vote swing base rate (good)"), ("swing_lift_good", "Vote swing lift (good)"),
           ("bus_votes", "Bus votes (killers voting a known partner)"),
           ("games", "Games"), ("decisions", "Decisions"), ("retries", "Retries"),
           ("retries_per_decision", "Retries per decision"), ("prompt_tokens", "Prompt tokens"),
           ("completion_tokens", "Completion tokens"),
           ("reasoning_tokens", "Reasoning tokens (in completion)"), ("latency_mean_s", "Mean latency (s)"),
           ("latency_p95_s", "p95 latency (s)"))
COSTS = (("usd", "Cost (USD)"), ("per_game", "Cost per game (USD)"), ("per_decision", "Cost per decision (USD)"),
         ("reasoning_usd", "Of which reasoning (USD)"), ("tokens_reported", "Share of decisions with token counts"))


def _side_ratings(sides: dict[str, Any]) -> list[str]:
    """Ratings as killers and as good: compare within a column (docs/metrics.md, Ratings)."""
    lines = ["", "### Ratings per side", "", "Each contestant is rated as a killer and as a good player "
             "(separate identities in the same matches, one team member per seat held); compare within a column.", "",
             "| contestant | as killers: ordinal (μ ± σ) | games | as good: ordinal (μ ± σ) | games |",
             "|---|---|---|---|---|"]
    for name, by in sides.items():
        cells = []
        for side in ("killers", "good"):
            r = by.get(side)
            cells += ([f"{r['ordinal']} ({r['mu']} ± {r['sigma']})", str(r["games"])] if r else ["–", "0"])
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines


def _role_ratings(by_role: dict[str, Any]) -> list[str]:
    """Ordinal per contestant and role held: compare within a column."""
    roles = sorted({r for per in by_role.values() for r in per})
    if not roles:
        return []
    lines = ["", "### Ratings per role", "", "Ordinal (μ − 3σ) per role held; compare within a column.", "",
             "| contestant | " + " | ".join(roles) + " |", "|---|" + "---|" * len(roles)]
    for who, per in by_role.items():
        lines.append(f"| {who} | " + " | ".join(_num((per.get(r) or {}).get("ordinal")) for r in roles) + " |")
    return lines


def _role_tables(by_role: dict[str, Any]) -> list[str]:
    """Win rate and lie rate on role claims, per contestant and role held."""
    roles = sorted({r for per in by_role.values() for r in per})
    lines: list[str] = []
    for key, title in (("win", "Win rate by role"), ("lie_rate", "False role claims by role (claims of a role "
                                                                  "not held / claims)")):
        lines += ["", f"## {title}", "", "| contestant | " + " | ".join(roles) + " |", "|---|" + "---|" * len(roles)]
        for who, per in by_role.items():
            lines.append(f"| {who} | " + " | ".join(_pct((per.get(r) or {}).get(key)) for r in roles) + " |")
    return lines


SCHEDULES = {"rotate": "The roster rotates over the seats of each deal, so every contestant holds every card equally.",
             "side-pure": "Side-pure: on each deal one contestant holds every killer-side card and the other every "
                          "good card, then the reverse.",
             "field": "Field: each contestant plays alone in every seat of each deal against the field contestant."}


FEW_GAMES = 20  # under this many games a game bootstrap has too few clusters to show a rate's spread


def _flags(summary: dict[str, Any]) -> list[str]:
    """Too few games to conclude anything, degraded contestants and games, and where lie rates fell back to the
    private label."""
    lines: list[str] = []
    if 0 < summary.get("games", 0) < FEW_GAMES:
        lines.append(f"**Only {summary['games']} games.** A bootstrap over so few games resamples the same handful "
                     "of deals, so its intervals understate the uncertainty (an interval such as [100–100] means "
                     "every resample agreed, not that the rate is known), and no difference between contestants in "
                     f"this report is established. Under {FEW_GAMES} games read it as a demonstration; "
                     "`killer eval FILE --plan --width W` sizes a run.")
    degraded = summary.get("degraded_contestants") or []
    if degraded:
        kept = "kept in the ratings (--include-degraded)" if summary.get("include_degraded") else \
            "left out of the ratings, with every game they sat in (--include-degraded keeps them)"
        lines.append(f"**DEGRADED:** {', '.join(degraded)} fell back on more than 10% of their decisions: {kept}.")
    if summary.get("degraded_games"):
        lines.append(f"**Degraded games** ({len(summary['degraded_games'])}, a seat fell back on more than 10% of "
                     f"its decisions): {', '.join(summary['degraded_games'])}.")
    if summary.get("claims_from_labels"):
        lines.append(f"{len(summary['claims_from_labels'])} transcripts record no public claims (older format): "
                     "their lies appear only in the separately named self-label lie rate.")
    if summary.get("left_out"):
        lines.append(f"**Left out** ({len(summary['left_out'])}: not legal games of their own rules and seed, so "
                     "not counted; `killer verify` each to see why): " + "; ".join(summary["left_out"]) + ".")
    if summary.get("duplicates"):
        lines.append(f"{len(summary['duplicates'])} copied games counted once: " + "; ".join(summary["duplicates"]))
    if "rated_games" in summary:
        lines.append(f"Ratings are computed from {summary['rated_games']} of {summary['games']} games.")
    return [*lines, ""] if lines else []


def render_markdown(summary: dict[str, Any], images: Sequence[str] = ()) -> str:
    """The report: ratings, per-contestant metrics with 95 % Wilson intervals, roles, setups, plots. Every string
    of the summary (names, models, ids, paths, roles, setups: what files said) is made plain Markdown text first."""
    summary = markdown_value(summary)
    names = list(summary["contestants"])
    lines = [f"# Tournament report: {summary['tournament']}", "",
             f"{summary['games']} of {summary['scheduled']} scheduled games finished. Every number is counted "
             "from the transcripts (the deal is the ground truth); per-contestant rates show a 95 % interval from a "
             "seeded bootstrap over whole games (seats and votes of one game are not independent); per-role and "
             "per-setup rates show a 95 % Wilson interval. "
             "See docs/metrics.md for definitions. Behavioural figures count only each player's own decisions "
             "(fallbacks are left out).", "", *_flags(summary), "## Ratings (openskill Plackett-Luce)", "",
             "| contestant | ordinal (μ − 3σ) | μ | μ, 95 % game bootstrap | σ | games |",
             "|---|---|---|---|---|---|"]
    for name, r in summary["ratings"].items():
        boot = f"[{r['mu_lo']}, {r['mu_hi']}]" if "mu_lo" in r else "–"
        lines.append(f"| {name} | {r['ordinal']} | {r['mu']} | {boot} | {r['sigma']} | {r['games']} |")
    lines += _side_ratings(summary.get("ratings_by_side") or {})
    lines += _role_ratings(summary.get("ratings_by_role") or {})
    lines += _role_tables(summary.get("by_role") or {})
    lines += ["", "## Metrics per contestant", "", "| metric | " + " | ".join(names) + " |",
              "|---|" + "---|" * len(names)]
    cs = summary["contestants"]
    for key, label in ROWS:
        lines.append(f"| {label} | " + " | ".join(_pct(cs[n].get(key)) for n in names) + " |")
    for key, label in NUMBERS:
        lines.append(f"| {label} | " + " | ".join(_num(cs[n].get(key)) for n in names) + " |")
    for key, label in COSTS:
        lines.append(f"| {label} | " + " | ".join(_num((cs[n].get("cost") or {}).get(key)) for n in names) + " |")
    lines += ["", "## Seats and roles per contestant", "",
              SCHEDULES.get(summary.get("schedule") or "", ""), ""]
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
