"""How fast a scripted tournament runs through the orchestrator, and how fast a report is recomputed.

    python benchmarks/bench_tournament.py [--seeds 5] [--parallel 4]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from evaluation.config import parse_config
from evaluation.report import write_report
from evaluation.tournament import run_tournament


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--parallel", type=int, default=4)
    args = parser.parse_args()
    cfg = parse_config({"rulesets": ["v2-classic:12", "v3:13"], "seeds": args.seeds, "parallel": args.parallel,
                        "contestants": [{"name": "scripted", "agent": "scripted"},
                                        {"name": "random", "agent": "random"}]})
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        start = time.perf_counter()
        done = asyncio.run(run_tournament(cfg, out))
        played = time.perf_counter() - start
        start = time.perf_counter()
        write_report(out)
        reported = time.perf_counter() - start
        start = time.perf_counter()
        again = asyncio.run(run_tournament(cfg, out))
        resumed = time.perf_counter() - start
    print(f"{done.played} games in {played:.2f} s ({done.played / played:.1f} games/s, parallel "
          f"{args.parallel}); report {reported:.2f} s; resume check of {again.skipped} games {resumed:.3f} s")


if __name__ == "__main__":
    main()
