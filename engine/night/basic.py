"""Dawn for the families without butterflies: the killers' victim dies unless saved; police get answers."""

from __future__ import annotations

from engine.moves.decisions import Target
from engine.night.common import step_members
from engine.record.catalog import EventKind
from engine.record.events import seats
from engine.roles import Effect, effect_of
from engine.ruleset import Judge, NightChoices
from engine.state import GameState


def team_target(choices: NightChoices, action: str) -> Target | None:
    """The (single) target chosen for `action` tonight, if any."""
    picks = choices.get(action, [])
    return picks[0].target if picks else None


def check_answer(state: GameState, target: int) -> str:
    """The judge nods for a killer and shakes his head for anyone else (000 v2.0; 004 V3.5 rule 4:
    a traitor gets the good gesture)."""
    return "killer" if state.seat(target).holds("killer") else "not_killer"


def police_check(judge: Judge, choices: NightChoices, answer: str | None = None) -> None:
    """Tells the police team (everyone who opened eyes for the check) the nod or the shake."""
    target = team_target(choices, "check")
    if not isinstance(target, int):
        return
    step = next(s for s in judge.rules.night_steps if s.action == "check")
    team = seats(s for s, _ in step_members(judge.state, step))
    result = answer if answer is not None else check_answer(judge.state, target)
    judge.emit(EventKind.CHECK_RESULT, team, night=judge.state.night, by="police", target=target, result=result)


def announce(judge: Judge, dead: list[int]) -> None:
    """法官宣布谁被杀死: the night's dead are named (not how they died), then dawn moves on."""
    dead = sorted(set(dead), key=dead.index)
    for seat in dead:
        judge.emit(EventKind.DEATH, seat=seat, public_cause="night")
    judge.after_night(dead)


def protector(judge: Judge, choices: NightChoices, victim: Target | None) -> str | None:
    """The role whose protective action (its row's effect: the doctor's save, or a new role's) chose the victim."""
    return next((s.role for s in judge.rules.night_steps if effect_of(s.action) is Effect.PROTECTIVE
                 and victim is not None and team_target(choices, s.action) == victim), None)


def resolve_kill_save_check(judge: Judge, choices: NightChoices) -> None:
    """v1/v2/v2.5: the killers' victim dies unless the doctor (any protective step) chose the same seat (004 V2.5
    III.10); the judge-only `saved` event names who saved it."""
    kill = team_target(choices, "kill")
    saver = protector(judge, choices, kill)
    police_check(judge, choices)
    dead: list[int] = []
    if isinstance(kill, int) and saver is None and judge.kill(kill, "killed"):
        dead.append(kill)
    elif isinstance(kill, int):
        judge.emit(EventKind.SAVED, seats([]), seat=kill, by=saver or "doctor")
    announce(judge, dead)
