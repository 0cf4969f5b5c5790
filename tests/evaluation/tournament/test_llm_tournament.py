"""An llm contestant over the fake endpoint: tokens, latency and fallbacks reach the summary."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from agents.bots.scripted import ScriptedAgent
from agents.llm.agent import LLMAgent
from evaluation.report.summary import summarize
from evaluation.tournament.config import Contestant, parse_config
from evaluation.tournament.run import run_tournament
from evaluation.tournament.schedules import schedule
from tests.agents.fake_endpoint import FakeEndpoint, valid


def test_llm_operations_are_counted(tmp_path: Path) -> None:
    endpoint = FakeEndpoint(default=valid(pick="random"))

    def build(c: Contestant, seats: list[int], seed: int, lang: str) -> dict:
        if c.agent == "llm":
            agent = LLMAgent(endpoint.client(), "fake-model", lang=lang, timeout=5)
            return {s: agent for s in seats}
        return {s: ScriptedAgent(seed, lang=lang) for s in seats}

    cfg = parse_config({"rulesets": ["v2-classic:10"], "seeds": 1, "parallel": 2,
                        "contestants": [{"name": "fake", "agent": "llm", "model": "fake-model"},
                                        {"name": "scripted", "agent": "scripted"}]})
    done = asyncio.run(run_tournament(cfg, tmp_path, build=build))
    assert done.failed == {} and done.played == 2
    fake = summarize(tmp_path)["contestants"]["fake"]
    assert fake["prompt_tokens"] > 0 and fake["completion_tokens"] > 0 and fake["decisions"] > 0
    assert fake["latency_mean_s"] is not None and len(endpoint.bodies) >= fake["decisions"]


def test_budget_stops_new_games_and_cached_tokens_are_priced(tmp_path: Path) -> None:
    from evaluation.tournament.config import Price
    from evaluation.tournament.cost import tokens_usd

    # by hand: 1000 prompt tokens of which 400 cached, 100 completion at 1 / 0.1 / 2 USD per 1M
    assert tokens_usd(1000, 400, 100, Price(prompt=1, completion=2, cached=0.1)) == (600 + 40 + 200) / 1e6
    assert tokens_usd(1000, 400, 100, Price(prompt=1, completion=2)) == (1000 + 200) / 1e6
    endpoint = FakeEndpoint(default=valid(pick="random"))

    def build(c: Contestant, seats: list[int], seed: int, lang: str) -> dict:
        if c.agent == "llm":
            agent = LLMAgent(endpoint.client(), "fake-model", lang=lang, timeout=5)
            return {s: agent for s in seats}
        return {s: ScriptedAgent(seed, lang=lang) for s in seats}

    cfg = parse_config({"rulesets": ["v2-classic:10"], "seeds": 2, "parallel": 1, "budget_usd": 1e-9,
                        "prices": {"fake-model": {"prompt": 1.0, "completion": 1.0}},
                        "contestants": [{"name": "fake", "agent": "llm", "model": "fake-model"},
                                        {"name": "scripted", "agent": "scripted"}]})
    done = asyncio.run(run_tournament(cfg, tmp_path, build=build))
    assert done.played == 1 and len(done.over_budget) == 3  # the first game spent more than the cap
    assert summarize(tmp_path)["contestants"]["fake"]["cost"]["usd"] > 1e-9


def test_only_games_with_a_model_keep_a_sqlite_checkpoint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a game of bots alone plays by the plain loop, which keeps no checkpoint (a stopped one continues from its
    # transcript: test_run.py's torn game); a game with a model seat keeps its SQLite checkpoint
    from evaluation.tournament import run as tournament_run

    endpoint = FakeEndpoint(default=valid(pick="random"))
    kept: dict[str, bool] = {}
    play = tournament_run.run_game

    async def recording(config, **kwargs):  # type: ignore[no-untyped-def]
        kept[config.game_id] = not kwargs.get("plain", False)
        return await play(config, **kwargs)

    def build(c: Contestant, seats: list[int], seed: int, lang: str) -> dict:
        if c.agent == "llm":
            agent = LLMAgent(endpoint.client(), "fake-model", lang=lang, timeout=5)
            return {s: agent for s in seats}
        return {s: ScriptedAgent(seed, lang=lang) for s in seats}

    monkeypatch.setattr(tournament_run, "run_game", recording)
    cfg = parse_config({"rulesets": ["v2-classic:8"], "seeds": 1, "anchors": ["scripted"],
                        "contestants": [{"name": "scripted", "agent": "scripted"},
                                        {"name": "fake", "agent": "llm", "model": "fake-model"},
                                        {"name": "rnd", "agent": "random"}]})
    done = asyncio.run(run_tournament(cfg, tmp_path, build=build))
    assert done.failed == {} and done.played == 5
    rosters = {g.game_id: set(g.roster.values()) for g in schedule(cfg)}
    assert kept == {game: "fake" in names for game, names in rosters.items()}
    assert sum(kept.values()) == 2  # fake on either side of the anchor
