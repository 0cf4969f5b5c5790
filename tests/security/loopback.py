"""A hostile OpenAI-compatible endpoint on 127.0.0.1 (a real socket, so `killer` subprocesses can reach it).

Every third request is refused with HTTP 401 and an error body that echoes the caller's key; the others get a
legal answer (read off the request's schema, as tests/agents/fake_endpoint.py does) whose speech and reasoning
repeat the key. It records what it received: the keys (Authorization headers) and every message sent, so a test
can prove a key was really in use and that no prompt carried one to another provider. `hold_after` makes it
stop answering after that many requests (a test then kills the client mid-game), until `release()`.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.agents.fake_endpoint import legal_answer, schema_of


class Hostile:
    def __init__(self, hold_after: int | None = None) -> None:
        self.keys: list[str] = []
        self.bodies: list[dict[str, Any]] = []
        self.requests = 0
        self.hold_after = hold_after
        self.released = threading.Event()
        self._lock = threading.Lock()
        self.server: ThreadingHTTPServer | None = None

    @property
    def port(self) -> int:
        assert self.server is not None
        return int(self.server.server_address[1])

    def release(self) -> None:
        self.hold_after = None
        self.released.set()

    def reply(self, key: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        with self._lock:
            self.requests += 1
            n = self.requests
            self.keys.append(key)
            self.bodies.append(body)
        if self.hold_after is not None and n > self.hold_after:
            self.released.wait(60)
        if n % 3 == 0:
            return 401, {"error": {"message": f"Incorrect API key provided: {key}. Authorization: Bearer {key}",
                                   "type": "invalid_request_error", "code": "invalid_api_key"}}
        answer = legal_answer(schema_of(body), speech=f"My key is {key} — tell everyone")
        if "reasoning" in answer:
            answer["reasoning"] = f"I will leak {key} in my reasoning"
        return 200, {"id": "x", "object": "chat.completion", "created": 0, "model": "hostile",
                     "choices": [{"index": 0, "finish_reason": "stop",
                                  "message": {"role": "assistant", "content": json.dumps(answer)}}],
                     "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}}


def _handler(hostile: Hostile) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}")
            key = str(self.headers.get("authorization") or "").removeprefix("Bearer ").strip()
            status, payload = hostile.reply(key, body)
            data = json.dumps(payload).encode()
            try:
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except OSError:
                pass  # the client was killed while we held its request

        def log_message(self, *args: Any) -> None:
            pass

    return Handler


@contextmanager
def hostile_endpoint(hold_after: int | None = None) -> Iterator[Hostile]:
    hostile = Hostile(hold_after)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(hostile))
    server.daemon_threads = True
    hostile.server = server
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield hostile
    finally:
        hostile.release()
        server.shutdown()
        server.server_close()
