"""004's standard-rules day: accusation rounds, the most accused defends, a show of hands needing more than
half, and a last life-and-death round (004 V2.0 III.10-11; V2.5/V3.5/V3.8/V4.0 III.11-15 the same with 2 rounds).

Rulings (docs/rules.md):
- R-nom-majority: "投票数超过半数" counts the hands for the defendant against the voters asked, i.e. every living
  seat but the defendant; a hand kept down is a "no". Passed when yes > voters / 2.
- R-nom-half: exactly half (yes == no: "投票人数和没投票人数相同") is one public lot between the two sides
  ("由双方各派一名代表出来猜拳"): result "executed" or "spared".
- R-nom-defendant-tie: tied most-accused seats play rock-paper-scissors; the drawn seat is the loser and defends.
- R-nom-final-tie: in the life-and-death round tied most-accused seats are settled the same way; the loser is out.
- R-nom-no-voters: a defendant with nobody left to vote on him is not voted out; the next round follows.
- R-nom-order: round 1 starts with the living seat after the first of the night's dead going up the seat
  numbers (or the lowest living seat when nobody died); later rounds start with the last defendant.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import ClassVar

from engine.day.common import defense, first_dead_or_none, hand_weight, leaders, lot, may_jump_kill, vote
from engine.moves.decisions import Action, DecisionKind, Request
from engine.record.catalog import EventKind
from engine.ruleset import Judge

ACCUSE = "accuse"
DEFEND = "defend"
VOTE = "vote"


@dataclass(frozen=True, slots=True)
class Nomination:
    """Where the day stands: the round, the count number (Request.ballot), who still speaks, the accused."""

    round: int
    ballot: int
    stage: str
    queue: tuple[int, ...] = ()  # speakers still to accuse after the one asked now
    accused: tuple[int, ...] = ()  # the seats accused so far this round (one per statement)
    defendant: int | None = None
    living: tuple[int, ...] = ()  # the living seats this round (only a jump-kill, which ends the day, kills)


class NominationDay:
    """004 standard rules: `rounds` accusation rounds a day; the last one is the life-and-death round
    ("第三轮为生死轮，得票数多者直接出局，无须举手表决" in V2.0; "第二轮为生死轮" in V2.5 and later)."""

    key: ClassVar[str] = "nomination"  # names the procedure in the words tables (words/rules_card.py)

    def __init__(self, rounds: int, tag: str = "nomination") -> None:
        if rounds < 1:
            raise ValueError("a nomination day needs at least one round")
        self.rounds = rounds
        self.tag = tag  # prefix of draw reasons, so a log says which procedure drew

    # -- the protocol ---------------------------------------------------------------------------
    def begin(self, judge: Judge) -> None:
        # 004 V2.5 III.11: "如果没人死亡，则法官主持由编号最小的玩家开始发言;
        # 如果有人死亡，则...由死者顺位号码的玩家开始指认杀手"
        order = judge.speaking_order(first_dead_or_none(judge))
        self._open_round(judge, 1, 1, order)

    def on_answers(self, judge: Judge, answers: tuple[Action, ...]) -> None:
        day: Nomination = judge.state.day_state
        if day.stage == ACCUSE:
            self._accusation(judge, day, answers[0])
        elif day.stage == DEFEND:
            self._ask_hands(judge, day)
        else:
            self._count_hands(judge, day, answers)

    # -- accusation rounds ----------------------------------------------------------------------
    def _open_round(self, judge: Judge, number: int, ballot: int, order: list[int]) -> None:
        day = Nomination(number, ballot, ACCUSE, tuple(order[1:]), living=tuple(sorted(order)))
        judge.update(day_state=day)
        judge.emit(EventKind.ACCUSATION_ROUND, day=judge.state.day, round=number, ballot=ballot,
                   final=number == self.rounds, order=order)
        self._ask_statement(judge, day, order[0])

    def _ask_statement(self, judge: Judge, day: Nomination, seat: int) -> None:
        # 004 V2.0 III.10: "指认杀手，陈述理由。所有玩家每被其他玩家指认一次即得到1票" — every statement accuses
        # one other living seat (as day.common.statement(accuse=True, must_accuse=True), built here with its ballot);
        # 004 V4.0 other rule 6: the silenced "只能在指认一个号码" — they accuse but may not speak.
        state = judge.state
        judge.ask(Request(seat, DecisionKind.STATEMENT, accusations=tuple(s for s in day.living if s != seat),
                          counts_accusation=True,
                          may_speak=seat not in state.silenced, ballot=day.ballot,
                          may_confess=may_jump_kill(state, judge.rules.jump_kill, seat)))

    def _accusation(self, judge: Judge, day: Nomination, answer: Action) -> None:
        accused = day.accused if answer.accusation is None else (*day.accused, answer.accusation)
        if day.queue:
            speaker, day = day.queue[0], replace(day, queue=day.queue[1:], accused=accused)
            judge.update(day_state=day)
            self._ask_statement(judge, day, speaker)
            return
        counts = Counter(s for s in accused if judge.state.seat(s).alive)
        top = leaders(counts) or judge.state.living()
        final = day.round >= self.rounds
        # 004 V2.0 other rule 1: "如在指认过程中有2人以上得票数相同，则进行猜拳，输的人进行辩护" (R-nom-defendant-tie,
        # R-nom-final-tie: the same lot decides who is out in the life-and-death round).
        chosen = lot(judge, top, f"{self.tag}_{'final' if final else 'defendant'}_tie")
        judge.emit(EventKind.ACCUSED, day=judge.state.day, round=day.round, ballot=day.ballot, seat=chosen,
                   counts={str(s): c for s, c in sorted(counts.items())}, final=final)
        if final:
            # 004 V2.0 III.11: "第三轮为生死轮，得票数多者直接出局，无须举手表决"
            judge.execute(chosen, how="life_and_death")
            return
        # 004 V2.0 III.10: "每人发言结束后，由得票数最多的人进行辩护"
        judge.update(day_state=replace(day, stage=DEFEND, queue=(), accused=(), defendant=chosen))
        judge.ask(defense(judge, chosen))

    # -- the show of hands --------------------------------------------------------------------
    def _ask_hands(self, judge: Judge, day: Nomination) -> None:
        # 004 V2.0 III.11: "辩护结束后，由法官主持其余玩家进行投票" — yes = the defendant, no = None.
        defendant = day.defendant
        assert defendant is not None
        voters = [s for s in judge.state.living() if s != defendant]
        if not voters:  # R-nom-no-voters
            self._next_round(judge, day)
            return
        ballot = day.ballot + 1
        judge.update(day_state=replace(day, stage=VOTE, ballot=ballot))
        targets = (defendant, None)
        judge.ask(*(vote(judge, v, targets, ballot, simultaneous=True) for v in voters))

    def _count_hands(self, judge: Judge, day: Nomination, answers: tuple[Action, ...]) -> None:
        defendant = day.defendant
        assert defendant is not None
        yes = no = 0
        for a in answers:
            if a.kind is DecisionKind.VOTE:
                weight = hand_weight(judge, a.seat)
                if a.target == defendant:
                    yes += weight
                else:
                    no += weight
        judge.emit(EventKind.HANDS, day=judge.state.day, round=day.round, ballot=day.ballot, defendant=defendant,
                   yes=yes, no=no)
        if yes > no:  # R-nom-majority: "投票数超过半数，则辩护人出局"
            judge.execute(defendant, how="vote")
        elif yes == no and self._half_lot(judge) == "executed":
            judge.execute(defendant, how="half_split_lot")
        else:
            # 004 V2.0 III.11: "如果不超过半数，则从刚才被投票的玩家开始进行第二轮指认投票"
            self._next_round(judge, day)

    def _half_lot(self, judge: Judge) -> str:
        """004 V2.0 other rule 1: "投票人数和没投票人数相同，则由双方各派一名代表出来猜拳，来决定辩护人是否出局"."""
        return str(judge.draw(["executed", "spared"], f"{self.tag}_half_split"))

    def _next_round(self, judge: Judge, day: Nomination) -> None:
        # R-nom-order: "从刚才被投票的玩家开始" — the defendant speaks first in the next round.
        order = judge.speaking_order(day.defendant, include=True)
        self._open_round(judge, day.round + 1, day.ballot + 1, order)
