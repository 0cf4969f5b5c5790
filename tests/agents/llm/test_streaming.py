"""Streaming speech: the partial "speech" extractor, cut at every position of real-looking answers, and the LLM
agent over a fake streaming endpoint (growing prefixes to the listener, the same Decision as without one)."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from itertools import pairwise
from typing import Any

import httpx2
import pytest

from agents.base import Decision
from agents.llm.agent import LLMAgent
from agents.llm.streaming import partial_field
from engine import DecisionKind, Request
from tests.agents.fake_endpoint import FakeEndpoint, Reply, completion, junk, length, stream_error, valid
from tests.agents.llm.test_agent import start, view_of

SPEECHES = [
    "I am a plain civilian.",
    'He said "trust me" — I don\'t. Seat 5\\4 is odd.',
    "我是好人，3号很可疑！\n明天投他。",
    "Tabs\tand \u0001 control, emoji 😀 and 𝄞.",
    "",
]
PRIVATE = 'I say "speech": nothing here; {"speech": "decoy"}'


def answers(speech: str) -> list[str]:
    """The same answer written several ways: compact/spaced, ASCII-escaped or raw, fenced, speech last or first."""
    data = {"reasoning": PRIVATE, "suspicions": {"2": 0.5, "3": 0.9}, "claimed_role": None, "speech": speech,
            "accusation": 3}
    first = {"speech": speech, "reasoning": PRIVATE}
    return [json.dumps(data), json.dumps(data, ensure_ascii=False, indent=1),
            json.dumps(data, separators=(",", ":")), "```json\n" + json.dumps(data, ensure_ascii=False) + "\n```",
            json.dumps(first)]


@pytest.mark.parametrize("speech", SPEECHES)
def test_every_cut_of_an_answer_gives_a_growing_prefix_of_the_speech(speech: str) -> None:
    for text in answers(speech):
        seen: list[str] = []
        for cut in range(len(text) + 1):
            got = partial_field(text[:cut])
            if got is not None:
                assert speech.startswith(got), (text[:cut], got)
                assert not seen or got.startswith(seen[-1])  # never shrinks, never shows half an escape
                seen.append(got)
        assert seen and seen[-1] == speech
        assert partial_field(text) == speech


@pytest.mark.parametrize(("text", "expected"), [
    ("", None), ("not json", None), ('{"reasoning": "speech', None), ('{"speech"', None), ('{"speech": ', None),
    ('{"speech": "', ""), ('{"speech": "a\\', "a"), ('{"speech": "a\\"', 'a"'), ('{"speech": "a\\u4f', "a"),
    ('{"speech": "a\\u4f60', "a你"), ('{"speech": "\\ud83d', ""), ('{"speech": "\\ud83d\\ude0', ""),
    ('{"speech": "\\ud83d\\ude00!', "😀!"), ('{"speech": "\\ud83dx', "\ufffdx"), ('{"speech": "\\uzzzz', "\ufffdzzzz"),
    ('{"speech": "raw\nline', "raw\nline"), ('{"speech": null, "x": "y"}', None), ('{"a": 1}', None),
    ('{"suspicions": {"speech": "no"}, "speech": "yes', "yes"), ('{"a": ["speech", "no"], "speech": "yes"}', "yes"),
    ('{"reasoning": "\\"speech\\": \\"no", "speech": "yes', "yes"), ('{"spe\\u0065ch": "escaped key', "escaped key"),
])
def test_partial_field_cases(text: str, expected: str | None) -> None:
    assert partial_field(text) == expected


STATEMENT = Request(4, DecisionKind.STATEMENT, accusations=(1, 2, None))
SPEECH = '我是好人 — "trust me", seat 2\\1 is odd. 😀'


def run(endpoint: FakeEndpoint, request: Request = STATEMENT, listener: Any = None, **kw: Any) -> Decision:
    state, events = start()
    view = replace(view_of(state, events, request.seat), on_speech=listener)
    kw.setdefault("timeout", 2.0)
    agent = LLMAgent(endpoint.client(), "fake-model", backoff_s=0.0, **kw)
    return asyncio.run(agent.decide(view, request))


def same(a: Decision, b: Decision) -> None:
    assert (a.action, a.claimed_role, a.reasoning, a.suspicions) == (b.action, b.claimed_role, b.reasoning,
                                                                      b.suspicions)
    assert replace(a.annotation, latency_s=0) == replace(b.annotation, latency_s=0)


def test_the_listener_gets_growing_prefixes_and_the_decision_is_the_same() -> None:
    plain = FakeEndpoint(default=valid(speech=SPEECH))
    without = run(plain)
    assert "stream" not in plain.bodies[0]  # no listener: nothing changes
    got: list[str] = []
    streaming = FakeEndpoint(default=valid(speech=SPEECH), chunk_chars=3)
    with_ = run(streaming, listener=got.append)
    assert streaming.bodies[0]["stream"] is True and streaming.bodies[0]["stream_options"] == {"include_usage": True}
    same(with_, without)
    assert with_.action.speech == SPEECH and with_.annotation.prompt_tokens is not None
    assert len(got) > 5 and got[-1] == SPEECH
    assert all(b.startswith(a) and len(b) > len(a) for a, b in pairwise(got))


def test_an_async_listener_is_awaited_and_usage_may_be_missing() -> None:
    got: list[str] = []

    async def listener(text: str) -> None:
        await asyncio.sleep(0)
        got.append(text)

    async def no_usage(body: dict[str, Any]) -> httpx2.Response:  # like llama-cpp-python's server
        data = {"speech": "Hello there", "accusation": 1, "reasoning": "r", "suspicions": {}}
        return completion(json.dumps(data), prompt_tokens=None)

    d = run(FakeEndpoint([no_usage], chunk_chars=2), listener=listener)
    assert d.action.speech == "Hello there" and got[-1] == "Hello there" and len(got) > 3
    assert d.annotation.prompt_tokens is None and d.annotation.completion_tokens is None


def test_a_broken_listener_never_breaks_the_decision() -> None:
    calls: list[str] = []

    def broken(text: str) -> None:
        calls.append(text)
        raise RuntimeError("the screen fell off")

    expected = run(FakeEndpoint(default=valid(speech=SPEECH)))
    d = run(FakeEndpoint(default=valid(speech=SPEECH), chunk_chars=1), listener=broken)
    same(d, expected)
    assert len(calls) == 1  # dropped after it raised


FAILURES: dict[str, Reply] = {"junk": junk(), "length": length(), "stream_error": stream_error()}


@pytest.mark.parametrize("failure", sorted(FAILURES))
def test_failed_streams_are_retried_like_plain_calls_and_the_speech_restarts(failure: str) -> None:
    got: list[str] = []
    endpoint = FakeEndpoint([FAILURES[failure]], default=valid(speech="Second try."), chunk_chars=3)
    d = run(endpoint, listener=got.append)
    retried = d.annotation.transport_retries if failure == "stream_error" else d.annotation.retries
    assert d.annotation.fallback is None and retried == 1 and len(d.annotation.errors) == 1
    assert d.action.speech == "Second try." and got[-1] == "Second try."
    if failure == "stream_error":
        assert "stream error" in d.annotation.errors[0] and "Half a sen" in got  # then it started over
    fallback = run(FakeEndpoint(default=FAILURES[failure]), listener=got.append, max_retries=1)
    assert fallback.annotation.fallback is not None and fallback.action.speech == ""


def test_no_stream_where_the_seat_does_not_speak() -> None:
    state, _ = start()
    for request in (state.pending[0], Request(4, DecisionKind.DEFENSE, may_speak=False)):
        got: list[str] = []
        endpoint = FakeEndpoint()
        run(endpoint, request, listener=got.append)
        assert "stream" not in endpoint.bodies[0] and got == []
