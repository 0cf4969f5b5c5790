"""The day's calls as rule claims (words/claims): what a vote may name, what a speech's accusation may name and
what follows from it, for every ruleset and table size, read off the engine's own first days (never written by
hand). The TUI's help says them (tui/screens/help.py, rendered by words/claims/render.py vote_help and
accusation_help); words/claims/check.py replays them on other deals and other answers.

- vote (rule "<day procedure>:vote"): may_pass = a hand may be kept down; may_target_self = a seat may vote for
  itself; effect "defendant" where every vote is on one seat only (raise or keep down), else "seat";
  extra weighted: a hand counts once per living card (000 v5.0 rule 2).
- accuse (rule "<day procedure>:accuse"): a day statement's accusation. may_pass = it may name nobody;
  effect: what follows an accusation round where every speaker names the same seat (and that seat one other):
  "most_defends" (the most accused defends), "most_defends_last_out" (in the day's last round the most
  accused is out at once), "each_defends" (every seat named defends), "not_counted" (the votes decide).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

import engine
from engine import DecisionKind, EventKind, Request
from engine.errors import KillerError
from engine.game import apply
from engine.moves.decisions import Action, Target
from engine.record.events import Event
from engine.state import GameState, Phase
from words.claims import DEALS, Claim

VOTE, ACCUSE = "vote", "accuse"
Answer = Callable[[Request], Action]
Pick = Callable[[list[Any]], Any]


def own(req: Request, target: Target | None) -> bool:
    return target == req.seat or (isinstance(target, tuple) and target[0] == req.seat)


def plain(pick: Pick | None = None) -> Answer:
    """Answers every request: a night call names its last legal target; a day speech accuses its last legal seat
    (nobody only where it must), a vote goes to its last legal seat; with `pick` (a random choice) any legal."""

    def answer(req: Request) -> Action:
        if req.kind in (DecisionKind.VOTE, DecisionKind.NIGHT):
            target = pick(list(req.targets)) if pick else next((t for t in reversed(req.targets) if t is not None),
                                                                req.targets[-1] if req.targets else None)
            return Action(req.seat, req.kind, target=target, slot=req.slot, round=req.round)
        accusation = pick(list(req.accusations)) if pick and req.accusations else next(
            (a for a in reversed(req.accusations) if a is not None), None)
        return Action(req.seat, req.kind, accusation=accusation, slot=req.slot)

    return answer


def first_day(state: GameState, answer: Answer, seed: int = 0) -> list[tuple[Request, list[Event]]]:
    """Each request of the first day after `state`'s night (answered by `answer`) with the events its answer
    brought, until the next night or the game's end."""
    rng = random.Random(seed)
    steps: list[tuple[Request, list[Event]]] = []
    for _ in range(5000):
        if state.is_over() or not state.pending or (steps and state.phase is Phase.NIGHT):
            break
        req = state.pending[0]
        day = state.phase is not Phase.NIGHT
        state, more = apply(state, answer(req), rng)
        if day:
            steps.append((req, more))
    return steps


def is_accusation(req: Request) -> bool:
    return req.kind is DecisionKind.STATEMENT and req.counts_accusation and bool(req.accusations)


@cache
def vote_facts(ruleset: str, players: int, seeds: int = DEALS) -> tuple[bool, bool, bool, bool, bool]:
    """Over `seeds` deals' first day, plainly answered: whether any vote keeps its hand down, any names its own
    seat, any offers more than one seat, any counts more than one; and whether any counted accusation passes."""
    votes: list[Request] = []
    accusations: list[Request] = []
    for seed in range(seeds):
        state, _ = engine.new_game(ruleset, random.Random(seed), players=players)
        seen = [r for r, _ in first_day(state, plain(), seed)]
        votes += [r for r in seen if r.kind is DecisionKind.VOTE]
        accusations += [r for r in seen if is_accusation(r)]
    return (any(None in r.targets for r in votes), any(own(r, t) for r in votes for t in r.targets),
            any(sum(t is not None for t in r.targets) > 1 for r in votes), any(r.weight > 1 for r in votes),
            any(None in r.accusations for r in accusations))


def pointed(state: GameState, focus: int | None = None) -> Answer:
    """An accusation round where every speaker names one seat (`focus`, else the highest living) and that seat
    names another (the lowest living); every hand kept down where it may be, else raised for its last seat."""
    living = state.living()
    most = focus if focus is not None else living[-1]
    other = next(s for s in living if s != most)
    base = plain()

    def answer(req: Request) -> Action:
        if req.kind is DecisionKind.STATEMENT and req.accusations:
            want = other if req.seat == most else most
            return Action(req.seat, req.kind, accusation=want if want in req.accusations else None)
        if req.kind is DecisionKind.VOTE and None in req.targets:
            return Action(req.seat, req.kind, target=None)
        return base(req)

    return answer


