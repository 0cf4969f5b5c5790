"""The issue-12 items, one test (or a few) each: what a person tripped over, kept fixed."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

from agents.base import Decision, SeatView
from engine import Request
from orchestrator.config import RunConfig
from orchestrator.session import run_game
from orchestrator.transcript import Transcript, read_transcript
from tests.tui.conftest import SIZE
from tui.app import KillerApp
from tui.model import GOD, PUBLIC, build
from tui.wait import SPINNER, WaitLine, waiting_what
from tui.widgets import votes_text


def scripted_game(tmp_path: Path, ruleset: str, seed: int = 3, lang: str = "en") -> Transcript:
    config = RunConfig(ruleset=ruleset, seed=seed, agents="scripted", lang=lang, out=tmp_path)
    result = asyncio.run(run_game(config, in_memory=True))
    return read_transcript(result.path)


def test_item3_v4_votes_panel_keeps_the_whole_ballot(tmp_path: Path) -> None:
    """v4-classic: each seat votes right after speaking; the panel holds every vote, as the judge counts them."""
    t = scripted_game(tmp_path, "v4-classic")
    counted = [pos for pos, e in enumerate(t.entries) if e.event.kind == "votes_counted"]
    assert counted
    for pos in counted:
        before = build(t.header, t.entries, PUBLIC, upto=pos)  # every vote cast, the count not yet announced
        tally: dict[str, int] = {}
        for _, target in before.votes:
            if target is not None:
                tally[str(target)] = tally.get(str(target), 0) + 1
        judge = {str(k): int(v) for k, v in t.entries[pos].event.data["counts"].items() if int(v)}
        assert tally == judge
        after = build(t.header, t.entries, PUBLIC, upto=pos + 1)
        assert after.counts == {str(k): int(v) for k, v in t.entries[pos].event.data["counts"].items()}
        shown = votes_text(after).plain
        top = max(judge.items(), key=lambda kv: kv[1])
        assert f"seat {top[0]} " + "■" * top[1] in shown and "Votes counted" in shown


class GatedAgent:
    """A scripted bot that waits at the gate before each public speech, and reports retries or failure."""

    def __init__(self, inner: Any, gate: asyncio.Event, retried: bool = False, broken: bool = False) -> None:
        self.inner, self.gate, self.retried, self.broken = inner, gate, retried, broken

    async def decide(self, view: SeatView, request: Request) -> Decision:
        if request.kind == "statement":
            await self.gate.wait()
            if self.broken:
                raise RuntimeError("the model is down")
        decision = await self.inner.decide(view, request)
        if self.retried and request.kind == "statement":
            decision = replace(decision, annotation=replace(decision.annotation, retries=2))
        return decision


def gated_watch(tmp_path: Path, gate: asyncio.Event, view: Any = PUBLIC) -> KillerApp:
    from agents.factory import build_agents

    config = RunConfig(ruleset="v2-classic", seed=3, agents="scripted", out=tmp_path, game_id="gated")
    agents = {s: GatedAgent(a, gate, retried=s == 2, broken=s == 3)
              for s, a in build_agents(config, list(range(1, 13))).items()}
    header = {"game_id": "gated", "ruleset": "v2-classic", "seed": 3, "players": 12, "seats": [], "lang": "en"}
    return KillerApp(header, mode="live", view=view, runner=lambda hooks: run_game(config, agents=agents,
                                                                                     hooks=hooks))


async def _until_text(pilot: Any, app: KillerApp, words: str, tries: int = 400) -> str:
    for _ in range(tries):
        await pilot.pause(0.01)
        shown = app.query_one(WaitLine).text
        if words in shown:
            return shown
    raise AssertionError(f"{words!r} never shown; the wait line: {app.query_one(WaitLine).text!r}")


async def test_item6_show_the_wait_who_is_deciding_with_a_spinner_and_the_time(tmp_path: Path) -> None:
    gate = asyncio.Event()
    app = gated_watch(tmp_path, gate)
    async with app.run_test(size=SIZE) as pilot:
        line = await _until_text(pilot, app, "(statement)")
        first = app.wait.requests[0]["seat"]
        assert f"Waiting for seat {first} (statement)" in line and line[0] in SPINNER and " s" in line
        frame = app._frame
        await pilot.pause(0.6)
        assert app._frame > frame  # the spinner turns while the table waits
        gate.set()
        await _until_text(pilot, app, "was retried (2×)")  # seat 2 needed retries
        await _until_text(pilot, app, "gave no usable answer")  # seat 3 failed: a legal default
        await app.action_quit()


def test_item6_night_waits_name_no_seat_outside_the_god_view() -> None:
    night = [{"seat": 1, "kind": "night"}, {"seat": 7, "kind": "night"}]
    assert waiting_what("en", night, PUBLIC) == "The night roles are choosing"
    assert waiting_what("en", night, 5) == "The night roles are choosing"
    assert waiting_what("en", night, GOD) == "Waiting for seats 1, 7 (night action)"
    assert waiting_what("zh", [{"seat": 4, "kind": "vote"}], PUBLIC) == "等待4号（投票）"
