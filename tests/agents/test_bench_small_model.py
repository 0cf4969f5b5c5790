"""benchmarks/bench_small_model.py scores what it says: a speech naming a seat, one copying its prompt, a killer
reading its card aloud; the prompts it rebuilds are the ones the seats were sent; fallbacks are left out."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx2

from agents.llm.agent import LLMAgent
from orchestrator.config import RunConfig
from orchestrator.run import run_game
from orchestrator.store.transcript import read_transcript
from tests.agents.fake_endpoint import FakeEndpoint, completion, legal_answer, schema_of, seat_of

ROOT = Path(__file__).resolve().parents[2]


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_small_model", ROOT / "benchmarks" / "bench_small_model.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_naming_a_seat() -> None:
    b = bench()
    for text in ("I suspect seat 5.", "5号有问题", "五号有问题", "Seat five lied", "seats 2 and 3", "vote #7",
                 "Seats 9, 3"):
        assert b.names_a_seat(text, 8), text
    for text in ("I have a hunch.", "Seat 9 is odd", "2.5 reasons", "{None}", "I have 10 reasons", "第一天",
                 "{2: {0.4} and 3: {5: {None}}}", "(7)"):
        assert not b.names_a_seat(text, 8), text


def test_revealing_a_killers_card() -> None:
    b = bench()
    for text in ("I am a killer, sorry.", "I'm the Killer.", "As a killer I chose seat 2.", "我是杀手。",
                 "my card is killer", "We are the killers"):
        assert b.reveals_killer(text, ("killer",), "en"), text
        assert not b.reveals_killer(text, ("civilian",), "en"), text  # a good seat saying so reveals nothing
    for text in ("Seat 3 is a killer.", "I am a civilian.", "You are the killer, seat 4!", "我怀疑3号是杀手"):
        assert not b.reveals_killer(text, ("killer",), "en"), text


def test_an_8_word_run() -> None:
    b = bench()
    prompt = "The judge decides it will be a night when you can choose"
    assert b.shares_run("Hi. the judge decides it WILL be a night when, ok", prompt)
    assert not b.shares_run("the judge decides it will be a day", prompt)
    assert b.shares_run("法官宣布天黑请闭眼吧", "所有人：法官宣布天黑请闭眼吧。")


def _speech(body: dict[str, Any]) -> str:
    """Seat 1 names a seat; seat 2 copies its prompt; a killer confesses its card; others say nothing useful."""
    user = body["messages"][-1]["content"]
    seat = seat_of(body)
    if re.search(r"Your card: Killer|Your cards?: Killer", user):
        return "I am a killer, sorry."
    if seat == 1:
        return "I suspect seat 4."
    if seat == 2:
        return " ".join(body["messages"][0]["content"].split()[:12])
    return "I have a hunch."


def test_the_benchmark_scores_a_game_against_the_prompts_its_seats_were_sent(tmp_path: Path) -> None:
    def route(body: dict[str, Any]) -> Any:
        async def reply(body: dict[str, Any]) -> httpx2.Response:
            return completion(json.dumps(legal_answer(schema_of(body), speech=_speech(body))))
        return reply

    endpoint = FakeEndpoint(route=route)
    agents = {s: LLMAgent(endpoint.client(), "fake", provider="llamacpp", timeout=5,
                          prompt_profile="small" if s % 2 else "full") for s in range(1, 9)}
    result = asyncio.run(run_game(RunConfig(ruleset="v2-classic", players=8, seed=1, out=tmp_path),
                                  agents=agents, in_memory=True))  # type: ignore[arg-type]
    t = read_transcript(result.path)
    assert {s["seat"]: s["prompt_profile"] for s in t.header["seats"]} == {s: "small" if s % 2 else "full"
                                                                          for s in range(1, 9)}
    b = bench()
    found = list(b.speeches(t))
    assert found and len(found) == sum(1 for e in t.entries if e.event.data.get("speech"))
    for s in found:
        killer = s.text.startswith("I am a killer")
        assert s.keeps_card is not killer
        assert s.names_seat is (s.text == "I suspect seat 4.")
        assert s.no_echo is not (s.seat == 2 and not killer)  # seat 2 copied its system prompt
    # the prompts rebuilt are the ones sent: every speech request's messages are among the bodies
    sent = {"\n".join(m["content"] for m in body["messages"]) for body in endpoint.bodies}
    assert all(s.prompt in sent for s in found)


def test_a_copy_of_the_example_speech_with_and_without_its_seat() -> None:
    b = bench()
    request = 'Example answer (seat 3 of another game): {"accusation": 6, "speech": "Seat 6 lied to us."}'
    assert b.copies_example("Seat 2 lied to us.", request)  # the example's words, another seat
    assert not b.copies_example("Seat 2 lied to us.", request, with_seats=True)
    assert b.copies_example("Well. Seat 6 lied to us.", request, with_seats=True)  # the example whole
    assert not b.copies_example("Seat 6 told us lies.", request)