def accusation_rounds(state: GameState, answer: Answer) -> tuple[str, ...]:
    """What follows each accusation round of the first day `answer` plays: "most" (only the most accused
    defends), "each" (every seat named defends), "out" (the most accused is out at once, no defence), "none"
    (a vote or the night follows)."""
    steps = first_day(state, answer)
    outcomes: list[str] = []
    i = 0
    while i < len(steps):
        if not is_accusation(steps[i][0]):
            i += 1
            continue
        named: list[int] = []
        while i < len(steps) and is_accusation(steps[i][0]):
            named.append(answer(steps[i][0]).accusation or 0)
            i += 1
        brought = steps[i - 1][1]
        defenders = []
        while i < len(steps) and steps[i][0].kind is DecisionKind.DEFENSE:
            defenders.append(steps[i][0].seat)
            i += 1
        accused = {s for s in named if s}
        top = max(sorted(accused), key=named.count) if accused else None
        if defenders and set(defenders) == {top}:
            outcomes.append("most")
        elif defenders and set(defenders) == accused:
            outcomes.append("each")
        elif any(e.kind == EventKind.VERDICT and e.data.get("executed") == top for e in brought):
            outcomes.append("out")
        else:
            outcomes.append("none")
    return tuple(outcomes)


def accusation_effect(outcomes: tuple[str, ...]) -> str:
    if outcomes and set(outcomes) == {"most"}:
        return "most_defends"
    if len(outcomes) > 1 and set(outcomes[:-1]) == {"most"} and outcomes[-1] == "out":
        return "most_defends_last_out"
    if outcomes and set(outcomes) == {"each"}:
        return "each_defends"
    return "not_counted"


def quiet_state(ruleset: str, players: int, seed: int = 0) -> GameState:
    """The first day of a seeded deal whose night is answered plainly (no accusation, no vote yet)."""
    state, _ = engine.new_game(ruleset, random.Random(seed), players=players)
    answer = plain()
    rng = random.Random(seed)
    while state.phase is Phase.NIGHT and state.pending and not state.is_over():
        state, _ = apply(state, answer(state.pending[0]), rng)
    return state


@cache
def day_calls(ruleset: str, players: int | None = None) -> tuple[Claim, ...]:
    """The day's vote and accusation claims of a game of `ruleset` with `players` seats."""
    rules = engine.get_ruleset(ruleset)
    n = players or rules.default_players
    key = rules.day.key
    keep_down, self_vote, many, weighted, pass_accusation = vote_facts(ruleset, n)
    out = [Claim(VOTE, f"{key}:vote", effect="seat" if many else "defendant", may_pass=keep_down,
                 may_target_self=self_vote, extra=(("weighted", weighted),))]
    state = quiet_state(ruleset, n)
    if not state.is_over():
        outcomes = accusation_rounds(state, pointed(state))
        if outcomes:
            out.append(Claim(ACCUSE, f"{key}:accuse", effect=accusation_effect(outcomes), may_pass=pass_accusation,
                             may_target_self=False))
    return tuple(out)


def request_claim(request: dict[str, Any], ruleset: str | None, players: int | None = None) -> Claim | None:
    """The day call claim a pending vote or accusing speech (a Request's dict, as the TUI holds it) is asked
    under: the ruleset's vote or counted-accusation claim; a speech whose accusation the judge does not count
    (or a game of an unknown ruleset) the claim of what the request itself offers; None for anything else."""
    kind = str(request.get("kind"))
    named = list(request.get("accusations") or ())
    if kind != DecisionKind.VOTE.value and not named:
        return None
    claims: tuple[Claim, ...] = ()
    if ruleset is not None:
        try:
            claims = day_calls(ruleset, players)
        except KillerError:
            claims = ()
    if kind == DecisionKind.VOTE.value:
        found = next((c for c in claims if c.act == VOTE), None)
        if found is not None:
            return found
        targets = list(request.get("targets") or ())
        return Claim(VOTE, "request:vote", effect="seat" if sum(t is not None for t in targets) > 1 else "defendant",
                     may_pass=None in targets, may_target_self=request.get("seat") in targets,
                     extra=(("weighted", int(request.get("weight") or 1) > 1),))
    found = next((c for c in claims if c.act == ACCUSE), None)
    if request.get("counts_accusation") and kind == DecisionKind.STATEMENT.value and found is not None:
        return found
    return Claim(ACCUSE, "request:accuse", effect="not_counted", may_pass=None in named, may_target_self=False)
