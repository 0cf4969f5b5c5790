"""Checks an action against the request it answers; every refusal names the rule."""

from __future__ import annotations

from collections.abc import Callable

from engine.errors import IllegalActionError
from engine.legality.claims import check_claim
from engine.moves.decisions import MAX_TEAM_MESSAGE, Action, DecisionKind, Request, Target
from engine.state import GameState


def find_request(state: GameState, action: Action) -> Request:
    """The pending request this action answers, or an error saying why there is none."""
    if state.is_over():
        raise IllegalActionError("game_over", "the game is over; no more actions are taken")
    if not 1 <= action.seat <= len(state.seats):
        raise IllegalActionError("no_such_seat", f"there is no seat {action.seat}")
    for request in state.pending:
        if request.key() == action.key():
            return request
    if not state.seat(action.seat).alive:
        raise IllegalActionError("dead_cannot_act", f"seat {action.seat} is dead and cannot act")
    waiting = ", ".join(f"seat {r.seat} {r.kind.value}" for r in state.pending) or "nothing"
    raise IllegalActionError(
        "not_pending", f"seat {action.seat} is not asked for a {action.kind.value} now (waiting for: {waiting})"
    )


def check_action(state: GameState, request: Request, action: Action) -> None:
    """Raises IllegalActionError unless the action is one of the request's legal choices."""
    if action.confess and not request.may_confess:
        raise IllegalActionError("jump_kill_not_allowed", f"seat {action.seat} may not jump-kill (跳杀)")
    if action.speech and not request.may_speak:
        raise IllegalActionError("silenced", f"seat {action.seat} is silenced and may not speak")
    if request.kind in (DecisionKind.NIGHT, DecisionKind.VOTE) and action.target not in request.targets:
        raise IllegalActionError(_target_rule(state, request, action), _target_message(request, action))
    if not action.confess:
        _check_accusation(state, request, action)
    check_claim(state, request, action)
    _check_message(request, action)


def _check_message(request: Request, action: Action) -> None:
    """A message goes to the partners of a team night choice only, and is short (issue 19, R-team-talk)."""
    if not action.message:
        return
    if not request.may_message:
        raise IllegalActionError("no_team_message", f"seat {action.seat} has no partners to tell anything here")
    if len(action.message) > MAX_TEAM_MESSAGE:
        raise IllegalActionError("message_too_long", f"a message to the team is at most {MAX_TEAM_MESSAGE} "
                                 f"characters, not {len(action.message)}")


def _check_accusation(state: GameState, request: Request, action: Action) -> None:
    """A speech's accusation is one of its request's list (which always spells them out: a counted one, or any
    other living seat where the judge does not count it); votes and night choices name none."""
    legal: tuple[int | None, ...] = request.accusations or (None,)
    if action.accusation not in legal:
        rule = "must_accuse" if action.accusation is None else "illegal_accusation"
        raise IllegalActionError(rule, f"seat {action.seat} may not accuse {action.accusation} here")


def _target_rule(state: GameState, request: Request, action: Action) -> str:
    return target_rule(action.seat, action.target, len(state.seats), lambda n: state.seat(n).alive,
                       lambda n: request.role is not None and state.seat(n).holds(request.role))


def target_rule(seat: int, target: Target | None, players: int, alive: Callable[[int], bool],
                teammate: Callable[[int], bool]) -> str:
    """Why `target` is not among `seat`'s choices, as a rule id, from what the seat may know itself (the table's
    size, who is alive, its own teammates): the TUI words a person's refused entry with the rule the judge
    would name."""
    if target is None:
        return "must_choose"
    aimed = target[0] if isinstance(target, tuple) else target
    if not 1 <= aimed <= players:
        return "no_such_seat"
    if not alive(aimed):
        return "target_dead"
    if aimed == seat:
        return "no_self_target"
    if teammate(aimed):
        return "no_teammate_target"
    return "illegal_target"


def _target_message(request: Request, action: Action) -> str:
    what = request.action or request.kind.value
    legal = [t for t in request.targets]
    return f"seat {action.seat} cannot {what} {action.target!r} (legal: {legal})"
