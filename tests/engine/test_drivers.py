"""What drivers ask the engine: is_legal agrees with apply, current_batch is the graph's batch, default_action is
always legal, and every speech request lists its legal accusations."""

from __future__ import annotations

import random

import pytest

import engine
from agents.bots.random_bot import choose
from engine import Action, DecisionKind, IllegalActionError
from engine.moves.decisions import Target


def _applies(state: engine.GameState, action: Action) -> bool:
    try:
        engine.apply(state, action, random.Random(0))
    except IllegalActionError:
        return False
    return True


def _probes(request: engine.Request, n: int) -> list[Action]:
    """Legal and illegal answers: every target and accusation value, out-of-range seats, a confession."""
    values: list[Target | None] = [None, 0, n + 1, *range(1, n + 1), (1, 1), (1, 2)]
    out = [Action(request.seat, request.kind, target=v, slot=request.slot) for v in values]
    out += [Action(request.seat, request.kind, accusation=v if not isinstance(v, tuple) else None,
                   slot=request.slot) for v in values]
    out += [Action(request.seat, request.kind, confess=True, slot=request.slot),
            Action(request.seat, request.kind, speech="hello", slot=request.slot),
            Action(request.seat % n + 1, request.kind, slot=request.slot)]
    return out


@pytest.mark.parametrize("ruleset", [r.id for r in engine.all_rulesets()])
def test_is_legal_agrees_with_apply_and_the_default_is_legal(ruleset: str) -> None:
    rng, agents = random.Random(7), random.Random(8)
    state, _ = engine.new_game(ruleset, rng)
    n = len(state.seats)
    steps = 0
    while not state.is_over() and steps < 150:
        batch = engine.current_batch(state)
        assert batch == (state.pending if len(state.pending) > 1 or state.pending[0].simultaneous
                         else state.pending[:1])
        for request in batch:
            assert engine.is_legal(state, engine.default_action(request)), request
            if request.kind in (DecisionKind.STATEMENT, DecisionKind.DEFENSE, DecisionKind.LAST_WORDS):
                assert request.accusations and (request.counts_accusation or None in request.accusations)
            if steps % 5 == 0:
                for action in _probes(request, n):
                    assert engine.is_legal(state, action) == _applies(state, action), action
        state, _ = engine.apply(state, choose(state.pending[0], agents), rng)
        steps += 1


def test_the_default_avoids_teammates_and_never_confesses() -> None:
    request = engine.Request(3, DecisionKind.NIGHT, role="killer", action="kill", targets=(1, 2, 4, 5))
    assert engine.default_action(request, avoid=frozenset({1, 2})).target == 4
    assert engine.default_action(request).target == 1
    speech = engine.Request(3, DecisionKind.STATEMENT, accusations=(1, 2, None), may_confess=True)
    action = engine.default_action(speech)
    assert action.accusation is None and not action.confess and action.speech == ""
