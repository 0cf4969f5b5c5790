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

from evaluation.games.facts import GameFacts
from evaluation.games.metrics import by_contestant, by_role, by_setup
from evaluation.load.played import facts_of, loose_transcripts, run_transcripts
from evaluation.report import cells
from evaluation.report.leaderboard import comparisons, leaderboard
from evaluation.statements.agreement import judge_summary
from evaluation.statements.labels import LABELS, judged_by_statement, spoken
from evaluation.stats import reader_error, sides
from evaluation.stats.anchored import per_side
from evaluation.stats.bootstrap import DEFAULT_SEED, DRAWS, Deals
from evaluation.stats.comparisons import Design, estimands, family
from evaluation.stats.comparisons import comparisons as compare_pairs
from evaluation.stats.tables import SeatTable, attach_roles, attach_setups, fill_contestants
from evaluation.tournament.config import Price, TournamentConfig
from evaluation.tournament.cost import cost
from evaluation.tournament.folder import load_run
from evaluation.tournament.runs import recorded_tournament
from hygiene import walk
from hygiene.sanitize import markdown_value

SUMMARY = "summary.json"
REPORT = "report.md"


def summarize(out: Path, include_degraded: bool = False) -> dict[str, Any]:
    """The whole summary of a run folder."""
    cfg = load_run(out)
    left: list[str] = []
    played, missing = run_transcripts(out, left)
    games = [facts_of(g) for g in played]
    statements = spoken(played)  # the most lines labels.jsonl may hold (evaluation/statements/labels.py)
    reader_error.add_judge(played, games, judged_by_statement(out / LABELS, False, statements))  # the second reader
    names = [c.name for c in cfg.contestants]
    kinds = {n: (cfg.contestant(n).agent, cfg.contestant(n).model) for n in names}
    summary = _summary(cfg.name, games, missing, kinds, {n: cfg.price(n) for n in names}, include_degraded,
                       design_of(cfg), left)
    return {**summary, "schedule": cfg.schedule, **judged(games, [out], statements)}


def design_of(cfg: TournamentConfig) -> Design:
    """The schedule's design as the statistics read it: anchors, field contestant, declared primary family."""
    return Design(cfg.schedule, tuple(cfg.anchors), cfg.field if cfg.schedule == "field" else None,
                  None if cfg.primary is None else tuple(cfg.primary), cfg.primary_pairs)


def summarize_transcripts(paths: Sequence[Path], include_degraded: bool = False) -> dict[str, Any]:
    """The summary of loose transcripts (no tournament folder), merged by game identity
    (evaluation/tournament/runs.py): a copied game counts once and is listed under `duplicates`. Each seat's
    contestant is the name its tournament recorded in the header, else its model, else its agent kind; prices come
    from the headers too. Games without an end line are listed missing."""
    left: list[str] = []
    played, missing, duplicates = loose_transcripts(paths, left)
    kinds: dict[str, tuple[str, str | None]] = {}
    prices: dict[str, Any] = {}
    for game in played:
        header = game.transcript.header
        for seat in header.get("seats", []):
            name = game.roster.get(int(seat["seat"]), str(seat.get("model") or seat.get("agent")))
            kinds.setdefault(name, (str(seat.get("agent")), seat.get("model")))
        for name, price in (recorded_tournament(header).get("prices") or {}).items():
            prices.setdefault(str(name), Price.model_validate(price))
    games = [facts_of(g) for g in played]
    statements = spoken(played)
    reader_error.add_judge(played, games, {k: v for folder in sorted({p.parent for p in paths})
                                           for k, v in judged_by_statement(folder / LABELS, False, statements).items()})
    summary = _summary("transcripts", games, missing, kinds, {n: prices.get(n) for n in kinds}, include_degraded,
                       left_out=left)
    return {**summary, "duplicates": duplicates, **judged(games, sorted({p.parent for p in paths}), statements)}


