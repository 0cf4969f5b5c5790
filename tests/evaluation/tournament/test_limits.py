"""Per-contestant limits: requests per minute on a fake clock, concurrency, and a limited tournament."""

from __future__ import annotations

import asyncio
from pathlib import Path

from evaluation.tournament.config import parse_config
from evaluation.tournament.limits import RateLimit
from evaluation.tournament.run import run_tournament


def test_requests_per_minute_on_a_fake_clock() -> None:
    now = [0.0]
    waits: list[float] = []

    async def sleep(s: float) -> None:
        waits.append(s)
        now[0] += s

    async def go() -> list[float]:
        limit = RateLimit(None, 2, clock=lambda: now[0], sleep=sleep)
        starts = []
        for _ in range(5):
            async with limit:
                starts.append(now[0])
            now[0] += 1.0
        return starts

    # two at 0 and 1; the third waits until 60 s after the first, the fourth 60 s after the second...
    assert asyncio.run(go()) == [0.0, 1.0, 60.0, 61.0, 120.0]


def test_concurrency_cap() -> None:
    inflight, peak = [0], [0]

    async def go() -> None:
        limit = RateLimit(2, None)

        async def one() -> None:
            async with limit:
                inflight[0] += 1
                peak[0] = max(peak[0], inflight[0])
                await asyncio.sleep(0.01)
                inflight[0] -= 1

        await asyncio.gather(*(one() for _ in range(6)))

    asyncio.run(go())
    assert peak[0] == 2


def test_a_limited_contestant_plays_a_tournament(tmp_path: Path) -> None:
    cfg = parse_config({"rulesets": ["v2-classic:8"], "seeds": 1, "parallel": 2,
                        "contestants": [{"name": "s", "agent": "scripted", "concurrency": 1, "rpm": 100000},
                                        {"name": "r", "agent": "random"}]})
    done = asyncio.run(run_tournament(cfg, tmp_path))
    assert done.played == 2 and done.failed == {}
