"""Human seats: interrupt() first in its node, resumed with Command(resume=...), over both checkpointers."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver
from langgraph.types import Command

import engine
from orchestrator.config import RunConfig
from orchestrator.graph import build_graph
from orchestrator.replay_cache import ReplayCache
from orchestrator.resume import resume_game
from orchestrator.run import Hooks, run_game
from orchestrator.runtime import GameRuntime
from orchestrator.store.transcript import Entry
from orchestrator.verify import verify_file
from tests.orchestrator.standin import StandIn

SEED, HUMAN = 5, 3


def legal_answer(payload: dict[str, Any]) -> dict[str, Any]:
    """What a person might answer: the first legal target, a short speech."""
    req = payload["request"]
    targets = [t for t in req["targets"] if t is not None] or req["targets"]
    accusations = [a for a in req["accusations"] if a != req["seat"]]
    return {"target": targets[0] if targets else None, "accusation": accusations[0] if accusations else None,
            "speech": "I am a simple civilian." if req["may_speak"] and req["kind"] != "vote" else ""}


async def _play_graph(saver: Any, agent: StandIn, first_answer: Any = None) -> tuple[list[Entry], list[dict]]:
    cache = ReplayCache("v2-classic", SEED, None)
    start = cache.start()
    players = len(start.state.seats)
    entries = [Entry(i, e) for i, e in enumerate(start.events)]  # the session writes these before the graph
    rt = GameRuntime(cache=cache, agents={s: agent for s in range(1, players + 1) if s != HUMAN},
                     humans=frozenset({HUMAN}), record=entries.append, finish=lambda pos: {"winner": "x"})
    graph = build_graph().compile(checkpointer=saver)
    cfg = {"configurable": {"thread_id": "g"}, "recursion_limit": 5000}
    payloads: list[dict] = []
    out = await graph.ainvoke({"actions": [], "held": []}, cfg, context=rt)
    while "__interrupt__" in out:
        payload = out["__interrupt__"][0].value
        payloads.append(payload)
        bad = first_answer is not None and payload["request"]["kind"] == "vote" and not payload["error"] \
            and not any(p["error"] for p in payloads)
        answer = first_answer if bad else legal_answer(payload)
        out = await graph.ainvoke(Command(resume=answer), cfg, context=rt)
    return entries, payloads


async def _with_sqlite(path: Path, agent: StandIn, first_answer: Any = None) -> tuple[list[Entry], list[dict]]:
    async with AsyncSqliteSaver.from_conn_string(str(path)) as saver:
        return await _play_graph(saver, agent, first_answer)


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
def test_human_seat_plays_through_interrupts(tmp_path: Path, kind: str) -> None:
    agent = StandIn()
    if kind == "memory":
        entries, payloads = asyncio.run(_play_graph(InMemorySaver(), agent))
    else:
        entries, payloads = asyncio.run(_with_sqlite(tmp_path / "c.sqlite", agent))
    assert payloads and all(p["seat"] == HUMAN for p in payloads)
    assert any(e.event.kind == "game_over" for e in entries)
    mine = [e for e in entries if e.annotation and e.annotation["agent"] == "human"]
    assert len(mine) == len(payloads)
    # no agent was asked twice for the same decision although human nodes re-ran on resume
    asked = Counter((r.seat, len(v.events), r.kind, r.slot) for v, r in agent.calls)
    assert max(asked.values()) == 1
    # the event log replays
    state, produced = engine.replay("v2-classic", [e.event for e in entries])
    assert state.winner is not None and len(produced) == len(entries)


def test_illegal_human_answer_is_refused_and_asked_again() -> None:
    entries, payloads = asyncio.run(_play_graph(InMemorySaver(), StandIn(), first_answer={"target": 99}))
    refused = next(i for i, p in enumerate(payloads) if p["error"])
    assert "99" in payloads[refused]["error"]
    assert payloads[refused]["request"] == payloads[refused - 1]["request"]
    assert payloads[refused - 1]["request"]["kind"] == "vote"
    assert payloads[refused + 1]["error"] is None
    assert any(e.event.kind == "game_over" for e in entries)


def test_human_votes_before_seeing_the_others(tmp_path: Path) -> None:
    """In a show of hands the person is asked first: no vote of that count is visible yet."""
    seen: list[bool] = []
    entries: list[Entry] = []

    async def person(payload: dict[str, Any]) -> dict[str, Any]:
        if payload["request"]["kind"] == "vote":
            ballot = payload["request"]["ballot"]
            tail = [e for e in entries if e.event.kind in ("vote", "statement", "defense")][-1:]
            seen.append(bool(tail) and tail[0].event.kind == "vote" and ballot > 0)
        return legal_answer(payload)

    config = RunConfig(ruleset="v2-classic", seed=SEED, out=tmp_path, humans=frozenset({HUMAN}))
    agent = StandIn()
    agents = {s: agent for s in range(1, 13) if s != HUMAN}
    result = asyncio.run(run_game(config, agents=agents, hooks=Hooks(on_entry=entries.append, on_human=person)))
    assert result.winner and verify_file(result.path).ok
    assert seen and not any(seen)


def test_stopped_at_a_human_seat_then_resumed_from_sqlite(tmp_path: Path) -> None:
    config = RunConfig(ruleset="v2-classic", seed=SEED, out=tmp_path, humans=frozenset({HUMAN}))
    agents = {s: StandIn() for s in range(1, 13) if s != HUMAN}
    first = asyncio.run(run_game(config, agents=agents))  # nobody answers: the game waits
    assert first.winner is None and first.waiting and first.waiting["seat"] == HUMAN

    async def person(payload: dict[str, Any]) -> dict[str, Any]:
        return legal_answer(payload)

    second = asyncio.run(resume_game(first.path, agents=agents, hooks=Hooks(on_human=person)))
    assert second.winner is not None
    assert verify_file(first.path).ok
