"""Pieces every day procedure uses: asking for statements and votes, counting hands, breaking ties."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from engine.moves.decisions import Action, DecisionKind, Request, Target
from engine.ruleset import Judge
from engine.state import GameState


def statement(
    judge: Judge, seat: int, accuse: bool = False, must_accuse: bool = False, ballot: int = 0
) -> Request:
    """A day speech; with `accuse`, it names a suspect (004: each accusation counts as a vote)."""
    state = judge.state
    others: list[int | None] = [s for s in state.living() if s != seat]
    accusations = tuple(others if accuse and must_accuse else [*others, None])
    return Request(seat, DecisionKind.STATEMENT, accusations=accusations, counts_accusation=accuse,
                   may_speak=seat not in state.silenced, may_confess=may_jump_kill(state, judge.rules.jump_kill, seat),
                   ballot=ballot)


def may_jump_kill(state: GameState, jumpers: frozenset[str], seat: int) -> bool:
    """Whether `seat` may confess in its day speech (跳杀, 004 V2.5 other rule 3: "游戏中只允许杀手'跳杀'"): it holds a
    role allowed to, and (from rules revision 2, R-silenced-no-jump) it is not silenced, since a confession is made
    while speaking and the silenced "在白天不能发言，也不能有任何其他肢体动作，只能在指认一个号码" (004 V4.0 other
    rule 6)."""
    if not any(state.seat(seat).holds(role) for role in jumpers):
        return False
    return state.revision < 2 or seat not in state.silenced


def speech_accusations(state: GameState, seat: int) -> tuple[int | None, ...]:
    """A speech that does not count accusations may still name any other living seat, or nobody."""
    return (*(s for s in state.living() if s != seat), None)


def defense(judge: Judge, seat: int) -> Request:
    """The accused speaks for himself (silenced seats stay mute but are still asked)."""
    return Request(seat, DecisionKind.DEFENSE, accusations=speech_accusations(judge.state, seat),
                   may_speak=seat not in judge.state.silenced)


def vote(
    judge: Judge, seat: int, targets: Sequence[Target | None], ballot: int = 1, simultaneous: bool = False
) -> Request:
    """A show of hands; the weight is the seat's living cards (000 v5.0 rule 2; 1 elsewhere)."""
    return Request(seat, DecisionKind.VOTE, targets=tuple(targets), weight=hand_weight(judge, seat), ballot=ballot,
                   simultaneous=simultaneous)


def hand_weight(judge: Judge, seat: int) -> int:
    """How many votes a hand carries: "the living cards are your voting rights" (000 v5.0 rule 2); else 1."""
    return judge.state.seat(seat).living_cards() if judge.rules.cards_per_seat > 1 else 1


def ask_votes(
    judge: Judge, voters: Iterable[int], targets_for: dict[int, list[Target | None]], ballot: int = 1
) -> None:
    """Everyone raises hands at once (003 note 6: "投票必须在第一时间举手")."""
    judge.ask(*(vote(judge, v, targets_for[v], ballot, simultaneous=True) for v in voters))


def tally(judge: Judge, answers: Iterable[Action]) -> Counter[int]:
    """Votes per target (weighted by living cards in v5); hands kept down count for nobody."""
    counts: Counter[int] = Counter()
    for a in answers:
        if a.kind is DecisionKind.VOTE and isinstance(a.target, int):
            counts[a.target] += hand_weight(judge, a.seat)
    return counts


def accusation_tally(answers: Iterable[Action]) -> Counter[int]:
    """004 V2.0 III.10: "所有玩家每被其他玩家指认一次即得到1票"."""
    return Counter(a.accusation for a in answers if a.accusation is not None and not a.confess)


def leaders(counts: Counter[int]) -> list[int]:
    """The seats with the most votes (several when tied), ascending; empty when nobody got any."""
    if not counts:
        return []
    best = max(counts.values())
    return sorted(s for s, c in counts.items() if c == best)


def lot(judge: Judge, tied: list[int], reason: str) -> int:
    """004 V2.0 other rule 1: ties are settled by rock-paper-scissors, recorded as a public draw."""
    return judge.draw(sorted(tied), reason)  # type: ignore[no-any-return]


def others(judge: Judge, seat: int) -> list[Target | None]:
    """Every living seat but `seat`."""
    return [s for s in judge.state.living() if s != seat]


def first_dead_or_none(judge: Judge) -> int | None:
    """The seat the day's speaking starts after: the first of the night's dead, or none (seat 1 starts)."""
    dead = judge.state.night_dead
    return dead[0] if dead else None
