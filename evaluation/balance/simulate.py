"""Random legal games through the engine alone: the basis of `killer simulate` and balance studies."""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field

from agents.bots.random_bot import choose
from engine import GameState, Winner, apply, get_ruleset, new_game
from evaluation.balance.workers import ONE_PROCESS, Spread, run_study


@dataclass
class SimulationResult:
    """What a batch of random games produced."""

    ruleset: str
    players: int
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    days: int = 0
    decisions: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict[str, object]:
        """The `killer simulate --json` object."""
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "games": self.games,
            "wins": {side: self.wins.get(side, 0) for side in ("killers", "good", Winner.DRAW)},
            "mean_days": round(self.days / self.games, 3) if self.games else 0.0,
            "decisions": self.decisions,
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else 0.0,
        }


def play_random_game(ruleset: str, players: int | None, seed: int) -> tuple[GameState, int]:
    """One seeded game of random legal seats; returns the final state and the number of decisions."""
    rng = random.Random(seed)
    agent_rng = random.Random(seed ^ 0x5EED)
    state, _ = new_game(ruleset, rng, players=players)
    count = 0
    while not state.is_over():
        state, _ = apply(state, choose(state.pending[0], agent_rng), rng)
        count += 1
    return state, count


@dataclass(frozen=True)
class RandomGames:
    """`games` random legal games of one ruleset and table size (a study setup: picklable for workers)."""

    ruleset: str
    players: int | None
    games: int
    seed: int

    def play(self, seed: int) -> tuple[str, int, int]:
        """(winner, days, decisions) of game `seed`."""
        state, count = play_random_game(self.ruleset, self.players, seed)
        assert state.winner is not None
        return state.winner.value, state.day, count


def simulate(ruleset: str, players: int | None = None, games: int = 100, seed: int = 0,
             spread: Spread = ONE_PROCESS) -> SimulationResult:
    """Plays `games` seeded random games (seeds seed, seed+1, ...), spread over workers as asked."""
    rules = get_ruleset(ruleset)
    result = SimulationResult(ruleset, players or rules.default_players)
    start = time.perf_counter()
    (outcomes,) = run_study([RandomGames(ruleset, players, games, seed)], spread)
    for winner, days, count in outcomes:
        result.games += 1
        result.wins[winner] += 1
        result.days += days
        result.decisions += count
    result.seconds = time.perf_counter() - start
    return result