def judged(games: Sequence[GameFacts], folders: Sequence[Path], statements: int) -> dict[str, Any]:
    """{"judge": ...} from the judge model's labels.jsonl in these folders (evaluation/statements), or {};
    `statements`: the games' (labels.spoken), which bounds the lines a labels.jsonl may hold."""
    labels = {k: v for folder in folders for k, v in judged_by_statement(folder / LABELS, True, statements).items()}
    return {"judge": judge_summary(games, labels)} if labels else {}


def rated_games(games: Sequence[GameFacts], degraded: Sequence[str]) -> list[GameFacts]:
    """The games ratings are computed from: none with a degraded seat, none with a seat of a degraded contestant
    (a match against fallback play measures neither side)."""
    return [g for g in games if not g.degraded and not any(s.contestant in degraded for s in g.seats)]


def _summary(name: str, games: list[GameFacts], missing: list[str], kinds: Mapping[str, tuple[str, str | None]],
             prices: Mapping[str, Any], include_degraded: bool = False, plan: Design | None = None,
             left_out: Sequence[str] = ()) -> dict[str, Any]:
    names = list(kinds)
    plan = plan or Design()
    deals = Deals(games)
    table = SeatTable(games, deals)
    contestants = by_contestant(games, rates=())
    fill_contestants(table, contestants)
    reader_error.attach(table, contestants)  # the reader's error beside each words-based lie rate
    degraded = [n for n in names if (contestants.get(n) or {}).get("degraded")]
    rated = games if include_degraded else rated_games(games, degraded)
    rated_names = names if include_degraded else [n for n in names if n not in degraded]
    # the rating's reference: the field contestant of a field schedule, the first anchor of an anchored one
    first = plan.field or (plan.anchors[0] if plan.anchors else None)
    reference_first = sorted(rated_names, key=lambda n: n != first)
    rating_deals = Deals(rated)
    ratings, fits = sides.rate(rated, reference_first, rating_deals, plan.per_side)
    roles, setups = by_role(games, rates=()), by_setup(games)
    attach_roles(table, roles)
    attach_setups(games, deals, setups)
    return {
        "tournament": name,
        "games": len(games),
        "scheduled": len(games) + len(missing) + len(left_out),
        "missing": missing,
        "left_out": list(left_out),  # finished but not counted: left_out_reason
        "resampling": {"unit": "deal", "deals": len(deals), "draws": DRAWS, "seed": DEFAULT_SEED},
        "contestants": {n: {"agent": kinds[n][0], "model": kinds[n][1], **contestants.get(n, {"seats": 0}),
                            "cost": cost(contestants.get(n, {}), prices[n])} for n in names},
        "degraded_contestants": degraded,
        "degraded_games": [g.game_id for g in games if g.degraded],
        "claims_from_labels": [g.game_id for g in games if g.claims_source == "label"],
        "self_play_games": [g.game_id for g in games if len({s.contestant for s in g.seats}) == 1],
        "include_degraded": include_degraded,
        "rated_games": len(rated),
        "ratings": ratings,
        "estimands": estimands(plan),
        "family": family(plan, names),
        "per_side": per_side(table, names, plan.anchors) if plan.anchors else {},
        "comparisons": compare_pairs(table, names, fits, plan, rating_deals),
        "by_role": roles,
        "setups": setups,
        "lengths": [{"game_id": g.game_id, "ruleset": g.ruleset, "players": g.players, "killers": g.killers,
                     "days": g.days, "winner": g.winner} for g in games],
    }


def write_report(out: Path, plots: bool = True, transcripts: Sequence[Path] | None = None,
                 include_degraded: bool = False) -> dict[str, Any]:
    """Writes summary.json, report.md (and PNGs) into `out`; returns the summary. Without `transcripts`, `out` is
    a tournament folder; with them, the report is of those transcripts alone."""
    summary = (summarize(out, include_degraded) if transcripts is None
               else summarize_transcripts(transcripts, include_degraded))
    out.mkdir(parents=True, exist_ok=True)
    walk.write_text(out, SUMMARY, json.dumps(summary, indent=2, ensure_ascii=False) + "\n")
    images: list[str] = []
    if plots and summary["games"]:
        from evaluation.report.plots import tournament_plots

        images = tournament_plots(summary, out)
    walk.write_text(out, REPORT, render_markdown(summary, images))
    return summary


