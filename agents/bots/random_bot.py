"""The random legal player: for tests, simulations and balance studies."""

from __future__ import annotations

import random
from dataclasses import replace

from agents.base import Annotation, Decision
from agents.bots.levels import bot_seed
from agents.bots.team_talk import random_proposal
from agents.view import SeatView
from engine import SPEAKING, Action, Claim, Request, get_ruleset

CLAIM_RATE = 0.3  # how often a random speaker claims a (random) role

CONFESS_RATE = 0.02  # how often a random seat that may jump-kill does so


def choose(request: Request, rng: random.Random) -> Action:
    """A uniformly random legal answer to `request` (fast and synchronous: `killer simulate` uses it)."""
    target = rng.choice(request.targets) if request.targets else None
    followed = random_proposal(request, rng)  # team talk: follow one of the team's proposals
    target = followed if followed is not None else target
    accusation = rng.choice(request.accusations) if request.counts_accusation else None
    confess = request.may_confess and rng.random() < CONFESS_RATE
    return Action(request.seat, request.kind, target=target, accusation=accusation, confess=confess,
                  slot=request.slot, round=request.round)


class RandomAgent:
    """An Agent that answers at random; deterministic in (seed, seat, what it has seen, the request), and in the
    tournament contestant it plays as (agents/bots/levels.py `bot_seed`)."""

    kind = "random"

    def __init__(self, seed: int, contestant: str | None = None) -> None:
        self.seed = bot_seed(seed, contestant)

    async def decide(self, view: SeatView, request: Request) -> Decision:
        rng = random.Random(f"{self.seed}:{view.seat}:{len(view.events)}:{request.kind.value}:{request.slot}")
        action = choose(request, rng)
        if request.kind in SPEAKING and request.may_speak and not action.confess and rng.random() < CLAIM_RATE:
            role = rng.choice(get_ruleset(view.ruleset).roles())
            action = replace(action, claim=Claim(role=role))
        return Decision(action=action, claimed_role=action.claim.role if action.claim else None,
                        annotation=Annotation("random"))
