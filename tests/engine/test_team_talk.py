"""Team talk at night (ruling R-team-talk): a team whose proposals differ sees them and is asked again, for a
bounded number of rounds; agreement ends the talk; the talk is seen by the team only; replay and older logs."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import engine
from agents.bots.random_bot import choose
from engine import Action, DecisionKind, Event, EventKind, GameState, SetupError, observation
from engine.record.events import JUDGE_ONLY

# v2-classic, 10 seats: killers 1, 2; police 3, 4; civilians 5-10.
HANDS = [["killer"], ["killer"], ["police"], ["police"], *[["civilian"]] * 6]
KILLERS, POLICE = frozenset({1, 2}), frozenset({3, 4})
ROOT = Path(__file__).resolve().parents[2]


def start(team_talk: int = 2, seed: int = 1) -> tuple[GameState, list[Event], random.Random]:
    rng = random.Random(seed)
    state, events = engine.new_game("v2-classic", rng, hands=HANDS, team_talk=team_talk)
    return state, list(events), rng


def answer(state: GameState, events: list[Event], rng: random.Random, picks: dict[int, int]) -> GameState:
    """Every pending night request answered with its seat's pick (seats not named keep the lowest target)."""
    for request in state.pending:
        target = picks.get(request.seat, request.targets[0])
        state, more = engine.apply(state, Action(request.seat, request.kind, target=target, round=request.round),
                                   rng)
        events.extend(more)
    return state


def talks(events: list[Event]) -> list[Event]:
    return [e for e in events if e.kind == EventKind.TEAM_TALK]


def test_a_team_that_agrees_does_not_talk() -> None:
    state, events, rng = start()
    state = answer(state, events, rng, {1: 5, 2: 5, 3: 7, 4: 7})
    assert not talks(events)
    assert state.phase is not engine.Phase.NIGHT and state.night_dead == (5,)


def test_a_split_is_shown_to_the_team_and_asked_again_with_the_proposals() -> None:
    state, events, rng = start()
    state = answer(state, events, rng, {1: 5, 2: 6, 3: 7, 4: 7})
    [talk] = talks(events)
    assert talk.visible_to == KILLERS
    assert talk.data == {"night": 1, "role": "killer", "action": "kill", "round": 1, "rounds": 3,
                         "proposals": [{"seat": 1, "target": 5}, {"seat": 2, "target": 6}]}
    # Only the killers are asked again (the police agreed: their step is untouched), with the same legal targets.
    assert {r.seat for r in state.pending} == KILLERS
    first = engine.new_game("v2-classic", random.Random(1), hands=HANDS, team_talk=2)[0].pending[0]
    for request in state.pending:
        assert request.round == 2 and request.rounds == 3 and request.kind is DecisionKind.NIGHT
        assert request.proposals == ((1, 5), (2, 6)) and request.targets == first.targets
    # A first-round answer does not answer the second round (the key carries the round).
    assert not engine.is_legal(state, Action(1, DecisionKind.NIGHT, target=5))
    assert engine.is_legal(state, Action(1, DecisionKind.NIGHT, target=5, round=2))


def test_agreement_in_round_two_ends_the_talk_without_a_lot() -> None:
    state, events, rng = start()
    state = answer(state, events, rng, {1: 5, 2: 6, 3: 7, 4: 7})
    state = answer(state, events, rng, {1: 6, 2: 6})
    assert len(talks(events)) == 1
    assert not [e for e in events if e.kind == EventKind.DRAW]
    assert state.night_dead == (6,)


def test_the_talk_is_bounded_then_the_majority_rule_draws_the_tie() -> None:
    for rounds in (1, 2, 3):
        state, events, rng = start(team_talk=rounds)
        for _ in range(rounds + 1):
            assert state.phase is engine.Phase.NIGHT
            state = answer(state, events, rng, {1: 5, 2: 6, 3: 7, 4: 8})
        assert [e.data["round"] for e in talks(events) if e.data["role"] == "killer"] == list(range(1, rounds + 1))
        assert state.phase is not engine.Phase.NIGHT, "after the last round the judge decides"
        draws = [e for e in events if e.kind == EventKind.DRAW]
        assert {d.data["reason"] for d in draws} == {"killer_team_tie", "police_team_tie"}
        assert state.night_dead == (next(d for d in draws if d.data["reason"] == "killer_team_tie").data["result"],)


def test_a_member_who_names_nobody_agrees_with_the_others() -> None:
    from engine.night.talk import differ

    assert not differ(((1, 5), (2, None)))
    assert differ(((1, 5), (2, 6), (3, None)))


def test_the_team_talk_reaches_the_team_only() -> None:
    state, events, rng = start()
    answer(state, events, rng, {1: 5, 2: 6, 3: 7, 4: 8})
    killer_talk, police_talk = talks(events)
    assert killer_talk.visible_to == KILLERS and police_talk.visible_to == POLICE
    for seat in range(1, 11):
        seen = [e for e in observation(events, seat) if e.kind == EventKind.TEAM_TALK]
        assert seen == [e for e in (killer_talk, police_talk) if seat in e.visible_to]  # type: ignore[operator]