def _pct(r: dict[str, Any] | None, key: str = "") -> str:
    """A figure as report.md prints it (evaluation/report/cells.py): value, deal-bootstrap interval, chance and
    lift where it has one, and n with the deals, games and seats behind it; "–" when it is not defined."""
    return cells.figure(r, key)


def _num(x: Any) -> str:
    return "–" if x is None else str(x)


ROWS = (("win", "Win rate"), ("win_as_killers", "… as killers"), ("win_as_good", "… as good"),
        ("survival", "Survived to the end (chance: the side's survival in those games)"),
        ("survival_killers", "… as killers"), ("survival_good", "… as good"),
        ("killers_executed", "As killers: executed"),
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
        ("bluff_success_killers", "Bluff success: a good seat executed at the lie's next verdict (killers)"),
        ("words_claim_rate", "Speeches claiming a role, side or check in their words"),
        ("lies_claim_killers", "Lies by the structured claim / statements claiming anything (killers)"),
        ("lies_words_killers", "Lies by the words (the speech reader) / statements claiming anything (killers)"),
        ("lies_either_killers", "Lies by claim or words / statements claiming anything (killers)"),
        ("lies_claim_good", "Lies by the structured claim / statements claiming anything (good)"),
        ("lies_words_good", "Lies by the words (the speech reader) / statements claiming anything (good)"),
        ("lies_either_good", "Lies by claim or words / statements claiming anything (good)"),
        ("words_contradict_claim", "Words contradicting the speech's own structured claim"),
        ("label_lie_rate_killers", "Self-label lie rate, private label, older transcripts (killers)"),
        ("label_lie_rate_good", "Self-label lie rate, private label, older transcripts (good)"),
        ("divergence_killers", "Self-report divergence: accusing a seat it rated innocent (killers)"),
        ("divergence_good", "Self-report divergence: accusing a seat it rated innocent (good)"),
        ("clearing_killers", "Passing over a seat believed guilty (killers)"),
        ("clearing_good", "Passing over a seat believed guilty (good)"),
        ("verdicts_survived_killers", "As killers: day verdicts survived"),
        ("verdicts_survived_good", "As good: day verdicts survived"),
        ("swing", "Vote swing: others follow my accusation"),
        ("swing_killers", "… as killers"), ("swing_good", "… as good"),
        ("checks_on_killers", "Police: checks that found a killer"),
        ("checks_reported_true", "Police: checks reported truthfully in public"),
        ("night_kills_special", "Killers: night kills on a special good role"),
        ("jump_kill", "Killers: seats that jump-killed (跳杀)"),
        ("fallback", "Fallback decisions"),
        ("votes_per_day_killers", "Votes received per day alive (killers)"),
        ("votes_per_day_good", "Votes received per day alive (good)"),
        ("brier_good", "Suspicion Brier score over rated decisions (good; lower is better)"),
        ("brier_good_on_killers", "… on killer-side seats"), ("brier_good_on_good", "… on good seats"),
        ("brier_prior_good", "… the prior's (what the seat knew for certain)"),
        ("brier_skill", "Brier skill score: 1 − Brier / prior's (good)"),
        ("auc_good", "AUC of suspicions, killer side vs good (good)"),
        ("suspicions_rated", "Decisions the good seats rated (only these are scored)"),
        ("misread_as_killer", "As killer: good seats' Brier about me (chance: the prior's; lift > 0: misled them)"))
