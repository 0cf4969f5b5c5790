"""Live watching: a speech shows under the feed while the model still writes it, and gives way to its event."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

from agents.base import Decision
from agents.bots.scripted import ScriptedAgent
from agents.view import SeatView
from engine import Request
from orchestrator.config import RunConfig
from orchestrator.run import run_game
from tests.tui.conftest import SIZE, screen_text, ticks
from tui.app import KillerApp
from tui.widgets import Feed, SpeakingLine

WORDS = "Listen: I am seat {n}, 我是好人, vote 9."


class GatedSpeaker:
    """Scripted choices; its first streamed speech stops halfway until the test opens the gate."""

    def __init__(self, seed: int) -> None:
        self.inner = ScriptedAgent(seed)
        self.gate = asyncio.Event()
        self.stopped: int | None = None  # the seat held at the gate

    async def decide(self, view: SeatView, request: Request) -> Decision:
        decision = await self.inner.decide(view, request)
        if view.on_speech is None or not decision.action.speech:
            return decision
        words = WORDS.format(n=request.seat)
        view.on_speech(words[:14])
        if self.stopped is None:
            self.stopped = request.seat
            await self.gate.wait()
        view.on_speech(words)
        return replace(decision, action=replace(decision.action, speech=words))


async def until(pilot: Any, check: Any) -> None:
    if check():
        return
    async for _ in ticks(pilot, 0.01):
        if check():
            return
    raise AssertionError("timed out waiting")


async def test_live_watch_shows_a_speech_before_its_event_lands(tmp_path: Path) -> None:
    agent = GatedSpeaker(3)
    config = RunConfig(ruleset="v2-classic", seed=3, agents="scripted", out=tmp_path, game_id="live-speech")
    header = {"game_id": config.game_id, "ruleset": "v2-classic", "seed": 3, "lang": "en", "seats": []}
    app = KillerApp(header, mode="live", runner=lambda hooks: run_game(
        config, agents={s: agent for s in range(1, 13)}, hooks=hooks, in_memory=True))  # type: ignore[misc]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: agent.stopped is not None)
        await pilot.pause()
        seat = agent.stopped
        partial, final = WORDS.format(n=seat)[:14], WORDS.format(n=seat)
        line = app.query_one(SpeakingLine)
        assert line.display and f"Seat {seat} is speaking…" in line.text and partial in line.text
        assert f"Seat {seat} is speaking…" in screen_text(app)
        assert not any(partial in shown for shown in app.query_one(Feed).plain_lines)  # not an event yet
        agent.gate.set()
        await until(pilot, lambda: any(final in shown for shown in app.query_one(Feed).plain_lines))
        await pilot.pause()
        assert app.speaking is None or app.speaking[0] != seat
        await until(pilot, lambda: app.result is not None)
        await pilot.pause()
        assert not line.display and "is speaking" not in screen_text(app)
    assert app.result is not None and app.result.winner


async def test_a_replay_never_shows_a_speaking_line() -> None:
    from tests.tui.conftest import sample

    t = sample()
    app = KillerApp(t.header, t.entries, mode="replay")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "right", "right_square_bracket", "right_square_bracket")
        assert not app.query_one(SpeakingLine).display
