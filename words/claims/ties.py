"""What a tied day vote brings, replayed: the claim a vote line makes of a tie (words/prompt_card.py VOTE_TIES,
the prompt's "what your answers do" lines), held to what the judge does when the first day's hands are split.

A tie claim (act "tie", rule "<day procedure>:tie") lists, in `extra` "reactions", what follows each tied count in
turn: all of it, or with "complete" false only the first sequels (as the card's shorter day sentence says them).
"revote": the same voters vote again, among the tied only; "defend_revote": the tied defend, then a vote among
them; "lot": a public draw settles it; "nobody": nobody is executed that day. A count is tied where two seats share
the most votes (a vote on one defendant: exactly as many hands up as down), each hand by its weight.

The replay: seeded deals' first days (the night answered plainly or at random, first_morning), every
statement plainly answered, every ballot split as evenly as its voters allow (two seats, half the hands each; a
voter left over keeps its hand down where it may, else names a third seat); each tied count's reaction must be
the claim's, in order. A deal whose ballots cannot tie (an odd number of hands with none to spare) proves nothing
and is skipped; the claim is unproven unless some deal ties."""

from __future__ import annotations

import random

import engine
from engine import DecisionKind, EventKind, Request
from engine.game import apply
from engine.moves.decisions import Action, Target
from engine.record.events import Event
from engine.ruleset import Ruleset
from engine.state import GameState, Phase
from words.claims import Claim
from words.claims.day import own, plain, quiet_state

TIE_DEALS = 8  # deals replayed per claim
Step = tuple[Request, Action, list[Event]]  # a request of the day, its answer, the events the answer brought


def tie_claim(day: str, reactions: tuple[str, ...], complete: bool = True) -> Claim:
    """`complete`: the words say every sequel up to the end (the prompt's vote line); else only the first ones
    (the card's shorter day sentence), and the judge may go on past them."""
    return Claim("tie", f"{day}:tie", extra=(("reactions", reactions), ("complete", complete)))


