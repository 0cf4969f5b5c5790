"""The LLM agent against a fake endpoint: valid answers are taken as is; every failure ends, after bounded
retries, in a legal fallback recorded in the Annotation; the game never stops."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable

import pytest

import engine
from agents.base import Decision
from agents.llm.agent import LLMAgent
from agents.view import SeatView
from engine import DecisionKind, GameState, Request
from tests.agents.fake_endpoint import (
    FakeEndpoint,
    Reply,
    answer,
    empty,
    hang,
    illegal_target,
    junk,
    legal_answer,
    length,
    schema_of,
    status,
    timeout,
    valid,
)


def start(ruleset: str = "v2-classic", seed: int = 3) -> tuple[GameState, list[engine.Event]]:
    state, events = engine.new_game(ruleset, random.Random(seed), players=12)
    return state, events


def view_of(state: GameState, events: list[engine.Event], seat: int) -> SeatView:
    return SeatView(seat, state.ruleset, len(state.seats), tuple(engine.observation(events, seat)))


def agent(endpoint: FakeEndpoint, **kw: object) -> LLMAgent:
    kw.setdefault("timeout", 10.0)  # answers come at once; only the hang tests name a short timeout
    kw.setdefault("transport_retries", 2)
    return LLMAgent(endpoint.client(), "fake-model", backoff_s=0.0, **kw)  # type: ignore[arg-type]


def decide(a: LLMAgent, state: GameState, events: list[engine.Event], request: Request) -> Decision:
    return asyncio.run(a.decide(view_of(state, events, request.seat), request))


def test_a_valid_answer_is_taken_as_is() -> None:
    state, events = start()
    request = state.pending[0]
    legal = [t for t in request.targets if t is not None]
    data = {"reasoning": "seat x looks calm", "suspicions": {"2": 0.9, "99": 0.5}, "target": legal[-1]}
    endpoint = FakeEndpoint([answer(data)])
    d = decide(agent(endpoint), state, events, request)
    assert d.action.target == legal[-1] and d.action.seat == request.seat
    assert d.reasoning == "seat x looks calm"
    assert d.annotation.fallback is None and d.annotation.retries == 0 and d.annotation.model == "fake-model"
    assert d.annotation.prompt_tokens is not None and d.annotation.completion_tokens == 20
    assert 99 not in d.suspicions and (d.suspicions.get(2) == 0.9 or 2 not in state.living())
    assert len(endpoint.bodies) == 1


ANSWER_FAILURES: dict[str, Callable[[], Reply]] = {
    "junk": junk, "illegal": illegal_target, "empty": empty, "length": length,
}
TRANSPORT_FAILURES: dict[str, Callable[[], Reply]] = {
    "http500": lambda: status(500), "http429": lambda: status(429, 0), "http503": lambda: status(503),
    "timeout": timeout, "hang": lambda: hang(5.0),
}
FAILURES = {**ANSWER_FAILURES, **TRANSPORT_FAILURES}


@pytest.mark.parametrize("failure", sorted(ANSWER_FAILURES))
def test_bad_answers_retry_then_fall_back_legally(failure: str) -> None:
    state, events = start()
    request = state.pending[0]
    endpoint = FakeEndpoint(default=FAILURES[failure]())
    # The answers come at once; a generous timeout keeps a loaded machine from adding a transport retry.
    d = decide(agent(endpoint, max_retries=2, timeout=10.0), state, events, request)
    assert len(endpoint.bodies) == 3  # one try + two answer retries, never more (the client's own retries are off)
    note = d.annotation
    assert note.fallback is not None and note.retries == 2 and len(note.errors) == 3
    assert note.transport_retries == 0
    assert d.action.target in request.targets
    engine.apply(state, d.action, random.Random(0))  # the fallback is legal


@pytest.mark.parametrize("failure", sorted(TRANSPORT_FAILURES))
def test_transport_failures_use_their_own_budget_then_fall_back_legally(failure: str) -> None:
    state, events = start()
    request = state.pending[0]
    endpoint = FakeEndpoint(default=FAILURES[failure]())
    d = decide(agent(endpoint, max_retries=5, transport_retries=3, timeout=0.2), state, events, request)
    assert len(endpoint.bodies) == 4  # one try + three transport retries; the answer budget is not touched
    note = d.annotation
    assert note.fallback is not None and "transport" in note.fallback
    assert note.transport_retries == 3 and note.retries == 0 and len(note.errors) == 4
    engine.apply(state, d.action, random.Random(0))


@pytest.mark.parametrize("failure", ["junk", "illegal", "empty", "length"])
def test_one_bad_answer_then_a_valid_answer_is_recovered(failure: str) -> None:
    state, events = start()
    request = state.pending[0]
    endpoint = FakeEndpoint([FAILURES[failure]()], default=valid("random"))
    d = decide(agent(endpoint), state, events, request)
    assert d.annotation.fallback is None and d.annotation.retries == 1 and len(d.annotation.errors) == 1
    assert d.action.target in request.targets


@pytest.mark.parametrize("failure", ["http500", "http429", "timeout"])
def test_one_transport_failure_then_a_valid_answer_costs_no_answer_retry(failure: str) -> None:
    state, events = start()
    request = state.pending[0]
    endpoint = FakeEndpoint([FAILURES[failure]()], default=valid("random"))
    d = decide(agent(endpoint), state, events, request)
    note = d.annotation
    assert note.fallback is None and note.retries == 0 and note.transport_retries == 1 and len(note.errors) == 1
    assert d.action.target in request.targets


def test_retry_after_is_honoured_up_to_the_cap() -> None:
    from agents.llm.completion import BACKOFF_CAP_S, backoff

    state, events = start()
    request = state.pending[0]
    endpoint = FakeEndpoint([status(429, 0.3)], default=valid())
    a = agent(endpoint)
    started = __import__("time").perf_counter()
    d = decide(a, state, events, request)
    assert __import__("time").perf_counter() - started >= 0.3 and d.annotation.fallback is None
    import httpx2
    import openai

    huge = openai.RateLimitError("slow down", response=httpx2.Response(
        429, headers={"retry-after": "3600"}, request=httpx2.Request("POST", "http://x")), body=None)
    assert backoff(huge, 1, 0.5) == BACKOFF_CAP_S
    assert backoff(None, 3, 0.5) == 2.0


def test_validation_error_is_fed_back_to_the_model() -> None:
    state, events = start()
    request = state.pending[0]
    endpoint = FakeEndpoint([illegal_target(target=999)])
    decide(agent(endpoint), state, events, request)
    retry = endpoint.bodies[1]["messages"]
    assert retry[:2] == endpoint.bodies[0]["messages"]  # same prefix: the cache still holds
    assert retry[-2]["role"] == "assistant"
    assert "999" in retry[-1]["content"] and "not legal" in retry[-1]["content"]


def test_fallback_passes_where_allowed_and_avoids_teammates() -> None:
    state, events = start("v2-classic")
    killer = next(r for r in state.pending if r.action == "kill")
    d = decide(agent(FakeEndpoint(default=junk()), max_retries=0), state, events, killer)
    mates = set(state.holders("killer"))
    assert d.action.target not in mates and d.action.target == min(t for t in killer.targets if t is not None)


def test_a_silenced_or_speaking_request_gets_a_speech_field_and_a_legal_accusation() -> None:
    request = Request(4, DecisionKind.STATEMENT, accusations=(1, 2, None))
    state, events = start()
    endpoint = FakeEndpoint([answer({"speech": "  x" * 1000, "accusation": 2, "claimed_role": "wizard",
                                     "suspicions": [], "reasoning": None})])
    d = decide(agent(endpoint), state, events, request)
    assert d.annotation.fallback is None
    assert d.action.accusation == 2 and 0 < len(d.action.speech) <= 600 and d.claimed_role is None
    props = schema_of(endpoint.bodies[0])["properties"]
    assert props["accusation"]["enum"] == [1, 2, None] and "speech" in props and "target" not in props
    mute = Request(4, DecisionKind.DEFENSE, may_speak=False)
    endpoint = FakeEndpoint()
    d = decide(agent(endpoint), state, events, mute)
    assert d.action.speech == "" and "speech" not in schema_of(endpoint.bodies[0])["properties"]


@pytest.mark.parametrize(("owned_by", "provider", "style"), [
    ("llamacpp", "llamacpp", "json_object"), ("me", "llamacpp", "json_object"), ("vllm", "vllm", "json_schema"),
    ("library", "ollama", "json_schema"), ("somebody", "generic", "json_schema")])
def test_auto_provider_reads_owned_by(owned_by: str, provider: str, style: str) -> None:
    state, events = start()
    request = state.pending[0]
    endpoint = FakeEndpoint(owned_by=owned_by)
    a = LLMAgent(endpoint.client(base_url="http://10.0.0.5:8000/v1"), "m", timeout=1.0)
    asyncio.run(a.decide(view_of(state, events, request.seat), request))
    assert a.provider == provider
    fmt = endpoint.bodies[0]["response_format"]
    assert fmt["type"] == style
    schema = fmt["schema"] if style == "json_object" else fmt["json_schema"]["schema"]
    assert schema["properties"]["target"]["enum"] == [*request.targets]


def test_generic_adapts_once_to_json_object_then_keeps_what_worked() -> None:
    state, events = start()
    request = state.pending[0]
    endpoint = FakeEndpoint([status(400)])
    a = agent(endpoint, provider="generic")
    d = decide(a, state, events, request)
    assert d.annotation.fallback is None
    styles = [b["response_format"]["type"] for b in endpoint.bodies]
    assert styles == ["json_schema", "json_object"]
    assert "json" in endpoint.bodies[1]["messages"][-1]["content"]  # the schema is written in the messages
    endpoint.script = [status(400)]
    d = decide(a, state, events, request)
    assert [b["response_format"]["type"] for b in endpoint.bodies[2:]] == ["json_object"]
    assert d.annotation.fallback is not None and "refused" in d.annotation.fallback  # no second adaptation


def test_no_key_in_errors() -> None:
    state, events = start()
    request = state.pending[0]
    endpoint = FakeEndpoint(default=answer("Incorrect API key provided: sk-abcdefghijklmnop"))
    d = decide(agent(endpoint, max_retries=0), state, events, request)
    assert "sk-fake-test-key" not in json.dumps(d.annotation.errors)


def play(endpoint: FakeEndpoint, ruleset: str, seed: int) -> tuple[GameState, dict[int, int]]:
    """A whole game on the fake endpoint, simultaneous requests gathered concurrently."""
    rng = random.Random(seed)
    state, events = engine.new_game(ruleset, rng)
    a = agent(endpoint, max_retries=1, timeout=0.3)
    fallbacks: dict[int, int] = {}

    async def run() -> None:
        nonlocal state
        while not state.is_over():
            views = [view_of(state, events, r.seat) for r in state.pending]
            pairs = zip(views, state.pending, strict=True)
            decisions = await asyncio.gather(*(a.decide(v, r) for v, r in pairs))
            for d in decisions:
                failed = d.annotation.fallback is not None
                fallbacks[d.action.seat] = fallbacks.get(d.action.seat, 0) + failed
                state, more = engine.apply(state, d.action, rng)
                events.extend(more)
                if state.is_over() or d.action.confess:
                    break
    asyncio.run(run())
    return state, fallbacks


def test_a_whole_game_finishes_through_every_kind_of_failure() -> None:
    bad = {1: junk(), 2: illegal_target(), 3: status(500), 4: status(429, 0), 5: timeout(), 6: empty(),
           7: length()}
    from tests.agents.fake_endpoint import seat_of

    endpoint = FakeEndpoint(default=valid("random"), route=lambda body: bad.get(seat_of(body) or 0))
    state, fallbacks = play(endpoint, "v2-classic", 11)
    assert state.winner is not None
    assert all(fallbacks.get(s, 0) >= 1 for s in bad if any(seat_of(b) == s for b in endpoint.bodies))
    assert sum(fallbacks.get(s, 0) for s in (8, 9, 10, 11, 12)) == 0


def test_legal_answer_helper_matches_schema() -> None:
    schema = {"properties": {"target": {"enum": [None, 3]}, "speech": {"type": "string"}}}
    assert legal_answer(schema) == {"target": 3, "speech": "I have a hunch."}


def test_grammar_schema_keeps_enums_without_types() -> None:
    """llama.cpp's converter drops an enum that has a "type" beside it; the grammar schema keeps only the enum."""
    from agents.providers.profiles import grammar_schema

    schema = {"type": "object", "properties": {"accusation": {"type": ["integer", "null"], "enum": [2, 3, None]},
                                               "speech": {"type": "string"}}}
    out = grammar_schema(schema)
    assert out["properties"]["accusation"] == {"enum": [2, 3, None]}
    assert out["properties"]["speech"] == {"type": "string"}
    assert schema["properties"]["accusation"]["type"] == ["integer", "null"]  # the input is untouched
