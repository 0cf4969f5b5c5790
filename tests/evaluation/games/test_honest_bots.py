"""The honest baseline's words tell no lie its claims do not: over 200 `scripted:easy` games of every ruleset in
both languages, no good seat's words lie, every words lie is its statement's claim lie (the killers pose as
civilians in both), and no statement's words contradict its claim (slow: about a minute)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from agents.bots.scripted import ScriptedAgent
from agents.view import SeatView
from engine import all_rulesets, apply, new_game, observation
from engine.drivers import current_batch
from evaluation.games.lies import Verdict, verdicts
from evaluation.games.metrics import game_facts

GAMES = 200


def play(ruleset: str, seed: int, lang: str, level: str = "easy") -> tuple[dict[int, str], list[Verdict]]:
    """One engine-only game of scripted bots: each seat's side and its statements' verdicts."""
    rng = random.Random(seed)
    state, events = new_game(ruleset, rng)
    log = list(events)
    agent = ScriptedAgent(seed, lang=lang, level=level)
    players = len(state.seats)
    while not state.is_over():
        for request in current_batch(state):
            if state.is_over() or request not in state.pending:
                break  # a jump-kill ended the step
            view = SeatView(request.seat, ruleset, players, tuple(observation(log, request.seat)))
            state, new = apply(state, agent.choose(view, request).action, rng)
            log.extend(new)
    header: dict[str, Any] = {"ruleset": ruleset, "lang": lang, "players": players}
    pairs = [(e, None) for e in log]
    facts = game_facts(header, pairs, None)
    seats = {s.seat: s for s in facts.seats}
    return {n: s.side for n, s in seats.items()}, verdicts(header, pairs, seats, True)


@pytest.mark.slow
def test_two_hundred_honest_games_tell_no_lie_in_words_beyond_their_claims() -> None:
    rulesets = [r.id for r in all_rulesets()]
    statements, lies, problems = 0, 0, []
    for game in range(GAMES):
        ruleset, lang = rulesets[game % len(rulesets)], ("en", "zh")[game % 2]
        sides, found = play(ruleset, game, lang)
        for v in found:
            statements += 1
            lies += v.lie_words
            if (sides[v.seat] == "good" and v.lie_words) or v.lie_words != v.lie_claim or v.contradiction:
                problems.append(f"{ruleset} {lang} seed {game} seat {v.seat}: {v.text!r} read as {v.reading}")
    assert problems == []
    assert statements > 5000 and lies > 0  # the killers' posed civilian claims are read, in words as in claims