NUMBERS = (("bus_votes", "Bus votes (killers voting a known partner)"),
           ("games", "Games"), ("decisions", "Decisions"), ("retries", "Retries"),
           ("retries_per_decision", "Retries per decision"), ("prompt_tokens", "Prompt tokens"),
           ("completion_tokens", "Completion tokens"),
           ("reasoning_tokens", "Reasoning tokens (in completion)"), ("latency_mean_s", "Mean latency (s)"),
           ("latency_p95_s", "p95 latency (s)"))
COSTS = (("usd", "Cost (USD)"), ("per_game", "Cost per game (USD)"), ("per_decision", "Cost per decision (USD)"),
         ("reasoning_usd", "Of which reasoning (USD)"), ("tokens_reported", "Share of decisions with token counts"))


def _role_tables(by_role: dict[str, Any]) -> list[str]:
    """Win rate and lie rate on role claims, per contestant and role held."""
    roles = sorted({r for per in by_role.values() for r in per})
    lines: list[str] = []
    for key, title in (("win", "Win rate by role"), ("lie_rate", "False role claims by role (claims of a role "
                                                                  "not held / claims)")):
        lines += ["", f"## {title}", "", "| contestant | " + " | ".join(roles) + " |", "|---|" + "---|" * len(roles)]
        for who, per in by_role.items():
            lines.append(f"| {who} | " + " | ".join(_pct((per.get(r) or {}).get(key), key) for r in roles) + " |")
    return lines


SCHEDULES = {"rotate": "The roster rotates over the seats of each deal, so every contestant holds every card equally.",
             "side-pure": "Side-pure: on each deal one contestant holds every killer-side card and the other every "
                          "good card, then the reverse.",
             "field": "Field: each contestant plays alone in every seat of each deal against the field contestant."}


FEW_GAMES = 20  # under this many games a deal bootstrap has too few clusters to show a rate's spread


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
    if (summary.get("judge") or {}).get("degraded"):
        lines.append("**DEGRADED judge:** the judge model fell back or refused on more than 10% of the statements; "
                     "its section (*Judge model*) does not measure this run.")
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
    if summary.get("self_play_games"):
        lines.append(f"{len(summary['self_play_games'])} games seat a single contestant (self-play): there a seat's "
                     "votes, suspicions and lies are scored on its own contestant's seats, the only ones there are.")
    if "rated_games" in summary:
        lines.append(f"Ratings are computed from {summary['rated_games']} of {summary['games']} games.")
    return [*lines, ""] if lines else []


def _judge_lines(judge: dict[str, Any] | None) -> list[str]:
    """The judge model's section: its lie rates (deal-bootstrap intervals), categories and agreement; a degraded
    judge is flagged before anything it says."""
    if not judge:
        return []
    a = judge["agreement"]

    def k(name: str) -> str:
        return _num(a.get(name))

    refused = judge.get("refused", 0)
    lines = ["", "## Judge model (labels.jsonl)", ""]
    if judge.get("degraded"):
        lines += [f"**DEGRADED judge**: it fell back on {judge['fallbacks']} and refused {refused} of "
                  f"{judge['statements']} statements (more than 10 %): its figures below do not measure this run.",
                  ""]
    lines += [f"{judge['statements']} statements labelled by {', '.join(judge['models'])} ({judge['fallbacks']} "
              f"fell back, {refused} refused): the judge's own reading, apart from the counted figures above. "
              "Intervals: 95 % bootstrap over deals (docs/metrics.md, *The judge model*).", "",
              f"Agreement with the speech reader (Cohen's κ, {a['statements']} statements): said_role "
              f"{k('said_role')}, said_side {k('said_side')}, said_checks {k('said_checks')}, lie {k('lie')}.", "",
              "| contestant | lies (killers) | lies (good) | categories (killers) | categories (good) |",
              "|---|---|---|---|---|"]
    for name, row in judge["contestants"].items():
        cats = [", ".join(f"{c} {n}" for c, n in (row.get(f"categories_{side}") or {}).items()) or "–"
                for side in ("killers", "good")]
        lines.append(f"| {name} | {_deal_interval(row.get('lie_killers'))} | {_deal_interval(row.get('lie_good'))} "
                     f"| {cats[0]} | {cats[1]} |")
    return lines


