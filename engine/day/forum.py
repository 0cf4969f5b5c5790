"""003's v2.0 day: statements from the victim's right, the suspected defend, a show of hands; ties are revoted,
then the tied defend and are voted on again "直到推出一个最高票数者" (003 rules 7-8, notes 5-6).

Rulings (docs/rules.md):
- R-forum-right: seats are numbered going round the table to each player's right, so "被杀之人右手边的人" is the
  next living seat up the numbers (the direction of 004's "顺位"); with no victim, the lowest living seat starts.
- R-forum-suspects: "会有几人被怀疑为匪徒" — a statement may name one suspect (optional, not a vote); the named
  seats defend in the order first named before the vote (rule 8: "被怀疑者可以为自己辩解").
- R-forum-ballot: every living seat raises a hand at once for one other living seat or keeps it down; the
  candidates are listed in statement order ("按陈述顺序进行投票").
- R-forum-revote: the second vote and later votes are among the tied only.
- R-forum-no-hands: a vote where no hand went up ties every candidate of that vote.
- R-forum-tie-bound: after the revote, the tied defend and are voted on at most twice; a tie after that is
  settled by a public lot, so a day always ends with one seat killed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import ClassVar

from engine.day.common import defense, first_dead_or_none, leaders, lot
from engine.moves.decisions import Action, DecisionKind, Request, Target
from engine.record.catalog import EventKind
from engine.ruleset import Judge

TALK = "talk"
DEFEND = "defend"
VOTE = "vote"
DEFENSE_ROUNDS = 2  # R-forum-tie-bound


@dataclass(frozen=True, slots=True)
class ForumDay:
    """Where the day stands: stage, who still speaks, the suspects, the candidates, the count number."""

    stage: str
    queue: tuple[int, ...] = ()
    order: tuple[int, ...] = ()  # the statement order of the day
    suspects: tuple[int, ...] = ()  # named in statements, in order first named
    candidates: tuple[int, ...] = ()  # who the next (or current) vote is about
    ballot: int = 0
    defenses: int = 0  # defense rounds held for ties


class ForumVoteDay:
    """003 rule 8: "陈述毕，会有几人被怀疑为匪徒。被怀疑者可以为自己辩解。
    由法官主持大家举手投票，杀掉票数最多的那个人"."""

    key: ClassVar[str] = "forum_vote"  # names the procedure in the words tables (words/rules_card.py)

    def begin(self, judge: Judge) -> None:
        # 003 note 5: "从被杀之人右手边的人开始，轮流陈述自己的意见，陈述过的本轮就不可再说话" (R-forum-right)
        order = judge.speaking_order(first_dead_or_none(judge))
        judge.update(day_state=ForumDay(TALK, tuple(order[1:]), tuple(order)))
        self._ask_statement(judge, order[0])

    def on_answers(self, judge: Judge, answers: tuple[Action, ...]) -> None:
        day: ForumDay = judge.state.day_state
        if day.stage == TALK:
            self._statement_done(judge, day, answers[0])
        elif day.stage == DEFEND:
            self._defense_done(judge, day)
        else:
            self._count(judge, day, answers)

    # -- statements and defenses ----------------------------------------------------------------
    def _ask_statement(self, judge: Judge, seat: int) -> None:
        state = judge.state
        named: tuple[int | None, ...] = (*(s for s in state.living() if s != seat), None)
        judge.ask(Request(seat, DecisionKind.STATEMENT, accusations=named, counts_accusation=True))  # R-forum-suspects

    def _statement_done(self, judge: Judge, day: ForumDay, answer: Action) -> None:
        suspects = day.suspects
        if answer.accusation is not None and answer.accusation not in suspects:
            suspects = (*suspects, answer.accusation)
        if day.queue:
            judge.update(day_state=replace(day, queue=day.queue[1:], suspects=suspects))
            self._ask_statement(judge, day.queue[0])
            return
        judge.emit(EventKind.SUSPECTS, day=judge.state.day, seats=list(suspects))
        everyone = tuple(s for s in day.order if judge.state.seat(s).alive)
        self._defend_then_vote(judge, replace(day, suspects=suspects, candidates=everyone), suspects)

    def _defend_then_vote(self, judge: Judge, day: ForumDay, speakers: tuple[int, ...]) -> None:
        if not speakers:
            self._ask_votes(judge, day)
            return
        judge.update(day_state=replace(day, stage=DEFEND, queue=speakers[1:]))
        judge.ask(defense(judge, speakers[0]))

    def _defense_done(self, judge: Judge, day: ForumDay) -> None:
        if day.queue:
            judge.update(day_state=replace(day, queue=day.queue[1:]))
            judge.ask(defense(judge, day.queue[0]))
        else:
            self._ask_votes(judge, day)

    # -- votes -----------------------------------------------------------------------------------
    def _ask_votes(self, judge: Judge, day: ForumDay) -> None:
        # 003 note 6: "按陈述顺序进行投票 ... 投票必须在第一时间举手，跟票的不与记入" — simultaneous hands.
        ballot = day.ballot + 1
        judge.update(day_state=replace(day, stage=VOTE, queue=(), ballot=ballot))
        requests = []
        for voter in judge.state.living():
            targets: tuple[Target | None, ...] = (*(c for c in day.candidates if c != voter), None)
            requests.append(Request(voter, DecisionKind.VOTE, targets=targets, ballot=ballot))
        judge.ask(*requests)

    def _count(self, judge: Judge, day: ForumDay, answers: tuple[Action, ...]) -> None:
        counts = Counter(a.target for a in answers if isinstance(a.target, int))
        top = leaders(counts) or sorted(day.candidates)  # R-forum-no-hands
        judge.emit(EventKind.TALLY, day=judge.state.day, ballot=day.ballot,
                   counts={str(s): c for s, c in sorted(counts.items())}, leaders=top)
        if len(top) == 1:
            judge.execute(top[0], how="vote")  # 003 rule 8: "杀掉票数最多的那个人"
            return
        tied = tuple(s for s in day.order if s in top)
        day = replace(day, candidates=tied)
        if day.ballot == 1:
            self._ask_votes(judge, day)  # 003 note 6: "如果有几人得票数相同且为最高，则进行第二轮投票"
        elif day.defenses < DEFENSE_ROUNDS:
            # 003 note 6: "如仍有相同的最高票数，则可进行辩护，之后再进行投票"
            self._defend_then_vote(judge, replace(day, defenses=day.defenses + 1), tied)
        else:
            judge.execute(lot(judge, list(tied), "forum_vote_tie"), how="lot")  # R-forum-tie-bound
