"""The scenarios the claim checkers generate (words/claims/check.py, check_night.py, check_advice.py): the
engine's own seeded deals, a fixed deal fitting a scenario, a night plan from the judge's first-night requests
answered by a chooser, a quiet night that harms nobody but a victim, in the `killer scenario` format
(engine/scenario.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

import engine
from engine import Request
from engine.moves.decisions import Target
from engine.record.events import Event
from engine.ruleset import Ruleset
from engine.state import GameState

SEEDS = 24  # deals per table for what depends on the deal (counts, eyes-open groups, calls)
Hands = list[list[str]]


# -- the deal ------------------------------------------------------------------------------------------------------
def deals(ruleset: str, players: int, seeds: int = SEEDS) -> list[tuple[GameState, list[Event]]]:
    """The engine's own first night of `seeds` seeded games."""
    return [engine.new_game(ruleset, random.Random(seed), players=players) for seed in range(seeds)]


def hands_of(state: GameState) -> Hands:
    return [list(s.cards) for s in state.seats]


def base_hands(rules: Ruleset, players: int, fits: Callable[[Hands], bool] = lambda h: True
               ) -> tuple[Hands, str | None]:
    """A fixed deal for the scenarios: one-card tables the ruleset's table in order; v5 the engine's deal of the
    first seed whose hands `fit` the scenario."""
    if rules.dealer is None:
        return [[r] for r in rules.composition(players)], None
    for seed in range(200):
        state, _ = engine.new_game(rules.id, random.Random(seed), players=players)
        if fits(hands_of(state)):
            return hands_of(state), state.judge_card
    raise LookupError(f"no {rules.id} deal of {players} in 200 seeds fits the scenario")


# -- scenarios generated from a claim ------------------------------------------------------------------------------
def _json(target: Target | None) -> Any:
    return list(target) if isinstance(target, tuple) else target


def night_plan(state: GameState, choose: Callable[[Request], Target | None]) -> dict[str, Any]:
    """A scenario night from the judge's first-night requests: each request answered by `choose`. One-card tables:
    each seat's choice (`{"seat": target}`); v5: one target per card, in the judge's order."""
    plan: dict[str, Any] = {}
    cards = any(len(s.cards) > 1 for s in state.seats)
    for req in state.pending:
        role = str(req.role)
        if cards:
            plan.setdefault(role, []).append(_json(choose(req)))
        else:
            plan.setdefault(role, {})[str(req.seat)] = _json(choose(req))
    return plan


def quiet_chooser(state: GameState, spare: Iterable[int], victim: int | None = None,
                  picks: dict[str, Target | None] | None = None) -> Callable[[Request], Target | None]:
    """A night where only `victim` (if any) is harmed: the killers name the victim (v5: its first card), every
    other call passes where it may, else names a card or seat of a seat outside `spare` and the victim, its own
    seat first where it may (a save, a hug, a silence on itself harms nobody else). `picks` override by role."""
    avoid = set(spare) | ({victim} if victim is not None else set())

    def seat_of(t: Target | None) -> int | None:
        return t[0] if isinstance(t, tuple) else t

    def choose(req: Request) -> Target | None:
        if picks and str(req.role) in picks:
            return picks[str(req.role)]
        legal = list(req.targets)
        if req.action == "kill" and victim is not None:
            return next(t for t in legal if seat_of(t) == victim)
        if None in legal:
            return None
        own = [t for t in legal if seat_of(t) == req.seat and seat_of(t) not in avoid]
        if own and req.action in ("save", "hug", "silence"):
            return own[0]
        others = [t for t in legal if seat_of(t) not in avoid and seat_of(t) != req.seat]
        return (others or own or legal)[-1]

    return choose


def scenario(rules: Ruleset, hands: Hands, judge_card: str | None, script: list[dict[str, Any]]) -> dict[str, Any]:
    spec: dict[str, Any] = {"ruleset": rules.id, "seats": [h[0] if len(h) == 1 else h for h in hands],
                            "script": script}
    if judge_card is not None:
        spec["judge_card"] = judge_card
    return spec


def start(rules: Ruleset, hands: Hands, judge_card: str | None) -> GameState:
    state, _ = engine.new_game(rules.id, random.Random(0), hands=hands, judge_card=judge_card)
    return state
