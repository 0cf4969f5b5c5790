"""A fake OpenAI-compatible chat endpoint over httpx2.MockTransport (no network), for tests and benchmarks.

    endpoint = FakeEndpoint([junk(), valid()], latency=0.05)   # scripted replies, then `default`
    client = endpoint.client()                                 # an openai.AsyncOpenAI over the fake transport
    ...
    endpoint.bodies                                             # every request body received (parsed JSON)

A reply is a function of the request body: `valid()` builds a legal answer from the body's own JSON schema
(the enums of legal choices), the others script failures: junk JSON, schema-valid but illegal targets,
HTTP 500/429, timeouts, hangs, empty answers, finish_reason "length". A `route(body) -> Reply` callable can
script per seat (see `seat_of`).

Streaming: a request with `"stream": true` gets the same reply as server-sent events (`chunk_chars` characters
of content per chunk, `chunk_delay` seconds between chunks, a usage chunk when `stream_options.include_usage`
and the reply has usage); HTTP errors stay plain JSON. `stream_error()` fails inside a stream.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import httpx2
import openai

Body = dict[str, Any]
Reply = Callable[[Body], Awaitable[httpx2.Response]]
SEAT_RE = re.compile(r"(?:You are seat |你是 )(\d+)")


def seat_of(body: Body) -> int | None:
    """The seat a request was made for (read from its private notes), or None."""
    for message in reversed(body.get("messages", [])):
        match = SEAT_RE.search(str(message.get("content", "")))
        if match:
            return int(match.group(1))
    return None


def schema_of(body: Body) -> dict[str, Any]:
    """The answer schema sent in response_format (either style)."""
    fmt = body.get("response_format") or {}
    return dict(fmt.get("schema") or (fmt.get("json_schema") or {}).get("schema") or {})


def completion(content: str | None, finish_reason: str = "stop", prompt_tokens: int | None = 100,
               completion_tokens: int | None = 20, status: int = 200) -> httpx2.Response:
    """A chat.completion response body."""
    usage = None if prompt_tokens is None else {
        "prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens or 0,
        "total_tokens": prompt_tokens + (completion_tokens or 0)}
    return httpx2.Response(status, json={
        "id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": "fake",
        "choices": [{"index": 0, "finish_reason": finish_reason,
                     "message": {"role": "assistant", "content": content}}],
        "usage": usage,
    })


def prompt_size(body: Body) -> int:
    """A stand-in token count: words of all messages."""
    return sum(len(str(m.get("content", "")).split()) for m in body.get("messages", []))


def legal_answer(schema: dict[str, Any], rng: random.Random | None = None, speech: str = "I have a hunch.") \
        -> dict[str, Any]:
    """An answer that follows `schema`: the first (or a random) value of every enum."""
    return {name: _legal_value(name, prop, rng, speech) for name, prop in schema.get("properties", {}).items()}


def _legal_value(name: str, prop: dict[str, Any], rng: random.Random | None, speech: str) -> Any:
    if "enum" in prop:
        values = list(prop["enum"])
        return rng.choice(values) if rng else next((v for v in values if v is not None), None)
    kind = prop.get("type")
    if kind == "object":
        return legal_answer(prop, rng, speech)
    if kind == "number":
        return 0.5 if rng is None else round(rng.random(), 2)
    if kind == "integer":
        return 1
    if kind == "array":
        return []  # a claim that reports no checks
    if kind == "boolean":
        return False
    return speech if name == "speech" else f"fake {name}"


def valid(pick: str = "first", seed: int = 0, speech: str = "I have a hunch.") -> Reply:
    """A legal answer read off the request's schema; pick "random" chooses among legal values, seeded by the
    prompt (so a game against the fake endpoint is deterministic)."""
    async def reply(body: Body) -> httpx2.Response:
        rng = None
        if pick == "random":
            digest = hashlib.sha256(json.dumps(body.get("messages"), sort_keys=True).encode()).hexdigest()
            rng = random.Random(f"{seed}:{digest}")
        answer = legal_answer(schema_of(body), rng, speech)
        return completion(json.dumps(answer, ensure_ascii=False), prompt_tokens=prompt_size(body))
    return reply


def answer(data: dict[str, Any] | str, finish_reason: str = "stop") -> Reply:
    """A fixed answer (a dict is sent as JSON, a string as is)."""
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)

    async def reply(body: Body) -> httpx2.Response:
        return completion(text, finish_reason, prompt_tokens=prompt_size(body))
    return reply


def junk() -> Reply:
    """Not JSON at all."""
    return answer("Sure! Seat 3 is {definitely the killer")


def empty() -> Reply:
    """An empty message."""
    return answer("")


def length() -> Reply:
    """A JSON object cut off by max_tokens."""
    return answer('{"reasoning": "I think that seat', finish_reason="length")


def illegal_target(target: Any = 999, accusation: Any = 999) -> Reply:
    """Schema-shaped, but the target (and accusation) are not legal choices."""
    async def reply(body: Body) -> httpx2.Response:
        data = legal_answer(schema_of(body))
        if "target" in data:
            data["target"] = target
        if "accusation" in data:
            data["accusation"] = accusation
        return completion(json.dumps(data))
    return reply


def status(code: int, retry_after: float | None = None) -> Reply:
    """An HTTP error (500, 429, ...), optionally with Retry-After."""
    async def reply(body: Body) -> httpx2.Response:
        headers = {} if retry_after is None else {"retry-after": str(retry_after)}
        error = {"error": {"message": f"fake {code}", "type": "x"}}
        return httpx2.Response(code, headers=headers, json=error)
    return reply


def timeout() -> Reply:
    """The transport times out (openai raises APITimeoutError)."""
    async def reply(body: Body) -> httpx2.Response:
        raise httpx2.ReadTimeout("fake read timeout")
    return reply


def hang(seconds: float = 3600.0) -> Reply:
    """The server never answers in time (the agent's own timeout must cut it)."""
    async def reply(body: Body) -> httpx2.Response:
        await asyncio.sleep(seconds)
        return completion("{}")
    return reply


def sse_chunks(data: dict[str, Any], chunk_chars: int = 4, include_usage: bool = False) -> list[dict[str, Any]]:
    """A chat.completion body as the chat.completion.chunk objects a streaming server sends."""
    choice = (data.get("choices") or [{}])[0]
    content = str((choice.get("message") or {}).get("content") or "")
    base = {"id": data.get("id", "chatcmpl-fake"), "object": "chat.completion.chunk", "created": 0,
            "model": data.get("model", "fake")}

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

    out = [chunk({"role": "assistant", "content": ""})]
    out += [chunk({"content": content[i: i + chunk_chars]}) for i in range(0, len(content), max(1, chunk_chars))]
    out.append(chunk({}, choice.get("finish_reason") or "stop"))
    if include_usage and data.get("usage"):
        out.append({**base, "choices": [], "usage": data["usage"]})
    return out


def sse_response(events: Sequence[dict[str, Any]], delay: float = 0.0) -> httpx2.Response:
    """Server-sent events, one `data:` line per event, then [DONE]; `delay` seconds before each event."""
    lines = [*(f"data: {json.dumps(e, ensure_ascii=False)}\n\n".encode() for e in events), b"data: [DONE]\n\n"]

    async def body() -> Any:
        for line in lines:
            if delay:
                await asyncio.sleep(delay)
            yield line
    return httpx2.Response(200, headers={"content-type": "text/event-stream"}, content=body())


def stream_error(after: str = '{"reasoning": "x", "speech": "Half a sen') -> Reply:
    """Streams some content, then an error event (openai raises APIError inside the stream)."""
    async def reply(body: Body) -> httpx2.Response:
        data = json.loads(completion(after).content)
        events = [*sse_chunks(data)[:-1], {"error": {"message": "fake overload", "type": "server_error"}}]
        return sse_response(events)
    return reply


class FakeEndpoint:
    """Answers POST /chat/completions with scripted replies, then `default`; records every body. Streaming
    requests get the same replies as server-sent events."""

    def __init__(self, script: Sequence[Reply] = (), default: Reply | None = None, latency: float = 0.0,
                 route: Callable[[Body], Reply | None] | None = None, chunk_chars: int = 4,
                 chunk_delay: float = 0.0, owned_by: str = "llamacpp") -> None:
        self.script = list(script)
        self.default = default or valid()
        self.latency = latency
        self.route = route
        self.chunk_chars = chunk_chars
        self.chunk_delay = chunk_delay
        self.owned_by = owned_by  # what GET /models says (provider "auto" reads it); llama.cpp by default
        self.bodies: list[Body] = []

    async def handler(self, request: httpx2.Request) -> httpx2.Response:
        if request.method == "GET" and request.url.path.endswith("/models"):
            return httpx2.Response(200, request=request, json={"object": "list", "data": [
                {"id": "fake", "object": "model", "created": 0, "owned_by": self.owned_by}]})
        body: Body = json.loads(request.content or b"{}")
        self.bodies.append(body)
        if self.latency:
            await asyncio.sleep(self.latency)
        reply = (self.route(body) if self.route else None) or (self.script.pop(0) if self.script else None)
        response = await (reply or self.default)(body)
        if body.get("stream") and response.status_code == 200 and \
                not response.headers.get("content-type", "").startswith("text/event-stream"):
            usage = bool((body.get("stream_options") or {}).get("include_usage"))
            response = sse_response(sse_chunks(json.loads(response.content), self.chunk_chars, usage),
                                    self.chunk_delay)
        response.request = request
        return response

    def transport(self) -> httpx2.MockTransport:
        return httpx2.MockTransport(self.handler)

    def client(self, base_url: str = "http://127.0.0.1:9/v1", **options: Any) -> openai.AsyncOpenAI:
        """An AsyncOpenAI over this endpoint (max_retries 0 unless given: the agent retries itself)."""
        options.setdefault("max_retries", 0)
        return openai.AsyncOpenAI(api_key="sk-fake-test-key", base_url=base_url,
                                  http_client=httpx2.AsyncClient(transport=self.transport()), **options)
