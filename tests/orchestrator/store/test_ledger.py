"""Derived, not kept: each seat's notebook and the end line's fallback figures come from the transcript's entries
(orchestrator.store.ledger), so a game resumed from its transcript gives every seat the notebook the live game gave
it at the same decision, and ends with the same figures."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path

from agents.base import Annotation, Decision
from agents.bots.random_bot import RandomAgent
from agents.view import NotebookData, SeatView
from engine import Event, EventKind, Request
from orchestrator.config import RunConfig
from orchestrator.resume import resume_game
from orchestrator.run import run_game
from orchestrator.store.ledger import Notebooks, ledger
from orchestrator.store.transcript import Entry, read_transcript

Given = dict[tuple[int, int, str], NotebookData]  # (seat, events it had seen, request) -> the notebook it was given


class Notetaker:
    """A random player (deterministic in what it sees) that writes a notebook with each decision, fails now and
    then (a recorded fallback), and remembers which notebook it was given at each decision."""

    def __init__(self, given: Given) -> None:
        self.inner, self.given = RandomAgent(3), given

    async def decide(self, view: SeatView, request: Request) -> Decision:
        self.given[(view.seat, len(view.events), str(request.key()))] = view.notebook
        if len(view.events) % 9 == 0:
            raise RuntimeError("a model that did not answer")
        decision = await self.inner.decide(view, request)
        return replace(decision, annotation=Annotation("random", notebook={"plan": f"seat {view.seat} at "
                                                                                    f"{len(view.events)}"}))


def agents(given: Given) -> dict[int, Notetaker]:
    return {s: Notetaker(given) for s in range(1, 13)}


def test_a_resumed_game_gives_each_seat_the_notebook_the_live_game_gave(tmp_path: Path) -> None:
    live: Given = {}
    config = RunConfig(ruleset="v2-classic", seed=11, out=tmp_path / "live")
    played = asyncio.run(run_game(config, agents=agents(live), in_memory=True))  # type: ignore[arg-type]
    whole = read_transcript(played.path)
    assert whole.end is not None and sum(bool(b) for b in live.values()) > 40

    rows = played.path.read_text(encoding="utf-8").splitlines()
    decided = [k for k, row in enumerate(rows) if json.loads(row).get("annotation")]
    # stopped after half its decisions, as a crash would leave it: at nightfall (inside a simultaneous batch, a
    # resume from the transcript would show the seats still to answer the answers already recorded)
    cut = next(k for k, row in enumerate(rows) if k > decided[len(decided) // 2]
               and json.loads(row).get("event", {}).get("kind") == EventKind.NIGHT_FALLS)
    again = tmp_path / "again" / played.path.name
    again.parent.mkdir()
    again.write_text("\n".join(rows[:cut]) + "\n", encoding="utf-8")
    kept = read_transcript(again, tolerant=True).entries

    resumed: Given = {}
    asyncio.run(resume_game(again, agents=agents(resumed), from_transcript=True))  # type: ignore[arg-type]
    assert len(resumed) > 20 and set(resumed) <= set(live)
    assert all(resumed[k] == live[k] for k in resumed)  # the same notebook at every decision after the resume
    books = ledger(kept).notebooks
    firsts = {k[0]: v for k, v in sorted(resumed.items(), key=lambda kv: kv[0][1], reverse=True)}
    assert {s: firsts[s] for s in firsts if s in books} == {s: books[s] for s in firsts if s in books}
    assert any(firsts.values())
    ended = read_transcript(again).end
    assert ended is not None and whole.end is not None
    for key in ("winner", "fallbacks", "seat_decisions", "degraded"):  # derived from all the entries alike
        assert ended[key] == whole.end[key], key
    assert any(int(n) for n in whole.end["fallbacks"].values())


def test_the_ledger_is_the_latest_notebook_and_the_counts() -> None:
    def entry(i: int, seat: int, note: dict[str, object] | None) -> Entry:
        return Entry(i, Event(EventKind.VOTE, {"seat": seat, "target": 1}), note)

    entries = [entry(0, 2, {"agent": "llm", "notebook": {"plan": "first"}}),
               entry(1, 3, None),
               entry(2, 2, {"agent": "llm", "fallback": "timeout"}),  # a fallback keeps the last notebook
               entry(3, 4, {"agent": "llm", "notebook": "old free text"}),
               entry(4, 2, {"agent": "llm", "notebook": {"plan": "second"}}),
               entry(5, 5, {"agent": "unknown", "lost": True})]  # lost by a crash: not the seat's decision
    got = ledger(entries)
    assert got.notebooks == {2: {"plan": "second"}, 4: "old free text"}
    assert got.tally.decisions == {2: 3, 4: 1} and got.tally.fallbacks == {2: 1, 4: 0}
    assert got.decisions == 5
    assert ledger(entries[:2]).notebooks == {2: {"plan": "first"}}


def test_the_notebooks_read_as_the_entries_grow_are_the_ledgers() -> None:
    """The live game's notebooks (each entry read once, as entries are appended) are the ledger's at every step,
    and a list shorter than the one read before (another game's) is read anew."""
    def entry(i: int, seat: int, note: dict[str, object] | None) -> Entry:
        return Entry(i, Event(EventKind.VOTE, {"seat": seat, "target": 1}), note)

    entries = [entry(0, 2, {"agent": "llm", "notebook": {"plan": "first"}}), entry(1, 3, None),
               entry(2, 2, {"agent": "llm", "fallback": "timeout"}), entry(3, 4, {"agent": "llm", "notebook": "x"}),
               entry(4, 2, {"agent": "llm", "notebook": {"plan": "second"}})]
    books, grown = Notebooks(), []
    for e in entries:
        grown.append(e)
        assert books.over(grown) == ledger(grown).notebooks
    assert books.over(grown) == {2: {"plan": "second"}, 4: "x"}
    assert books.over(entries[:1]) == {2: {"plan": "first"}}
