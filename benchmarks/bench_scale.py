"""Tournament scale on one machine: 8, 32, 64 and 256 games at once against a fake endpoint in another process.

    python benchmarks/bench_scale.py [--latency 0.2] [--parallel 8 32 64 256] [--rounds 1]

The endpoint is a separate process (stdlib ThreadingHTTPServer on 127.0.0.1) that waits `latency` seconds and
answers a legal JSON move read off the request's schema. Two LLM contestants (the real LLMAgent over the real
openai client and HTTP) share v2-classic 8-player tables; each step plays `parallel × rounds` games with
`parallel` at once. Printed per step: games/s and its ratio to the ideal (the first step's games/s scaled by the
parallel count: 1.0 while only the latency limits), CPU seconds per game of the tournament process and of the
endpoint process (resource.getrusage and /proc), their CPU use (CPU s / wall s: near 1.0 means that one Python
process is the bottleneck), peak resident memory per game in flight of each process, the peak sockets the
tournament process held (against its file limit and the openai client's pool of 1,000 connections), the
endpoint's answers dropped because their client had given up (a timeout), the load average, and the
bottleneck: file descriptors or the connection pool when a peak reaches 90 % of its limit, else a process near
one core, else the machine's cores when the load average reaches their number, else the endpoint's latency.
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
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import openai  # noqa: E402

from agents.base import Agent  # noqa: E402
from agents.llm.agent import LLMAgent  # noqa: E402
from evaluation.tournament.config import Contestant, parse_config  # noqa: E402
from evaluation.tournament.run import AgentBuilder, run_tournament  # noqa: E402
from tests.agents.fake_endpoint import legal_answer, prompt_size, schema_of  # noqa: E402


def serve(port: Any, dropped: Any, latency: float) -> None:
    """The fake endpoint process: every POST waits `latency` s, then answers a legal move; GET /models lists one
    model (the agents' provider detection asks once per seat). `dropped` counts answers whose client had gone."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self._send(json.dumps({"object": "list", "data": [{"id": "a", "object": "model", "created": 0,
                                                               "owned_by": "fake"}]}).encode())

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("content-length") or 0)) or b"{}")
            time.sleep(latency)
            answer = legal_answer(schema_of(body), random.Random(json.dumps(body.get("messages"))[-200:]))
            data = json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": "fake",
                               "choices": [{"index": 0, "finish_reason": "stop",
                                            "message": {"role": "assistant", "content": json.dumps(answer)}}],
                               "usage": {"prompt_tokens": prompt_size(body), "completion_tokens": 20,
                                         "total_tokens": prompt_size(body) + 20}}).encode()
            self._send(data)

        def _send(self, data: bytes) -> None:
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            pass

    class Server(ThreadingHTTPServer):
        daemon_threads = True
        request_queue_size = 1024  # the listen backlog (a class attribute: it is read when the socket listens)

        def handle_error(self, request: Any, client_address: Any) -> None:
            with dropped.get_lock():
                dropped.value += 1

    server = Server(("127.0.0.1", 0), Handler)
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


POOL = 1000  # the openai client's default connection limit (openai DEFAULT_CONNECTION_LIMITS)


def bottleneck(mine: float, endpoint: float, load: float, sockets: int) -> str:
    """Which resource ran out: descriptors or the connection pool, a process near one core, the machine's cores,
    else the latency itself."""
    files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if sockets >= 0.9 * files:
        return f"file descriptors ({sockets} sockets of a limit of {files})"
    if sockets >= 0.9 * POOL:
        return f"the client's connection pool ({sockets} of {POOL})"
    if mine > 0.85:
        return "CPU of the tournament process (one Python process: one core)"
    if endpoint > 0.85:
        return "CPU of the endpoint process"
    if load >= (os.cpu_count() or 1):
        return f"the machine's {os.cpu_count()} cores (load {load:.1f})"
    return "endpoint latency"


def rss_kb(pid: int | str = "self") -> int:
    """Resident memory of a process, in kB (/proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def sockets() -> int:
    """Sockets this process holds open now."""
    fds = Path("/proc/self/fd")
    count = 0
    for fd in fds.iterdir():
        try:
            count += os.readlink(fd).startswith("socket:")
        except OSError:
            continue
    return count


@dataclass
class Step:
    """One step's measurements."""

    games: int
    wall: float
    cpu: float  # the tournament process's CPU seconds
    mem_kb: int  # its peak resident memory above the start
    endpoint_mem_kb: int  # the endpoint's peak resident memory above the start
    sockets: int  # peak sockets of the tournament process


