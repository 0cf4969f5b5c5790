"""Balance studies: many fast engine-only games of random or scripted seats, win rates by side with Wilson
intervals, and the seeds' two claims put to the test.

- 004 says V3.0 made the killers "very hard to win" (杀手非常难取胜): compare the killers' win rate in v3 with
  v2-classic and v2.5-std at the same table sizes.
- 000 says "the more killers there are, the shorter the game": hold v1 at 12 players and deal 1 to 4 killers,
  and read game length (days) against the killer count; v4-classic over its table sizes gives a second view.

Games run without the orchestrator (no transcripts): the engine, observations and the agents' synchronous
choices, asked in batches exactly as the graph asks them, with the same legal fallback when an agent errs.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from agents.bots.levels import BOT_KINDS, LevelError, is_bot_kind, parse_level
from agents.bots.random_bot import choose
from agents.bots.scripted import ScriptedAgent
from agents.view import SeatView
from engine import (
    Action,
    GameState,
    Request,
    apply,
    current_batch,
    default_action,
    get_ruleset,
    is_legal,
    new_game,
    observation,
)
from evaluation.balance.chunks import StudyError
from evaluation.balance.workers import ONE_PROCESS, Spread, run_study
from evaluation.games.metrics import side_of
from evaluation.games.rates import mean
from evaluation.stats.intervals import rate
from hygiene import files

CLAIM_RULESETS = ("v2-classic", "v2.5-std", "v3")
CLAIM_PLAYERS = (10, 11, 12, 13)  # the sizes all three allow
SIZE_SWEEPS = {"v2-classic": range(10, 21, 2), "v4-classic": range(11, 20, 2)}
KILLER_SWEEP = ("v1", 12, (1, 2, 3, 4))


@dataclass
class Outcome:
    """One finished game: who won, how long it took, how often an agent's answer had to be replaced."""

    winner: str
    days: int
    killers: int
    fallbacks: int


Chooser = Callable[[GameState, list[Any], Request], Action]
Mix = tuple[tuple[str, int], ...]  # the dealt roles other than civilians, with their counts
AGENT_KINDS = ("random", *BOT_KINDS)  # what --agents takes; the value is passed through to _chooser as given


def check_agents(kinds: tuple[str, ...]) -> None:
    """Refuses an agent kind this module cannot play, before any game starts."""
    for kind in kinds:
        if is_bot_kind(kind):
            try:
                parse_level(kind)
            except LevelError as exc:
                raise StudyError(str(exc)) from None
        if kind not in AGENT_KINDS:
            raise StudyError(f"unknown agent kind {kind!r} for engine-only games (known: {', '.join(AGENT_KINDS)})")


def _chooser(agents: str, seed: int, ruleset: str, players: int) -> Chooser:
    if agents == "random":
        rng = random.Random(seed ^ 0x5EED)
        return lambda state, events, request: choose(request, rng)
    agent = ScriptedAgent(seed, level=parse_level(agents))

    def scripted(state: GameState, events: list[Any], request: Request) -> Action:
        view = SeatView(request.seat, ruleset, players, tuple(observation(events, request.seat)))
        return agent.choose(view, request).action

    return scripted


def mix_hands(mix: Mix, players: int, seed: int) -> list[list[str]]:
    """One card a seat: the mix's roles, the rest civilians, shuffled by the game's seed."""
    cards = [role for role, count in mix for _ in range(count)]
    cards += ["civilian"] * (players - len(cards))
    random.Random(seed ^ 0xDEA1).shuffle(cards)
    return [[c] for c in cards]


def play(ruleset: str, players: int, seed: int, agents: str, killers: int | None = None,
         mix: Mix | None = None) -> Outcome:
    """One seeded game; `mix` deals those role counts (the rest civilians) instead of the ruleset's table,
    `killers` is short for a mix of that many killers."""
    rng = random.Random(seed)
    if killers is not None:
        mix = (("killer", killers),)
    hands = None if mix is None else mix_hands(mix, players, seed)
    state, events = new_game(ruleset, rng, players=players, hands=hands)
    events = list(events)
    pick = _chooser(agents, seed, ruleset, players)
    fallbacks = 0
    while not state.is_over():
        answers = [(r, pick(state, events, r)) for r in current_batch(state)]
        for request, action in answers:
            if state.is_over() or request not in state.pending:
                break  # a jump-kill ended the step
            if not is_legal(state, action):
                fallbacks += 1
                action = default_action(request)
            state, new = apply(state, action, rng)
            events.extend(new)
    assert state.winner is not None
    dealt = sum(side_of(h) == "killers" for h in events[0].data["hands"])
    return Outcome(state.winner.value, state.day, dealt, fallbacks)


