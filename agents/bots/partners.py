"""The partners a bot never acts against: every seat the judge showed it (agents/view.py `shown_partners`, the one
owner: the undercover the killers are shown, the killers v5's undercover is shown). A bot does not kill, check,
shoot or silence one at night, propose one to its team, vote against one, accuse one, or report one a killer in a
claimed check (issue 37). Plays the seeds document stay possible: a v5 killer may kill "the other one in your
hand" (000 v5.0), its own card, which is not a partner.

`acts_against` names such acts in one decision; the bots use `spare` to keep them out of their options, and the
tests and benchmarks/bench_partner_acts.py count them over whole games."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from agents.view import SeatView, shown_partners
from engine import Action, DecisionKind, Request, Target
from engine.record.catalog import CheckResult
from engine.roles import Effect, effect_of

T = TypeVar("T", bound=Target | None)


def seat_of(target: Target | None) -> int | None:
    """The seat a target names (a v5 card's seat); None for a pass."""
    if target is None:
        return None
    return target[0] if isinstance(target, tuple) else target


def spare(options: Iterable[T], partners: Iterable[int]) -> list[T]:
    """`options` less every target on a partner's seat (the seat's own cards stay: they are not partners)."""
    out = set(partners)
    return [t for t in options if seat_of(t) not in out]


def last_resort(options: list[T], me: int, partners: Iterable[int], own_first: bool = False) -> T:
    """The pick where the request leaves a seat only its own side to name and no pass: never a shown partner
    where anything else is legal; another seat of its side before itself, or (`own_first`, a v5 kill: "the other
    one in your hand", 000 v5.0) its own card first. `options` is not empty."""
    shown = set(partners)
    mine = [o for o in options if seat_of(o) == me]
    others = spare([o for o in options if seat_of(o) != me], shown)
    order = [*mine, *others] if own_first else [*others, *mine]
    return order[0] if order else options[0]


# the acts against a shown partner `acts_against` names
NIGHT_PICK, VOTED_OUT, ACCUSED, FRAMED = "night pick", "vote against", "accusation", "check claimed"


def acts_against(view: SeatView, action: Action, request: Request | None = None) -> list[str]:
    """What `action`, the answer to `request`, does against a partner the judge showed this seat: a night pick (a
    harmful night choice or team proposal on one: the request's action's effect decides, a protection or v5's
    take is no act against), a vote against one, an accusation of one, or a claimed check reporting one a killer.
    Empty when it does nothing of the kind. A choice the request forces (every legal target on a shown partner,
    no pass) is no act of the seat's and is not named."""
    shown = shown_partners(view)
    if not shown:
        return []
    out: list[str] = []
    free = request is None or bool(spare(request.targets, shown))
    if action.kind is DecisionKind.NIGHT and seat_of(action.target) in shown and free \
            and effect_of(request.action if request is not None else None) in (Effect.HARMFUL, None):
        out.append(NIGHT_PICK)
    if action.kind is DecisionKind.VOTE and seat_of(action.target) in shown and free:
        out.append(VOTED_OUT)
    if action.accusation is not None and action.accusation in shown \
            and (request is None or bool(spare(request.accusations, shown))):
        out.append(ACCUSED)
    checks = action.claim.checks if action.claim is not None else ()
    if any(c.result == CheckResult.KILLER and seat_of(c.target) in shown for c in checks):
        out.append(FRAMED)
    return out
