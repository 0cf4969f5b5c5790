"""How long the statistics of a large tournament take: synthetic game facts fed to the summary directly.

    python benchmarks/bench_summary.py [--games 10000] [--contestants 2]

The games are drawn with planted skills under `rotate` (tests/evaluation/stats/planted.py: 10 seats, 2 killer-side
seats held by one contestant, votes, suspicions and claims on every seat), so every part of summary.json has work
to do: the per-contestant figures with their deal-bootstrap intervals and lifts, per role and per setup, the
side-aware ratings, and every paired comparison with its permutation p, at the report's 2,000 draws
(evaluation/stats/bootstrap.py DRAWS). No transcript is read: this is the statistics alone. Prints the time and
its ratio to the 30 s the issue allows for 10,000 games.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from evaluation.report import summary as report  # noqa: E402
from evaluation.stats import bootstrap  # noqa: E402
from tests.evaluation.stats.planted import planted_games  # noqa: E402

BUDGET_S = 30.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--contestants", type=int, default=2, help="each deal is played once per rotation")
    args = parser.parse_args()
    names = [f"c{i}" for i in range(args.contestants)]
    skills = {n: 0.3 * i for i, n in enumerate(names)}
    start = time.perf_counter()
    games = planted_games(skills, args.games // args.contestants, seed=1, extras=True)
    made = time.perf_counter() - start
    kinds = {n: ("scripted", None) for n in names}
    start = time.perf_counter()
    out = report._summary("bench", games, [], kinds, dict.fromkeys(names))
    took = time.perf_counter() - start
    deals = out["resampling"]["deals"]
    print(f"{len(games)} synthetic games over {deals} deals, {len(names)} contestants, {bootstrap.DRAWS} draws "
          f"(games made in {made:.1f} s, not counted)")
    print(f"summary: {took:.1f} s — {len(out['comparisons'])} paired comparisons, ratings identified: "
          f"{out['ratings']['identified']}")
    print(f"ratio to the {BUDGET_S:.0f} s budget: {took / BUDGET_S:.2f}")


if __name__ == "__main__":
    main()
