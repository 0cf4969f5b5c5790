"""Orchestrator benchmarks: (a) wall time vs the critical path, (b) overhead per decision, (c) prompt prefix
reuse, (d) optional: a whole game on the embedded model.

    python benchmarks/bench_orchestrator.py [--latency 0.05] [--seed 1] [--embedded]

(a) LLM agents against a fake endpoint answering after a fixed latency; the critical path is one latency per
    graph step (a sequential decision, or a simultaneous batch counted once). Target ratio <= 1.15.
(b) instant agents: everything that is not the agent (graph, checkpoint, engine, observation, transcript) per
    decision. Target < 5 ms. Measured with the SQLite checkpointer (as `killer run`) and in memory.
(c) prompt tokens per decision, and of all prompt characters/tokens sent in a game, the share that repeats a
    prefix of an earlier call. >= 80% for the full prompt profile; the same game is played again with the small
    profile (agents/llm/small_prompt.py, the embedded model's) and its figures printed beside (no target).
    (Run it on an older checkout for the "before" figure.)
(d) --embedded: an all-AI 8-player v2-classic game on the embedded SmolLM2. Target < 3 min.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from agents.base import Annotation, Decision  # noqa: E402
from agents.llm.agent import LLMAgent  # noqa: E402
from agents.view import SeatView  # noqa: E402
from engine import Request, default_action  # noqa: E402
from orchestrator.config import RunConfig  # noqa: E402
from orchestrator.run import GameResult, run_game  # noqa: E402
from tests.agents.fake_endpoint import FakeEndpoint  # noqa: E402

TOKEN = re.compile(r"\w+|[^\w\s]")


class Instant:
    """An agent that answers at once (a legal default): what remains is orchestration."""

    kind = "instant"

    async def decide(self, view: SeatView, request: Request) -> Decision:
        return Decision(default_action(request), annotation=Annotation("instant"))


def seats_of(ruleset: str, seed: int) -> int:
    return len(engine.new_game(ruleset, __import__("random").Random(seed))[0].seats)


async def play(agents: dict[int, Any], out: Path, ruleset: str, seed: int, in_memory: bool) -> tuple[GameResult, float]:
    config = RunConfig(ruleset=ruleset, seed=seed, agents="llm", out=out)
    start = time.perf_counter()
    result = await run_game(config, agents=agents, in_memory=in_memory)
    return result, time.perf_counter() - start


def bench_critical_path(out: Path, ruleset: str, seed: int, latency: float) -> tuple[float, FakeEndpoint]:
    endpoint = FakeEndpoint(latency=latency)
    client = endpoint.client()
    n = seats_of(ruleset, seed)
    agents = {s: LLMAgent(client, "fake", timeout=30) for s in range(1, n + 1)}
    result, wall = asyncio.run(play(agents, out, ruleset, seed, in_memory=False))
    assert result.stats is not None
    critical = result.stats["batches"] * latency
    ratio = wall / critical
    print(f"(a) {ruleset} seed {seed}: {result.stats['decisions']} decisions in {result.stats['batches']} steps, "
          f"{len(endpoint.bodies)} calls; wall {wall:.2f} s vs critical path {critical:.2f} s "
          f"(latency {latency * 1000:.0f} ms): ratio {ratio:.3f} (target <= 1.15)")
    return ratio, endpoint


def bench_overhead(out: Path, ruleset: str, seed: int) -> float:
    n = seats_of(ruleset, seed)
    agents: dict[int, Any] = {s: Instant() for s in range(1, n + 1)}
    figures = {}
    for label, memory in (("sqlite", False), ("memory", True)):
        runs = []
        for k in range(3):
            result, wall = asyncio.run(play(agents, out / f"{label}{k}", ruleset, seed + k, memory))
            assert result.stats is not None
            runs.append(wall / max(1, result.stats["decisions"]) * 1000)
        figures[label] = min(runs)
    print(f"(b) orchestration overhead per decision (instant agents, best of 3): "
          f"{figures['sqlite']:.2f} ms with the SQLite checkpointer, {figures['memory']:.2f} ms in memory "
          f"(target < 5 ms)")
    return figures["sqlite"]


def prompt_text(body: dict[str, Any]) -> str:
    return "".join(f"<{m.get('role')}>\n{m.get('content')}\n" for m in body.get("messages", []))


def common_prefix(a: str, b: str) -> int:
    """Length of the longest common prefix (binary search over C-speed slice comparisons)."""
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def bench_prefix(endpoint: FakeEndpoint, label: str = "") -> float:
    prompts = [prompt_text(b) for b in endpoint.bodies]
    total_chars = reused_chars = total_tokens = reused_tokens = 0
    for k, text in enumerate(prompts):
        best = max((common_prefix(text, earlier) for earlier in prompts[:k]), default=0)
        total_chars += len(text)
        reused_chars += best
        total_tokens += len(TOKEN.findall(text))
        reused_tokens += len(TOKEN.findall(text[:best]))
    share = reused_tokens / max(1, total_tokens)
    print(f"(c){label} prompt size: {total_tokens / max(1, len(prompts)):.0f} tokens per decision on average "
          f"({total_chars / max(1, len(prompts)):.0f} characters; tokens counted as words and punctuation)")
    print(f"(c){label} prompt prefix reuse over {len(prompts)} calls: {share:.1%} of tokens "
          f"({reused_chars / max(1, total_chars):.1%} of characters) repeat a prefix of an earlier call "
          + ("(target >= 80%)" if not label or "full" in label else "(no target)"))
    return share


def small_profile_game(out: Path, ruleset: str, seed: int) -> FakeEndpoint:
    """The same game's LLM seats on the small prompt profile (no latency: only the prompts are measured)."""
    endpoint = FakeEndpoint()
    n = seats_of(ruleset, seed)
    agents = {s: LLMAgent(endpoint.client(), "fake", timeout=30, prompt_profile="small") for s in range(1, n + 1)}
    asyncio.run(play(agents, out, ruleset, seed, in_memory=True))
    return endpoint


def bench_embedded(out: Path, seed: int) -> float:
    config = RunConfig(ruleset="v2-classic", players=8, seed=seed, agents="llm", out=out)
    start = time.perf_counter()
    result = asyncio.run(run_game(config))
    wall = time.perf_counter() - start
    print(f"(d) v2-classic, 8 seats on the embedded model: {wall:.1f} s ({result.winner} won; {result.path}) "
          f"(target < 180 s)")
    return wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="v2-classic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--embedded", action="store_true", help="also play a game on the embedded model")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        ratio, endpoint = bench_critical_path(out / "a", args.ruleset, args.seed, args.latency)
        overhead = bench_overhead(out / "b", args.ruleset, args.seed)
        share = bench_prefix(endpoint, " [full profile]")
        bench_prefix(small_profile_game(out / "c", args.ruleset, args.seed), " [small profile]")
        ok = ratio <= 1.15 and overhead < 5 and share >= 0.8
        if args.embedded:
            ok = bench_embedded(out / "d", args.seed) < 180 and ok
    print("all targets met" if ok else "SOME TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
