"""Endpoints on 127.0.0.1 whose answers never end, for the bounded-reads tests: a model list or a completion
(plain or streamed) that is endless and fast, endless and trickling (a byte every tenth of a second), announced
as a terabyte, or gzip-compressed zeros without end (kilobytes on the wire, gigabytes unpacked). What is not
endless in a mode is answered at once: the model list with 404, a completion with 401 (so `killer run` stops at
its preflight the moment it gets that far).

`measured(argv)` runs a command as a child limited to 1 GB of address space (so code that reads without bound
fails fast instead of filling this machine) and reports its exit status, wall time and peak memory (os.wait4).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import threading
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

CHUNK = b"a" * 65536
MODES = ("models-fast", "models-trickle", "models-terabyte", "models-gzip", "answer-fast", "answer-trickle",
         "answer-terabyte", "answer-gzip", "stream-fast", "stream-trickle")
ADDRESS_SPACE = 1 << 30


def _chunks(mode: str, stream: bool) -> Iterator[bytes]:
    """The body of an endless answer, piece by piece."""
    if stream:  # complete events without end: a model that never stops talking (fast, or a token at a time)
        def event(content: str) -> bytes:
            delta = {"id": "x", "object": "chat.completion.chunk", "created": 0, "model": "m",
                     "choices": [{"index": 0, "delta": {"content": content}, "finish_reason": None}]}
            return b"data: " + json.dumps(delta).encode() + b"\n\n"

        yield event('{"speech": "')
        while True:
            if mode.endswith("trickle"):
                yield event("a")
                time.sleep(0.1)
            else:
                yield event("a" * 200)
    if mode.endswith("gzip"):
        packer = zlib.compressobj(9, zlib.DEFLATED, 31)
        zeros = b"0" * (1 << 20)
        while True:
            yield packer.compress(zeros) + packer.flush(zlib.Z_SYNC_FLUSH)
    yield b'{"object": "list", "data": [{"id": "m", "owned_by": "' if "models" in mode else b'{"id": "x", "x": "'
    while True:
        if mode.endswith("trickle"):
            yield b"a"
            time.sleep(0.1)
        else:
            yield CHUNK


def _handler(mode: str, seen: list[str], holds: list[float]) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            seen.append(f"GET {self.path}")
            self._answer(mode.startswith("models"), stream=False)

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("content-length") or 0)) or b"{}")
            seen.append(f"POST {self.path}")
            self._answer(not mode.startswith("models"), stream=bool(body.get("stream")))

        def _answer(self, endless: bool, stream: bool) -> None:
            if not endless:
                status = 404 if self.command == "GET" else 401
                data = json.dumps({"error": {"message": f"refused by the endless test server ({mode})"}}).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                return
            self.send_response(200)
            self.send_header("content-type", "text/event-stream" if stream else "application/json")
            if mode.endswith("terabyte"):
                self.send_header("content-length", str(10**12))
            if mode.endswith("gzip"):
                self.send_header("content-encoding", "gzip")
            self.end_headers()
            began = time.monotonic()
            seen.append("endless answer")
            try:
                for piece in _chunks(mode, stream and mode.startswith("stream")):
                    self.wfile.write(piece)
            except OSError:
                pass  # the client hung up: what a bounded reader does
            finally:
                holds.append(time.monotonic() - began)

        def log_message(self, *args: Any) -> None:
            pass

    return Handler


@dataclass
class Endless:
    port: int
    seen: list[str]  # the requests, in order
    holds: list[float]  # seconds each endless answer was read before the client hung up

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def held(self, wait_s: float = 3.0) -> float:
        """The longest an endless answer was read (waiting a little for the server to notice the hang-up);
        infinity when one was never let go."""
        begun = self.seen.count("endless answer")
        deadline = time.monotonic() + wait_s
        while len(self.holds) < begun and time.monotonic() < deadline:
            time.sleep(0.05)
        return max(self.holds) if self.holds and len(self.holds) == begun else float("inf")


@contextmanager
def endless_endpoint(mode: str) -> Iterator[Endless]:
    seen: list[str] = []
    holds: list[float] = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(mode, seen, holds))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Endless(int(server.server_address[1]), seen, holds)
    finally:
        server.shutdown()
        server.server_close()


@dataclass(frozen=True)
class Measured:
    code: int | None  # None: still running at the deadline (then killed)
    seconds: float
    peak_mb: float
    stdout: str
    stderr: str


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def measured(argv: list[str], cwd: Path, env: dict[str, str], deadline_s: float = 60.0) -> Measured:
    """Runs `argv`; its exit status, seconds, peak resident memory (MB) and output."""
    out, err = cwd / "measured.out", cwd / "measured.err"
    started = time.monotonic()
    with out.open("wb") as o, err.open("wb") as e:
        child = subprocess.Popen(argv, cwd=cwd, env=env, stdout=o, stderr=e, stdin=subprocess.DEVNULL,
                                 preexec_fn=_limit)
    code: int | None = None
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            code = os.waitstatus_to_exitcode(status)
            break
        if time.monotonic() - started > deadline_s:
            child.kill()
            _, _, usage = os.wait4(child.pid, 0)
            break
        time.sleep(0.05)
    child.returncode = -9 if code is None else code  # reaped here: Popen must not wait for it again
    seconds = time.monotonic() - started
    return Measured(code, seconds, usage.ru_maxrss / 1024, out.read_text(errors="replace"),
                    err.read_text(errors="replace"))
