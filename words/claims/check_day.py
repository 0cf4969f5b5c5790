"""The day's call claims (words/claims/day.py) replayed: other deals, answered at random (not the plain answers
the claims were read with), every vote and counted accusation the judge asks on the first day held to what its
claim says (may keep the hand down or must raise it, may name oneself or not, on the defendant only, a hand
weighted by living cards; may accuse nobody or must name a seat), and an accusation round pointed at another seat
than the claim's reading showing the same outcome (who defends, who is out at once)."""

from __future__ import annotations

import random

import engine
from engine import DecisionKind, EventKind, Request
from engine.ruleset import Ruleset
from words.claims import Claim
from words.claims.day import (
    accusation_effect,
    accusation_rounds,
    day_calls,
    first_day,
    is_accusation,
    own,
    plain,
    pointed,
    quiet_state,
)
from words.claims.ties import check_tie, tie_claim

REPLAYS = 12  # deals replayed per claim, seeds after the ones the claims were read from


def _random_days(rules: Ruleset, players: int) -> list[Request]:
    out = []
    for seed in range(100, 100 + REPLAYS):
        state, _ = engine.new_game(rules.id, random.Random(seed), players=players)
        pick = random.Random(seed).choice
        out += [r for r, _ in first_day(state, plain(pick), seed)]
    return out


def check_vote(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    votes = [r for r in _random_days(rules, players) if r.kind is DecisionKind.VOTE]
    if not votes:
        return [f"no vote is asked on the first day of {REPLAYS} deals"]
    out = []
    for r in votes:
        if (None in r.targets) != bool(claim.may_pass):
            out.append(f"seat {r.seat} may keep its hand down: {None in r.targets}, the words say {claim.may_pass}")
        if claim.may_target_self is False and any(own(r, t) for t in r.targets):
            out.append(f"seat {r.seat} may vote for itself, the words say not")
        if claim.effect == "defendant" and sum(t is not None for t in r.targets) != 1:
            out.append(f"seat {r.seat} may vote for {[t for t in r.targets if t is not None]}, the words say the "
                       "defendant only")
        if not claim.get("weighted") and r.weight != 1:
            out.append(f"seat {r.seat}'s hand counts {r.weight}, the words say weighted: {claim.get('weighted')}")
    if claim.may_target_self and not any(own(r, t) for r in votes for t in r.targets):
        out.append("no seat may vote for itself, the words say it may")
    if claim.get("weighted") and not any(r.weight > 1 for r in votes):
        out.append("no hand counts more than once, the words say a hand counts once per living card")
    return sorted(set(out))


def check_accusation(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    asked = [r for r in _random_days(rules, players) if is_accusation(r)]
    out = []
    for r in asked:
        if (None in r.accusations) != bool(claim.may_pass):
            out.append(f"seat {r.seat} may accuse nobody: {None in r.accusations}, the words say {claim.may_pass}")
        if r.seat in r.accusations:
            out.append(f"seat {r.seat} may accuse itself, the words say one other seat")
    for seed in (1, 2):
        state = quiet_state(rules.id, players, seed)
        if state.is_over():
            continue
        focus = state.living()[len(state.living()) // 2]
        got = accusation_effect(accusation_rounds(state, pointed(state, focus)))
        if got != claim.effect:
            out.append(f"deal {seed}: every speaker accuses seat {focus}: the judge's day is {got}, the words say "
                       f"{claim.effect}")
    return sorted(set(out))


def check_day_sentence(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    """The card's day sentence (a procedure other than v5's) against the day call claims the engine proves:
    the vote's shape, whether a hand may stay down or name itself, what an accusation round brings, what a tied
    count brings (words/claims/ties.py); and each announcement it states, on the first day of REPLAYS deals."""
    calls = {c.act: c for c in day_calls(rules.id, players)}
    vote, accuse = calls.get("vote"), calls.get("accuse")
    out = []
    if claim.get("vote") and (vote is None or vote.effect != claim.get("vote")):
        out.append(f"the day sentence says a vote on {claim.get('vote')}; the judge asks {vote and vote.effect}")
    if vote is not None and claim.may_pass is not None and vote.may_pass != claim.may_pass:
        out.append(f"the day sentence says a hand may stay down: {claim.may_pass}; the judge: {vote.may_pass}")
    if vote is not None and claim.may_target_self is not None and vote.may_target_self != claim.may_target_self:
        out.append(f"the day sentence says a seat may vote itself: {claim.may_target_self}; the judge: "
                   f"{vote.may_target_self}")
    if claim.get("accuse") and (accuse is None or accuse.effect != claim.get("accuse")):
        out.append(f"the day sentence says an accusation round brings {claim.get('accuse')}; the judge's day: "
                   f"{accuse and accuse.effect}")
    if claim.get("tie"):
        out += check_tie(tie_claim(rules.day.key, tuple(claim.get("tie")), complete=False), rules, players)
    if "executed_side" in claim.announced:
        out += check_side_announced(rules, players)
    return out + [p for c in calls.values() for p in (check_vote if c.act == "vote" else check_accusation)(
        c, rules, players)]


def check_side_announced(rules: Ruleset, players: int) -> list[str]:
    """Each seat the first day's vote executes is announced, in public and before the verdict, as a killer or a
    good seat, as it is."""
    out, executed = [], 0
    for seed in range(100, 100 + REPLAYS):
        state, _ = engine.new_game(rules.id, random.Random(seed), players=players)
        cards = {s.number: s.cards for s in state.seats}
        told: dict[int, str] = {}
        for _, events in first_day(state, plain(random.Random(seed).choice), seed):
            for e in events:
                if e.kind == EventKind.EXECUTED_SIDE and e.visible_to is None:
                    told[int(e.data["seat"])] = str(e.data["side"])
                if e.kind == EventKind.VERDICT and e.data.get("executed") is not None:
                    seat = int(e.data["executed"])
                    executed += 1
                    side = "killer" if "killer" in cards[seat] else "good"
                    if told.get(seat) != side:
                        out.append(f"deal {seed}: seat {seat} ({side}) is executed; the judge announced "
                                   f"{told.get(seat)}")
    if not executed:
        out.append(f"no seat is executed on the first day of {REPLAYS} deals; the announcement is unproven")
    return out
