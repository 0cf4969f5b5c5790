"""No seat's observation holds another seat's hidden role or a night action it may not know.

An independent oracle recomputes, from the deal alone, who may see each private event kind; any private
event kind it does not know fails the test, so a new kind must be reviewed here before it ships.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from agents.bots.random_bot import choose
from engine import (
    TEAM_TALK_ROUNDS,
    Claim,
    ClaimedCheck,
    Event,
    Request,
    all_rulesets,
    apply,
    get_ruleset,
    new_game,
    observation,
)
from engine.moves.decisions import SPEAKING
from engine.roles import ROLE_IDS

UNDERCOVER_SHARES = {"v3.8-std", "v5-dual"}  # the undercover opens its eyes with the police (004 V3.8 III.7; 000 v5.0)
SEEDS = range(6)
SECRET = "team words"  # what every message to the partners starts with (no public event may carry it)


def holders(hands: list[list[str]], *roles: str) -> set[int]:
    return {i + 1 for i, hand in enumerate(hands) if any(card in roles for card in hand)}


def team_of(ruleset: str, hands: list[list[str]], role: str) -> set[int]:
    """Who opens their eyes with holders of `role`: the role's holders, and the undercover where he joins."""
    joins = (role == "police" and ruleset in UNDERCOVER_SHARES) or (role == "killer" and ruleset == "v5-dual")
    return holders(hands, role, "undercover") if joins else holders(hands, role)


AudienceRule = Callable[[str, list[list[str]], Event], set[int]]

PRIVATE_KINDS: dict[str, AudienceRule] = {
    "your_cards": lambda r, h, e: {e.data["seat"]},
    "teammates": lambda r, h, e: team_of(r, h, e.data["role"]),
    "openers": lambda r, h, e: holders(h, "police", "undercover"),
    "shown_to_killers": lambda r, h, e: holders(h, "killer"),
    "night_choice": lambda r, h, e: team_of(r, h, e.data["role"]),
    "team_talk": lambda r, h, e: team_of(r, h, e.data["role"]),  # R-team-talk: the team that opened its eyes
    "check_result": lambda r, h, e: holders(h, "police", "undercover"),
    "draw": lambda r, h, e: holders(h, "killer", "undercover") | holders(h, "police"),
    "kill_orders": lambda r, h, e: holders(h, "killer", "undercover"),
}
PUBLIC_ROLE_WORDS_ALLOWED = {"executed_side"}  # 002 v4.0 3.E: the judge says whether a killer was executed


ASKED: list[Request] = []  # every request of the games played, for the team-message checks


def play(ruleset: str, seed: int) -> list[Event]:
    """A random game in which every speech that may carry a claim makes one (a random role, and a check) and most
    team night choices carry a message to the partners (issue 19); odd seeds play with team talk at night."""
    rng, agent_rng = random.Random(seed), random.Random(-seed - 1)
    state, events = new_game(ruleset, rng, team_talk=TEAM_TALK_ROUNDS if seed % 2 else 0)
    roles = get_ruleset(ruleset).roles()
    while not state.is_over():
        request = state.pending[0]
        ASKED.extend(state.pending)
        action = choose(request, agent_rng)
        if request.may_message and agent_rng.random() < 0.7:
            action = replace(action, message=f"{SECRET} from seat {request.seat}: {action.target}")
        if request.kind in SPEAKING and request.may_speak and not action.confess:
            card = (agent_rng.randint(1, len(state.seats)), 1) if get_ruleset(ruleset).cards_per_seat > 1 \
                else agent_rng.randint(1, len(state.seats))
            check = ClaimedCheck(state.night, card, agent_rng.choice(("killer", "not_killer")))
            action = replace(action, claim=Claim(agent_rng.choice(roles), (check,)))
        state, more = apply(state, action, rng)
        events.extend(more)
    return events


def flatten(value: object) -> list[object]:
    if isinstance(value, dict):
        return [x for v in value.values() for x in flatten(v)]
    if isinstance(value, list | tuple):
        return [x for v in value for x in flatten(v)]
    return [value]


@pytest.mark.parametrize("ruleset", [r.id for r in all_rulesets()])
def test_observations_hold_only_what_each_seat_may_know(ruleset: str) -> None:
    for seed in SEEDS:
        events = play(ruleset, seed)
        hands = next(e for e in events if e.kind == "deal").data["hands"]
        before_end = events[: next(i for i, e in enumerate(events) if e.kind == "game_over")]
        for seat in range(1, len(hands) + 1):
            for event in observation(before_end, seat):
                check_event(ruleset, hands, seat, event)


