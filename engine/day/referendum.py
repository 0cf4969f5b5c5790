"""v1.0: everyone speaks, then one referendum; the most votes is executed (000/002/003 v1.0)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from engine.day.common import ask_votes, first_dead_or_none, leaders, lot, others, statement, tally
from engine.moves.decisions import Action
from engine.ruleset import Judge


@dataclass(frozen=True)
class Referendum:
    """Speakers still to talk; after them the vote, and at most one revote among the tied."""

    queue: tuple[int, ...]
    revote: tuple[int, ...] = ()


class ReferendumDay:
    """000 v1.0: "After a referendum, one person was selected, and then the suspect was executed"."""

    key: ClassVar[str] = "referendum"  # names the procedure in the words tables (words/rules_card.py)

    def begin(self, judge: Judge) -> None:
        order = judge.speaking_order(first_dead_or_none(judge))
        judge.update(day_state=Referendum(tuple(order[1:])))
        judge.ask(statement(judge, order[0], accuse=True))

    def on_answers(self, judge: Judge, answers: tuple[Action, ...]) -> None:
        day: Referendum = judge.state.day_state
        if day.queue:
            judge.update(day_state=replace(day, queue=day.queue[1:]))
            judge.ask(statement(judge, day.queue[0], accuse=True))
        elif answers[0].kind.value == "statement":
            living = judge.state.living()
            ask_votes(judge, living, {v: others(judge, v) for v in living})
        else:
            self._count(judge, day, answers)

    def _count(self, judge: Judge, day: Referendum, answers: tuple[Action, ...]) -> None:
        top = leaders(tally(judge, answers))
        if len(top) == 1:
            judge.execute(top[0])
        elif not day.revote and top:
            # ruling R-v1-tie: the seeds are silent; one revote among the tied, then a lot.
            judge.update(day_state=replace(day, revote=tuple(top)))
            living = judge.state.living()
            ask_votes(judge, living, {v: [t for t in top if t != v] or list(top) for v in living}, ballot=2)
        else:
            judge.execute(lot(judge, top or judge.state.living(), "v1_vote_tie"))
