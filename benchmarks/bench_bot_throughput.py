"""Bot-only tournament throughput against the engine alone, in one run (issue 34: an anchored run multiplies games).

    python benchmarks/bench_bot_throughput.py [--seeds 6] [--ruleset v3] [--players 12]

Plays an anchored tournament of scripted bots (anchor scripted:hard; contestants scripted:normal, scripted:easy,
random: 7 games a deal) into a temporary run folder — every game a full transcript, resumable — then writes its
report, and plays the same number of random legal games through the engine alone
(evaluation/balance/simulate.py). Prints games/s of the tournament (play, and play with the report), of the
engine alone, and their ratio: ratios measured in the same run survive a noisy machine. Times are this process's
CPU time (time.process_time), one core's work whatever else the machine is doing. The modules are imported before
the clocks start, the agents' factory too (its model client costs about 0.4 s once, whatever the games): a rate
per game, as the engine's is.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import agents.factory  # noqa: E402, F401  (imported by the first game otherwise: once a run, not a game's cost)
from evaluation.balance.simulate import play_random_game  # noqa: E402
from evaluation.report.summary import write_report  # noqa: E402
from evaluation.tournament.config import parse_config  # noqa: E402
from evaluation.tournament.run import run_tournament  # noqa: E402

CONTESTANTS = [{"name": "hard", "agent": "scripted:hard"}, {"name": "normal", "agent": "scripted:normal"},
               {"name": "easy", "agent": "scripted:easy"}, {"name": "random", "agent": "random"}]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=6, help="deals (7 games each)")
    parser.add_argument("--ruleset", default="v3")
    parser.add_argument("--players", type=int, default=12)
    args = parser.parse_args()
    cfg = parse_config({"name": "bench", "rulesets": [f"{args.ruleset}:{args.players}"], "seeds": args.seeds,
                        "anchors": ["hard"], "contestants": CONTESTANTS})
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "run"
        start = time.process_time()
        done = asyncio.run(run_tournament(cfg, out, progress=False))
        played = time.process_time() - start
        write_report(out, plots=False)
        reported = time.process_time() - start
    start = time.process_time()
    for seed in range(done.played):
        play_random_game(args.ruleset, args.players, seed)
    engine = time.process_time() - start
    games = done.played
    print(f"anchored bot tournament, {args.ruleset}:{args.players}, {games} games ({args.seeds} deals x 7)")
    print(f"  tournament play:        {games / played:8.1f} games/s ({played:.1f} s CPU)")
    print(f"  tournament with report: {games / reported:8.1f} games/s ({reported:.1f} s CPU)")
    print(f"  engine alone (random):  {games / engine:8.1f} games/s ({engine:.2f} s CPU)")
    print(f"  ratio tournament/engine: {engine / played:.4f} (with the report {engine / reported:.4f})")


if __name__ == "__main__":
    main()
