"""An llm contestant over the fake endpoint: tokens, latency and fallbacks reach the summary."""

from __future__ import annotations

import asyncio
from pathlib import Path

from agents.llm import LLMAgent
from agents.scripted import ScriptedAgent
from evaluation.config import Contestant, parse_config
from evaluation.report import summarize
from evaluation.tournament import run_tournament
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
