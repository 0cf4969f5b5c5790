"""v2.0 classic day: statements, a vote for the two most suspected, their final words, a revote."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from engine.day.common import (
    ask_votes,
    defense,
    first_dead_or_none,
    leaders,
    lot,
    others,
    statement,
    tally,
)
from engine.moves.decisions import Action, DecisionKind
from engine.record.catalog import EventKind
from engine.ruleset import Judge


@dataclass(frozen=True)
class TwoSuspects:
    """Where the day stands: talk, first vote, the suspects' final statements, the final vote."""

    stage: str
    queue: tuple[int, ...] = ()
    suspects: tuple[int, ...] = ()


class TwoSuspectsDay:
    """000 v2.0: "a show of hands to select the two most suspects, who then make their final
    statements and justifications. After another vote, the person with the most votes is killed"."""

    key: ClassVar[str] = "two_suspects"  # names the procedure in the words tables (words/rules_card.py)

    def begin(self, judge: Judge) -> None:
        # 000 v2.0: "the person next to the murdered person begins to state his opinions one by one".
        order = judge.speaking_order(first_dead_or_none(judge))
        judge.update(day_state=TwoSuspects("talk", tuple(order[1:])))
        judge.ask(statement(judge, order[0], accuse=True))

    def on_answers(self, judge: Judge, answers: tuple[Action, ...]) -> None:
        day: TwoSuspects = judge.state.day_state
        if day.queue:
            judge.update(day_state=replace(day, queue=day.queue[1:]))
            ask = statement(judge, day.queue[0], accuse=True) if day.stage == "talk" else defense(
                judge, day.queue[0])
            judge.ask(ask)
        elif day.stage == "talk":
            living = judge.state.living()
            judge.update(day_state=replace(day, stage="first_vote"))
            ask_votes(judge, living, {v: others(judge, v) for v in living})
        elif day.stage == "first_vote":
            self._pick_suspects(judge, answers)
        elif day.stage == "final_words":
            self._final_vote(judge, day)
        else:
            self._verdict(judge, day, answers)

    def _pick_suspects(self, judge: Judge, answers: tuple[Action, ...]) -> None:
        counts = tally(judge, answers)
        ranked = sorted(counts, key=lambda s: (-counts[s], s))
        suspects: list[int] = []
        while len(suspects) < 2 and ranked:
            best = counts[ranked[0]]
            tied = [s for s in ranked if counts[s] == best]
            need = 2 - len(suspects)
            while len(tied) > need:  # ruling R-v2-suspect-tie: ties for a place are drawn by lot
                tied.remove(lot(judge, tied, "v2_suspect_tie"))
            suspects.extend(tied)
            ranked = [s for s in ranked if counts[s] < best]
        if len(suspects) < 2:  # nobody (or one) was voted: fill from the living by lot
            pool = [s for s in judge.state.living() if s not in suspects]
            while len(suspects) < 2 and pool:
                pick = lot(judge, pool, "v2_suspect_fill")
                suspects.append(pick)
                pool.remove(pick)
        order = sorted(suspects)
        judge.emit(EventKind.SUSPECTS, seats=order)
        judge.update(day_state=TwoSuspects("final_words", tuple(order[1:]), tuple(order)))
        judge.ask(defense(judge, order[0]))

    def _final_vote(self, judge: Judge, day: TwoSuspects) -> None:
        # ruling R-v2-final-vote: the two suspects do not vote on themselves.
        voters = [s for s in judge.state.living() if s not in day.suspects]
        if not voters:
            judge.execute(lot(judge, list(day.suspects), "v2_final_tie"))
            return
        judge.update(day_state=replace(day, stage="final_vote"))
        ask_votes(judge, voters, {v: list(day.suspects) for v in voters}, ballot=2)

    def _verdict(self, judge: Judge, day: TwoSuspects, answers: tuple[Action, ...]) -> None:
        top = leaders(tally(judge, [a for a in answers if a.kind is DecisionKind.VOTE]))
        judge.execute(top[0] if len(top) == 1 else lot(judge, top or list(day.suspects), "v2_final_tie"))
