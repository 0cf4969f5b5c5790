"""Asking the night's choices and turning a team's answers into one choice (majority, 004 V2.0 III.4)."""

from __future__ import annotations

from collections import Counter

from engine.moves.decisions import Action, DecisionKind, Request, Target
from engine.record.events import seats
from engine.ruleset import Choice, Judge, NightChoices, NightStep
from engine.state import GameState


def step_members(state: GameState, step: NightStep) -> list[tuple[int, int]]:
    """(seat, slot) pairs that open their eyes for this step tonight."""
    if step.members is not None:
        pairs = [(s, 1) for s in step.members(state)]
    else:
        role = step.role
        pairs = [
            (seat.number, i + 1)
            for seat in state.seats
            if role in seat.cards
            for i, (card, alive) in enumerate(zip(seat.cards, seat.alive_cards, strict=True))
            if alive and card == role
        ]
    if step.active is not None:
        pairs = [(s, slot) for s, slot in pairs if step.active(state, s, slot)]
    return pairs


def legal_targets(state: GameState, step: NightStep, seat: int) -> tuple[Target | None, ...]:
    """The targets a seat may choose for this step."""
    if step.targets is not None:
        options: list[Target | None] = list(step.targets(state, seat))
    else:
        team = set(state.holders(step.role)) if step.not_teammates else set()
        options = [s for s in state.living() if s not in team and (step.self_target or s != seat)]
    if step.may_pass:
        options.append(None)
    return tuple(options)


def night_requests(judge: Judge, steps: tuple[NightStep, ...]) -> list[Request]:
    """Every choice the night asks for, in the judge's calling order."""
    return [r for step in steps for r in step_requests(judge, step)]


def card_talk(state: GameState, step: NightStep) -> bool:
    """Whether the step's cards talk as a team before each card gives its own order (v5's killers, ruling
    R-v5-killer-talk: they "jointly decide"; only in a game whose deal records it, GameState.card_talk)."""
    return step.talk and state.card_talk


def talks(state: GameState, step: NightStep) -> bool:
    """Whether the step's members decide together (a team step, or cards that talk before their orders)."""
    return step.team or card_talk(state, step)


def step_requests(judge: Judge, step: NightStep, round: int = 1,
                  proposals: tuple[tuple[int, Target | None], ...] = (),
                  messages: tuple[tuple[int, str], ...] = ()) -> list[Request]:
    """The choices one step asks for: a team step's `round` (R-team-talk) and the proposals and messages of the
    round before go to every member; a team talks for 1 + state.team_talk rounds at most (its seats: a v5 seat
    holding two of the step's cards is one member that answers for each)."""
    members = step_members(judge.state, step)
    team = tuple(dict.fromkeys(s for s, _ in members)) if talks(judge.state, step) else ()
    rounds = 1 + judge.state.team_talk if len(team) > 1 else 1
    requests: list[Request] = []
    for seat, slot in members:
        targets = legal_targets(judge.state, step, seat)
        if targets:
            requests.append(
                Request(seat, DecisionKind.NIGHT, role=step.role, action=step.action, slot=slot, targets=targets,
                        irreversible=step.irreversible, team=team, simultaneous=True, round=round, rounds=rounds,
                        proposals=proposals, messages=messages)
            )
    return requests


def team_choice(judge: Judge, step: NightStep, votes: list[Action]) -> Target | None:
    """The judge takes the majority; silent members agree with the others; a tie is drawn by lot."""
    counts = Counter(a.target for a in votes if a.target is not None)
    if not counts:
        return None
    best = max(counts.values())
    tied = sorted((t for t, c in counts.items() if c == best), key=_order)
    members = seats(a.seat for a in votes)
    return judge.draw(tied, f"{step.role}_team_tie", visible_to=members)  # type: ignore[no-any-return]


def _order(target: Target) -> tuple[int, int]:
    return target if isinstance(target, tuple) else (target, 0)


def member_answers(state: GameState, step: NightStep, answers: tuple[Action, ...]) -> list[Action]:
    """The step's members' answers in calling order; a later team-talk round's answer replaces the earlier."""
    by_card = {(a.seat, a.slot): a for a in answers if a.kind is DecisionKind.NIGHT}
    return [by_card[m] for m in step_members(state, step) if m in by_card]


def collect_choices(judge: Judge, steps: tuple[NightStep, ...], answers: tuple[Action, ...]) -> NightChoices:
    """Groups the night's answers by step; team steps become one Choice (actor 0)."""
    choices: NightChoices = {}
    for step in steps:
        members = step_members(judge.state, step)
        acts = member_answers(judge.state, step, answers)
        if step.team:
            if members:
                choices.setdefault(step.action, []).append(Choice(0, 1, team_choice(judge, step, acts)))
        else:
            choices.setdefault(step.action, []).extend(Choice(a.seat, a.slot, a.target) for a in acts)
    return choices
