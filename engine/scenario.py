"""Asking the judge: runs a scenario (a deal plus a script of nights and days) and reports the rulings.

The format is the `killer scenario` contract (docs/engine.md, "Scenario files"). Speeches are skipped (empty);
last words and defenses are answered automatically; accusations and votes come from the day's ballots.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.errors import IllegalActionError, KillerError, SetupError
from engine.game import apply, impose_verdict, new_game
from engine.moves.decisions import Action, DecisionKind, Request, Target, target_from_json
from engine.record.catalog import EventKind
from engine.record.events import Event
from engine.rulesets import get_ruleset
from engine.state import GameState, Phase


class ScenarioError(KillerError):
    """A scenario step the judge refuses; names the step and the rule."""

    def __init__(self, step: int | None, rule: str, message: str) -> None:
        where = "setup" if step is None else f"step {step}"
        super().__init__(f"{where}: {message} [rule: {rule}]")
        self.step = step
        self.rule = rule


def run_scenario(spec: Mapping[str, Any]) -> dict[str, Any]:
    """Plays the script through the engine; returns {"ruleset", "rulings", "winner"}."""
    state, events = play_scenario(spec)
    return {"ruleset": state.ruleset, "rulings": rulings(events), "winner": state.winner and state.winner.value}


def play_scenario(spec: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
    """Plays the script through the engine; returns the final state and every event (the claim checker,
    tests/words/test_claims.py, reads the judge's own record)."""
    ruleset_id, seed, hands, script = _parse(spec)
    judge_card = spec.get("judge_card")
    if judge_card is not None and not isinstance(judge_card, str):
        raise ScenarioError(None, "malformed", "judge_card is a role id or null")
    rng = random.Random(seed)
    try:
        state, events = new_game(ruleset_id, rng, hands=hands, judge_card=judge_card)
    except SetupError as exc:
        raise ScenarioError(None, "setup", str(exc)) from None
    for number, step in enumerate(script, start=1):
        if state.is_over():
            raise ScenarioError(number, "game_over", "the game is already over")
        try:
            state = _run_step(state, step, rng, events, number)
        except IllegalActionError as exc:
            raise ScenarioError(number, exc.rule, exc.detail) from None
    return state, events


def _parse(spec: Mapping[str, Any]) -> tuple[str, int, list[list[str]], list[Mapping[str, Any]]]:
    if not isinstance(spec, Mapping):
        raise ScenarioError(None, "malformed", "a scenario is a JSON object")
    for key in ("ruleset", "seats", "script"):
        if key not in spec:
            raise ScenarioError(None, "malformed", f"missing key {key!r}")
    try:
        get_ruleset(str(spec["ruleset"]))
    except KillerError as exc:
        raise ScenarioError(None, "unknown_ruleset", str(exc)) from None
    seats, script = spec["seats"], spec["script"]
    if not isinstance(seats, list) or not isinstance(script, list):
        raise ScenarioError(None, "malformed", "seats and script must be lists")
    if not all(isinstance(s, str) or (isinstance(s, list) and all(isinstance(c, str) for c in s)) for s in seats):
        raise ScenarioError(None, "malformed", "each seat is a role id (v5: a list of two)")
    hands = [[s] if isinstance(s, str) else list(s) for s in seats]
    seed = spec.get("seed", 0)
    if not _is_int(seed) or not 0 <= seed < 2**64:
        raise ScenarioError(None, "malformed", "seed must be an integer from 0 to 2**64 - 1")
    return str(spec["ruleset"]), seed, hands, script


def _run_step(
    state: GameState, step: Any, rng: random.Random, events: list[Event], number: int
) -> GameState:
    if not isinstance(step, Mapping) or len(step) != 1 or next(iter(step)) not in ("night", "day"):
        raise ScenarioError(number, "malformed", 'each step is {"night": {...}} or {"day": {...}}')
    if "night" in step:
        return _night(state, step["night"], rng, events, number)
    return _day(state, step["day"], rng, events, number)


def _night(state: GameState, plan: Any, rng: random.Random, events: list[Event], number: int) -> GameState:
    if state.phase is not Phase.NIGHT:
        raise ScenarioError(number, "expected_day", f"the judge is in day {state.day}, not at night")
    if not isinstance(plan, Mapping):
        raise ScenarioError(number, "malformed", "a night maps roles to targets")
    rules = get_ruleset(state.ruleset)
    acting = {s.role for s in rules.night_steps}
    for role in plan:
        if role not in acting:
            known = "not in " + rules.id if role not in rules.roles() else "has no night action"
            raise ScenarioError(number, "role_not_in_ruleset", f"role {role!r} {known}")
    asked = {r.role for r in state.pending}
    for role, target in plan.items():
        if role not in asked and target is not None:
            raise ScenarioError(number, "no_living_actor", f"no living {role} can act tonight")
    counters: dict[str, int] = {}
    night = state.night
    while state.phase is Phase.NIGHT and state.night == night and state.pending:
        request = state.pending[0]
        target = _night_target(plan, request, counters, number)
        state, more = apply(state, Action(request.seat, request.kind, target=target, slot=request.slot,
                                          round=request.round), rng)
        events.extend(more)
    return _finish_words(state, rng, events)


def _night_target(plan: Mapping[str, Any], request: Request, counters: dict[str, int], number: int) -> Target | None:
    """The role's target; a list of card targets (v5) gives one to each living card in seat order."""
    role = request.role or ""
    value = plan.get(role)
    if isinstance(value, Mapping):  # each member's own choice: {"3": 5, "7": 6} (a team that disagrees)
        if str(request.seat) not in value:
            raise ScenarioError(number, "missing_choice", f"the {role} at seat {request.seat} has no choice")
        value = value[str(request.seat)]
    elif isinstance(value, list) and value and (isinstance(value[0], list) or value[0] is None):
        index = counters.get(role, 0)
        counters[role] = index + 1
        value = value[index] if index < len(value) else None
    target = strict_target(value, number, f"for {role}")
    if target is None and None not in request.targets:
        raise ScenarioError(number, "must_act", f"the {role} must choose a target tonight")
    return target


def _finish_words(state: GameState, rng: random.Random, events: list[Event]) -> GameState:
    """Answers last words (speeches are skipped) until the day or the night is reached."""
    while state.phase is Phase.LAST_WORDS and state.pending:
        request = state.pending[0]
        state, more = apply(state, Action(request.seat, request.kind, slot=request.slot), rng)
        events.extend(more)
    return state


def _day(state: GameState, plan: Any, rng: random.Random, events: list[Event], number: int) -> GameState:
    state = _finish_words(state, rng, events)
    if state.phase is not Phase.DAY:
        raise ScenarioError(number, "expected_night", f"the judge is at {state.phase.value}, not in a day")
    if not isinstance(plan, Mapping) or not ({"execute"} == set(plan) or (set(plan) and set(plan) <= DAY_KEYS)):
        raise ScenarioError(number, "malformed",
                            'a day is {"execute": seat-or-null} or {"votes": [...], "jump_kill": seat}')
    if "execute" in plan:
        seat = plan["execute"]
        if seat is not None and not _is_int(seat):
            raise ScenarioError(number, "malformed", f"execute takes a seat number or null, not {_show(seat)}")
        state, more = impose_verdict(state, seat, rng)
        events.extend(more)
        return _finish_words(state, rng, events)
    ballots = plan.get("votes", [])
    if not isinstance(ballots, list) or not all(isinstance(b, Mapping) for b in ballots):
        raise ScenarioError(number, "malformed", "votes is a list of {voter: target} ballots")
    _check_voters(state, ballots, number)
    confessor = plan.get("jump_kill")
    if confessor is not None and (not isinstance(confessor, int) or isinstance(confessor, bool)):
        raise ScenarioError(number, "malformed", "jump_kill is a seat number")
    day = state.day
    while not state.is_over() and state.day == day and state.phase is not Phase.NIGHT and state.pending:
        request = state.pending[0]
        state, more = apply(state, _day_answer(request, ballots, number, confessor), rng)
        events.extend(more)
        if confessor is not None and any(e.kind == EventKind.DEATH and e.data.get("public_cause") == "jump_kill"
                                         for e in more):
            confessor = None
    if confessor is not None:
        raise ScenarioError(number, "jump_kill_not_asked", f"seat {confessor} was never asked for a statement today")
    return state


DAY_KEYS = frozenset({"votes", "jump_kill"})


def _check_voters(state: GameState, ballots: list[Mapping[str, Any]], number: int) -> None:
    """004 common rule 10: "在游戏中死亡的人(即出局玩家)，不得以任何方式干扰游戏的正常进行" -- a ballot entry
    for a dead seat is refused, like a night choice for a role with no living holder."""
    for count, ballot in enumerate(ballots, start=1):
        for voter in ballot:
            seat = int(voter) if str(voter).isdigit() else 0
            if not 1 <= seat <= len(state.seats):
                raise ScenarioError(number, "no_such_seat", f"ballot {count} names voter {voter!r}: no such seat")
            if not state.seat(seat).alive:
                raise ScenarioError(number, "dead_cannot_act", f"ballot {count}: seat {seat} is dead and cannot "
                                    "vote or accuse (004 common rule 10)")


def _day_answer(request: Request, ballots: list[Mapping[str, Any]], number: int, confessor: int | None = None
                ) -> Action:
    kind = request.kind
    if kind is DecisionKind.STATEMENT and request.seat == confessor:
        if not request.may_confess:
            raise ScenarioError(number, "jump_kill_not_allowed", f"seat {request.seat} may not jump-kill (跳杀)")
        return Action(request.seat, kind, confess=True)
    if kind is DecisionKind.STATEMENT and request.counts_accusation:
        accused = _ballot_value(request, ballots, number, request.accusations)
        return Action(request.seat, kind, accusation=accused if isinstance(accused, int) else None)
    if kind is DecisionKind.VOTE:
        return Action(request.seat, kind, target=_ballot_value(request, ballots, number, request.targets))
    return Action(request.seat, kind, slot=request.slot)


def _ballot_value(request: Request, ballots: list[Mapping[str, Any]], number: int, legal: tuple[Any, ...]) -> Any:
    if request.ballot < 1 or request.ballot > len(ballots):
        if None in legal:
            return None
        have = len(ballots)
        raise ScenarioError(number, "missing_ballot", f"the day needs ballot {request.ballot}; the script has {have}")
    value = ballots[request.ballot - 1].get(str(request.seat))
    if value is None and None not in legal:
        raise ScenarioError(number, "missing_vote", f"seat {request.seat} has no entry in ballot {request.ballot}")
    return strict_target(value, number, f"in ballot {request.ballot}")


def _is_int(value: Any) -> bool:
    """A JSON integer: not a bool (true is not seat 1), not a float (5.5 is not seat 5)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def strict_target(value: Any, number: int, where: str) -> Target | None:
    """A target as a scenario writes it: a seat number, a [seat, slot] pair or null; nothing is coerced."""
    if value is None or _is_int(value):
        return target_from_json(value)
    if isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value):
        return target_from_json(value)
    raise ScenarioError(number, "malformed", f"bad target {_show(value)} {where}: a seat number, [seat, slot] "
                        "or null")


def rulings(events: list[Event]) -> list[dict[str, Any]]:
    """The judge's public rulings and the checks, night by night and day by day."""
    out: list[dict[str, Any]] = []
    checks: list[dict[str, Any]] = []
    for e in events:
        if e.kind == EventKind.CHECK_RESULT:
            checks.append({"by": e.data["by"], "target": e.data["target"], "result": e.data["result"]})
        elif e.kind == EventKind.DAWN:
            ruling = {"night": e.data["night"], "deaths": e.data["dead"], "silenced": e.data["silenced"],
                      "checks": checks}
            if "cards" in e.data:
                ruling["cards"] = e.data["cards"]
            out.append(ruling)
            checks = []
        elif e.kind == EventKind.VERDICT:
            verdict = {"day": e.data["day"], "executed": e.data["executed"]}
            if "cards" in e.data:  # v5, rules revision 2: the cards that leave with the player
                verdict["cards"] = e.data["cards"]
            out.append(verdict)
        elif e.kind == EventKind.DEATH and e.data.get("public_cause") == "jump_kill":
            out.append({"day": _day_of(out), "jump_kill": e.data["seat"]})
    return out


def _day_of(out: list[dict[str, Any]]) -> int:
    nights = [r["night"] for r in out if "night" in r]
    return nights[-1] if nights else 0
