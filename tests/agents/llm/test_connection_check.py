"""The connection check (issue 33): the preflight request says it is a check and not a turn of the game, asks the
smallest answer, and keeps the production shape (system text and answer schema) that it exists to test."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import openai
import pytest

import engine
from agents.llm.agent import LLMAgent
from agents.view import SeatView
from engine import DecisionKind, Request
from tests.agents.provider_emulator import ProviderEmulator

STATEMENT = Request(4, DecisionKind.STATEMENT, accusations=(1, 2, None))
HEADS = {"en": "=== CONNECTION CHECK (not part of the game) ===", "zh": "=== 连接检查（不是游戏的一部分） ==="}


def view(lang: str) -> SeatView:
    state, events = engine.new_game("v5-dual", random.Random(3), players=10)
    return SeatView(4, state.ruleset, len(state.seats), tuple(engine.observation(events, 4)), lang=lang)


def bodies(lang: str, call: str) -> list[dict[str, Any]]:
    with ProviderEmulator("vllm", ["m"]) as emu:
        client = openai.AsyncOpenAI(api_key=emu.key, base_url=emu.base_url, max_retries=0)
        agent = LLMAgent(client, "m", backoff_s=0.0, timeout=10.0, lang=lang)
        if call == "preflight":
            asyncio.run(agent.preflight(view(lang), STATEMENT))
        else:
            asyncio.run(agent.decide(view(lang), STATEMENT))
        return list(emu.bodies)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_connection_check_is_recognisable_and_asks_a_minimal_answer(lang: str) -> None:
    check = bodies(lang, "preflight")
    assert len(check) == 1
    user = [m["content"] for m in check[0]["messages"] if m["role"] == "user"]
    assert len(user) == 1 and user[0].startswith(HEADS[lang])
    assert ("smallest JSON object" if lang == "en" else "最小 JSON 对象") in user[0]
    turn = "=== YOUR TURN ===" if lang == "en" else "=== 轮到你 ==="
    for text in (turn, "Your day statement", "Night:", "PUBLIC RECORD", "公开记录", "你的白天发言"):
        assert text not in user[0], f"the check reads like a turn of the game: {text!r}"
    game = bodies(lang, "decide")[0]
    assert check[0]["messages"][0] == game["messages"][0], "the same system text as the game's requests"
    assert check[0]["response_format"] == game["response_format"], "the same answer schema (what it checks)"
    assert not any(m["content"].startswith(HEADS[lang]) for m in game["messages"]), "a turn is never a check"
