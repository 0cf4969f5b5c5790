"""v4.0 classic day (000/002/003 v4.0 3.C-3.E): one round of statements, each speaker voting right after
speaking; the most votes is executed, a tie at the top spares everyone.

Rulings (docs/rules.md):
- R-v4-direction: day N runs "顺序" (seat numbers ascending) when N is odd and "逆序" (descending) when even
  (002 3.C: "首轮为顺序，次轮为逆序，依此类推"), the same alternation as the night's last words.
- R-v4-speak-start: speaking starts with the living seat after the last of the night's dead in the day's direction
  (silenced dead keep their place in the order); with no night dead it starts from the judge's position
  (seat 1 ascending, the highest seat descending).
- R-v4-vote-ballot: all of a day's votes form one count (Request.ballot = 1).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import ClassVar

from engine.day.common import leaders, statement, vote
from engine.moves.decisions import Action, DecisionKind
from engine.record.catalog import EventKind
from engine.ruleset import Judge

BALLOT = 1


@dataclass(frozen=True, slots=True)
class RoundVote:
    """Speakers still to come after the current one, and the votes cast so far (voter, target)."""

    queue: tuple[int, ...]
    votes: tuple[tuple[int, int], ...] = ()


def descending_day(day: int) -> bool:
    """R-v4-direction: even days go round the table backwards."""
    return day % 2 == 0


def day_order(judge: Judge) -> list[int]:
    """R-v4-speak-start: 002 3.C "从最后一个遗言死者同序下一人开始辩护 ... 直到最后遗言死者上一家辩护并投票完毕"."""
    state = judge.state
    direction = -1 if descending_day(state.day) else 1
    if state.night_dead:
        return judge.speaking_order(state.night_dead[-1], direction)
    if direction == 1:
        return judge.speaking_order(None)
    return judge.speaking_order(len(state.seats), -1, include=True)


class RoundVoteDay:
    """002 v4.0 3.C: "辩护完的人立即投票依次进行 ... 每个人都必须投一个人，可以投自己"."""

    key: ClassVar[str] = "round_vote"  # names the procedure in the words tables (words/rules_card.py)

    def begin(self, judge: Judge) -> None:
        order = day_order(judge)
        judge.update(day_state=RoundVote(tuple(order[1:])))
        judge.emit(EventKind.SPEAKING_ORDER, day=judge.state.day, order=order)
        judge.ask(statement(judge, order[0]))  # the silenced stay mute (statement() sets may_speak)

    def on_answers(self, judge: Judge, answers: tuple[Action, ...]) -> None:
        day: RoundVote = judge.state.day_state
        answer = answers[0]
        if answer.kind is DecisionKind.STATEMENT:
            # "辩护完的人立即投票": the speaker votes at once; anyone living, himself included ("可以投自己").
            judge.ask(replace(vote(judge, answer.seat, judge.state.living()), ballot=BALLOT))
            return
        votes = (*day.votes, (answer.seat, int(answer.target))) if isinstance(answer.target, int) else day.votes
        if day.queue:
            judge.update(day_state=RoundVote(day.queue[1:], votes))
            judge.ask(statement(judge, day.queue[0]))
            return
        self._verdict(judge, votes)

    def _verdict(self, judge: Judge, votes: tuple[tuple[int, int], ...]) -> None:
        counts = Counter(target for _, target in votes if judge.state.seat(target).alive)
        judge.emit(EventKind.VOTES_COUNTED, day=judge.state.day, ballot=BALLOT,
                   counts={str(s): c for s, c in sorted(counts.items())})
        top = leaders(counts)
        if len(top) != 1:
            # 002 3.E: "如票数最多的人为2人或2人以上，则本轮白天不死人"
            judge.execute(None, how="tie")
            return
        seat = top[0]
        # 002 3.E: the judge says "杀手被投死，没有遗言" or "好人被投死，请留遗言": the side is announced.
        side = "killer" if judge.state.seat(seat).holds("killer") else "good"
        judge.emit(EventKind.EXECUTED_SIDE, seat=seat, side=side)
        judge.execute(seat)
