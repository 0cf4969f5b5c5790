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

from agents.base import SeatView
from agents.random_agent import choose
from agents.scripted import ScriptedAgent
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
from evaluation.metrics import side_of
from evaluation.stats import mean, rate

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


def _chooser(agents: str, seed: int, ruleset: str, players: int) -> Chooser:
    if agents == "random":
        rng = random.Random(seed ^ 0x5EED)
        return lambda state, events, request: choose(request, rng)
    agent = ScriptedAgent(seed)

    def scripted(state: GameState, events: list[Any], request: Request) -> Action:
        view = SeatView(request.seat, ruleset, players, tuple(observation(events, request.seat)))
        return agent.choose(view, request).action

    return scripted


def play(ruleset: str, players: int, seed: int, agents: str, killers: int | None = None) -> Outcome:
    """One seeded game; `killers` deals that many killers (the rest civilians) instead of the composition."""
    rng = random.Random(seed)
    hands = None
    if killers is not None:
        cards = ["killer"] * killers + ["civilian"] * (players - killers)
        random.Random(seed ^ 0xDEA1).shuffle(cards)
        hands = [[c] for c in cards]
    state, events = new_game(ruleset, rng, players=players, hands=hands)
    events = list(events)
    pick = _chooser(agents, seed, ruleset, players)
    fallbacks = 0
    while not state.is_over():
        batch = current_batch(state)
        answers = [(r, pick(state, events, r)) for r in batch]
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


def batch(ruleset: str, players: int, agents: str, games: int, seed: int, killers: int | None = None) \
        -> dict[str, Any]:
    """`games` seeded games of one setup: side win rates (Wilson), mean days, fallbacks."""
    outs = [play(ruleset, players, seed + i, agents, killers) for i in range(games)]
    wins = Counter(o.winner for o in outs)
    return {"ruleset": ruleset, "players": players, "agents": agents, "games": games,
            "killers": outs[0].killers, "killers_win": rate(wins["killers"], games),
            "good_win": rate(wins["good"], games), "draws": wins["draw"],
            "mean_days": mean([o.days for o in outs]), "fallbacks": sum(o.fallbacks for o in outs)}


def setups(quick: bool = False) -> list[tuple[str, int]]:
    """(ruleset, players) pairs: the claim tables plus the size sweeps (fewer sizes when `quick`)."""
    out = [(r, n) for r in CLAIM_RULESETS for n in ((12,) if quick else CLAIM_PLAYERS)]
    for r, sizes in SIZE_SWEEPS.items():
        chosen = [sizes[0], sizes[-1]] if quick else list(sizes)
        out += [(r, n) for n in chosen if (r, n) not in out]
    return out


def run_balance(out: Path, games: int = 200, agents: tuple[str, ...] = ("random", "scripted"), seed: int = 0,
                quick: bool = False) -> dict[str, Any]:
    """Plays every setup for every agent kind; writes balance.json, balance.md and two PNGs into `out`."""
    rows = [batch(r, n, a, games, seed) for a in agents for r, n in setups(quick)]
    ruleset, players, counts = KILLER_SWEEP
    sweep = [batch(ruleset, players, a, games, seed, killers=k) for a in agents for k in counts]
    return _write(out, rows, sweep, claims(rows, sweep), games, seed)


def ruleset_sizes(ruleset: str, players: int | None) -> list[int]:
    """The table sizes to play: the one asked for, else every size the ruleset allows."""
    if players is not None:
        return [players]
    low, high = get_ruleset(ruleset).players
    return list(range(low, high + 1))


def run_ruleset_balance(out: Path, ruleset: str, players: int | None = None, games: int = 200,
                        agents: tuple[str, ...] = ("random", "scripted"), seed: int = 0) -> dict[str, Any]:
    """One ruleset's balance: side win rates for each agent kind over its table sizes (or the one given)."""
    rows = [batch(ruleset, n, a, games, seed) for a in agents for n in ruleset_sizes(ruleset, players)]
    return _write(out, rows, [], [], games, seed)


def _write(out: Path, rows: list[dict[str, Any]], sweep: list[dict[str, Any]], verdicts: list[dict[str, Any]],
           games: int, seed: int) -> dict[str, Any]:
    from evaluation.plots import balance_plots

    result = {"games": games * (len(rows) + len(sweep)), "games_per_setup": games, "seed": seed,
              "setups": rows, "killer_sweep": sweep, "claims": verdicts}
    out.mkdir(parents=True, exist_ok=True)
    (out / "balance.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    images = balance_plots(rows, sweep, out)
    (out / "balance.md").write_text(render_balance(result, images), encoding="utf-8")
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
