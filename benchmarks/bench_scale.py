"""Tournament scale on one machine: 8, 32, 64 and 256 games at once against a fake endpoint in another process.

    python benchmarks/bench_scale.py [--latency 0.2] [--parallel 8 32 64 256] [--rounds 1]

The endpoint is a separate process (stdlib ThreadingHTTPServer on 127.0.0.1) that waits `latency` seconds and
answers a legal JSON move read off the request's schema. Two LLM contestants (the real LLMAgent over the real
openai client and HTTP) share v2-classic 8-player tables; each step plays `parallel × rounds` games with
`parallel` at once. Printed per step: games/s, wall seconds, CPU seconds per game of the tournament process,
its CPU use and the endpoint process's (CPU s / wall s: near 1.0 means that one Python process is the
bottleneck), peak resident memory per game in flight, and the bottleneck: a process near one core, else the
machine's cores when the load average reaches their number, else the endpoint's latency itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import resource
import sys
import tempfile
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import openai  # noqa: E402

from agents.base import Agent  # noqa: E402
from agents.llm import LLMAgent  # noqa: E402
from evaluation.config import Contestant, parse_config  # noqa: E402
from evaluation.tournament import AgentBuilder, run_tournament  # noqa: E402
from tests.agents.fake_endpoint import legal_answer, prompt_size, schema_of  # noqa: E402


def serve(port: Any, latency: float) -> None:
    """The fake endpoint process: every POST waits `latency` s, then answers a legal move."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("content-length") or 0)) or b"{}")
            time.sleep(latency)
            answer = legal_answer(schema_of(body), random.Random(json.dumps(body.get("messages"))[-200:]))
            data = json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": "fake",
                               "choices": [{"index": 0, "finish_reason": "stop",
                                            "message": {"role": "assistant", "content": json.dumps(answer)}}],
                               "usage": {"prompt_tokens": prompt_size(body), "completion_tokens": 20,
                                         "total_tokens": prompt_size(body) + 20}}).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.request_queue_size = 1024
    port.value = server.server_address[1]
    server.serve_forever()


def builder(base_url: str) -> AgentBuilder:
    client = openai.AsyncOpenAI(base_url=base_url, api_key="x", max_retries=0)

    def build(c: Contestant, seats: list[int], seed: int, lang: str) -> dict[int, Agent]:
        return {s: LLMAgent(client, c.name, lang=lang, timeout=120) for s in seats}

    return build


def proc_cpu(pid: int) -> float:
    """CPU seconds (user + system) a process has used, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def bottleneck(mine: float, endpoint: float, load: float) -> str:
    """Which resource ran out: a process near one core, else the machine's cores, else the latency itself."""
    if mine > 0.85:
        return "CPU of the tournament process"
    if endpoint > 0.85:
        return "CPU of the endpoint process"
    if load >= (os.cpu_count() or 1):
        return f"the machine's {os.cpu_count()} cores (load {load:.1f})"
    return "endpoint latency"


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def step(parallel: int, games: int, base_url: str, out: Path) -> tuple[int, float, float, int]:
    cfg = parse_config({"rulesets": ["v2-classic:8"], "seeds": max(1, games // 2), "parallel": min(parallel, 64),
                        "contestants": [{"name": "model-a", "agent": "llm", "model": "a"},
                                        {"name": "model-b", "agent": "llm", "model": "b"}]})
    cfg = cfg.model_copy(update={"parallel": parallel})  # past the file's cap: that is what is measured
    peak, base = [0], rss_kb()

    async def sample() -> None:
        while True:
            peak[0] = max(peak[0], rss_kb())
            await asyncio.sleep(0.2)

    sampler = asyncio.create_task(sample())
    before = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    done = await run_tournament(cfg, out, build=builder(base_url))
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_SELF)
    sampler.cancel()
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return done.played, wall, cpu, max(0, peak[0] - base)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--parallel", type=int, nargs="+", default=[8, 32, 64, 256])
    parser.add_argument("--rounds", type=int, default=1, help="games per step = parallel x rounds")
    args = parser.parse_args()
    port = multiprocessing.Value("i", 0)
    server = multiprocessing.Process(target=serve, args=(port, args.latency), daemon=True)
    server.start()
    while not port.value:
        time.sleep(0.05)
    base_url = f"http://127.0.0.1:{port.value}/v1"
    print(f"fake endpoint in process {server.pid}, latency {args.latency * 1000:.0f} ms; v2-classic 8 players")
    print(f"{'parallel':>8} {'games':>6} {'wall s':>8} {'games/s':>8} {'CPU s/game':>11} {'CPU use':>8} "
          f"{'endpoint':>8} {'MB/game':>8}  bottleneck")
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for parallel in args.parallel:
                served = proc_cpu(server.pid or 0)
                games, wall, cpu, mem = asyncio.run(step(parallel, parallel * args.rounds, base_url,
                                                         Path(tmp) / f"p{parallel}"))
                use = cpu / wall if wall else 0.0
                endpoint = (proc_cpu(server.pid or 0) - served) / wall if wall else 0.0
                neck = bottleneck(use, endpoint, os.getloadavg()[0])
                print(f"{parallel:>8} {games:>6} {wall:>8.1f} {games / wall:>8.2f} {cpu / max(games, 1):>11.2f} "
                      f"{use:>8.2f} {endpoint:>8.2f} {mem / 1024 / parallel:>8.2f}  {neck}")
    finally:
        server.terminate()


if __name__ == "__main__":
    main()
