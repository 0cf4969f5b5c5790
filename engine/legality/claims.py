"""Public claims: the role and check results a speaker tells the table, checked for form (not for truth: a
claim may be a lie, which is the point of the game and of the deception metrics)."""

from __future__ import annotations

from engine.errors import IllegalActionError
from engine.moves.decisions import CLAIM_RESULTS, MAX_CLAIMED_CHECKS, SPEAKING, Action, Request, Target
from engine.roles import ROLES
from engine.state import GameState


def check_claim(state: GameState, request: Request, action: Action) -> None:
    """Raises IllegalActionError unless the action's claim (if any) is one a speaker may make here: on a speech
    it may give (not silenced), a role of the game (any known role: a lie may name one not dealt; agents offer
    their ruleset's), checks of nights so far on seats (v5: cards) of this table, each a nod or a shake."""
    claim = action.claim
    if claim is None:
        return
    if request.kind not in SPEAKING:
        raise IllegalActionError("claim_not_allowed", f"a {request.kind.value} carries no claim")
    if not request.may_speak:
        raise IllegalActionError("silenced", f"seat {action.seat} is silenced and may not claim anything")
    if claim.role is not None and claim.role not in ROLES:
        raise IllegalActionError("unknown_claimed_role", f"{claim.role!r} is not a role of the game")
    if len(claim.checks) > MAX_CLAIMED_CHECKS:
        raise IllegalActionError("too_many_claimed_checks", f"a claim reports at most {MAX_CLAIMED_CHECKS} checks")
    for check in claim.checks:
        if not 1 <= check.night <= state.night:
            raise IllegalActionError("claimed_night", f"there was no night {check.night} yet")
        if check.result not in CLAIM_RESULTS:
            raise IllegalActionError("claimed_result", f"a check answers {' or '.join(CLAIM_RESULTS)}")
        if not _is_target(check.target, len(state.seats), len(state.seats[0].cards)):
            raise IllegalActionError("claimed_target", f"{check.target!r} is not a seat or card at this table")


def _is_target(target: Target, players: int, cards_per_seat: int) -> bool:
    if cards_per_seat > 1:
        return isinstance(target, tuple) and 1 <= target[0] <= players and 1 <= target[1] <= cards_per_seat
    return isinstance(target, int) and not isinstance(target, bool) and 1 <= target <= players
