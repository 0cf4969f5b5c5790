"""The checker for the briefs' advice (words/claims/advice.py): each claim a tip relies on, held against the
engine in the game dealt, the way words/claims/check.py holds the card's claims. `advice_problems` lists what the
judge does otherwise (empty: proven); claims of the card's own kinds (jump-kill, victory, two-sided hands, the
seats shown to the killers) go to check.problems.

- offers: the first night's requests of many deals call the role to that action; may pass / may not / oneself /
  together as claimed (some request offers nobody, none does, some offers its own seat or card, some is shared);
- knows: in every deal holding both, each holder of the brief's card learns every other holder of the other card
  at the deal (opens its eyes with it: teammates / openers; or is shown it: shown_to_killers);
- judge_out: no seat of many deals holds the judge's card;
- answer: a scenario where the police check a holder of the card: the judge answers as claimed;
- public_claim: on the first day a speaker claims the police with one check, and the judge accepts it;
- votes: through the first day every living seat is asked to vote, or its accusation is counted as a vote;
- silenced: the old man silences a seat; next day it may not speak but is asked to accuse (counted) / to vote;
- ruling: the night resolves with that named ruling (the resolver's key; tests/engine plays each).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from functools import cache

import engine
from engine import DecisionKind, EventKind, Request
from engine.errors import KillerError
from engine.game import apply
from engine.moves.decisions import Action, ClaimedCheck, Target
from engine.moves.decisions import Claim as Spoken
from engine.record.events import Event
from engine.ruleset import Ruleset
from engine.scenario import play_scenario
from engine.state import GameState, Phase
from words.claims import Claim
from words.claims.check import problems
from words.claims.scenarios import SEEDS, base_hands, night_plan, quiet_chooser, scenario, start

SPEAKING = (DecisionKind.STATEMENT, DecisionKind.DEFENSE, DecisionKind.LAST_WORDS)


@cache
def _deals(ruleset: str, players: int) -> tuple[tuple[GameState, tuple[Event, ...]], ...]:
    out = []
    for seed in range(SEEDS):
        state, events = engine.new_game(ruleset, random.Random(seed), players=players)
        out.append((state, tuple(events)))
    return tuple(out)


def _own(req: Request, t: Target | None) -> bool:
    return t == req.seat or (isinstance(t, tuple) and t[0] == req.seat)


def check_offers(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    role, action = claim.subject[0], claim.effect
    mine = [r for state, _ in _deals(rules.id, players) for r in state.pending
            if (role == "*" or r.role == role) and r.action == action]
    who = "any role" if role == "*" else f"the {role}"
    if not mine:
        return [f"the judge never calls {who} to {action} on night 1 in {SEEDS} deals; the brief says it does"]
    out = []
    passes = any(None in r.targets for r in mine)
    if claim.may_pass is not None and passes != claim.may_pass:
        out.append(f"{who}'s {action} may name nobody: {passes}; the brief says {claim.may_pass}")
    if claim.may_target_self and not any(_own(r, t) for r in mine for t in r.targets):
        out.append(f"{who} is never offered itself to {action}; the brief says it may")
    if claim.team and not any(len(r.team) > 1 for r in mine):
        out.append(f"{who} never decides its {action} together; the brief says it does")
    return out


def learnt(events: tuple[Event, ...], seat: int) -> set[int]:
    """The seats `seat` learns at the deal: those it opens its eyes with (teammates / openers events) and those
    the judge shows it (shown_to_killers)."""
    out: set[int] = set()
    for e in events:
        group = {*(e.data.get("seats") or ()), *(e.data.get("undercover") or ())}
        if e.kind in (EventKind.TEAMMATES, EventKind.OPENERS) and seat in group:
            out |= group
        elif e.kind == EventKind.SHOWN_TO_KILLERS and e.visible_to is not None and seat in e.visible_to:
            out.add(int(e.data["seat"]))
    return out - {seat}


def check_knows(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    role, other = claim.subject
    out, met = [], 0
    for seed, (state, events) in enumerate(_deals(rules.id, players)):
        mine = {s.number for s in state.seats if role in s.cards}
        theirs = {s.number for s in state.seats if other in s.cards}
        for seat in sorted(mine):
            want = theirs - {seat}
            met += bool(want)
            if want and not want <= learnt(events, seat):
                out.append(f"seed {seed}: seat {seat} ({role}) does not learn the {other} {sorted(want)} at the "
                           "deal; the brief says it knows them")
    if not met:
        out.append(f"no deal of {SEEDS} gives a {role} another seat holding {other}; the brief says it knows them")
    return out


def check_judge_out(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    held = [(seed, s.number) for seed, (state, _) in enumerate(_deals(rules.id, players)) for s in state.seats
            if "judge" in s.cards]
    return [f"seat {seat} holds the judge's card (seed {seed}); the brief says it is out of play"
            for seed, seat in held]


def check_answer(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    role = claim.subject[0]
    hands, judge_card = base_hands(rules, players, lambda h: any(role in x for x in h)
                                   and any("police" in x for x in h))
    holder = next(i for i, h in enumerate(hands, start=1) if role in h)
    target: Target = (holder, hands[holder - 1].index(role) + 1) if rules.cards_per_seat > 1 else holder
    state = start(rules, hands, judge_card)
    plan = night_plan(state, quiet_chooser(state, [holder], None, {"police": target}))
    try:
        _, events = play_scenario(scenario(rules, hands, judge_card, [{"night": plan}]))
    except KillerError as exc:
        return [f"the police may not check the {role}: {exc}"]
    answers = [e.data.get("result") for e in events if e.kind == EventKind.CHECK_RESULT]
    if answers != [claim.effect] * len(answers) or not answers:
        return [f"the police checked the {role}: the judge answered {answers}; the brief says {claim.effect}"]
    return []


def _quiet_day(rules: Ruleset, players: int, picks: dict[str, Target | None] | None = None,
               spare: tuple[int, ...] = ()) -> tuple[GameState, list[int]]:
    """A deal whose first night harms nobody outside the killers' victim (the last civilian), at the first
    day's first decision; with the seats living at dawn."""
    hands, judge_card = base_hands(rules, players)
    state = start(rules, hands, judge_card)
    civilians = [i for i, h in enumerate(hands, start=1) if all(c == "civilian" for c in h) and i not in spare]
    plan = night_plan(state, quiet_chooser(state, spare, civilians[-1], picks))
    state, _ = play_scenario(scenario(rules, hands, judge_card, [{"night": plan}]))
    return state, state.living()


