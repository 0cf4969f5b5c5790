"""Team talk at night (ruling R-team-talk): a team whose members proposed different targets sees the proposals
and is asked again, a bounded number of rounds, before the judge takes the majority (004 V2.0 III.4).

The seeds: the killers "open their eyes ... and agree on a victim" — 000 v2.0 "any killer will instruct the judge",
002 v4.0 2.D "杀手...相互认识一下，然后协调意见杀死一人" (they coordinate before one of them points); only when
they still cannot agree, 004 V2.0 III.4: "如果杀手意见不能统一，则法官取多数人意见". The police open their eyes
together the same way (000 v2.0 "the police ... open their eyes, get to know each other"; 004 V3.8 rule 8 settles
their ties). Players at a real table see each other's gestures; here the judge shows each member the others'
proposals, in `team_talk` events seen by that team only, and what each wrote to the others with its proposal
(a night choice's `message`, seen by the team only in its `night_choice` event; issue 19): 000 v5.0 has the killers
agree "by eyes and gestures", 004 V3.8 III.8 has the police and the undercover "商量" (talk it over).

v5's killer cards (ruling R-v5-killer-talk) "jointly decide who to kill, one card, two cards, or three cards.
Then the killer tells the judge one by one": each card's answer is its own order, so differing targets are no
disagreement. Their talk always has a second round (each seat sees the others' first orders) and goes on while
an order changes; the last round's orders are the cards' orders.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.moves.decisions import Action, Request, Target
from engine.night.common import card_talk, member_answers, step_members, step_requests
from engine.record.catalog import EventKind
from engine.record.events import seats
from engine.ruleset import Judge, NightStep


@dataclass(frozen=True)
class TeamTalk:
    """The night's answers so far (the latest per card) while the teams whose proposals differ talk;
    kept in state.day_state, the procedures' scratch value, which the judge clears when night falls."""

    answers: tuple[Action, ...]
    round: int  # the round now asked


def proposals(judge: Judge, step: NightStep, answers: tuple[Action, ...]) -> tuple[tuple[int, Target | None], ...]:
    """Each member's latest proposal for the step, in calling order."""
    return tuple((a.seat, a.target) for a in member_answers(judge.state, step, answers))


def messages(judge: Judge, step: NightStep, answers: tuple[Action, ...]) -> tuple[tuple[int, str], ...]:
    """What each member told the team with its latest proposal (issue 19: team talk with words), in calling
    order; members who wrote nothing are left out."""
    return tuple((a.seat, a.message) for a in member_answers(judge.state, step, answers) if a.message)


def differ(said: tuple[tuple[int, Target | None], ...]) -> bool:
    """Whether the proposals name more than one target (a member who names nobody agrees with the others,
    004 V2.0 III.4: "不给出意见者法官视为同意别人意见")."""
    return len({t for _, t in said if t is not None}) > 1


def changed(judge: Judge, step: NightStep, before: tuple[Action, ...], now: tuple[Action, ...]) -> bool:
    """Whether a card's order differs between the answers before this round and with it (R-v5-killer-talk)."""
    return proposals(judge, step, before) != proposals(judge, step, now)


def talks_on(judge: Judge, step: NightStep, answered: int, before: tuple[Action, ...] | None,
             answers: tuple[Action, ...]) -> bool:
    """Whether the step's team talks another round after round `answered`: a team whose proposals differ
    (R-team-talk); cards that order on their own (R-v5-killer-talk) after their first round, and after a later
    round in which an order changed, when two or more seats hold them."""
    if step.team:
        return differ(proposals(judge, step, answers))
    if not card_talk(judge.state, step) or len(seats(s for s, _ in step_members(judge.state, step))) < 2:
        return False
    return answered == 1 or (before is not None and changed(judge, step, before, answers))


def talk_or_settle(judge: Judge, steps: tuple[NightStep, ...], answers: tuple[Action, ...]) \
        -> tuple[Action, ...] | None:
    """After a round of answers: asks again every team whose proposals differ, showing it the proposals, while
    rounds remain (then returns None: the night waits); otherwise returns the night's final answers, one per
    card, for the majority rule and the resolver."""
    talk = judge.state.day_state if isinstance(judge.state.day_state, TeamTalk) else None
    answered = talk.round if talk is not None else 1
    before = talk.answers if talk is not None else None
    if talk is not None:
        answers = (*talk.answers, *answers)
    rounds = 1 + judge.state.team_talk
    requests: list[Request] = []
    if answered < rounds:
        for step in steps:
            if not talks_on(judge, step, answered, before, answers):
                continue
            said = proposals(judge, step, answers)
            team = seats(s for s, _ in step_members(judge.state, step))
            judge.emit(EventKind.TEAM_TALK, team, night=judge.state.night, role=step.role, action=step.action,
                       round=answered, rounds=rounds, proposals=[{"seat": s, "target": _json(t)} for s, t in said])
            requests += step_requests(judge, step, round=answered + 1, proposals=said,
                                      messages=messages(judge, step, answers))
    if requests:
        judge.update(day_state=TeamTalk(answers, answered + 1))
        judge.ask(*requests)
        return None
    judge.update(day_state=None)
    return answers


def _json(target: Target | None) -> object:
    return list(target) if isinstance(target, tuple) else target
