"""The game master graph: full games over both checkpointers, concurrency, ordering, hidden information."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import engine
from engine import DecisionKind
from orchestrator.config import RunConfig
from orchestrator.run import Hooks, run_game
from orchestrator.store.transcript import read_transcript, strip_wall_clock
from orchestrator.verify import verify_file
from tests.orchestrator.standin import StandIn, table

RULESETS = ("v1", "v2-classic")
ALL = [r.id for r in engine.all_rulesets()]


def play(tmp_path: Path, agent: object, ruleset: str = "v2-classic", seed: int = 3, in_memory: bool = False,
         **hooks: object) -> Path:
    players = len(engine.new_game(ruleset, __import__("random").Random(seed))[0].seats)
    config = RunConfig(ruleset=ruleset, seed=seed, agents="scripted", out=tmp_path)
    result = asyncio.run(run_game(config, agents=table(agent, players), hooks=Hooks(**hooks),  # type: ignore[arg-type]
                                  in_memory=in_memory))
    assert result.winner in ("killers", "good", "draw")
    return result.path


@pytest.mark.parametrize("in_memory", [True, False], ids=["memory", "sqlite"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_full_game_verifies(tmp_path: Path, ruleset: str, in_memory: bool) -> None:
    path = play(tmp_path, StandIn(), ruleset, in_memory=in_memory)
    report = verify_file(path)
    assert report.ok, report.problems
    t = read_transcript(path)
    assert t.end is not None and t.end["winner"] == report.winner
    assert t.end["decisions"] == len(engine.decisions(t.events)) > 10
    assert [e.i for e in t.entries] == list(range(len(t.entries)))
    assert not (tmp_path / f"{path.stem}.ckpt.sqlite").exists()  # a finished game leaves only its transcript
    decisions = [e for e in t.entries if e.event.kind in engine.game.EVENT_DECISIONS]
    assert all(e.annotation and e.annotation["agent"] == "standin" for e in decisions)
    assert all(e.annotation is None for e in t.entries if e.event.kind not in engine.game.EVENT_DECISIONS)


def test_same_seed_same_transcript(tmp_path: Path) -> None:
    a, b = (read_transcript(play(tmp_path / d, StandIn(), seed=11)) for d in ("a", "b"))
    assert [strip_wall_clock(e.to_dict()) for e in a.entries] == [strip_wall_clock(e.to_dict()) for e in b.entries]


def test_simultaneous_gathered_at_once_speeches_one_by_one(tmp_path: Path) -> None:
    agent = StandIn(delay=0.002)
    play(tmp_path, agent, in_memory=True)
    assert agent.max_in_flight["vote"] > 1
    assert agent.max_in_flight["night"] > 1
    assert agent.max_in_flight["statement"] == 1
    assert agent.max_in_flight["defense"] == 1


def test_each_speaker_hears_the_speeches_before(tmp_path: Path) -> None:
    agent = StandIn()
    play(tmp_path, agent, in_memory=True)
    spoken = 0
    for view, request in agent.calls:
        if request.kind is DecisionKind.STATEMENT:
            heard = sum(1 for e in view.events if e.kind == "statement")
            assert heard == spoken  # every statement so far, in order
            spoken += 1


@pytest.mark.parametrize("ruleset", ALL)
def test_a_seat_sees_only_its_observation(tmp_path: Path, ruleset: str) -> None:
    agent = StandIn()
    path = play(tmp_path, agent, ruleset, in_memory=True)
    assert verify_file(path).ok
    events = read_transcript(path).events
    for view, request in agent.calls:
        assert view.seat == request.seat
        assert all(e.visible(view.seat) for e in view.events)
        assert not any(e.kind == "deal" for e in view.events)
        mine = engine.observation(events, view.seat)
        assert list(view.events) == mine[: len(view.events)]


class Broken(StandIn):
    """Seat 1 raises, seats 8+ answer an illegal target: all must fall back, the game must go on."""

    async def decide(self, view, request):  # type: ignore[no-untyped-def]
        decision = await super().decide(view, request)
        if request.seat == 1:
            raise RuntimeError("endpoint exploded")
        if request.seat >= 8 and request.targets:
            return type(decision)(engine.Action(request.seat, request.kind, target=99, slot=request.slot),
                                  annotation=decision.annotation)
        return decision


def test_failing_seats_fall_back_and_the_game_finishes(tmp_path: Path) -> None:
    path = play(tmp_path, Broken(), in_memory=True)
    assert verify_file(path).ok
    notes = [e.annotation for e in read_transcript(path).entries if e.annotation]
    by_seat = {}
    for entry in read_transcript(path).entries:
        if entry.annotation:
            by_seat.setdefault(entry.event.data["seat"], []).append(entry.annotation)
    assert all("endpoint exploded" in n["fallback"] for n in by_seat[1])
    illegal = [n for s, ns in by_seat.items() if s >= 8 for n in ns if n["fallback"]]
    assert illegal and all("illegal" in n["fallback"] for n in illegal)
    assert all(n["fallback"] is None for s, ns in by_seat.items() if 1 < s < 8 for n in ns)
    assert notes
