"""How the bots answer a later round of team talk at night (ruling R-team-talk): the judge has shown the team
each member's proposal; a bot goes with the team's plurality so the team agrees instead of leaving it to a lot.
Where each card gives its own order after the talk (v5's killers, R-v5-killer-talk), a bot keeps its order
unless a partner called before it already names the same card, and then picks another."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from agents.bots.partners import spare
from engine import Request, Target


def legal_proposals(request: Request, partners: Iterable[int] = ()) -> list[Target]:
    """The targets the team proposed in the round before that this seat may choose, in calling order; none on the
    seat of a partner it was shown (`partners`, agents/bots/partners.py: a member's proposal on one is not
    followed)."""
    return spare([t for _, t in request.proposals if t is not None and t in request.targets], partners)


def plurality_proposal(request: Request, partners: Iterable[int] = ()) -> Target | None:
    """The proposal most members made (the seat's own counts too); a tie goes to the proposal named first in
    calling order, so every member that follows this rule picks the same target. None: not a later round, or
    nothing proposed that this seat may choose (a proposal on a shown partner, `partners`, is not counted)."""
    if request.round <= 1:
        return None
    named = legal_proposals(request, partners)
    if not named:
        return None
    counts = Counter(named)
    best = max(counts.values())
    return next(t for t in named if counts[t] == best)


def random_proposal(request: Request, rng: random.Random) -> Target | None:
    """A random player's later round: one of the team's proposals, at random (None: nothing to follow)."""
    named = legal_proposals(request) if request.round > 1 else []
    return rng.choice(named) if named else None


def own_order(request: Request) -> tuple[int, Target | None] | None:
    """(place in calling order, target) of this card's order in the round before (None: round 1 or not found);
    a seat holding two of the cards is listed once per card, in slot order."""
    mine = [(i, t) for i, (s, t) in enumerate(request.proposals) if s == request.seat]
    if request.round <= 1 or not mine:
        return None
    return mine[0] if request.slot == 1 or len(mine) == 1 else mine[-1]


def spread_targets(request: Request) -> tuple[Target | None, ...] | None:
    """A later round of card talk (R-v5-killer-talk): None to keep the card's order of the round before, or the
    legal targets to choose anew from when a card called before it already names the same one (two kills on one
    card waste one): every legal target no member names (None when every one is named)."""
    own = own_order(request)
    if own is None:
        return None
    place, target = own
    if target is None or all(t != target for _, t in request.proposals[:place]):
        return None
    named = {t for _, t in request.proposals}
    free = tuple(t for t in request.targets if t not in named)
    return free or None