def _deal_interval(r: dict[str, Any] | None) -> str:
    """A judge's rate with its deal-bootstrap interval (blo/bhi), never the Wilson bounds beside it; without
    bootstrap draws, no interval."""
    if not r:
        return _pct(r)
    shown = {k: v for k, v in r.items() if k not in ("lo", "hi")}
    if "blo" in r:
        shown.update(lo=r["blo"], hi=r["bhi"])
    return _pct(shown)


def render_markdown(summary: dict[str, Any], images: Sequence[str] = ()) -> str:
    """The report: leaderboard, paired comparisons, per-contestant figures, roles, setups, plots. Every string of
    the summary (names, models, ids, paths, roles, setups: what files said) is made plain Markdown text first."""
    summary = markdown_value(summary)
    names = list(summary["contestants"])
    lines = [f"# Tournament report: {summary['tournament']}", "",
             f"{summary['games']} of {summary['scheduled']} scheduled games finished. Every number is counted "
             "from the transcripts (the deal is the ground truth). Every interval is a 95 % seeded bootstrap "
             "over deals: a deal's rotations are resampled together, since seats, votes and speeches of one game, "
             "and the games of one deal, are not independent. Each cell ends with n (its trials) and the deals "
             "(d), games (g) and seats (s) behind it. See docs/metrics.md for definitions, chance levels and "
             "units. Behavioural figures count only each player's own decisions (fallbacks are left out), and "
             "never score a seat on its own contestant's seats.", "", *_flags(summary),
             *leaderboard(summary), *comparisons(summary)]
    lines += _role_tables(summary.get("by_role") or {})
    lines += ["", "## Metrics per contestant", "", "| metric | " + " | ".join(names) + " |",
              "|---|" + "---|" * len(names)]
    cs = summary["contestants"]
    older = bool(summary.get("claims_from_labels"))  # the self-label lie rate is of older transcripts only
    for key, label in ROWS:
        if key.startswith("label_lie_rate") and not older:
            continue
        lines.append(f"| {label} | " + " | ".join(_pct(cs[n].get(key), key) for n in names) + " |")
    for key, label in NUMBERS:
        lines.append(f"| {label} | " + " | ".join(_num(cs[n].get(key)) for n in names) + " |")
    for key, label in COSTS:
        lines.append(f"| {label} | " + " | ".join(_num((cs[n].get("cost") or {}).get(key)) for n in names) + " |")
    lines += reader_error.report_lines(cs)
    lines += ["", "## Seats and roles per contestant", "",
              SCHEDULES.get(summary.get("schedule") or "", ""), ""]
    for n in names:
        roles = ", ".join(f"{r} {c}" for r, c in cs[n].get("roles", {}).items()) or "none"
        lines.append(f"- **{n}** ({cs[n]['agent']}{', ' + cs[n]['model'] if cs[n]['model'] else ''}): "
                     f"{cs[n]['seats']} seats — {roles}")
    lines += ["", "## Outcomes per ruleset", "", "| ruleset/players | deals | games | seats | killers win | good win "
              "| draws | mean days | mean decisions |", "|---|---|---|---|---|---|---|---|---|"]
    for key, s in summary["setups"].items():
        lines.append(f"| {key} | {s.get('deals', '–')} | {s['games']} | {s.get('seats', '–')} | "
                     f"{cells.figure(s['killers_win'], with_counts=False)} | "
                     f"{cells.figure(s['good_win'], with_counts=False)} | "
                     f"{s['draws']} | {_num(s['mean_days'])} | {_num(s['mean_decisions'])} |")
    lines += _judge_lines(summary.get("judge"))
    if summary["missing"]:
        lines += ["", f"Not finished ({len(summary['missing'])}): " + ", ".join(summary["missing"])]
    if images:
        lines += ["", "## Plots", ""] + [f"![{Path(i).stem}]({i})" for i in images]
    return "\n".join(lines) + "\n"