def split_plan(req: Request, voters: list[int]) -> dict[int, Target | None]:
    """Each voter's hand in a ballot split as evenly as it allows: two seats (the two lowest the first request
    names) half the hands each, the tied two voting for each other; a hand left over kept down where it may be,
    else given to a third seat. A vote on one defendant: half the hands up, half down."""
    named = sorted(t for t in req.targets if isinstance(t, int))
    voters = sorted(voters)
    if len(named) == 1:
        return {v: (named[0] if i < len(voters) // 2 else None) for i, v in enumerate(voters)}
    a, b = named[0], named[1]
    plan: dict[int, Target | None] = {v: (b if v == a else a) for v in voters if v in (a, b)}
    rest = [v for v in voters if v not in (a, b)]
    if len(voters) % 2 and rest:
        plan[rest.pop()] = None if None in req.targets else next((t for t in named if t not in (a, b)), None)
    counts = {t: sum(h == t for h in plan.values()) for t in (a, b)}
    for v in rest:
        pick = a if counts[a] <= counts[b] else b
        plan[v] = pick
        counts[pick] += 1
    return plan


def split_day(state: GameState, seed: int) -> list[Step]:
    """The first day's requests, each with its answer and the events it brought: statements answered plainly,
    every ballot split (split_plan) over its voters (those asked at once, else every living seat, asked in turn)."""
    rng = random.Random(seed)
    base = plain()
    plans: dict[int, dict[int, Target | None]] = {}
    steps: list[Step] = []
    for _ in range(5000):
        if state.is_over() or not state.pending or (steps and state.phase is Phase.NIGHT):
            break
        req = state.pending[0]
        action = base(req)
        if req.kind is DecisionKind.VOTE:
            if req.ballot not in plans:
                asked = [r.seat for r in state.pending if r.kind is DecisionKind.VOTE and r.ballot == req.ballot]
                plans[req.ballot] = split_plan(req, asked if len(asked) > 1 else list(state.living()))
            want = plans[req.ballot].get(req.seat)
            if want not in req.targets:  # the plan's seat is this voter's own: any other it may name
                want = next((t for t in req.targets if t is not None and not own(req, t)), req.targets[0])
            action = Action(req.seat, req.kind, target=want, slot=req.slot, round=req.round)
        state, more = apply(state, action, rng)
        steps.append((req, action, more))
    return steps


def _tied(ballot: list[Step]) -> tuple[bool, set[int]]:
    """Whether a ballot's hands tie (two seats share the most; one defendant: as many hands up as down), each hand
    counted by its weight (v5: the voter's living cards)."""
    named = sorted({t for r, _, _ in ballot for t in r.targets if isinstance(t, int)})
    if len(named) == 1:
        up = sum(r.weight for r, a, _ in ballot if a.target == named[0])
        return 2 * up == sum(r.weight for r, _, _ in ballot), set(named)
    counts = {t: sum(r.weight for r, a, _ in ballot if a.target == t) for t in named}
    best = max(counts.values(), default=0)
    top = {t for t, c in counts.items() if c == best}
    return best > 0 and len(top) > 1, top


def _ballots(steps: list[Step]) -> list[list[int]]:
    """The indices of each ballot's vote steps, in order (a ballot's votes may come between speeches)."""
    out: list[list[int]] = []
    for i, (req, _, _) in enumerate(steps):
        if req.kind is DecisionKind.VOTE:
            if out and steps[out[-1][-1]][0].ballot == req.ballot:
                out[-1].append(i)
            else:
                out.append([i])
    return out


def reactions(steps: list[Step]) -> list[str]:
    """What followed each tied count of the day, in order (ends at a lot, a verdict or anything else)."""
    out: list[str] = []
    for ballot in _ballots(steps):
        end = ballot[-1]
        brought = steps[end][2]
        tied, top = _tied([steps[i] for i in ballot])
        if not tied:
            if any(e.kind == EventKind.VERDICT for e in brought):
                break
            continue
        if any(e.kind == EventKind.DRAW and e.visible_to is None for e in brought):
            out.append("lot")
            break
        if any(e.kind == EventKind.VERDICT and e.data.get("executed") is None for e in brought):
            out.append("nobody")
            break
        later = [r for r, _, _ in steps[end + 1:]]
        nxt = next((k for k, r in enumerate(later) if r.kind is DecisionKind.VOTE), None)
        if nxt is None or not {t for t in later[nxt].targets if isinstance(t, int)} <= top:
            out.append("other")
            break
        defended = any(r.kind is DecisionKind.DEFENSE for r in later[:nxt])
        out.append("defend_revote" if defended else "revote")
    return out


def first_morning(ruleset: str, players: int, seed: int) -> GameState:
    """The first day of a seeded deal: even seeds' night answered plainly (words/claims/day.py quiet_state), odd
    seeds' at random, so that the night leaves the table an even or an odd number of voters."""
    if seed % 2 == 0:
        return quiet_state(ruleset, players, seed)
    state, _ = engine.new_game(ruleset, random.Random(seed), players=players)
    answer, rng = plain(random.Random(seed).choice), random.Random(seed)
    while state.phase is Phase.NIGHT and state.pending and not state.is_over():
        state, _ = apply(state, answer(state.pending[0]), rng)
    return state


def check_tie(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    """Each tied count of the first day of TIE_DEALS split deals brings what the claim says, in order."""
    want = tuple(claim.get("reactions") or ())
    out, seen = [], 0
    for seed in range(TIE_DEALS):
        state = first_morning(rules.id, players, seed)
        if state.is_over() or state.phase is Phase.NIGHT:
            continue
        got = tuple(reactions(split_day(state, seed)))
        if not got:
            continue
        seen += 1
        said = want if claim.get("complete") else want[:len(got)]
        if got[:len(said)] != said[:len(got)] or (claim.get("complete") and len(got) > len(want)):
            out.append(f"deal {seed}: a tied vote brings {' then '.join(got)}; the words say {' then '.join(want)}")
    if not seen:
        out.append(f"no vote ties on the first day of {TIE_DEALS} split deals; the words' tie is unproven")
    return out
