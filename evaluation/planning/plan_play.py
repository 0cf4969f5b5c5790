"""`killer eval --plan` without a pilot: decisions and tokens estimated from scripted play of the scheduled deals.

Each distinct deal of the schedule (ruleset, table size, seed) is played once through the engine by the scripted
bots, asked in the batches the graph asks them (as `killer balance` plays: offline, deterministic, no
transcript). At every decision the full-profile prompt an LLM seat would be sent is measured with the agents' own
code (agents/llm/sizes.py, from the seat's own observation only; a small-profile seat's prompt is shorter, so
for it this over-estimates), and the scripted bot's answer is written in the answer schema's shape. Characters
become tokens at a stated ratio per language (CHARS_PER_TOKEN). A seat's decisions and characters go to the
contestant that plays that seat in each scheduled game. It is an estimate from scripted play, not a pilot: a
model's games may run longer or shorter, and its speeches, reasoning and notebook are usually longer than the
bots' (the completion's upper bound fills every free-text field to the schema's limit).

Decks of more than MAX_DEALS distinct deals per setup are estimated from their first MAX_DEALS deals (the mean per
deal, per seat), so a plan of a large tournament stays quick.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field

from agents.base import Decision
from agents.bots.scripted import ScriptedAgent
from agents.llm.sizes import decision_size, notebook_chars
from agents.view import SeatView
from engine import Request, apply, current_batch, default_action, is_legal, new_game, observation
from evaluation.tournament.schedules import Scheduled

# Characters per token, per prompt language. English: OpenAI's published rule of thumb (about 4 characters a
# token). Chinese: one character a token, a round figure for BPE vocabularies that hold common hanzi (the
# prompts' JSON, digits and seat numbers are ASCII and tokenise better). Stated in the plan's output and in
# docs/evaluation.md; a real tokenizer is not used (none ships with the package, and nothing is downloaded).
CHARS_PER_TOKEN = {"en": 4.0, "zh": 1.0}
MAX_DEALS = 40


@dataclass
class SeatUse:
    """What one seat of one scripted game asked and answered, in characters."""

    decisions: float = 0.0
    prompt_chars: float = 0.0
    completion_chars: float = 0.0
    completion_cap_chars: float = 0.0  # every free-text field written to the schema's limit


@dataclass
class DealUse:
    """One deal played by the scripted bots: per-seat use, and whether the killers won."""

    seats: dict[int, SeatUse] = field(default_factory=lambda: defaultdict(SeatUse))
    killers_won: bool = False


def _measure(seat: SeatUse, view: SeatView, request: Request, decision: Decision, lang: str) -> None:
    size = decision_size(view, request, decision, lang)
    seat.decisions += 1
    seat.prompt_chars += size.prompt
    seat.completion_chars += size.completion
    seat.completion_cap_chars += size.completion_cap


def play_deal(ruleset: str, players: int, seed: int, lang: str) -> DealUse:
    """The deal played once by scripted bots through the engine, every decision's prompt and answer measured."""
    rng = random.Random(seed)
    state, events = new_game(ruleset, rng, players=players)
    events = list(events)
    bot = ScriptedAgent(seed, lang)
    use = DealUse()
    while not state.is_over():
        answers = []
        for request in current_batch(state):  # a batch is asked at once: every seat sees the same events
            view = SeatView(request.seat, ruleset, players, tuple(observation(events, request.seat)), lang=lang)
            decision = bot.choose(view, request)
            _measure(use.seats[request.seat], view, request, decision, lang)
            answers.append((request, decision.action))
        for request, action in answers:
            if state.is_over() or request not in state.pending:
                break  # a jump-kill ended the step
            state, new = apply(state, action if is_legal(state, action) else default_action(request), rng)
            events.extend(new)
    use.killers_won = state.winner == "killers"
    return use


@dataclass
class Usage:
    """A contestant's expected decisions and characters over the schedule."""

    decisions: float = 0.0
    prompt_chars: float = 0.0
    completion_chars: float = 0.0
    prompt_cap_chars: float = 0.0
    completion_cap_chars: float = 0.0


@dataclass
class Estimate:
    """The scripted estimate of a schedule: use per contestant, deals played and held, killers' wins per setup."""

    use: dict[str, Usage]
    deals: int
    distinct: int
    killer_wins: dict[tuple[str, int], tuple[int, int]]  # (ruleset, players) -> (killers' wins, deals played)


def estimate(games: list[Scheduled], lang: str) -> Estimate:
    """Per contestant, the expected use over `games`; how many distinct deals were played to estimate it, how
    many distinct deals the games hold, and how often the scripted killers won each setup."""
    setups: dict[tuple[str, int], list[int]] = defaultdict(list)
    for g in games:
        seeds = setups[(g.ruleset, g.players)]
        if g.seed not in seeds:
            seeds.append(g.seed)
    played: dict[tuple[str, int, int], DealUse] = {}
    mean: dict[tuple[str, int], DealUse] = {}
    for (ruleset, players), seeds in setups.items():
        for seed in seeds[:MAX_DEALS]:
            played[(ruleset, players, seed)] = play_deal(ruleset, players, seed, lang)
        mean[(ruleset, players)] = _mean([played[(ruleset, players, s)] for s in seeds[:MAX_DEALS]])
    notes = {setup: notebook_chars(lang, *setup) for setup in setups}
    out: dict[str, Usage] = defaultdict(Usage)
    for g in games:
        deal = played.get((g.ruleset, g.players, g.seed)) or mean[(g.ruleset, g.players)]
        note = notes[(g.ruleset, g.players)]
        for seat, name in g.roster.items():
            s = deal.seats.get(seat, SeatUse())
            u = out[name]
            u.decisions += s.decisions
            u.prompt_chars += s.prompt_chars
            u.completion_chars += s.completion_chars
            u.prompt_cap_chars += s.prompt_chars + s.decisions * note
            u.completion_cap_chars += s.completion_cap_chars
    wins = {setup: (sum(played[(*setup, s)].killers_won for s in seeds[:MAX_DEALS]), len(seeds[:MAX_DEALS]))
            for setup, seeds in setups.items()}
    return Estimate(dict(out), len(played), sum(len(seeds) for seeds in setups.values()), wins)


def _mean(deals: list[DealUse]) -> DealUse:
    """Per seat, the mean use over several deals (for the deals past MAX_DEALS)."""
    out = DealUse()
    n = len(deals)
    for d in deals:
        for seat, s in d.seats.items():
            m = out.seats[seat]
            m.decisions += s.decisions / n
            m.prompt_chars += s.prompt_chars / n
            m.completion_chars += s.completion_chars / n
            m.completion_cap_chars += s.completion_cap_chars / n
    return out


def tokens(chars: float, lang: str) -> int:
    """Characters as tokens at the stated ratio for the language."""
    return round(chars / CHARS_PER_TOKEN.get(lang, CHARS_PER_TOKEN["en"]))
