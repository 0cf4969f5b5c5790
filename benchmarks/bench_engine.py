"""Engine speed: random legal games per second for every ruleset on one core.

    python benchmarks/bench_engine.py [--games N] [--players N]

Prints games/s per ruleset (13 players where the ruleset allows it, else its default), the ratio to the
300 games/s target, and each ruleset's ratio to v1 measured in the same run (ratios survive a noisy machine).
Time is this process's CPU time (time.process_time): one core's work, whatever else the machine is doing.
"""

from __future__ import annotations

import argparse
import time

from engine import all_rulesets
from evaluation.balance.simulate import play_random_game

TARGET = 300.0


def games_per_second(ruleset: str, players: int, games: int) -> float:
    """Best of three timed batches (the least disturbed by other load)."""
    best = 0.0
    for rep in range(3):
        start = time.process_time()
        for seed in range(games):
            play_random_game(ruleset, players, rep * games + seed)
        best = max(best, games / (time.process_time() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=13)
    args = parser.parse_args()
    rows = []
    for rules in all_rulesets():
        low, high = rules.players
        n = args.players if low <= args.players <= high else rules.default_players
        rows.append((rules.id, n, games_per_second(rules.id, n, args.games)))
    base = rows[0][2]
    print(f"{'ruleset':<11} {'players':>7} {'games/s':>9} {'/target':>8} {'/v1':>6}")
    for rid, n, gps in rows:
        print(f"{rid:<11} {n:>7} {gps:>9.1f} {gps / TARGET:>8.2f} {gps / base:>6.2f}")
    worst = min(rows, key=lambda r: r[2])
    print(f"slowest: {worst[0]} at {worst[2]:.1f} games/s ({worst[2] / TARGET:.2f} x target)")


if __name__ == "__main__":
    main()
