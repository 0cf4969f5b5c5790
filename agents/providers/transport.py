"""Every HTTP answer bounded in bytes and in time, whatever the endpoint does.

The openai client reads a whole answer into memory and its timeout is per read: an endpoint whose body never ends
(or trickles one byte a second) would fill the memory or hold a game forever. `BoundedClient` (the http client
every agent's openai client is built with, agents/factory.py) therefore:

- reads at most MAX_ANSWER_BYTES of an answer (a chat completion, plain or streamed) and MAX_LIST_BYTES of any
  GET (the model list `--provider auto` reads), refusing a larger Content-Length before reading at all;
- asks for an uncompressed answer (`Accept-Encoding: identity`) and refuses a compressed one, so the byte cap
  is the size in memory (8 MB of gzip can be gigabytes);
- ends every request — connection, headers and the whole body or stream — within its timeout (the request's
  read timeout, which the agent sets from `--timeout`), counted once from the start, not per read.
A breach raises AnswerTooLarge (not worth another try) or AnswerTooSlow (a timeout, retried like one); the
openai client wraps them (APIConnectionError, APITimeoutError) and `bound_message` finds them again.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import httpx2
import openai

MB = 1024 * 1024
MAX_ANSWER_BYTES = 8 * MB  # an answer of the game's schema is a few KB; 8 MB leaves room for any honest one
MAX_LIST_BYTES = 2 * MB  # a model list (OpenRouter's, the longest known, is about 1 MB)


class AnswerTooLarge(httpx2.ReadError):
    """The endpoint sent more bytes than an answer may have."""


class AnswerTooSlow(httpx2.ReadTimeout):
    """The endpoint did not finish its answer within the request's timeout."""


def byte_cap(request: httpx2.Request) -> int:
    """The most bytes the answer to `request` may have."""
    return MAX_LIST_BYTES if request.method == "GET" else MAX_ANSWER_BYTES


def time_limit(request: httpx2.Request) -> float | None:
    """Seconds the whole exchange may take: the request's read timeout (None: unbounded)."""
    timeout = request.extensions.get("timeout") or {}
    value = timeout.get("read") if isinstance(timeout, dict) else None
    return float(value) if isinstance(value, int | float) else None


class BoundedStream(httpx2.AsyncByteStream):
    """A response body that stops at `cap` bytes and at the deadline."""

    def __init__(self, inner: Any, request: httpx2.Request, cap: int, deadline: float | None) -> None:
        self.inner, self.request, self.cap, self.deadline = inner, request, cap, deadline
        self.read = 0

    async def __aiter__(self) -> AsyncIterator[bytes]:
        chunks = self.inner.__aiter__()
        while True:
            try:
                async with asyncio.timeout_at(self.deadline):
                    chunk = await chunks.__anext__()
            except StopAsyncIteration:
                return
            except TimeoutError:
                raise too_slow(self.request) from None
            self.read += len(chunk)
            if self.read > self.cap:
                raise AnswerTooLarge(f"the answer is larger than {self.cap // MB} MB; killer stopped reading it",
                                     request=self.request)
            yield chunk

    async def aclose(self) -> None:
        await self.inner.aclose()


def too_slow(request: httpx2.Request) -> AnswerTooSlow:
    return AnswerTooSlow(f"no complete answer within {time_limit(request):g} s (--timeout)", request=request)


class BoundedClient(openai.DefaultAsyncHttpxClient):
    """The openai client's http client, with every answer bounded (see the module's docstring)."""

    async def send(self, request: httpx2.Request, *, stream: bool = False, **kwargs: Any) -> httpx2.Response:
        request.headers["accept-encoding"] = "identity"
        limit = time_limit(request)
        deadline = None if limit is None else asyncio.get_running_loop().time() + limit
        try:
            async with asyncio.timeout_at(deadline):
                response: httpx2.Response = await super().send(request, stream=True, **kwargs)
        except TimeoutError:
            raise too_slow(request) from None
        try:
            _check_headers(response, request)
            response.stream = BoundedStream(response.stream, request, byte_cap(request), deadline)
            if not stream:
                await response.aread()
        except BaseException:
            await response.aclose()
            raise
        return response


def _check_headers(response: httpx2.Response, request: httpx2.Request) -> None:
    encoding = response.headers.get("content-encoding", "identity").strip().lower()
    if encoding not in ("", "identity"):
        raise AnswerTooLarge(f"the answer is compressed ({encoding[:20]}) although none was asked for; killer "
                             "reads only uncompressed answers", request=request)
    length = response.headers.get("content-length", "")
    if length.isdigit() and int(length) > byte_cap(request):
        raise AnswerTooLarge(f"the answer is larger than {byte_cap(request) // MB} MB ({int(length):,} bytes); "
                             "killer did not read it", request=request)


def bound_of(exc: BaseException | None) -> AnswerTooLarge | AnswerTooSlow | None:
    """The bound that `exc` is, or that caused it (the openai client wraps transport errors), if any."""
    for _ in range(5):
        if exc is None or isinstance(exc, AnswerTooLarge | AnswerTooSlow):
            return exc
        exc = exc.__cause__ or exc.__context__
    return None
