"""How often the killers' victim is left to the judge's lot, without and with team talk (ruling R-team-talk):
random legal players (agents.bots.random_bot: a later round follows one of the team's proposals), engine only.

    python scripts/team_talk_lots.py [--ruleset v2-classic] [--games 300]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine
from agents.bots.random_bot import choose
from engine import EventKind


def count(ruleset: str, games: int, team_talk: int) -> tuple[int, int, int]:
    """(nights, nights whose killers' victim was drawn by lot, killer talks begun) over `games` random games."""
    nights = lots = talks = 0
    for seed in range(games):
        rng, players = random.Random(seed), random.Random(seed + 7)
        state, events = engine.new_game(ruleset, rng, team_talk=team_talk)
        events = list(events)
        while not state.is_over():
            state, more = engine.apply(state, choose(state.pending[0], players), rng)
            events += more
        nights += sum(e.kind == EventKind.NIGHT_FALLS for e in events)
        lots += sum(e.kind == EventKind.DRAW and e.data["reason"] == "killer_team_tie" for e in events)
        talks += sum(e.kind == EventKind.TEAM_TALK and e.data["role"] == "killer" and e.data["round"] == 1
                     for e in events)
    return nights, lots, talks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="v2-classic")
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    for rounds in (0, engine.TEAM_TALK_ROUNDS):
        nights, lots, talks = count(args.ruleset, args.games, rounds)
        print(f"{args.ruleset}, team talk {rounds} more rounds: {nights} nights, the killers' victim drawn by lot "
              f"on {lots} ({lots / max(nights, 1):.1%}), killer talks begun {talks}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
