"""Votes and accusations on killers, each against its chance: the killers' share of the seats it could name then.

A good seat's own vote (a raised hand) or accusation (statement or last words) is scored when it names a seat of
another contestant (in a game of one contestant, any other seat: docs/metrics.md, "Cross-scoring"). Its chance is
the killer-side share of the seats it could have named at that moment, scored the same way: for an accusation the
other living seats; for a vote the other living seats, the defendant alone on a yes/no ballot (v2.5/v3.5
nomination: a raised hand names it), and the day's suspects on v2's final vote among two suspects (the transcript
does not record a vote's legal targets; these are the rules'). accuracy − chance is the lift.
"""

from __future__ import annotations

from engine import EventKind, UnknownRulesetError, get_ruleset
from engine.day.two_suspects import TwoSuspectsDay
from evaluation.games.facts import SeatFacts, is_cross, scored
from evaluation.games.timeline import Act, Timeline


def _options(act: Act, tl: Timeline, narrowed: bool) -> set[int]:
    """The seats the act could have named (before scoring leaves any out)."""
    if act.kind == EventKind.VOTE:
        ballot = tl.ballots[act.ballot or 0]
        if ballot.defendant is not None:
            return {ballot.defendant}
        if narrowed and ballot.suspects:
            return set(ballot.suspects)
    return set(act.living)


def count_accuracy(tl: Timeline, seats: dict[int, SeatFacts], ruleset: str) -> None:
    """Adds every good seat's scored votes and accusations, their hits on killers and their chance."""
    cross = is_cross(seats.values())
    try:
        narrowed = isinstance(get_ruleset(ruleset).day, TwoSuspectsDay)
    except UnknownRulesetError:
        narrowed = False  # an unknown ruleset (a hand-built test game): the living table
    for act in tl.acts:
        me = seats.get(act.seat)
        if me is None or me.side != "good" or not act.own or act.target not in seats:
            continue
        if not scored(me, seats[act.target], cross):
            continue
        options = [seats[s] for s in _options(act, tl, narrowed) if s in seats and scored(me, seats[s], cross)]
        if not options:
            continue
        hit = seats[act.target].side == "killers"
        chance = sum(o.side == "killers" for o in options) / len(options)
        if act.kind == EventKind.VOTE:
            me.scored_votes += 1
            me.scored_votes_on_killers += hit
            me.scored_votes_chance += chance
        else:
            me.scored_accusations += 1
            me.scored_accusations_on_killers += hit
            me.scored_accusations_chance += chance
