"""Dawn in v4.0 (000/002/003 v4.0 and 004 V4.0): the butterfly's hug, the sniper, the doctor's needles,
the killers, the police and the forest old man, resolved together (002 v4.0 3.A; 004 V4.0 other rules 4-6).

Rulings (docs/rules.md):
- R-v4-hug-copy: the hugged seat's own effects are void and it takes exactly the butterfly's effects
  (002 3.A: "花蝴蝶所抱的人与花蝴蝶受到相同影响" + "花蝴蝶所抱的人所受到的一切...效果无效").
- R-v4-kill-and-snipe: a seat both killed and sniped dies even when needled (004 V4.0 rule 4: "既被杀又被狙击";
  002's "既被扎又被狙" is a known slip: read literally it would make every needle on a sniped seat useless).
- R-v4-empty-needle: a needle on a seat neither killed nor sniped is an empty needle, counted per seat for the
  whole game; the second one kills (002 3.A: "记录下每人累计空针 ... 如某人累计两针空针，则死亡").
- R-v4-check-hugged (v4-classic): the police checking the hugged seat get no answer (002 2.E: "如果警察验证的是
  花蝴蝶所抱之人，法官不给警察任何提示信息"); R-v4std-check-hugged: 004 V4.0 has no such rule, the check is answered.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.night.basic import check_answer, police_check
from engine.record.catalog import EventKind
from engine.record.events import JUDGE_ONLY
from engine.ruleset import Judge, NightChoices, Resolver

KILL = "kill"
SNIPE = "snipe"
NEEDLE = "save"  # the doctor's needle (扎针) uses the doctor's usual action name
SILENCE = "silence"
HUG = "hug"
EFFECTS = (KILL, SNIPE, NEEDLE, SILENCE)  # the four things a hug passes on and shields from (002 3.A)
NO_ANSWER = "no_answer"


@dataclass(frozen=True, slots=True)
class Dawn:
    """What the night did: the dead (in announcement order), the silenced, and the needle counts."""

    dead: tuple[int, ...]
    silenced: frozenset[int]
    needles: tuple[int, ...]
    marks: dict[int, frozenset[str]]


def _pick(choices: NightChoices, action: str) -> tuple[int, int | None]:
    """(actor, target seat) for a one-target step; (0, None) when nobody acted."""
    picks = choices.get(action, [])
    if not picks or not isinstance(picks[0].target, int):
        return 0, None
    return picks[0].actor, picks[0].target


def night_marks(choices: NightChoices) -> dict[int, frozenset[str]]:
    """Every seat's effects after the hug: 002 3.A "花蝴蝶如被杀，被狙，被扎针，被禁言，花蝴蝶所抱的人与
    花蝴蝶受到相同影响。花蝴蝶所抱的人所受到的一切被杀，被狙，被扎针，被禁言效果无效" (R-v4-hug-copy)."""
    butterfly, hugged = _pick(choices, HUG)
    marks: dict[int, set[str]] = {}
    for action in EFFECTS:
        _, target = _pick(choices, action)
        if target is not None and target != hugged:
            marks.setdefault(target, set()).add(action)
    if hugged is not None and butterfly in marks:
        marks[hugged] = set(marks[butterfly])
    return {seat: frozenset(m) for seat, m in marks.items()}


def fate(marks: frozenset[str], empty_needles: int) -> tuple[str | None, int]:
    """(cause of death or None, empty needles after tonight) for one seat's effects (002 3.A; 004 V4.0 rule 4)."""
    hit = KILL in marks or SNIPE in marks
    if KILL in marks and SNIPE in marks:
        return "killed_and_sniped", empty_needles  # R-v4-kill-and-snipe: "即使医生救助，此人仍死亡"
    if hit and NEEDLE in marks:
        return None, empty_needles  # "如果被狙或者被杀的人被医生扎针，则此人不死"
    if hit:
        return ("killed" if KILL in marks else "sniped"), empty_needles
    if NEEDLE in marks:  # "没有被狙或者被杀，但是被医生扎针，则此人被扎空针"
        count = empty_needles + 1
        return ("two_empty_needles" if count >= 2 else None), count  # "累计两针空针，则死亡"
    return None, empty_needles


def dawn(needles: tuple[int, ...], choices: NightChoices, descending: bool = False) -> Dawn:
    """The whole night's outcome, without touching the state (pure: easy to test and to reason about)."""
    marks = night_marks(choices)
    counts = list(needles)
    dead: list[int] = []
    for seat in sorted(marks, reverse=descending):
        cause, counts[seat - 1] = fate(marks[seat], counts[seat - 1])
        if cause is not None:
            dead.append(seat)
    silenced = frozenset(s for s, m in marks.items() if SILENCE in m)
    return Dawn(tuple(dead), silenced, tuple(counts), marks)


def _causes(result: Dawn, needles: tuple[int, ...]) -> dict[int, str]:
    return {s: fate(result.marks[s], needles[s - 1])[0] or "" for s in result.dead}


def butterfly_resolver(hugged_check_blocked: bool, alternate_order: bool) -> Resolver:
    """A v4.0 dawn. `hugged_check_blocked`: R-v4-check-hugged. `alternate_order`: the dead are announced (and give
    last words) from the judge's seat ascending on odd nights, descending on even ones (002 3.B: "从法官位置开始
    顺序（第二轮变为逆序，第三轮再为顺序，以此类推）留遗言")."""

    def resolve(judge: Judge, choices: NightChoices) -> None:
        _, hugged = _pick(choices, HUG)
        _, checked = _pick(choices, "check")
        if checked is not None:  # the police are answered before anyone dies (they act during the night)
            blocked = hugged_check_blocked and checked == hugged
            police_check(judge, choices, NO_ANSWER if blocked else check_answer(judge.state, checked))
        state = judge.state
        descending = alternate_order and state.night % 2 == 0
        result = dawn(state.needles, choices, descending)
        causes = _causes(result, state.needles)
        judge.emit(EventKind.NIGHT_EFFECTS, JUDGE_ONLY, night=state.night, hugged=hugged,
                   marks={str(s): sorted(m) for s, m in sorted(result.marks.items())},
                   empty_needles=list(result.needles))
        judge.update(needles=result.needles, silenced=result.silenced)
        for seat in result.dead:
            judge.kill(seat, causes[seat])
        for seat in result.dead:
            judge.emit(EventKind.DEATH, seat=seat, public_cause="night")  # 002 3.B: announce who died, not how
        judge.after_night(list(result.dead))

    return resolve


__all__ = ["NO_ANSWER", "Dawn", "butterfly_resolver", "dawn", "fate", "night_marks"]
