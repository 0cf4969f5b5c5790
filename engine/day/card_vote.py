"""v5.0 day: everyone speaks in turn, then one public vote where "the living cards are your voting rights"."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from engine.day.common import ask_votes, leaders, statement, tally
from engine.moves.decisions import Action, DecisionKind
from engine.record.catalog import EventKind
from engine.ruleset import Judge


@dataclass(frozen=True)
class CardVote:
    """Speakers still to talk; then the vote."""

    queue: tuple[int, ...]


def first_card_death(judge: Judge) -> int | None:
    """The seat of the first card announced dead at this dawn (R-v5-order), or None.

    v5 has no last words, so the dawn and the day's start happen in the same apply(): the dawn is among the
    judge's current events."""
    for event in reversed(judge.events):
        if event.kind == "dawn":
            cards = event.data.get("cards") or []
            return int(cards[0][0]) if cards else None
    return None


class CardVoteDay:
    """000 v5.0 rule 2: "When voting by public opinion, the living cards are your voting rights ... The
    maximum is two votes"; rule 1: "Don't stop talking"."""

    key: ClassVar[str] = "card_vote"  # names the procedure in the words tables (words/rules_card.py)

    def begin(self, judge: Judge) -> None:
        # R-v5-order: 000 v2.0 "the person next to the murdered person begins to state his opinions one by
        # one"; with nobody dead, 004 V2.5 III.11 "由编号最小的玩家开始发言".
        order = judge.speaking_order(first_card_death(judge))
        judge.update(day_state=CardVote(tuple(order[1:])))
        judge.ask(statement(judge, order[0]))

    def on_answers(self, judge: Judge, answers: tuple[Action, ...]) -> None:
        day: CardVote = judge.state.day_state
        if day.queue:
            judge.update(day_state=replace(day, queue=day.queue[1:]))
            judge.ask(statement(judge, day.queue[0]))
        elif answers[0].kind is DecisionKind.STATEMENT:
            self._ask_votes(judge)
        else:
            self._count(judge, answers)

    def _ask_votes(self, judge: Judge) -> None:
        """R-v5-vote: every living seat must vote for a living seat, itself included (000 v4.0: "Everyone must
        vote for someone, and they can vote for themselves"), with one vote per living card."""
        living = judge.state.living()
        ask_votes(judge, living, {v: list(living) for v in living}, ballot=1)

    def _count(self, judge: Judge, answers: tuple[Action, ...]) -> None:
        """The most votes is kicked out, both cards (R-v5-execution); a tie kicks out nobody (R-v5-tie, 000
        v4.0: "If there are 2 or more people with the most votes, no one will die during the day")."""
        top = leaders(tally(judge, answers))
        if len(top) == 1:
            judge.execute(top[0])
            return
        if top:
            judge.emit(EventKind.VOTE_TIE, day=judge.state.day, seats=top)
        judge.execute(None)
