"""Shown partners are partners (issue 33): the undercover the killers are shown (v3.8's `shown_to_killers`, v5's
night-1 introduction) is in the seat's view, out of its suspicions schema, and marked in its notes and kill list."""

from __future__ import annotations

import random

import pytest

import engine
from agents.llm.prompt_profiles import full_request_text
from agents.llm.prompting import choices_for, private_notes
from agents.llm.schema import answer_schema
from agents.view import SeatView, known_partners, seat_facts, shown_partners
from engine import EventKind, GameState


def table(ruleset: str, players: int, seed: int) -> tuple[GameState, list[engine.Event]]:
    return engine.new_game(ruleset, random.Random(seed), players=players)


def view_of(ruleset: str, events: list[engine.Event], seat: int, players: int, lang: str = "en") -> SeatView:
    return SeatView(seat, ruleset, players, tuple(engine.observation(events, seat)), lang=lang)


def holders(state: GameState, role: str) -> list[int]:
    return [s.number for s in state.seats if role in s.cards]


def rated(ruleset: str, view: SeatView, request: engine.Request) -> set[int]:
    schema = answer_schema(choices_for(view, request))
    return {int(k) for k in schema["properties"]["suspicions"]["properties"]}


@pytest.mark.parametrize(("ruleset", "players", "seed"), [("v3.8-std", 13, 2), ("v5-dual", 10, 3)])
def test_no_killer_rates_the_undercover_it_was_shown(ruleset: str, players: int, seed: int) -> None:
    state, events = table(ruleset, players, seed)
    undercover = holders(state, "undercover")
    killers = [s for s in holders(state, "killer") if s not in undercover]
    assert undercover and killers
    for seat in killers:
        view = view_of(ruleset, events, seat, players)
        assert shown_partners(view) == dict.fromkeys(undercover, "undercover")
        assert set(undercover) <= seat_facts(view).friends
        kill = next(r for r in state.pending if r.seat == seat and r.role == "killer")
        asked = rated(ruleset, view, kill)
        assert not asked & set(undercover), f"seat {seat} is asked to rate its undercover"
        assert asked, "the others are still rated"


@pytest.mark.parametrize(("ruleset", "players", "seed"), [("v3.8-std", 13, 2), ("v5-dual", 10, 3)])
def test_the_notes_and_the_kill_list_mark_the_shown_undercover(ruleset: str, players: int, seed: int) -> None:
    state, events = table(ruleset, players, seed)
    u = holders(state, "undercover")[0]
    seat = next(s for s in holders(state, "killer") if s != u)
    view = view_of(ruleset, events, seat, players)
    notes = private_notes(view, "en")
    assert f"seat {u} (Undercover)" in notes.split("Partners you know are on your side")[1].splitlines()[0]
    kill = next(r for r in state.pending if r.seat == seat and r.role == "killer")
    choices = choices_for(view, kill)
    text = full_request_text(choices, answer_schema(choices), "en")
    marked = next(line for line in text.splitlines() if line.startswith("Among them"))
    assert str(u) in marked and "partner" in marked
    zh = private_notes(view_of(ruleset, events, seat, players, "zh"), "zh")
    assert f"{u}号（卧底）" in zh


def test_v5s_undercover_knows_the_killers_and_the_police_learn_no_partner() -> None:
    state, events = table("v5-dual", 10, 3)
    u = holders(state, "undercover")[0]
    killers = [s for s in holders(state, "killer") if s != u]
    view = view_of("v5-dual", events, u, 10)
    assert shown_partners(view) == dict.fromkeys(killers, "killer")
    assert known_partners(seat_facts(view), "v5-dual") == frozenset(killers)
    for police in holders(state, "police"):
        if police in killers or police == u:
            continue
        pview = view_of("v5-dual", events, police, 10)
        assert shown_partners(pview) == {}  # the police open their eyes with the undercover, never told which
        assert known_partners(seat_facts(pview), "v5-dual") == frozenset()


def test_v38s_undercover_is_never_told_the_killers() -> None:
    state, events = table("v3.8-std", 13, 2)
    u = holders(state, "undercover")[0]
    assert any(e.kind == EventKind.SHOWN_TO_KILLERS for e in events)
    assert shown_partners(view_of("v3.8-std", events, u, 13)) == {}
