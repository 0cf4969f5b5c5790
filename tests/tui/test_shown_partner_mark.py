"""The TUI marks shown partners (issue 33): a v3.8 killer's screen marks the undercover it was shown as its
teammate, as v5's killers see their undercover; nobody else's screen does."""

from __future__ import annotations

import random

import pytest

import engine
from orchestrator.store.transcript import Entry
from tui.state.model import build


def table(ruleset: str, players: int, seed: int) -> tuple[engine.GameState, list[Entry]]:
    state, events = engine.new_game(ruleset, random.Random(seed), players=players)
    return state, [Entry(i, e) for i, e in enumerate(events)]


@pytest.mark.parametrize(("ruleset", "players", "seed"), [("v3.8-std", 13, 2), ("v5-dual", 10, 3)])
def test_a_killers_screen_marks_its_shown_undercover(ruleset: str, players: int, seed: int) -> None:
    state, entries = table(ruleset, players, seed)
    undercover = next(s.number for s in state.seats if "undercover" in s.cards)
    killer = next(s.number for s in state.seats if "killer" in s.cards and "undercover" not in s.cards)
    header = {"ruleset": ruleset, "players": players}
    mine = build(header, entries, killer)
    assert mine.seats[undercover].teammate and "undercover" in mine.seats[undercover].roles
    civilian = next(s.number for s in state.seats if not {"killer", "undercover", "police"} & set(s.cards))
    other = build(header, entries, civilian)
    assert not other.seats[undercover].teammate and not other.seats[undercover].roles
