"""Hooks.on_speech: speeches stream while models write them, live (not after the node), only for speaking
requests, and the transcript is the same as without streaming."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from agents.base import Decision
from agents.bots.scripted import ScriptedAgent
from agents.llm.agent import LLMAgent
from agents.view import SeatView
from engine import SPEAKING, Request
from orchestrator.config import RunConfig
from orchestrator.run import Hooks, run_game
from orchestrator.store.transcript import read_transcript
from orchestrator.verify import verify_file
from tests.agents.fake_endpoint import FakeEndpoint, valid
from tests.orchestrator.standin import StandIn, table

LLM_SEATS = (1, 2, 3, 4, 5, 6)
SPEECH = '我觉得 "seat 3" 很可疑 — watch them.'


def mixed_game(tmp_path: Path, hooks: Hooks, seed: int = 5) -> Path:
    """v2-classic with six LLM seats over a streaming fake endpoint and six scripted seats."""
    endpoint = FakeEndpoint(default=valid("random", seed=seed, speech=SPEECH), chunk_chars=3)
    client = endpoint.client()
    agents: dict[int, Any] = {s: ScriptedAgent(seed * 100 + s) for s in range(1, 13)}
    agents.update({s: LLMAgent(client, "fake", timeout=5, backoff_s=0.0) for s in LLM_SEATS})
    config = RunConfig(ruleset="v2-classic", seed=seed, out=tmp_path)
    result = asyncio.run(run_game(config, agents=agents, hooks=hooks, in_memory=True))
    assert result.winner is not None
    return result.path


def test_llm_speeches_stream_through_the_hook_and_the_transcript_is_unchanged(tmp_path: Path) -> None:
    log: list[tuple[Any, ...]] = []
    hooks = Hooks(on_entry=lambda e: log.append(("entry", e.event.kind, e.event.data.get("seat"),
                                                 e.event.data.get("speech"))),
                  on_speech=lambda seat, kind, text: log.append(("speech", kind, seat, text)))
    streamed = mixed_game(tmp_path / "a", hooks)
    plain = mixed_game(tmp_path / "b", Hooks())
    events = [e.event.to_dict() for e in read_transcript(streamed).entries]
    assert events == [e.event.to_dict() for e in read_transcript(plain).entries]
    assert verify_file(streamed).ok
    deltas = [x for x in log if x[0] == "speech"]
    assert len(deltas) > 10
    assert {seat for _, _, seat, _ in deltas} <= set(LLM_SEATS)  # scripted seats do not stream
    assert {kind for _, kind, _, _ in deltas} <= {k.value for k in SPEAKING}
    # every run of deltas grows towards the speech its event then carries, and ends before that event
    i = 0
    while i < len(log):
        if log[i][0] != "speech":
            i += 1
            continue
        _, kind, seat, _ = log[i]
        run: list[str] = []
        while log[i][0] == "speech":
            assert log[i][1:3] == (kind, seat)
            run.append(log[i][3])
            i += 1
        assert log[i][:3] == ("entry", kind, seat), log[i]
        assert all(SPEECH.startswith(t) for t in run) and run[-1] == log[i][3] == SPEECH


class Listening(StandIn):
    """Speaks in two halves and waits until the hook has heard the first: proves deltas arrive while the
    seat is still deciding, not after its node ends. Records which requests came with a listener."""

    def __init__(self) -> None:
        super().__init__()
        self.heard = asyncio.Event()
        self.listened: list[tuple[str, bool]] = []

    async def decide(self, view: SeatView, request: Request) -> Decision:
        decision = await super().decide(view, request)
        self.listened.append((request.kind.value, view.on_speech is not None))
        if view.on_speech is not None and decision.action.speech:
            self.heard.clear()
            view.on_speech(decision.action.speech[:5])
            await asyncio.wait_for(self.heard.wait(), timeout=2)
        return decision


def test_deltas_arrive_while_the_seat_decides_and_only_speeches_listen(tmp_path: Path) -> None:
    agent = Listening()
    heard: list[str] = []

    def on_speech(seat: int, kind: str, text: str) -> None:
        heard.append(text)
        agent.heard.set()

    config = RunConfig(ruleset="v2-classic", seed=3, out=tmp_path)
    result = asyncio.run(run_game(config, agents=table(agent, 12), hooks=Hooks(on_speech=on_speech),  # type: ignore[arg-type]
                                  in_memory=True))
    assert result.winner is not None and heard
    notes = [e.annotation for e in read_transcript(result.path).entries if e.annotation]
    assert notes and not any(n.get("fallback") for n in notes)  # no seat timed out waiting to be heard
    speaking = {k.value for k in SPEAKING}
    assert all(listens == (kind in speaking) for kind, listens in agent.listened)
    quiet = Listening()
    asyncio.run(run_game(config, agents=table(quiet, 12), in_memory=True))  # type: ignore[arg-type]
    assert not any(listens for _, listens in quiet.listened)  # no on_speech hook: nobody streams


def test_a_failing_speech_hook_never_stops_the_game(tmp_path: Path) -> None:
    def broken(seat: int, kind: str, text: str) -> None:
        raise RuntimeError("display gone")

    path = mixed_game(tmp_path, Hooks(on_speech=broken))
    assert verify_file(path).ok
