"""v5's killers decide together (ruling R-v5-killer-talk): the killer seats talk before their cards' orders, each
card still gives its own order, and games recorded before the ruling replay without the talk."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine import Action, DecisionKind, Event, EventKind, GameState, observation
from engine.game import apply, new_game, recorded_card_talk, replay

HANDS = [
    ["killer", "civilian"],  # 1
    ["killer", "doctor"],  # 2
    ["police", "civilian"],  # 3
    ["police", "secret_police"],  # 4
    ["doctor", "civilian"],  # 5
    ["secret_police", "civilian"],  # 6
    ["undercover", "civilian"],  # 7
    ["butterfly", "civilian"],  # 8
]


def start(team_talk: int = 2, card_talk: bool | None = None) -> tuple[GameState, list[Event], random.Random]:
    rng = random.Random(0)
    state, events = new_game("v5-dual", rng, hands=HANDS, judge_card="civilian", team_talk=team_talk,
                             card_talk=card_talk)
    return state, events, rng


def answer_round(state: GameState, events: list[Event], rng: Any, kills: dict[int, tuple[int, int]],
                 message: str = "") -> GameState:
    """Answers every pending request: killer cards as `kills` says (by seat), the others their first target."""
    for req in list(state.pending):
        if req.role == "killer":
            act = Action(req.seat, DecisionKind.NIGHT, target=kills[req.seat], slot=req.slot, round=req.round,
                         message=message if req.may_message else "")
        else:
            act = Action(req.seat, DecisionKind.NIGHT, target=None if None in req.targets else req.targets[-1],
                         slot=req.slot, round=req.round)
        state, more = apply(state, act, rng)
        events += more
    return state


def killer_requests(state: GameState) -> list[engine.Request]:
    return [r for r in state.pending if r.role == "killer"]


def test_a_game_with_team_talk_records_the_killer_talk_in_its_deal() -> None:
    state, events, _ = start()
    deal = next(e for e in events if e.kind == EventKind.DEAL)
    assert deal.data["card_talk"] is True and deal.data["team_talk"] == 2
    asked = killer_requests(state)
    assert [(r.seat, r.team, r.rounds, r.may_message) for r in asked] == [(1, (1, 2), 3, True), (2, (1, 2), 3, True)]


def test_round_one_is_shown_to_the_killer_seats_only_then_each_card_orders_again() -> None:
    state, events, rng = start()
    state = answer_round(state, events, rng, {1: (3, 1), 2: (3, 1)}, message="I take seat 3's first card")
    talk = [e for e in events if e.kind == EventKind.TEAM_TALK]
    assert len(talk) == 1 and talk[0].visible_to == frozenset({1, 2})
    assert talk[0].data["proposals"] == [{"seat": 1, "target": [3, 1]}, {"seat": 2, "target": [3, 1]}]
    again = state.pending
    assert [(r.seat, r.round, r.role) for r in again] == [(1, 2, "killer"), (2, 2, "killer")]
    assert again[0].proposals == ((1, (3, 1)), (2, (3, 1)))
    assert again[1].messages == ((1, "I take seat 3's first card"), (2, "I take seat 3's first card"))
    for seat in (3, 4, 5, 6, 7, 8):  # nobody else sees the talk or the killers' choices
        seen = observation(events, seat)
        assert not any(e.kind == EventKind.TEAM_TALK for e in seen)
        assert not any(e.kind == EventKind.NIGHT_CHOICE and e.data.get("role") == "killer" for e in seen)


def test_each_card_keeps_its_own_order_and_the_talk_ends_when_no_order_changes() -> None:
    state, events, rng = start()
    state = answer_round(state, events, rng, {1: (3, 1), 2: (3, 1)})
    state = answer_round(state, events, rng, {1: (3, 1), 2: (5, 2)})  # seat 2 spreads: a change, round 3
    assert [r.round for r in killer_requests(state)] == [3, 3]
    state = answer_round(state, events, rng, {1: (3, 1), 2: (5, 2)})  # last round: nobody changes
    orders = next(e for e in events if e.kind == EventKind.KILL_ORDERS)
    assert orders.data["orders"] == [{"card": [1, 1], "target": [3, 1]}, {"card": [2, 1], "target": [5, 2]}]
    dawn = next(e for e in events if e.kind == EventKind.DAWN)
    assert {tuple(c) for c in dawn.data["cards"]} >= {(3, 1), (5, 2)}, "two orders, two kills: no majority"


def test_round_two_unchanged_settles_the_night() -> None:
    state, events, rng = start()
    state = answer_round(state, events, rng, {1: (3, 1), 2: (5, 2)})
    state = answer_round(state, events, rng, {1: (3, 1), 2: (5, 2)})
    assert not killer_requests(state) and any(e.kind == EventKind.KILL_ORDERS for e in events)
    assert len([e for e in events if e.kind == EventKind.TEAM_TALK]) == 1


def test_a_lone_killer_seat_orders_alone() -> None:
    hands = [["killer", "killer"], ["civilian", "doctor"], *HANDS[2:]]
    state, _ = new_game("v5-dual", random.Random(0), hands=hands, judge_card="civilian", team_talk=2)
    asked = killer_requests(state)
    assert [(r.seat, r.slot, r.team, r.rounds, r.may_message) for r in asked] == [
        (1, 1, (1,), 1, False), (1, 2, (1,), 1, False)]


@pytest.mark.parametrize("card_talk", [False, None])
def test_without_the_ruling_the_cards_order_alone_as_before(card_talk: bool | None) -> None:
    state, events, _ = start(team_talk=2 if card_talk is False else 0, card_talk=card_talk)
    deal = next(e for e in events if e.kind == EventKind.DEAL)
    assert "card_talk" not in deal.data
    assert [(r.team, r.rounds) for r in killer_requests(state)] == [((), 1), ((), 1)]


def test_a_game_with_killer_talk_replays_from_its_log() -> None:
    state, events, rng = start()
    state = answer_round(state, events, rng, {1: (3, 1), 2: (3, 1)}, message="mine")
    state = answer_round(state, events, rng, {1: (3, 1), 2: (5, 2)})
    state = answer_round(state, events, rng, {1: (3, 1), 2: (5, 2)})
    assert recorded_card_talk(events) is True
    _, produced = replay("v5-dual", events)
    assert [e.to_dict() for e in produced] == [e.to_dict() for e in events]


def test_a_deal_with_a_bad_card_talk_is_refused() -> None:
    _, events, _ = start()
    deal = next(e for e in events if e.kind == EventKind.DEAL)
    bad = [Event(deal.kind, {**deal.data, "card_talk": "yes"}, deal.visible_to), *events[1:]]
    with pytest.raises(engine.IllegalActionError):
        replay("v5-dual", bad)
