"""Dawn for v3 / v3.5 / v3.8: the killers' kill, the police check, the doctor's save, the secret police.

v3 (000/002/003 v3.0): the secret police cannot be killed by the killers before he has used his one shot,
and the shot only kills a killer. v3.5/v3.8 (004 standard rules): a rifle with one bullet that kills anyone,
even a seat the doctor saved, and a vest that stops one killers' attack.
"""

from __future__ import annotations

from engine.moves.decisions import Target
from engine.night.basic import announce, police_check, team_target
from engine.record.catalog import EventKind
from engine.record.events import JUDGE_ONLY
from engine.ruleset import Judge, NightChoices
from engine.state import GameState

SP = "secret_police"
BULLET = "bullet"  # the v3 privilege / the v3.5 rifle's one bullet
VEST = "vest"  # the v3.5 bulletproof vest


def spent(state: GameState, power: str, seat: int) -> bool:
    """Whether this seat's once-per-game `power` is used up."""
    return (power, seat, 1) in state.spent


def has_bullet(state: GameState, seat: int, slot: int = 1) -> bool:
    """The secret police opens his eyes only while his shot is unused (000 v3.0: "once used, it cannot
    be used again"); holding fire keeps it (002 v3.0: "秘密警察可以选择使用或不使用")."""
    return not spent(state, BULLET, seat)


def spend(judge: Judge, power: str, seat: int) -> None:
    """Marks a once-per-game power as used (judge only: the seeds have the judge keep the record)."""
    judge.update(spent=judge.state.spent | {(power, seat, 1)})
    judge.emit(EventKind.POWER_SPENT, JUDGE_ONLY, seat=seat, power=power, night=judge.state.night)


def _shot(choices: NightChoices) -> tuple[int, int] | None:
    """(secret police seat, target) when he fired tonight."""
    for pick in choices.get("shoot", []):
        if isinstance(pick.target, int):
            return pick.actor, pick.target
    return None


def _kill_once(judge: Judge, seat: int, cause: str, dead: list[int]) -> None:
    if judge.kill(seat, cause):
        dead.append(seat)


def _saved(judge: Judge, kill: Target | None, save: Target | None) -> bool:
    """002 v3.0: "被指的人如果刚好是被杀的，则此人被医生救活"."""
    if isinstance(kill, int) and kill == save:
        judge.emit(EventKind.SAVED, JUDGE_ONLY, seat=kill, by="doctor")
        return True
    return False


def resolve_v3(judge: Judge, choices: NightChoices) -> None:
    """v3.0 dawn: the killers' victim dies unless saved or an immune secret police; a shot kills a killer."""
    state = judge.state
    kill, save, shot = team_target(choices, "kill"), team_target(choices, "save"), _shot(choices)
    police_check(judge, choices)
    dead: list[int] = []
    if isinstance(kill, int) and not _saved(judge, kill, save):
        # 002 v3.0: "在秘密警察没有使用特权之前，他是不能被杀手杀死的 ... 天亮后他也不会死".
        # Ruling R-sp-immunity: judged against the shot as it stood before tonight; the killers act before
        # the secret police, so the night he fires he is still immune, and from the next night he can die.
        if state.seat(kill).holds(SP) and has_bullet(state, kill):
            judge.emit(EventKind.IMMUNE, JUDGE_ONLY, seat=kill, rule="R-sp-immunity")
        else:
            _kill_once(judge, kill, "killed", dead)
    if shot is not None:
        sp, target = shot
        spend(judge, BULLET, sp)  # 002 v3.0: "是否指对人，他的权利在一盘游戏中只有一次"
        # 002 v3.0: "如果被指的人是杀手，则该杀手被秘密警察杀死，如果被指的人不是杀手，则没有任何效果".
        # Ruling R-v3-shot-save: the doctor undoes only the killers' kill ("被指的人如果刚好是被杀的").
        hit = state.seat(target).holds("killer")
        judge.emit(EventKind.SHOT, JUDGE_ONLY, seat=sp, target=target, hit=hit)
        if hit:
            _kill_once(judge, target, "shot", dead)
    announce(judge, dead)


def _vest_stops(judge: Judge, sp: int) -> bool:
    """004 V3.5 role 5: "防弹衣 ... 每局只能挡住一次杀手的子弹"; other rule 6: a doctor's save on the same
    night does not keep the vest ("防弹衣仍然失效")."""
    if spent(judge.state, VEST, sp):
        return False
    spend(judge, VEST, sp)
    judge.emit(EventKind.VEST, JUDGE_ONLY, seat=sp)
    return True


def resolve_rifle_vest(judge: Judge, choices: NightChoices) -> None:
    """004 V3.5/V3.8 dawn: kill (vest, save), check, then the rifle's bullet."""
    state = judge.state
    kill, save, shot = team_target(choices, "kill"), team_target(choices, "save"), _shot(choices)
    police_check(judge, choices)  # 004 V3.5 other rule 4: a checked traitor gets the good gesture
    dead: list[int] = []
    if isinstance(kill, int):
        is_sp = state.seat(kill).holds(SP)
        if not (is_sp and _vest_stops(judge, kill)) and not _saved(judge, kill, save):
            _kill_once(judge, kill, "killed", dead)
    if shot is not None:
        sp, target = shot
        spend(judge, BULLET, sp)  # 004 V3.5 role 5: "每局只有一发子弹"
        if sp in dead:
            # 004 V3.5 other rule 7: "如杀手杀到秘密警察，医生没有救护秘警，且防弹衣已经失效，
            # 则秘密警察打出的子弹即失效".
            judge.emit(EventKind.SHOT, JUDGE_ONLY, seat=sp, target=target, hit=False, rule="004 V3.5 other rule 7")
        else:
            # 004 V3.5 other rule 5: "秘密警察的子弹能杀死任何身份的人，即使此人经医生抢救".
            judge.emit(EventKind.SHOT, JUDGE_ONLY, seat=sp, target=target, hit=True)
            _kill_once(judge, target, "shot", dead)
    announce(judge, dead)
