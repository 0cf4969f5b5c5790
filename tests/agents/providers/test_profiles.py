"""Provider profiles against the provider emulations: the requests each profile sends are accepted, the shapes
they replace are refused (so the emulation has teeth), and think blocks / reasoning_content become private
thoughts."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from typing import Any

import httpx2
import openai
import pytest

import engine
from agents.base import Decision
from agents.llm import prompting
from agents.llm.agent import LLMAgent, PreflightRefused
from agents.llm.schema import Choices, answer_schema
from agents.providers.detect import by_host
from agents.providers.profiles import GenOptions, profile_for_model, strict_schema
from agents.view import SeatView
from engine import DecisionKind, Request
from tests.agents.provider_emulator import ProviderEmulator, strict_problem

STATEMENT = Request(4, DecisionKind.STATEMENT, accusations=(1, 2, None))


def view(seat: int = 4, lang: str = "en") -> SeatView:
    state, events = engine.new_game("v2-classic", random.Random(3), players=8)
    return SeatView(seat, state.ruleset, len(state.seats), tuple(engine.observation(events, seat)), lang=lang)


@pytest.fixture
def emulator(request: pytest.FixtureRequest) -> Iterator[ProviderEmulator]:
    profile, model, think = request.param
    with ProviderEmulator(profile, [model], think=think) as emu:
        yield emu


def agent(emu: ProviderEmulator, model: str | None = None, key: str | None = None, **kw: Any) -> LLMAgent:
    client = openai.AsyncOpenAI(api_key=key or emu.key, base_url=emu.base_url, max_retries=0)
    kw.setdefault("timeout", 10.0)
    return LLMAgent(client, model or emu.models[0], backoff_s=0.0, **kw)


def decide(a: LLMAgent, request: Request = STATEMENT, lang: str = "en") -> Decision:
    return asyncio.run(a.decide(view(request.seat, lang), request))


def post(emu: ProviderEmulator, body: dict[str, Any]) -> httpx2.Response:
    return httpx2.post(f"{emu.base_url}/chat/completions", json=body,
                       headers={"authorization": f"Bearer {emu.key}"}, timeout=5)


PROFILES = [("openai", "gpt-4.1-mini", False), ("openai", "gpt-5-mini", False), ("vllm", "qwen3-8b", True),
            ("ollama", "llama3.2", False), ("llamacpp", "smollm2", False), ("deepseek", "deepseek-chat", False),
            ("deepseek", "deepseek-reasoner", False), ("generic", "some-model", False),
            ("proxy", "gpt-5-mini", False), ("proxy", "some-model", False)]


@pytest.mark.parametrize("emulator", PROFILES, indirect=True, ids=[f"{p}-{m}" for p, m, _ in PROFILES])
def test_every_profile_is_detected_and_its_requests_are_accepted(emulator: ProviderEmulator) -> None:
    a = agent(emulator)
    d = decide(a)
    assert d.annotation.fallback is None, d.annotation.errors
    assert emulator.refusals == [] and d.action.speech
    expected = {"system": "openai", "library": "ollama", "me": "llamacpp", "someone": "generic"}
    owner = {"openai": "system", "deepseek": "deepseek", "vllm": "vllm", "ollama": "library", "llamacpp": "me",
             "generic": "someone", "proxy": "someone"}[emulator.profile]
    name = expected.get(owner, owner)
    if emulator.models[0].startswith("gpt-5"):
        name = "openai-reasoning"
    assert a.provider == name


def test_openai_strict_schema_is_in_the_subset_and_lengths_are_still_enforced_by_us() -> None:
    schema = answer_schema(Choices(STATEMENT, (1, 2, 3, 4), ("civilian", "police")))
    assert strict_problem(schema, ()) is not None and "maxLength" in str(strict_problem(schema, ()))
    assert strict_problem(strict_schema(schema), ()) is None
    with ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        refused = post(emu, {"model": "gpt-4.1-mini", "messages": [{"role": "user", "content": "hi"}],
                             "response_format": {"type": "json_schema", "json_schema": {
                                 "name": "decision", "schema": schema, "strict": True}}})
        assert refused.status_code == 400 and "'maxLength' is not permitted" in refused.json()["error"]["message"]
        long = "x" * 2000
        emu.speech = long  # a model that ignores the (unsent) length: our validation cuts the speech
        d = decide(agent(emu))
        assert d.annotation.fallback is None and 0 < len(d.action.speech) <= 600


def test_openai_json_object_refuses_extra_keys_and_wants_the_word_json() -> None:
    with ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        base = {"model": "gpt-4.1-mini", "messages": [{"role": "user", "content": "answer please"}]}
        r = post(emu, {**base, "response_format": {"type": "json_object", "schema": {}}})
        assert r.status_code == 400 and r.json()["error"]["message"] == "Unknown parameter: 'response_format.schema'."
        r = post(emu, {**base, "response_format": {"type": "json_object"}})
        assert r.status_code == 400 and "must contain the word 'json'" in r.json()["error"]["message"]
        d = decide(agent(emu, provider="deepseek"))
        assert d.annotation.fallback is None  # json_object without extra keys, the schema written in the messages


def test_reasoning_models_get_max_completion_tokens_and_no_sampling() -> None:
    with ProviderEmulator("openai", ["gpt-5-mini"]) as emu:
        base = {"model": "gpt-5-mini", "messages": [{"role": "user", "content": "hi"}]}
        r = post(emu, {**base, "max_tokens": 512})
        assert r.status_code == 400 and "Use 'max_completion_tokens' instead" in r.json()["error"]["message"]
        r = post(emu, {**base, "temperature": 0.7})
        assert r.status_code == 400 and r.json()["error"]["param"] == "temperature"
        d = decide(agent(emu, options=GenOptions(reasoning_effort="low", temperature=0.2)))
        body = emu.bodies[-1]
        assert d.annotation.fallback is None
        assert body["max_completion_tokens"] == 4096 and body["reasoning_effort"] == "low"
        assert "max_tokens" not in body and "temperature" not in body and "top_p" not in body
        assert d.annotation.reasoning_tokens == 3000 and (d.annotation.completion_tokens or 0) > 3000


def test_a_reasoning_budget_cut_off_retries_once_with_double_the_budget() -> None:
    with ProviderEmulator("openai", ["o4-mini"]) as emu:
        d = decide(agent(emu, options=GenOptions(max_tokens=2000)))
        assert [b["max_completion_tokens"] for b in emu.bodies] == [2000, 4000]
        assert d.annotation.fallback is None and "finish_reason length" in d.annotation.errors[0]


def test_deepseek_refuses_json_schema_and_reasoning_content_becomes_private_thoughts() -> None:
    with ProviderEmulator("deepseek", ["deepseek-reasoner"]) as emu:
        r = post(emu, {"model": "deepseek-reasoner", "messages": [{"role": "user", "content": "json"}],
                       "response_format": {"type": "json_schema", "json_schema": {"name": "x", "schema": {}}}})
        assert r.status_code == 400 and r.json()["error"]["message"] == "This response_format type is unavailable now"
        d = decide(agent(emu))
        assert d.annotation.fallback is None and d.annotation.thoughts.startswith("Private thoughts")
        assert emu.bodies[-1]["response_format"] == {"type": "json_object"}
        got: list[str] = []
        streamed = asyncio.run(agent(emu).decide(
            SeatView(**{**view().__dict__, "on_speech": got.append}), STATEMENT))
        assert streamed.annotation.thoughts.startswith("Private thoughts") and got and "Private" not in got[-1]


def test_a_think_block_is_stripped_and_kept_as_thoughts_streaming_too() -> None:
    with ProviderEmulator("vllm", ["qwen3-8b"], think=True) as emu:
        d = decide(agent(emu))
        assert d.annotation.fallback is None and "seat suspicion analysis" in d.annotation.thoughts
        assert "<think>" not in d.action.speech
        got: list[str] = []
        streamed = asyncio.run(agent(emu).decide(
            SeatView(**{**view().__dict__, "on_speech": got.append}), STATEMENT))
        assert streamed.annotation.fallback is None and "seat suspicion" in streamed.annotation.thoughts
        assert got and all("think" not in g for g in got)
        assert emu.bodies[-1]["stream"] is True and emu.bodies[-1]["stream_options"] == {"include_usage": True}
        assert streamed.annotation.prompt_tokens is not None  # the usage chunk was read


def test_stream_options_without_stream_is_refused_and_never_sent() -> None:
    with ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        r = post(emu, {"model": "gpt-4.1-mini", "messages": [{"role": "user", "content": "hi"}],
                       "stream_options": {"include_usage": True}})
        assert r.status_code == 400 and r.json()["error"]["param"] == "stream_options"
        decide(agent(emu))
        assert "stream_options" not in emu.bodies[-1]


def test_vllm_json_object_ignores_the_schema_so_vllm_gets_json_schema() -> None:
    with ProviderEmulator("vllm", ["m"]) as emu:
        forced = decide(agent(emu, response_format_style="json_object", max_retries=0))
        assert forced.annotation.fallback is not None  # the old loopback guess: answers ignore the schema
        d = decide(agent(emu))
        assert d.annotation.fallback is None and emu.bodies[-1]["response_format"]["type"] == "json_schema"


@pytest.mark.parametrize(("profile", "model", "bad_key", "needle"), [
    ("openai", "gpt-4.1-mini", True, "Incorrect API key provided"),
    ("openai", "gpt-9", False, "does not exist"),
    ("deepseek", "deepseek-chat", True, "Authentication Fails"),
    ("vllm", "nope", False, "does not exist"),
    ("ollama", "nope", False, "try pulling it first"),
])
def test_preflight_names_the_providers_own_message(profile: str, model: str, bad_key: bool, needle: str) -> None:
    with ProviderEmulator(profile, ["real-model" if not bad_key else model]) as emu:
        a = agent(emu, model=model, key="sk-wrong-key-abcdefgh" if bad_key else None)
        with pytest.raises(PreflightRefused, match=needle) as err:
            asyncio.run(a.preflight(view(), STATEMENT))
        assert "sk-wrong-key-abcdefgh" not in str(err.value)


def test_preflight_accepts_the_generic_adaptation_and_refuses_a_parameter_that_survives_it() -> None:
    with ProviderEmulator("llamacpp", ["m"]) as emu:  # a llama-cpp-python server seen as generic
        a = agent(emu, provider="generic")
        asyncio.run(a.preflight(view(), STATEMENT))
        assert [b["response_format"]["type"] for b in emu.bodies] == ["json_schema", "json_object"]
    with ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        a = agent(emu, provider="openai", options=GenOptions(reasoning_effort="high"))
        with pytest.raises(PreflightRefused, match="reasoning_effort"):
            asyncio.run(a.preflight(view(), STATEMENT))


def test_hosts_and_model_names() -> None:
    assert by_host("https://api.openai.com/v1", "gpt-4.1-mini") == "openai"
    assert by_host("https://api.openai.com/v1", "o3-mini") == "openai-reasoning"
    assert by_host("https://api.openai.com/v1", "gpt-5") == "openai-reasoning"
    assert by_host("https://api.deepseek.com", "deepseek-reasoner") == "deepseek"
    assert by_host("http://127.0.0.1:8000/v1", "gpt-5") is None
    # the name rule holds wherever the endpoint does not say what it is; a stack that names itself keeps its own
    assert [profile_for_model(host, "o4-mini") for host in ("openai", "generic", "vllm", "ollama", "llamacpp")] == \
        ["openai-reasoning", "openai-reasoning", "vllm", "ollama", "llamacpp"]
    assert profile_for_model("generic", "gpt-4.1-mini") == "generic"


def test_a_proxy_without_a_model_list_serves_a_reasoning_model_by_its_name() -> None:
    with ProviderEmulator("proxy", ["gpt-5-mini"]) as emu:
        assert httpx2.get(f"{emu.base_url}/models", timeout=5).status_code == 404
        a = agent(emu)
        d = decide(a)
        assert a.provider == "openai-reasoning" and d.annotation.fallback is None and emu.refusals == []
        assert "max_completion_tokens" in emu.bodies[-1] and "temperature" not in emu.bodies[-1]


def test_generic_adapts_once_to_the_max_tokens_refusal_then_keeps_the_reasoning_parameters() -> None:
    with ProviderEmulator("proxy", ["gpt-5-mini"]) as emu:
        a = agent(emu, provider="generic", options=GenOptions(temperature=0.3, top_p=0.9))  # --provider overrides

        async def twice() -> list[Decision]:
            return [await a.decide(view(), STATEMENT) for _ in range(2)]

        first, second = asyncio.run(twice())
        assert first.annotation.fallback is None and second.annotation.fallback is None
        assert "Use 'max_completion_tokens' instead" in first.annotation.errors[0] and not second.annotation.errors
        refused, *accepted = emu.bodies
        assert refused["max_tokens"] == 1024 and refused["temperature"] == 0.3
        for body in accepted:  # as openai-reasoning: the reasoning budget, no sampling
            assert body["max_completion_tokens"] == 4096 and body["response_format"]["type"] == "json_schema"
            assert not {"max_tokens", "temperature", "top_p"} & set(body)
        assert len(emu.bodies) == 3 and a.provider == "generic"
    with ProviderEmulator("proxy", ["gpt-5-mini"]) as emu:  # the first refusal may name the temperature instead
        a = agent(emu, provider="generic", options=GenOptions(max_tokens=5000))
        emu.bodies.clear()
        assert post(emu, {"model": "gpt-5-mini", "messages": [], "temperature": 0.7}).status_code == 400
        assert decide(a).annotation.fallback is None and emu.bodies[-1]["max_completion_tokens"] == 5000


def test_an_explicit_chat_profile_is_not_adapted() -> None:
    with ProviderEmulator("proxy", ["o3-mini"]) as emu:
        d = decide(agent(emu, provider="openai", max_retries=0))
        assert d.annotation.fallback is not None and len(emu.bodies) == 1  # refused once, said, not retried
        assert "max_completion_tokens" in d.annotation.fallback


def test_generation_options_reach_the_request() -> None:
    with ProviderEmulator("vllm", ["m"]) as emu:
        opts = GenOptions(temperature=0.1, top_p=0.9, max_tokens=300, seed=7, extra_body={"top_k": 20})
        decide(agent(emu, options=opts))
        body = emu.bodies[-1]
        assert (body["temperature"], body["top_p"], body["max_tokens"], body["seed"], body["top_k"]) == \
            (0.1, 0.9, 300, 7, 20)
        assert json.loads(opts.key()) == opts.to_dict()


def test_the_factory_takes_provider_key_variable_and_contestant_options() -> None:
    from dataclasses import dataclass

    from agents.factory import build_agents
    from agents.key_rule import KeyRefused
    from agents.providers.seat_table import SeatSpec

    @dataclass(frozen=True)
    class Opts:
        agents: str = "llm"
        model: str | None = "m"
        base_url: str | None = "http://127.0.0.1:9/v1"
        api_key: str | None = None
        table: None = None
        lang: str = "en"
        timeout: float = 9.0
        seed: int | None = 1
        provider: str = "vllm"
        api_key_env: str = "MY_VAR"
        seat_defaults: SeatSpec | None = None

    with pytest.raises(KeyRefused, match=r"MY_VAR \(--api-key-env\) is not set"):
        build_agents(Opts(), [1])
    built = build_agents(Opts(seat_defaults=SeatSpec(temperature=0.3, seed=4)), [1], env={"MY_VAR": "sk-x"})
    a = built[1]
    assert isinstance(a, LLMAgent) and a.provider == "vllm" and a.describe() == {
        "provider": "vllm", "options": {"temperature": 0.3, "seed": 4},
            "prompt_version": prompting.PROMPT_VERSION, "prompt_profile": "full"}
