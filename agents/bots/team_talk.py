"""How the bots answer a later round of team talk at night (ruling R-team-talk): the judge has shown the team
each member's proposal; a bot goes with the team's plurality so the team agrees instead of leaving it to a lot."""

from __future__ import annotations

import random
from collections import Counter

from engine import Request, Target


def legal_proposals(request: Request) -> list[Target]:
    """The targets the team proposed in the round before that this seat may choose, in calling order."""
    return [t for _, t in request.proposals if t is not None and t in request.targets]


def plurality_proposal(request: Request) -> Target | None:
    """The proposal most members made (the seat's own counts too); a tie goes to the proposal named first in
    calling order, so every member that follows this rule picks the same target. None: not a later round, or
    nothing proposed that this seat may choose."""
    if request.round <= 1:
        return None
    named = legal_proposals(request)
    if not named:
        return None
    counts = Counter(named)
    best = max(counts.values())
    return next(t for t in named if counts[t] == best)


def random_proposal(request: Request, rng: random.Random) -> Target | None:
    """A random player's later round: one of the team's proposals, at random (None: nothing to follow)."""
    named = legal_proposals(request) if request.round > 1 else []
    return rng.choice(named) if named else None
