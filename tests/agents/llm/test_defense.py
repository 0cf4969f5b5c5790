"""A defence may name a suspect: the engine lists every other living seat (or nobody) for it
(engine/day/common.py speech_accusations), the answer schema offers exactly those, the request says the judge does
not count it, and indeed no day procedure does: the game goes on as it would have without it."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

import engine
from agents.bots.random_bot import choose
from agents.llm import prompting
from agents.llm.schema import answer_schema, parse_answer, to_action
from agents.view import SeatView
from engine import DecisionKind, GameState
from words.narrator import sentence

RULESETS = [r.id for r in engine.all_rulesets()]


def to_defense(ruleset: str) -> tuple[GameState, list[engine.Event], random.Random] | None:
    """The first defence of a random game (a few seeds), or None when the procedure has none."""
    for seed in range(12):
        rng = random.Random(seed)
        state, events = engine.new_game(ruleset, rng)
        for step in range(600):
            if state.is_over():
                break
            request = state.pending[0]
            if request.kind is DecisionKind.DEFENSE and request.may_speak:
                return state, events, rng
            action = replace(choose(request, random.Random(f"{seed}:{step}")), confess=False)
            state, more = engine.apply(state, action, rng)
            events += more
    return None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_defence_may_name_a_suspect_that_nobody_counts(ruleset: str) -> None:
    found = to_defense(ruleset)
    if found is None:
        assert engine.get_ruleset(ruleset).day.key in ("referendum", "round_vote", "card_vote")
        return  # these procedures have no defence
    state, events, _ = found
    request = state.pending[0]
    view = SeatView(request.seat, ruleset, len(state.seats), tuple(engine.observation(events, request.seat)))
    choices = prompting.choices_for(view, request)
    schema = answer_schema(choices)
    assert schema["properties"]["accusation"]["enum"] == list(request.accusations)
    accused = next(s for s in request.accusations if s is not None)
    text = prompting.request_text(request, "en", fields=list(schema["properties"]), targets=[],
                                  accusations=list(request.accusations), claimable=[], speech_chars=240,
                                  ruleset=ruleset)
    assert "the judge does not count it" in text and '"accusation"' in text
    answer = parse_answer(json.dumps({"speech": f"Not me: seat {accused}.", "accusation": accused}), choices)
    action = to_action(answer, choices)
    assert action.accusation == accused
    after, more = engine.apply(state, action, random.Random(1))
    plain, _ = engine.apply(state, replace(action, accusation=None), random.Random(1))
    assert more[0].data["accusation"] == accused
    assert f"accusing seat {accused}" in sentence(more[0], "en")
    # not counted: the judge asks exactly what he would have asked had the defence named nobody
    assert [r.to_dict() for r in after.pending] == [r.to_dict() for r in plain.pending]
    assert after.day_state == plain.day_state
    with pytest.raises(Exception, match="not legal"):
        parse_answer(json.dumps({"speech": "x", "accusation": request.seat}), choices)  # never oneself
