"""`killer eval --plan` without a pilot: decisions from scripted play of the scheduled deals, tokens from the
prompts an LLM seat would be sent, cost at the file's prices; checked against real games and real requests."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from agents.base import Agent
from agents.bots.scripted import ScriptedAgent
from agents.llm import sizes
from agents.llm.agent import LLMAgent
from agents.llm.prompting import choices_for
from agents.view import SeatView
from engine import current_batch, new_game, observation
from evaluation.games.metrics import by_contestant
from evaluation.load.played import load_games
from evaluation.planning import plan_play
from evaluation.planning.plan import make_plan, render_plan
from evaluation.tournament.config import Contestant, parse_config
from evaluation.tournament.run import run_tournament
from evaluation.tournament.schedules import schedule
from tests.agents.fake_endpoint import FakeEndpoint, valid

MODEL = {"name": "model", "agent": "llm", "model": "m-1", "base_url": "http://127.0.0.1:9/v1"}


def _cfg(**extra: object) -> dict[str, object]:
    return {"rulesets": ["v2-classic:8"], "seeds": 1, "first_seed": 3,
            "contestants": [{"name": "bot", "agent": "scripted"}, MODEL], **extra}


def _same_bot(c: Contestant, seats: list[int], seed: int, lang: str) -> dict[int, Agent]:
    """Every seat the game-seeded scripted bot the estimate plays (a tournament keys its bots on their name)."""
    return {s: ScriptedAgent(seed, lang=lang) for s in seats}


def _scripted_decisions(raw: dict[str, object], tmp: Path) -> dict[str, int]:
    """Decisions per contestant when the same schedule is really played, every seat by the estimate's bot."""
    asyncio.run(run_tournament(parse_config(raw), tmp, build=_same_bot))
    games, _ = load_games(tmp)
    return {name: row["decisions"] for name, row in by_contestant(games).items()}


@pytest.mark.parametrize("extra", [{}, {"games": 1}, {"schedule": "side-pure", "seeds": 1}])
def test_decisions_are_those_of_the_scripted_games(extra: dict[str, object], tmp_path: Path) -> None:
    # rotate over 2 contestants: each holds every seat of the deal once, so each makes all the deal's decisions;
    # one game (games = 1) splits them by seat; side-pure gives each one side, then the other
    raw = _cfg(**extra)
    plan = make_plan(parse_config(raw))
    est = plan["estimate"]["contestants"]
    real = _scripted_decisions(raw, tmp_path / "run")
    assert {name: row["decisions"] for name, row in est.items()} == real
    if not extra:
        assert real["bot"] == real["model"]  # by hand: the rotation's two games hold the same seats in turn


def test_the_prompt_measured_is_the_one_the_agent_sends() -> None:
    state, events = new_game("v2-classic", random.Random(3), players=8)
    request = current_batch(state)[0]
    view = SeatView(request.seat, "v2-classic", 8, tuple(observation(events, request.seat)))
    endpoint = FakeEndpoint(default=valid())
    agent = LLMAgent(endpoint.client(), "m-1", provider="openai", response_format_style="json_schema")
    asyncio.run(agent.decide(view, request))
    sent = sum(len(m["content"]) for m in endpoint.bodies[-1]["messages"])
    assert sizes.prompt_chars(view, choices_for(view, request), "en") == sent


def test_tokens_and_cost_follow_the_stated_ratio_and_prices() -> None:
    raw = _cfg(prices={"m-1": {"prompt": 1.0, "completion": 2.0}})
    est = make_plan(parse_config(raw))["estimate"]
    row = est["contestants"]["model"]
    played = plan_play.estimate(schedule(parse_config(raw)), "en")
    use, deals, distinct = played.use, played.deals, played.distinct
    assert (deals, distinct) == (1, 1) and est["chars_per_token"] == 4.0
    assert row["prompt_tokens"] == round(use["model"].prompt_chars / 4)
    assert row["completion_tokens"] == round(use["model"].completion_chars / 4)
    assert row["usd"] == round((row["prompt_tokens"] * 1.0 + row["completion_tokens"] * 2.0) / 1e6, 4)
    assert row["prompt_tokens_max"] > row["prompt_tokens"] and row["completion_tokens_max"] > row["completion_tokens"]
    assert "usd" not in est["contestants"]["bot"]  # a bot uses no tokens
    halved = make_plan(parse_config(raw), chars_per_token=2.0)["estimate"]["contestants"]["model"]
    assert abs(halved["prompt_tokens"] - 2 * row["prompt_tokens"]) <= 1


def test_chinese_prompts_count_one_character_a_token() -> None:
    est = make_plan(parse_config(_cfg(lang="zh")))["estimate"]
    assert est["chars_per_token"] == 1.0 and est["lang"] == "zh"
    assert est["contestants"]["model"]["prompt_tokens"] > 0


def test_deals_past_the_cap_count_at_the_mean(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plan_play, "MAX_DEALS", 1)
    plan = make_plan(parse_config(_cfg(seeds=2)))
    one = make_plan(parse_config(_cfg(seeds=1)))
    assert plan["estimate"]["deals"] == 1 and plan["estimate"]["distinct"] == 2
    # the second deal is counted as the first one's mean: twice the decisions of the first deal alone
    assert plan["estimate"]["contestants"]["bot"]["decisions"] == 2 * one["estimate"]["contestants"]["bot"]["decisions"]
    text = render_plan(plan, None, "win")
    assert "The first 1 of the 2 distinct deals (the rest counted at their mean)" in text


def test_the_printed_plan_says_it_is_an_estimate() -> None:
    text = render_plan(make_plan(parse_config(_cfg(prices={"m-1": {"prompt": 1.0, "completion": 2.0}}))), None, "win")
    assert "ESTIMATE FROM SCRIPTED PLAY, not a pilot" in text and "4 characters a token (en)" in text
    assert "bot: " in text and "(not a model: no tokens)" in text
    assert "model: " in text and "prompt and" in text and "$" in text