def _answer(req: Request) -> Action:
    """A plain answer: a speech accusing the last legal seat (none where silent), a vote for the last legal."""
    accusation = next((a for a in reversed(req.accusations) if a is not None), None)
    target = next((t for t in reversed(req.targets) if t is not None), None)
    if req.kind is DecisionKind.VOTE or req.kind is DecisionKind.NIGHT:
        return Action(req.seat, req.kind, target=target, slot=req.slot, round=req.round)
    return Action(req.seat, req.kind, accusation=accusation, slot=req.slot)


def day_requests(state: GameState, stop: Callable[[Request], bool] = lambda r: False) -> list[Request]:
    """Every request of the day `state` is in, each answered plainly, until night, the game's end or `stop`."""
    rng, day, seen = random.Random(0), state.day, []
    for _ in range(2000):
        if state.is_over() or state.day != day or state.phase is Phase.NIGHT or not state.pending:
            break
        req = state.pending[0]
        seen.append(req)
        if stop(req):
            break
        state, _ = apply(state, _answer(req), rng)
    return seen


def _votes(req: Request) -> bool:
    return req.kind is DecisionKind.VOTE or (req.kind is DecisionKind.STATEMENT and req.counts_accusation)


def check_votes(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    state, living = _quiet_day(rules, players)
    voted = {r.seat for r in day_requests(state) if _votes(r)}
    missing = [s for s in living if s not in voted]
    return [f"on day 1 seats {missing} are never asked to vote; the brief says every seat votes"] if missing else []


def check_public_claim(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    state, _ = _quiet_day(rules, players)
    req = next((r for r in day_requests(state, lambda r: r.kind in SPEAKING and r.may_speak)
                if r.kind in SPEAKING and r.may_speak), None)
    if req is None:
        return ["nobody speaks on day 1; the brief says a speaker may claim a role"]
    while state.pending[0] != req:
        state, _ = apply(state, _answer(state.pending[0]), random.Random(0))
    target: Target = (1, 1) if rules.cards_per_seat > 1 else 1
    said = Spoken(claim.subject[0], (ClaimedCheck(1, target, "not_killer"),))
    try:
        apply(state, replace(_answer(req), claim=said), random.Random(0))
    except KillerError as exc:
        return [f"seat {req.seat} may not claim the {claim.subject[0]} with a check: {exc}"]
    return []


def check_silenced(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    hands, _ = base_hands(rules, players)
    mute = next((i for i, h in enumerate(hands, start=1) if all(c == "civilian" for c in h)), None)
    if mute is None or not any(s.action == "silence" for s in rules.night_steps):
        return ["nobody is silenced in this ruleset; the brief says what a silenced seat does"]
    state, _ = _quiet_day(rules, players, {"old_man": mute}, (mute,))
    if mute not in state.silenced:
        return [f"the old man's silence on seat {mute} is not in force by day"]
    mine = [r for r in day_requests(state) if r.seat == mute]
    out = []
    if any(r.may_speak for r in mine if r.kind in SPEAKING):
        out.append(f"silenced seat {mute} is asked to speak")
    if claim.effect == "accuses" and not any(r.counts_accusation and r.accusations for r in mine):
        out.append(f"silenced seat {mute} is never asked for a counted accusation; the brief says it accuses")
    if claim.effect == "votes" and not any(_votes(r) for r in mine):
        out.append(f"silenced seat {mute} is never asked to vote; the brief says it votes")
    return out


ADVICE_CHECKS: dict[str, Callable[[Claim, Ruleset, int], list[str]]] = {
    "offers": check_offers, "knows": check_knows, "judge_out": check_judge_out, "answer": check_answer,
    "votes": check_votes, "public_claim": check_public_claim, "silenced": check_silenced,
}  # a ruling a tip relies on is replayed as the card's (words/claims/check_night.py)


@cache
def advice_problems(claim: Claim, ruleset: str, players: int) -> tuple[str, ...]:
    """What the judge does otherwise than the advice's `claim` says, in a game of `ruleset` with `players`."""
    check = ADVICE_CHECKS.get(claim.act)
    if check is None:
        return tuple(problems(claim, ruleset, players))
    return tuple(check(claim, engine.get_ruleset(ruleset), players))