async def step(parallel: int, games: int, base_url: str, out: Path, server_pid: int) -> Step:
    cfg = parse_config({"rulesets": ["v2-classic:8"], "seeds": max(1, games // 2), "parallel": min(parallel, 64),
                        "contestants": [{"name": "model-a", "agent": "llm", "model": "a"},
                                        {"name": "model-b", "agent": "llm", "model": "b"}]})
    cfg = cfg.model_copy(update={"parallel": parallel})  # past the file's cap: that is what is measured
    base, served = rss_kb(), rss_kb(server_pid)
    peak = {"mem": base, "served": served, "sockets": 0}

    async def sample() -> None:
        while True:
            peak["mem"] = max(peak["mem"], rss_kb())
            peak["served"] = max(peak["served"], rss_kb(server_pid))
            peak["sockets"] = max(peak["sockets"], sockets())
            await asyncio.sleep(0.2)

    sampler = asyncio.create_task(sample())
    before = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    done = await run_tournament(cfg, out, build=builder(base_url))
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_SELF)
    sampler.cancel()
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Step(done.played, wall, cpu, peak["mem"] - base, peak["served"] - served, peak["sockets"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--parallel", type=int, nargs="+", default=[8, 32, 64, 256])
    parser.add_argument("--rounds", type=int, default=1, help="games per step = parallel x rounds")
    args = parser.parse_args()
    port, dropped = multiprocessing.Value("i", 0), multiprocessing.Value("i", 0)
    server = multiprocessing.Process(target=serve, args=(port, dropped, args.latency), daemon=True)
    server.start()
    while not port.value:
        time.sleep(0.05)
    base_url = f"http://127.0.0.1:{port.value}/v1"
    print(f"fake endpoint in process {server.pid}, latency {args.latency * 1000:.0f} ms; v2-classic 8 players; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start")
    print(f"{'parallel':>8} {'games':>6} {'wall s':>7} {'games/s':>8} {'x ideal':>7} {'CPU s/game':>10} "
          f"{'endp. CPU s/game':>16} {'CPU use':>7} {'endp. use':>9} {'MB/game':>7} {'endp. MB/game':>13} "
          f"{'sockets':>7} {'dropped':>7} {'load':>5}  bottleneck")
    first: tuple[int, float] | None = None
    rows: list[tuple[int, float, float, float]] = []  # parallel, games/s, CPU s a game, wall s
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for parallel in args.parallel:
                served, gone = proc_cpu(server.pid or 0), dropped.value
                got = asyncio.run(step(parallel, parallel * args.rounds, base_url, Path(tmp) / f"p{parallel}",
                                       server.pid or 0))
                rate = got.games / got.wall if got.wall else 0.0
                first = first or (parallel, rate)
                ideal = first[1] * parallel / first[0]
                use = got.cpu / got.wall if got.wall else 0.0
                endpoint_cpu = proc_cpu(server.pid or 0) - served
                endpoint = endpoint_cpu / got.wall if got.wall else 0.0
                load = os.getloadavg()[0]
                neck = bottleneck(use, endpoint, load, got.sockets)
                n = max(got.games, 1)
                print(f"{parallel:>8} {got.games:>6} {got.wall:>7.1f} {rate:>8.2f} {rate / ideal:>7.2f} "
                      f"{got.cpu / n:>10.3f} {endpoint_cpu / n:>16.3f} {use:>7.2f} {endpoint:>9.2f} "
                      f"{got.mem_kb / 1024 / parallel:>7.2f} {got.endpoint_mem_kb / 1024 / parallel:>13.2f} "
                      f"{got.sockets:>7} {dropped.value - gone:>7} {load:>5.1f}  {neck}", flush=True)
                rows.append((parallel, rate, got.cpu / n, got.wall / args.rounds))
    finally:
        server.terminate()
    print(cap_line(rows))


def cap_line(rows: list[tuple[int, float, float, float]]) -> str:
    """Where `parallel` stops paying: one process's core is full when the games in flight need more CPU seconds
    per second than it has (a game's wall time at the first step over its CPU seconds), and where the measured
    games/s reached 90 % of its best."""
    if not rows:
        return ""
    game_s, cpu = rows[0][3], sum(r[2] for r in rows) / len(rows)
    best = max(r[1] for r in rows)
    knee = next(p for p, rate, _, _ in rows if rate >= 0.9 * best)
    return (f"one core holds about {game_s / cpu:.0f} games at once (a game lasts {game_s:.1f} s at the first step "
            f"and costs {cpu:.2f} CPU s); measured, games/s reached 90 % of its best ({best:.2f}) at parallel "
            f"{knee}: past that, `parallel` only queues on the CPU")


if __name__ == "__main__":
    main()