@dataclass(frozen=True)
class GameSetup:
    """One row of a study: `games` games of one ruleset, table size, agent kind and deal (picklable, so it can
    travel to a worker process or a Ray task)."""

    ruleset: str
    players: int
    agents: str
    games: int
    seed: int
    mix: Mix | None = None  # None: the ruleset's own deal

    def play(self, seed: int) -> Outcome:
        return play(self.ruleset, self.players, seed, self.agents, mix=self.mix)


def summarize(setup: GameSetup, outs: list[Outcome]) -> dict[str, Any]:
    """A setup's row: side win rates (Wilson), mean days, fallbacks."""
    games = len(outs)
    wins = Counter(o.winner for o in outs)
    return {"ruleset": setup.ruleset, "players": setup.players, "agents": setup.agents, "games": games,
            "killers": outs[0].killers, "killers_win": rate(wins["killers"], games),
            "good_win": rate(wins["good"], games), "draws": wins["draw"],
            "mean_days": mean([o.days for o in outs]), "fallbacks": sum(o.fallbacks for o in outs)}


def run_setups(setups: list[GameSetup], spread: Spread) -> list[dict[str, Any]]:
    """Plays every setup (spread over workers) and returns their rows in the setups' order."""
    check_agents(tuple(sorted({s.agents for s in setups})))
    return [summarize(s, outs) for s, outs in zip(setups, run_study(setups, spread), strict=True)]


def batch(ruleset: str, players: int, agents: str, games: int, seed: int, killers: int | None = None) \
        -> dict[str, Any]:
    """`games` seeded games of one setup in this process: its row."""
    mix = None if killers is None else (("killer", killers),)
    return run_setups([GameSetup(ruleset, players, agents, games, seed, mix)], Spread(workers=1))[0]


def setups(quick: bool = False) -> list[tuple[str, int]]:
    """(ruleset, players) pairs: the claim tables plus the size sweeps (fewer sizes when `quick`)."""
    out = [(r, n) for r in CLAIM_RULESETS for n in ((12,) if quick else CLAIM_PLAYERS)]
    for r, sizes in SIZE_SWEEPS.items():
        chosen = [sizes[0], sizes[-1]] if quick else list(sizes)
        out += [(r, n) for n in chosen if (r, n) not in out]
    return out


def run_balance(out: Path, games: int = 200, agents: tuple[str, ...] = ("random", "scripted"), seed: int = 0,
                quick: bool = False, spread: Spread = ONE_PROCESS) -> dict[str, Any]:
    """Plays every setup for every agent kind; writes balance.json, balance.md and two PNGs into `out`."""
    main = [GameSetup(r, n, a, games, seed) for a in agents for r, n in setups(quick)]
    ruleset, players, counts = KILLER_SWEEP
    sweep = [GameSetup(ruleset, players, a, games, seed, (("killer", k),)) for a in agents for k in counts]
    rows = run_setups(main + sweep, spread)
    return _write(out, rows[:len(main)], rows[len(main):], claims(rows[:len(main)], rows[len(main):]), games, seed)


def ruleset_sizes(ruleset: str, players: int | None) -> list[int]:
    """The table sizes to play: the one asked for, else every size the ruleset allows."""
    if players is not None:
        return [players]
    low, high = get_ruleset(ruleset).players
    return list(range(low, high + 1))


def run_ruleset_balance(out: Path, ruleset: str, players: int | None = None, games: int = 200,
                        agents: tuple[str, ...] = ("random", "scripted"), seed: int = 0,
                        spread: Spread = ONE_PROCESS) -> dict[str, Any]:
    """One ruleset's balance: side win rates for each agent kind over its table sizes (or the one given)."""
    sizes = ruleset_sizes(ruleset, players)
    rows = run_setups([GameSetup(ruleset, n, a, games, seed) for a in agents for n in sizes], spread)
    return _write(out, rows, [], [], games, seed)


