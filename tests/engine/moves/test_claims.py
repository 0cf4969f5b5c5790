"""Public claims: a speech's structured claim is checked for form (a ruleset's role, a night so far, a seat or
card of the table, a nod or a shake), recorded in the public speech event, replayed, and worded by the narrator."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import engine
from engine import Action, Claim, ClaimedCheck, DecisionKind, GameState, IllegalActionError, apply, observation
from words.narrator import sentence


def to_first_speech(ruleset: str, seed: int = 3) -> tuple[GameState, list[engine.Event], random.Random]:
    """Plays the night with each team's lowest legal choice, up to the first day speech."""
    rng = random.Random(seed)
    state, events = engine.new_game(ruleset, rng)
    while state.pending[0].kind is not DecisionKind.STATEMENT:
        state, more = apply(state, engine.default_action(state.pending[0]), rng)
        events += more
    return state, events, rng


def speak(state: GameState, claim: Claim | None, rng: random.Random) -> tuple[GameState, list[engine.Event]]:
    request = state.pending[0]
    action = replace(engine.default_action(request), speech="I am the police.", claim=claim)
    return apply(state, action, rng)


def test_a_claim_is_recorded_in_the_public_speech_event_and_replays() -> None:
    state, events, rng = to_first_speech("v2-classic")
    speaker = state.pending[0].seat
    other = next(s.number for s in state.seats if s.number != speaker)
    claim = Claim("police", (ClaimedCheck(1, other, "killer"),))
    state, more = speak(state, claim, rng)
    said = next(e for e in more if e.kind == "statement")
    assert said.visible_to is None
    assert said.data["claim"] == {"role": "police", "checks": [{"night": 1, "target": other, "result": "killer"}]}
    for seat in range(1, len(state.seats) + 1):  # every seat's observation holds it
        assert said in observation(events + more, seat)
    assert Action.from_dict(said.data).claim == claim
    replayed, log = engine.replay("v2-classic", events + more)
    assert replayed == state and log == events + more


def test_a_speech_without_a_claim_has_no_claim_key() -> None:
    state, _, rng = to_first_speech("v2-classic")
    _, more = speak(state, None, rng)
    assert "claim" not in next(e for e in more if e.kind == "statement").data


@pytest.mark.parametrize(("claim", "rule"), [
    (Claim("wizard"), "unknown_claimed_role"),
    (Claim("police", (ClaimedCheck(2, 1, "killer"),)), "claimed_night"),
    (Claim("police", (ClaimedCheck(1, 99, "killer"),)), "claimed_target"),
    (Claim("police", (ClaimedCheck(1, 1, "maybe"),)), "claimed_result"),
    (Claim("police", tuple(ClaimedCheck(1, 1, "killer") for _ in range(9))), "too_many_claimed_checks"),
])
def test_a_malformed_claim_is_refused_with_its_rule(claim: Claim, rule: str) -> None:
    state, _, rng = to_first_speech("v2-classic")
    with pytest.raises(IllegalActionError) as exc:
        speak(state, claim, rng)
    assert exc.value.rule == rule


def test_a_night_choice_or_a_vote_carries_no_claim() -> None:
    rng = random.Random(1)
    state, _ = engine.new_game("v2-classic", rng)
    action = replace(engine.default_action(state.pending[0]), claim=Claim("civilian"))
    with pytest.raises(IllegalActionError) as exc:
        apply(state, action, rng)
    assert exc.value.rule == "claim_not_allowed"


def test_v5_claims_name_cards() -> None:
    state, _, rng = to_first_speech("v5-dual")
    speaker = state.pending[0].seat
    other = next(s.number for s in state.seats if s.number != speaker)
    with pytest.raises(IllegalActionError):
        speak(state, Claim(None, (ClaimedCheck(1, other, "killer"),)), rng)  # a seat, not a card
    _, more = speak(state, Claim(None, (ClaimedCheck(1, (other, 2), "not_killer"),)), rng)
    said = next(e for e in more if e.kind == "statement")
    assert said.data["claim"]["checks"][0]["target"] == [other, 2]


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("claiming to be the Police", "seat 5 is a killer (night 1)")),
    ("zh", ("声称自己是警察", "第1夜验5号是杀手")),
])
def test_the_narrator_words_a_claim(lang: str, words: tuple[str, ...]) -> None:
    data = {"seat": 2, "kind": "statement", "speech": "hi", "accusation": None,
            "claim": {"role": "police", "checks": [{"night": 1, "target": 5, "result": "killer"}]}}
    text = sentence(engine.Event("statement", data), lang)
    assert all(w in text for w in words), text
    hostile = dict(data, claim={"role": "\x1b[31mx", "checks": ["junk", {"target": [1]}]})
    assert "\x1b" not in sentence(engine.Event("statement", hostile), lang)
