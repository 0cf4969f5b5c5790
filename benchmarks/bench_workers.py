"""Study speed over worker processes: the same study with 1, 2 and all workers, games/s in total and per worker.

    python benchmarks/bench_workers.py [--games 20000] [--ruleset v2-classic] [--players 12] [--agents random]

`--agents random` plays the study of `killer simulate` (random legal games, the engine alone); `--agents
scripted` plays `killer balance`'s games (scripted seats, asked in the graph's batches). Time is wall-clock
(the point is to use more cores); the machine's load averages are printed before and after, since other work
on the same cores lowers the ratios: `cores got` (CPU seconds / wall seconds) shows how much of the machine
the run actually had, so a low speed-up on a busy machine can be told from a slow study. Each run's outcomes
are compared with the 1-worker run's: they must be identical, whatever the speed.
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from typing import Any

from evaluation.balance.simulate import RandomGames
from evaluation.balance.study import GameSetup
from evaluation.balance.workers import Spread, all_cores, run_study


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the pool's workers, once shut down)."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed(setup: Any, workers: int) -> tuple[float, float, list[Any]]:
    """Wall-clock and CPU seconds for the whole study, and its outcomes."""
    start, cpu = time.perf_counter(), cpu_seconds()
    (outcomes,) = run_study([setup], Spread(workers=workers))
    return time.perf_counter() - start, cpu_seconds() - cpu, outcomes


def load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--ruleset", default="v2-classic")
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--agents", choices=("random", "scripted"), default="random")
    args = parser.parse_args()
    if args.agents == "random":
        setup: Any = RandomGames(args.ruleset, args.players, args.games, 0)
    else:
        setup = GameSetup(args.ruleset, args.players, args.agents, args.games, 0)
    counts = sorted({1, 2, all_cores()})
    print(f"{args.games} games of {args.ruleset} at {args.players} players, {args.agents} seats; "
          f"{all_cores()} cores; {load()}")
    print(f"{'workers':>7} {'seconds':>8} {'games/s':>9} {'per worker':>10} {'x 1 worker':>10} {'cpu s':>7} "
          f"{'cores got':>9} {'identical':>9}")
    base_seconds, base = 0.0, None
    for workers in counts:
        seconds, cpu, outcomes = timed(setup, workers)
        if base is None:
            base_seconds, base = seconds, outcomes
        gps = args.games / seconds
        print(f"{workers:>7} {seconds:>8.1f} {gps:>9.1f} {gps / workers:>10.1f} {base_seconds / seconds:>10.2f} "
              f"{cpu:>7.1f} {cpu / seconds:>9.2f} {'yes' if outcomes == base else 'NO':>9}")
    print(load())


if __name__ == "__main__":
    main()