def _write(out: Path, rows: list[dict[str, Any]], sweep: list[dict[str, Any]], verdicts: list[dict[str, Any]],
           games: int, seed: int) -> dict[str, Any]:
    from evaluation.report.plots import balance_plots

    result = {"games": games * (len(rows) + len(sweep)), "games_per_setup": games, "seed": seed,
              "setups": rows, "killer_sweep": sweep, "claims": verdicts}
    out.mkdir(parents=True, exist_ok=True)
    files.write_text(out / "balance.json", json.dumps(result, indent=2) + "\n")
    images = balance_plots(rows, sweep, out)
    files.write_text(out / "balance.md", render_balance(result, images))
    return result


def claims(rows: list[dict[str, Any]], sweep: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seeds' claims against the numbers: a verdict per agent kind, with the numbers behind it."""
    out = []
    for agents in sorted({r["agents"] for r in rows}):
        pooled = {}
        for rid in CLAIM_RULESETS:
            rs = [r for r in rows if r["agents"] == agents and r["ruleset"] == rid and r["players"] in CLAIM_PLAYERS]
            k = sum(r["killers_win"]["k"] for r in rs)
            pooled[rid] = rate(k, sum(r["games"] for r in rs))
        v3, others = pooled["v3"], [pooled[r] for r in CLAIM_RULESETS if r != "v3"]
        lower = all(bool(v3["n"] and o["n"]) and float(v3["hi"] or 0) < float(o["lo"] or 0) for o in others)
        out.append({"claim": "004: V3.0 made the killers very hard to win", "agents": agents,
                    "killers_win": pooled, "holds": bool(lower and (v3["rate"] or 0) < 0.5),
                    "test": "v3's 95% interval lies wholly below v2-classic's and v2.5-std's, and under 50%"})
        ks = sorted((r for r in sweep if r["agents"] == agents), key=lambda r: r["killers"])
        days = [r["mean_days"] for r in ks]
        shorter = all(a is not None and b is not None and b <= a for a, b in pairwise(days))
        out.append({"claim": "000: the more killers, the shorter the game", "agents": agents,
                    "mean_days_by_killers": {r["killers"]: r["mean_days"] for r in ks}, "holds": shorter,
                    "test": f"{KILLER_SWEEP[0]} at {KILLER_SWEEP[1]} players: mean days never rise with killers"})
    return out


def render_balance(result: dict[str, Any], images: list[str]) -> str:
    """balance.md: the table of setups, the killer sweep, and each claim's verdict."""
    def pct(r: dict[str, Any]) -> str:
        return f"{100 * r['rate']:.0f}% [{100 * r['lo']:.0f}–{100 * r['hi']:.0f}]" if r["n"] else "–"

    lines = ["# Balance", "", f"{result['games_per_setup']} seeded games per row (seeds {result['seed']}…); "
             "killers' and good win rates with 95 % Wilson intervals.", "",
             "| agents | ruleset | players | killers | killers win | good win | draws | mean days | fallbacks |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in result["setups"] + result["killer_sweep"]:
        lines.append(f"| {r['agents']} | {r['ruleset']} | {r['players']} | {r['killers']} | "
                     f"{pct(r['killers_win'])} | {pct(r['good_win'])} | {r['draws']} | {r['mean_days']} | "
                     f"{r['fallbacks']} |")
    lines += ["", "## The seeds' claims", ""] if result["claims"] else [""]
    for c in result["claims"]:
        verdict = "holds" if c["holds"] else "does not hold"
        if "killers_win" in c:
            nums = ", ".join(f"{k} {pct(v)}" for k, v in c["killers_win"].items())
        else:
            nums = ", ".join(f"{k} killer(s): {v} days" for k, v in c["mean_days_by_killers"].items())
        lines.append(f"- **{c['claim']}** — {c['agents']} agents: {verdict} ({c['test']}). Killers' win "
                     f"rate pooled over {CLAIM_PLAYERS[0]}–{CLAIM_PLAYERS[-1]} players: {nums}."
                     if "killers_win" in c else
                     f"- **{c['claim']}** — {c['agents']} agents: {verdict} ({c['test']}): {nums}.")
    lines += ["", "Random seats measure the rules alone; scripted seats add the sides' basic play (police "
              "share checks, killers hunt claimed police). Neither is how people play: read the verdicts as "
              "properties of the rules under these players.", ""]
    lines += [f"![{Path(i).stem}]({i})" for i in images]
    return "\n".join(lines) + "\n"
