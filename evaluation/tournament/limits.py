"""Per-contestant request limits shared by all of a tournament's games: at most `concurrency` decisions in flight
and at most `rpm` started in any 60 seconds (a provider's documented requests-per-minute cap). A decision waits
for both before it asks its agent; the agent itself is unchanged (`Limited` passes everything else through)."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from agents.base import Agent, Decision
from agents.view import SeatView
from engine import Request

WINDOW_S = 60.0


class RateLimit:
    """A concurrency cap and a sliding one-minute request cap (either may be None: no limit)."""

    def __init__(self, concurrency: int | None, rpm: int | None, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
        self.sem = asyncio.Semaphore(concurrency) if concurrency else None
        self.rpm, self.clock, self.sleep = rpm, clock, sleep
        self.started: deque[float] = deque()

    async def _minute(self) -> None:
        while self.rpm:
            now = self.clock()
            while self.started and now - self.started[0] >= WINDOW_S:
                self.started.popleft()
            if len(self.started) < self.rpm:
                self.started.append(now)
                return
            await self.sleep(WINDOW_S - (now - self.started[0]))

    async def __aenter__(self) -> RateLimit:
        if self.sem is not None:
            await self.sem.acquire()
        await self._minute()
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.sem is not None:
            self.sem.release()


class Limited:
    """An agent whose decisions pass through a contestant's RateLimit."""

    def __init__(self, inner: Agent, limit: RateLimit) -> None:
        self.inner, self.limit = inner, limit

    async def decide(self, view: SeatView, request: Request) -> Decision:
        async with self.limit:
            return await self.inner.decide(view, request)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)
