"""Public claims from the agents: the LLM decides its claim (before its speech) and it reaches every other seat's
prompt; the scripted agent's claim is the honest one its speech makes; a bad claim is fed back."""

from __future__ import annotations

import asyncio
import json
import random

import engine
from agents.bots.scripted import ScriptedAgent
from agents.llm import prompting
from agents.llm.agent import LLMAgent
from agents.llm.schema import answer_schema
from agents.view import SeatView, seat_facts
from engine import Claim, ClaimedCheck, DecisionKind, GameState, Team, team_of
from tests.agents.fake_endpoint import FakeEndpoint, answer, legal_answer, schema_of


def to_first_speech(ruleset: str = "v2-classic", seed: int = 3) -> tuple[GameState, list[engine.Event]]:
    rng = random.Random(seed)
    state, events = engine.new_game(ruleset, rng)
    while state.pending[0].kind is not DecisionKind.STATEMENT:
        state, more = engine.apply(state, engine.default_action(state.pending[0]), rng)
        events += more
    return state, events


def view(state: GameState, events: list[engine.Event], seat: int, lang: str = "en") -> SeatView:
    return SeatView(seat, state.ruleset, len(state.seats), tuple(engine.observation(events, seat)), lang)


def test_the_claim_comes_before_the_speech_in_the_schema() -> None:
    state, events = to_first_speech()
    request = state.pending[0]
    props = list(answer_schema(prompting.choices_for(view(state, events, request.seat), request))["properties"])
    assert props.index("claim") < props.index("speech")


def test_an_llm_claim_reaches_every_other_seats_record() -> None:
    state, events = to_first_speech()
    request = state.pending[0]
    other = next(s.number for s in state.seats if s.number != request.seat)

    async def reply(body: dict[str, object]) -> object:
        data = legal_answer(schema_of(body))
        data["claim"] = {"role": "police", "checks": [{"night": 1, "target": other, "result": "killer"}]}
        data["speech"] = f"I am the police: seat {other} is a killer."
        return await answer(data)(body)

    endpoint = FakeEndpoint([reply])
    agent = LLMAgent(endpoint.client(), "fake-model", backoff_s=0.0, timeout=10.0)
    decision = asyncio.run(agent.decide(view(state, events, request.seat), request))
    assert decision.action.claim == Claim("police", (ClaimedCheck(1, other, "killer"),))
    assert decision.claimed_role == "police"
    state, more = engine.apply(state, decision.action, random.Random(0))
    events += more
    for lang, words in (("en", f"seat {other} is a killer (night 1)"), ("zh", f"第1夜验{other}号是杀手")):
        for seat in range(1, len(state.seats) + 1):
            text = "\n".join(m["content"] for m in prompting.messages(view(state, events, seat, lang), "", lang))
            assert words in text, (seat, lang)


def test_a_claim_of_a_future_night_is_fed_back_and_retried() -> None:
    state, events = to_first_speech()
    request = state.pending[0]
    other = next(s.number for s in state.seats if s.number != request.seat)

    async def bad(body: dict[str, object]) -> object:
        data = legal_answer(schema_of(body))
        data["claim"] = {"role": "police", "checks": [{"night": 7, "target": other, "result": "killer"}]}
        return await answer(data)(body)

    endpoint = FakeEndpoint([bad])
    agent = LLMAgent(endpoint.client(), "fake-model", backoff_s=0.0, timeout=10.0)
    decision = asyncio.run(agent.decide(view(state, events, request.seat), request))
    assert decision.annotation.retries == 1 and decision.annotation.fallback is None
    assert "night 7" in json.dumps(endpoint.bodies[1]["messages"][-1])
    assert engine.is_legal(state, decision.action)


def test_a_scripted_police_claims_its_real_checks() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        state, events = engine.new_game("v2-classic", rng)
        agent = ScriptedAgent(seed, level="easy")  # the honest level: its police never invent a check
        while not state.is_over():
            request = state.pending[0]
            decision = agent.choose(view(state, events, request.seat), request)
            claim = decision.action.claim
            if claim is not None and claim.checks:
                seen = {(e.data["night"], e.data["target"], e.data["result"])
                        for e in engine.observation(events, request.seat) if e.kind == "check_result"}
                assert claim.role == "police" and {(c.night, c.target, c.result) for c in claim.checks} <= seen
                assert all(f"seat {c.target}" in decision.action.speech for c in claim.checks)
                return
            state, more = engine.apply(state, decision.action, rng)
            events += more
    raise AssertionError("no scripted police reported a check in 40 games")


def test_no_seat_is_asked_to_rate_the_partners_it_knows_are_on_its_side() -> None:
    state, events = to_first_speech("v2-classic")
    killers = [s.number for s in state.seats if "killer" in s.cards]
    police = [s.number for s in state.seats if "police" in s.cards]
    living = set(state.living())
    for seat in killers + police:
        if seat not in living:
            continue
        request = engine.Request(seat, DecisionKind.STATEMENT)
        rated = set(answer_schema(prompting.choices_for(view(state, events, seat), request))["properties"]
                    ["suspicions"]["required"])
        partners = {k for k in (killers if seat in killers else police) if k != seat}
        assert rated == {str(s) for s in living - {seat} - partners}
        decision = ScriptedAgent(1).choose(view(state, events, seat), request)
        assert set(decision.suspicions) == living - {seat} - partners


def test_a_v5_police_rates_the_seats_it_opened_its_eyes_with_one_is_an_undercover() -> None:
    state, events = to_first_speech("v5-dual")
    for seat in state.living():
        facts = seat_facts(view(state, events, seat))
        if any(team_of(c) is Team.KILLERS for c in facts.cards) or not facts.friends:
            continue
        request = engine.Request(seat, DecisionKind.STATEMENT)
        rated = answer_schema(prompting.choices_for(view(state, events, seat), request))["properties"]["suspicions"]
        assert facts.friends & set(state.living()) <= {int(s) for s in rated["required"]}
        return
    raise AssertionError("no good seat of this v5 deal knows partners")
