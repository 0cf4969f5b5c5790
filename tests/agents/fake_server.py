"""The fake endpoint (tests/agents/fake_endpoint.py) behind a real HTTP server on 127.0.0.1, for tests that run
the real `killer` command in another process (tmux):

    python -m tests.agents.fake_server --latency 1.5 --port-file PATH    # writes the port, serves until killed

Every reply is `valid(pick="random")` (legal, seeded by the prompt) after `latency` seconds; streamed requests
get server-sent events. Requests are answered concurrently (one thread each).
"""

from __future__ import annotations

import argparse
import asyncio
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx2

from tests.agents.fake_endpoint import FakeEndpoint, valid


def make_handler(endpoint: FakeEndpoint) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("content-length") or 0))
            request = httpx2.Request("POST", f"http://127.0.0.1{self.path}", content=body)

            async def reply() -> tuple[int, str, bytes]:
                response = await endpoint.handler(request)
                content = await response.aread()
                return response.status_code, response.headers.get("content-type", "application/json"), content

            status, kind, content = asyncio.run(reply())
            try:
                self.send_response(status)
                self.send_header("content-type", kind)
                self.send_header("content-length", str(len(content)))
                self.end_headers()
                self.wfile.write(content)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client quit while we were thinking: that is what some tests do

        def log_message(self, format: str, *args: object) -> None:
            """Quiet."""

    return Handler


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--latency", type=float, default=0.0)
    parser.add_argument("--port-file", type=Path, required=True)
    args = parser.parse_args()
    endpoint = FakeEndpoint(default=valid(pick="random"), latency=args.latency)
    server = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(endpoint))
    server.daemon_threads = True
    written = args.port_file.with_suffix(".part")  # renamed into place: a reader never sees half a port
    written.write_text(str(server.server_address[1]))
    written.replace(args.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
