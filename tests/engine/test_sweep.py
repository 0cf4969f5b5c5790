"""Seed sweep: random legal games for every ruleset at min/default/max players (PettingZoo seed_test style)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from agents.bots.random_bot import choose
from engine import GameState, all_rulesets, apply, new_game, replay
from engine.judge import MAX_DAYS, decide_winner
from engine.moves.decisions import DecisionKind, Request
from engine.rulesets import get_ruleset

MAX_DECISIONS = 20_000


def player_counts(ruleset_id: str) -> list[int]:
    rules = get_ruleset(ruleset_id)
    return sorted({rules.players[0], rules.default_players, rules.players[1]})


CASES = [(r.id, n) for r in all_rulesets() for n in player_counts(r.id)]


def _card_alive(state: GameState, target: object) -> bool:
    if isinstance(target, tuple):
        seat, slot = target
        return state.seat(seat).alive_cards[slot - 1]
    return isinstance(target, int) and state.seat(target).alive


def check_request(state: GameState, request: Request) -> None:
    """Dead seats never act (last words come from the newly dead); every offered target is alive."""
    if request.kind is DecisionKind.LAST_WORDS:
        assert request.seat in state.night_dead or request.seat == state.death_order[-1]
    else:
        assert state.seat(request.seat).alive, f"dead seat {request.seat} asked for {request.kind}"
    for target in request.targets:
        assert target is None or _card_alive(state, target), f"dead target {target} offered"
    for accused in request.accusations:
        assert accused is None or state.seat(accused).alive
    if request.kind is DecisionKind.NIGHT:
        assert request.role is not None
    if not request.may_speak:
        assert request.seat in state.silenced


def play_checked(ruleset: str, players: int, seed: int) -> tuple[GameState, list]:
    """Plays one random game, checking the invariants after every decision."""
    rng = random.Random(seed)
    agent_rng = random.Random(seed + 7919)
    state, events = new_game(ruleset, rng, players=players)
    rules = get_ruleset(ruleset)
    if rules.dealer is None:
        assert Counter(s.role for s in state.seats) == Counter(rules.composition(players))
    assert len(state.seats) == players
    alive_before = {s.number for s in state.seats if s.alive}
    for _ in range(MAX_DECISIONS):
        if state.is_over():
            break
        assert state.pending, "a running game always waits for someone"
        assert decide_winner(state, rules.victory) is None, "a won game must be over"
        for request in state.pending:
            check_request(state, request)
        state, more = apply(state, choose(state.pending[0], agent_rng), rng)
        events.extend(more)
        alive_now = {s.number for s in state.seats if s.alive}
        assert alive_now <= alive_before, "the dead never come back"
        alive_before = alive_now
    assert state.is_over(), "the game must end"
    expected = decide_winner(state, rules.victory)
    assert state.winner == expected or (expected is None and state.day >= MAX_DAYS)
    assert [e.kind for e in events].count("game_over") == 1
    return state, events


@pytest.mark.parametrize(("ruleset", "players"), CASES)
def test_random_games_end_and_replay(ruleset: str, players: int) -> None:
    for seed in range(10):
        state, events = play_checked(ruleset, players, seed)
        replayed, produced = replay(ruleset, events)
        assert replayed == state
        assert [e.to_dict() for e in produced] == [e.to_dict() for e in events]


@pytest.mark.parametrize(("ruleset", "players"), CASES)
def test_same_seed_same_game(ruleset: str, players: int) -> None:
    a = play_checked(ruleset, players, 12345)[1]
    b = play_checked(ruleset, players, 12345)[1]
    c = play_checked(ruleset, players, 54321)[1]
    assert [e.to_dict() for e in a] == [e.to_dict() for e in b]
    assert [e.to_dict() for e in a] != [e.to_dict() for e in c]


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "players"), CASES)
def test_hundreds_of_games(ruleset: str, players: int) -> None:
    winners: Counter[str] = Counter()
    for seed in range(300):
        state, events = play_checked(ruleset, players, 1000 + seed)
        winners[state.winner.value if state.winner else "none"] += 1
        if seed % 10 == 0:
            assert replay(ruleset, events)[0] == state
    assert sum(winners.values()) == 300
