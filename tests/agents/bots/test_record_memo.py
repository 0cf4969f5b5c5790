"""A bot reads the public record from where its last view ended (agents/bots/record.py read_record): at every
decision of whole games (four ruleset families, a mixed table) the record is the one read from all the view's
events, and most decisions did read only the events since (issue 34: reading every event again at every decision
was a tenth of a bot game's CPU time)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from agents.bots import record
from agents.bots.record import fold_record, read_record
from agents.view import SeatView
from engine import Event, EventKind
from orchestrator.config import RunConfig
from orchestrator.run import run_game

TABLE = ('[defaults]\nagent = "scripted:hard"\n\n[seats.1]\nagent = "scripted:easy"\n\n'
         '[seats.3]\nagent = "scripted:normal"\n')


@pytest.mark.parametrize(("ruleset", "players", "seed"),
                         [("v2-classic", 10, 3), ("v3", 12, 5), ("v4-classic", 13, 6), ("v5-dual", 8, 10)])
def test_every_decisions_record_is_the_whole_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     ruleset: str, players: int, seed: int) -> None:
    starts: list[int] = []  # where each read_record began reading (0: every event)
    fold, reading = record._fold, [False]

    def counted(rec: Any, events: Any, start: int) -> Any:
        if reading[0]:
            starts.append(start)
        return fold(rec, events, start)

    def checked(view: SeatView) -> record.Record:
        reading[0] = True
        got = read_record(view)
        reading[0] = False
        assert got == fold_record(view)
        return got

    monkeypatch.setattr(record, "_fold", counted)
    monkeypatch.setattr("agents.bots.strategies.situation.read_record", checked)
    monkeypatch.setattr("agents.bots.scripted.read_record", checked)
    table = tmp_path / "seats.toml"
    table.write_text(TABLE, encoding="utf-8")
    config = RunConfig(ruleset=ruleset, players=players, seed=seed, agents="scripted", table=table, out=tmp_path)
    assert asyncio.run(run_game(config, plain=True)).winner is not None
    incremental = [s for s in starts if s > 0]
    assert len(starts) > 40 and len(incremental) > len(starts) / 2  # read from the last view, mostly


def test_a_record_handed_out_is_never_changed_by_a_later_reading() -> None:
    def speech(seat: int, claim: dict[str, Any] | None, accusation: int | None = None) -> Event:
        return Event(EventKind.STATEMENT, {"seat": seat, "speech": "s", "claim": claim, "accusation": accusation})

    first = (Event(EventKind.DAY_BEGINS, {"day": 1}), speech(2, {"role": "police", "checks": []}, 4))
    view = SeatView(seat=1, ruleset="v3", players=12, events=first)
    early = read_record(view)
    snapshot = fold_record(view)
    later = read_record(SeatView(seat=1, ruleset="v3", players=12, events=(*first, *later_events(speech))))
    assert early == snapshot  # its lists and dicts are its own
    assert later.accusations == [(1, 2, 4), (1, 2, 5), (1, 3, 4)] and len(later.speeches[2]) == 2
    assert later == fold_record(SeatView(seat=1, ruleset="v3", players=12, events=(*first, *later_events(speech))))
    early.accusations.append((9, 9, 9))  # the caller's own: a later reading does not see it
    assert read_record(view) == snapshot


def later_events(speech: Any) -> tuple[Event, ...]:
    return (speech(2, {"role": "police", "checks": []}, 5), speech(3, None, 4))
