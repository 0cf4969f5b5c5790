"""What drivers (the orchestrator, agents, the TUI, balance studies) may ask the engine instead of re-deriving it:
whether an action is legal, which requests to gather now, and the one legal default when a seat fails."""

from __future__ import annotations

from engine.errors import IllegalActionError
from engine.legality.validate import check_action, find_request
from engine.moves.decisions import Action, DecisionKind, Request, Target
from engine.state import GameState


def why_illegal(state: GameState, action: Action) -> str | None:
    """None when the judge takes `action` now, else the refusal ("rule: detail"); nothing is applied or drawn."""
    try:
        check_action(state, find_request(state, action), action)
    except IllegalActionError as exc:
        return str(exc)
    return None


def is_legal(state: GameState, action: Action) -> bool:
    """Whether the judge takes `action` now (python-chess's board.is_legal)."""
    return why_illegal(state, action) is None


def is_batch(pending: tuple[Request, ...]) -> bool:
    """Several requests at once, or one marked simultaneous: answers are gathered before any is applied."""
    return len(pending) > 1 or any(r.simultaneous for r in pending)


def current_batch(state: GameState) -> tuple[Request, ...]:
    """The requests to ask now: every pending one of a simultaneous step, else the one sequential request."""
    pending = state.pending
    return pending if is_batch(pending) else pending[:1]


def default_action(request: Request, avoid: frozenset[int] = frozenset()) -> Action:
    """The one legal fallback for a seat that failed to answer: no action / no hand / no accusation where
    allowed, else the lowest legal choice (avoiding the seats in `avoid`, e.g. the seat's own teammates, when it
    can); no speech; never a confession. In a later team-talk round the seat keeps its own proposal."""
    target = _lowest(request.targets, avoid) if request.kind in (DecisionKind.NIGHT, DecisionKind.VOTE) else None
    kept = request.proposal_of(request.seat)
    if request.round > 1 and kept is not None and kept in request.targets:
        target = kept
    accusation = _lowest(request.accusations, avoid)
    assert not isinstance(accusation, tuple)  # accusations name seats
    return Action(request.seat, request.kind, target=target, accusation=accusation, slot=request.slot,
                  round=request.round)


def _lowest(options: tuple[Target | None, ...] | tuple[int | None, ...], avoid: frozenset[int]) -> Target | None:
    if not options or None in options:
        return None
    legal = [o for o in options if o is not None]
    preferred = [o for o in legal if _seat(o) not in avoid] or legal
    return min(preferred, key=lambda o: o if isinstance(o, tuple) else (o, 0))


def _seat(target: Target) -> int:
    return target[0] if isinstance(target, tuple) else target
