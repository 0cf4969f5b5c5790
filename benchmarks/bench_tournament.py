"""Tournament throughput against a fake endpoint with a fixed latency, as `--parallel` grows.

    python benchmarks/bench_tournament.py [--latency 0.05] [--seeds 2] [--parallel 1 2 4 8]

Two LLM contestants (the real LLMAgent, over an in-process fake OpenAI endpoint that answers legal JSON after
`latency` seconds) share a v2-classic table; every deal is played once per rotation. Prints games/s for each
--parallel and its ratio to --parallel 1 measured in the same run (the ideal is the parallel count itself, until
the one Python process saturates), then how long `killer report` takes and how long a rerun takes to skip
every finished game.

The scale steps (8, 32, 64 and 256 games at once against a 200 ms endpoint in another process, with CPU and
memory per game and the bottleneck of each step) are benchmarks/bench_scale.py: real HTTP to a second process,
where this script measures the tournament machinery alone over an in-process fake transport.
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

from agents.base import Agent  # noqa: E402
from agents.llm.agent import LLMAgent  # noqa: E402
from evaluation.report.summary import write_report  # noqa: E402
from evaluation.tournament.config import Contestant, parse_config  # noqa: E402
from evaluation.tournament.run import AgentBuilder, run_tournament  # noqa: E402
from tests.agents.fake_endpoint import FakeEndpoint, valid  # noqa: E402


def fake_builder(latency: float) -> AgentBuilder:
    """Agents for every seat of a contestant: LLM agents over one fake endpoint with a fixed latency."""
    endpoint = FakeEndpoint(default=valid(pick="random", seed=1), latency=latency)
    client = endpoint.client()

    def build(c: Contestant, seats: list[int], seed: int, lang: str) -> dict[int, Agent]:
        return {s: LLMAgent(client, c.name, lang=lang, timeout=30) for s in seats}

    return build


def play(parallel: int, seeds: int, latency: float, out: Path) -> tuple[int, float]:
    cfg = parse_config({"rulesets": ["v2-classic:8"], "seeds": seeds, "parallel": parallel,
                        "contestants": [{"name": "model-a", "agent": "llm", "model": "a"},
                                        {"name": "model-b", "agent": "llm", "model": "b"}]})
    start = time.perf_counter()
    done = asyncio.run(run_tournament(cfg, out, build=fake_builder(latency)))
    return done.played, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.05, help="seconds the fake endpoint waits per call")
    parser.add_argument("--seeds", type=int, default=4, help="deals (each played once per rotation: 2 games)")
    parser.add_argument("--parallel", type=int, nargs="+", default=[1, 2, 4, 8])
    args = parser.parse_args()
    base = None
    print(f"fake endpoint latency {args.latency * 1000:.0f} ms, v2-classic 8 players, {args.seeds * 2} games a row")
    print(f"{'parallel':>8} {'games':>6} {'seconds':>8} {'games/s':>8} {'x parallel 1':>13}")
    with tempfile.TemporaryDirectory() as tmp:
        for parallel in args.parallel:
            out = Path(tmp) / f"p{parallel}"
            games, seconds = play(parallel, args.seeds, args.latency, out)
            rate = games / seconds
            base = base or rate
            print(f"{parallel:>8} {games:>6} {seconds:>8.2f} {rate:>8.2f} {rate / base:>13.2f}")
        start = time.perf_counter()
        write_report(out)
        reported = time.perf_counter() - start
        start = time.perf_counter()
        again = asyncio.run(run_tournament(parse_config({
            "rulesets": ["v2-classic:8"], "seeds": args.seeds, "parallel": args.parallel[-1],
            "contestants": [{"name": "model-a", "agent": "llm", "model": "a"},
                            {"name": "model-b", "agent": "llm", "model": "b"}]}), out, build=fake_builder(0)))
        skipped = time.perf_counter() - start
    print(f"report of the last run: {reported:.2f} s; rerun skipping {again.skipped} finished games: {skipped:.3f} s")


if __name__ == "__main__":
    main()
