"""Bot-only tournament throughput against the engine alone, in one run (issue 34: an anchored run multiplies games).

    python benchmarks/bench_bot_throughput.py [--seeds 6] [--ruleset v3] [--players 12] [--workers 2]

Plays an anchored tournament of scripted bots (anchor scripted:hard; contestants scripted:normal, scripted:easy,
random: 7 games a deal) into a temporary run folder twice — in one process, then on a pool of `--workers`
processes (evaluation/pool.py, as `killer eval` plays games of bots alone) — every game a full transcript,
resumable, with its results line; checks that both runs wrote the same games; writes the pooled run's report; and
plays the same number of random legal games through the engine alone, in one process
(evaluation/balance/simulate.py). Prints games/s by the wall clock (what a user waits; the pool's gain) and the
CPU seconds used (this process and its workers: what each game costs, and what `--workers` idle cores would
therefore give), and the ratio of each tournament's games/s
to the engine's: ratios measured in the same run survive a noisy machine, but a pool's wall-clock rate also
depends on the cores the machine gives it while it runs (printed as "cores got"). The modules are imported before
the clocks start, the agents' factory too (its model client costs about 0.4 s once, whatever the games).
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import agents.factory  # noqa: E402, F401  (imported by the first game otherwise: once a run, not a game's cost)
from evaluation.balance.simulate import play_random_game  # noqa: E402
from evaluation.report.summary import write_report  # noqa: E402
from evaluation.tournament.config import parse_config  # noqa: E402
from evaluation.tournament.folder import read_results  # noqa: E402
from evaluation.tournament.run import run_tournament  # noqa: E402

CONTESTANTS = [{"name": "hard", "agent": "scripted:hard"}, {"name": "normal", "agent": "scripted:normal"},
               {"name": "easy", "agent": "scripted:easy"}, {"name": "random", "agent": "random"}]


def _cpu() -> float:
    """CPU seconds of this process and of its ended children (the pool's workers, once it shut down)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _timed(work: Callable[[], Any]) -> tuple[Any, float, float]:
    """What `work` returned, its wall-clock seconds and the CPU seconds it used."""
    wall, cpu = time.perf_counter(), _cpu()
    value = work()
    return value, time.perf_counter() - wall, _cpu() - cpu


def _games(out: Path) -> dict[str, tuple[Any, ...]]:
    """Each game's outcome as its results line records it (the wall time and the file's hash aside)."""
    return {g: (r["winner"], r["days"], r["decisions"], r["seat_decisions"]) for g, r in read_results(out).items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=6, help="deals (7 games each)")
    parser.add_argument("--ruleset", default="v3")
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--workers", type=int, default=2, help="processes of the pooled run (default: 2)")
    args = parser.parse_args()
    cfg = parse_config({"name": "bench", "rulesets": [f"{args.ruleset}:{args.players}"], "seeds": args.seeds,
                        "anchors": ["hard"], "contestants": CONTESTANTS})
    with tempfile.TemporaryDirectory() as tmp:
        one, pooled = Path(tmp) / "one", Path(tmp) / "pooled"
        done, one_wall, one_cpu = _timed(lambda: asyncio.run(run_tournament(cfg, one, workers=1)))
        _, pool_wall, pool_cpu = _timed(lambda: asyncio.run(run_tournament(cfg, pooled, workers=args.workers)))
        if _games(one) != _games(pooled) or len(_games(one)) != done.scheduled:
            raise SystemExit("the pooled run did not play the same games as the one-process run")
        _, report_wall, _ = _timed(lambda: write_report(pooled, plots=False))
    games = done.played
    _, engine_wall, engine_cpu = _timed(lambda: [play_random_game(args.ruleset, args.players, s) for s in range(games)])
    engine = games / engine_wall
    print(f"anchored bot tournament, {args.ruleset}:{args.players}, {games} games ({args.seeds} deals x 7)")
    print(f"  one process:         {games / one_wall:8.1f} games/s ({one_wall:.1f} s wall, {one_cpu:.1f} s CPU)")
    print(f"  {args.workers} workers:           {games / pool_wall:8.1f} games/s ({pool_wall:.1f} s wall, "
          f"{pool_cpu:.1f} s CPU, cores got {pool_cpu / pool_wall:.2f})")
    print(f"  {args.workers} workers + report:  {games / (pool_wall + report_wall):8.1f} games/s "
          f"(report {report_wall:.1f} s)")
    print(f"  engine alone (random, one process): {engine:8.1f} games/s ({engine_wall:.2f} s wall, "
          f"{engine_cpu:.2f} s CPU)")
    print(f"  ratio tournament/engine: one process {games / one_wall / engine:.4f}, {args.workers} workers "
          f"{games / pool_wall / engine:.4f} (with the report {games / (pool_wall + report_wall) / engine:.4f})")
    print(f"  speed-up of {args.workers} workers over one process: {one_wall / pool_wall:.2f}")
    print(f"  CPU a game: one process {one_cpu / games * 1000:.0f} ms, {args.workers} workers "
          f"{pool_cpu / games * 1000:.0f} ms: {args.workers} idle cores would give about "
          f"{args.workers * games / pool_cpu:.1f} games/s (a projection from CPU time; the wall-clock line above is "
          "what this machine gave)")


if __name__ == "__main__":
    main()