def check_event(ruleset: str, hands: list[list[str]], seat: int, event: Event) -> None:
    if event.visible_to is None:
        assert SECRET not in str(event.data), f"public {event.kind} carries a team's message: {event.data}"
        if event.kind not in PUBLIC_ROLE_WORDS_ALLOWED:
            # A public claim names a role: what a player says (maybe a lie), never the judge revealing a card.
            judged = {k: v for k, v in event.data.items() if not (k == "claim" and event.kind in SPEAKING)}
            words = [v for v in flatten(judged) if isinstance(v, str) and v in ROLE_IDS]
            assert not words, f"public {event.kind} names roles {words}: {event.data}"
        return
    assert event.kind in PRIVATE_KINDS, f"unreviewed private event kind {event.kind!r}"
    allowed = PRIVATE_KINDS[event.kind](ruleset, hands, event)
    assert seat in allowed, f"seat {seat} ({hands[seat - 1]}) sees {event.kind} {event.data}"
    if event.kind == "your_cards":
        assert event.data["cards"] == hands[seat - 1]


def test_the_judge_only_events_reach_nobody() -> None:
    events = play("v4-classic", 3)
    secret = [e for e in events if e.visible_to == frozenset()]
    assert {e.kind for e in secret} >= {"deal", "cause_of_death"}
    assert all(e not in observation(events, s) for e in secret for s in range(1, 14))


def test_claims_are_public_and_reach_every_seat() -> None:
    events = play("v2-classic", 1)
    claims = [e for e in events if e.data.get("claim")]
    assert claims and all(e.visible_to is None for e in claims)
    assert all(e in observation(events, s) for e in claims for s in range(1, 13))


def test_team_talk_is_played_and_reaches_its_team_only() -> None:
    """The sweep above covers team talk: it happens, and a seat outside the team never observes it."""
    events = play("v2-classic", 1)
    talk = [e for e in events if e.kind == "team_talk"]
    assert talk
    hands = next(e for e in events if e.kind == "deal").data["hands"]
    for event in talk:
        outsiders = set(range(1, len(hands) + 1)) - team_of("v2-classic", hands, event.data["role"])
        assert outsiders and all(event not in observation(events, s) for s in outsiders)
    with pytest.raises(AssertionError):
        check_event("v2-classic", hands, min(outsiders), talk[-1])


@pytest.mark.parametrize("ruleset", [r.id for r in all_rulesets() if any(s.team for s in r.night_steps)])
def test_team_messages_are_played_and_reach_their_team_only(ruleset: str) -> None:
    """A known partner's message never reaches a seat outside the team: not in an event it observes, not in a
    request it is asked."""
    ASKED.clear()
    events = play(ruleset, 1)
    hands = next(e for e in events if e.kind == "deal").data["hands"]
    said = [e for e in events if e.kind == "night_choice" and e.data.get("message")]
    assert said, "team night choices carried messages"
    for event in said:
        team = team_of(ruleset, hands, event.data["role"])
        assert event.visible_to == frozenset(team) or event.visible_to <= team
        outsiders = set(range(1, len(hands) + 1)) - team
        assert outsiders and all(event not in observation(events, s) for s in outsiders)
    quoted = [r for r in ASKED if r.messages]
    assert quoted, "a later round quoted the partners' messages"
    for request in quoted:
        assert request.seat in request.team and {s for s, _ in request.messages} <= set(request.team)
        assert all(m.startswith(SECRET) for _, m in request.messages)


def test_a_leak_is_caught() -> None:
    """The oracle is not vacuous: a civilian seeing the killers' teammates event fails it."""
    hands = [["killer"], ["civilian"]]
    leak = Event("teammates", {"role": "killer", "seats": [1]}, frozenset({1, 2}))
    with pytest.raises(AssertionError):
        check_event("v1", hands, 2, leak)
    with pytest.raises(AssertionError):
        check_event("v1", hands, 2, Event("death", {"seat": 1, "role": "killer"}))
    with pytest.raises(AssertionError):  # a team's words in a public event
        check_event("v1", hands, 2, Event("statement", {"seat": 1, "speech": f"{SECRET} from seat 1: 2"}))
    with pytest.raises(AssertionError):  # a role outside the claim still leaks
        check_event("v1", hands, 2, Event("statement", {"seat": 1, "claim": {"role": "civilian"}, "x": "killer"}))