def test_without_team_talk_the_night_is_asked_once_and_the_deal_reads_as_before() -> None:
    state, events, rng = start(team_talk=0)
    assert "team_talk" not in events[0].data and events[0].visible_to == JUDGE_ONLY
    assert all(r.rounds == 1 for r in state.pending)
    state = answer(state, events, rng, {1: 5, 2: 6, 3: 7, 4: 8})
    assert not talks(events) and state.phase is not engine.Phase.NIGHT
    assert engine.recorded_team_talk(events) == 0


@pytest.mark.parametrize("value", [-1, engine.MAX_TEAM_TALK + 1, True, "2"])
def test_new_game_refuses_a_bad_number_of_rounds(value: object) -> None:
    with pytest.raises(SetupError):
        engine.new_game("v2-classic", random.Random(0), team_talk=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("ruleset", [r.id for r in engine.all_rulesets()])
def test_random_games_with_team_talk_end_and_replay_from_their_log(ruleset: str) -> None:
    talked = 0
    for seed in range(4):
        rng, agent_rng = random.Random(seed), random.Random(seed + 100)
        state, events = engine.new_game(ruleset, rng, team_talk=engine.TEAM_TALK_ROUNDS)
        events = list(events)
        while not state.is_over():
            state, more = engine.apply(state, choose(state.pending[0], agent_rng), rng)
            events += more
        talked += len(talks(events))
        replayed, produced = engine.replay(ruleset, events)
        assert [e.to_dict() for e in produced] == [e.to_dict() for e in events]
        assert replayed.winner == state.winner
        for talk in talks(events):
            assert talk.data["round"] < talk.data["rounds"] == 1 + engine.TEAM_TALK_ROUNDS
    has_team = any(s.team or s.talk for s in engine.get_ruleset(ruleset).night_steps)
    assert (talked > 0) == has_team, "random teams split (v5's killer cards always talk), so a team talks"


def test_committed_transcripts_recorded_before_team_talk_replay_without_it() -> None:
    samples = sorted((ROOT / "transcripts" / "samples").glob("*.jsonl"))
    assert samples
    for path in samples:
        lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        header, rows = lines[0], [r for r in lines[1:] if "event" in r]
        if header.get("format", 1) >= 4:
            continue
        events = [Event.from_dict(r["event"]) for r in rows]
        assert engine.recorded_team_talk(events) == 0
        _, produced = engine.replay(header["ruleset"], events)
        assert json.loads(json.dumps([e.to_dict() for e in produced])) == [r["event"] for r in rows], path.name


def test_a_message_goes_to_the_partners_with_the_proposal_and_is_quoted_at_the_next_round() -> None:
    """Issue 19: a member may add a short message to its partners; it is in its night choice, seen by the team
    only, and the next round's requests quote it; a round without words quotes nothing."""
    state, events, rng = start()
    said = {1: "I'll take yours", 3: "seat 7 talks too much"}
    for request in state.pending:
        target = {1: 5, 2: 6}.get(request.seat, 7)
        action = Action(request.seat, request.kind, target=target, message=said.get(request.seat, ""))
        state, more = engine.apply(state, action, rng)
        events += more
    choice = next(e for e in events if e.kind == EventKind.NIGHT_CHOICE and e.data["seat"] == 1)
    assert choice.data["message"] == "I'll take yours" and choice.visible_to == KILLERS
    assert "message" not in next(e for e in events if e.kind == EventKind.NIGHT_CHOICE and e.data["seat"] == 2).data
    assert all(r.messages == ((1, "I'll take yours"),) for r in state.pending)  # the police agreed: not asked
    assert all(choice not in observation(events, s) for s in range(3, 11))
    state = answer(state, events, rng, {1: 6, 2: 5})  # a round without words
    assert all(r.messages == () for r in state.pending) and state.pending[0].round == 3


@pytest.mark.parametrize(("message", "rule"), [("x" * 121, "message_too_long"), ("x" * 120, None), ("", None)])
def test_a_message_is_short(message: str, rule: str | None) -> None:
    state, _, _ = start()
    why = engine.why_illegal(state, Action(1, DecisionKind.NIGHT, target=5, message=message))
    assert (why is None) == (rule is None) and (rule is None or rule in str(why))


def test_a_seat_without_partners_may_not_send_a_message() -> None:
    hands = [["killer"], ["killer"], ["police"], *[["civilian"]] * 7]  # one police: no partner
    state, _ = engine.new_game("v2-classic", random.Random(1), hands=hands, team_talk=2)
    police = next(r for r in state.pending if r.seat == 3)
    assert not police.may_message and police.partners == ()
    why = engine.why_illegal(state, Action(3, DecisionKind.NIGHT, target=5, message="hello"))
    assert why is not None and "no_team_message" in why
    assert engine.is_legal(state, Action(3, DecisionKind.NIGHT, target=5))


def test_a_choice_without_a_message_is_recorded_as_before() -> None:
    plain = Action(1, DecisionKind.NIGHT, target=5)
    assert "message" not in plain.to_dict() and Action.from_dict(plain.to_dict()) == plain
    told = Action(1, DecisionKind.NIGHT, target=5, message="go")
    assert Action.from_dict(told.to_dict()) == told
