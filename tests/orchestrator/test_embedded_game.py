"""The real end to end: a small game whose LLM seats play on the embedded SmolLM2 through llama-cpp-python's
server, judged by the engine, written down, and verified. Runs in CI (`pytest -m local_model`)."""

from __future__ import annotations

from pathlib import Path

import openai
import pytest

from agents.bots.scripted import ScriptedAgent
from agents.llm.agent import LLMAgent
from agents.providers.local_server import LocalModelServer
from orchestrator.config import RunConfig
from orchestrator.run import run_game
from orchestrator.store.transcript import read_transcript
from orchestrator.verify import verify_file

LLM_SEATS = (1, 2, 3)
SEED = 2


@pytest.mark.local_model
async def test_a_small_game_on_the_embedded_model_finishes_and_verifies(tmp_path: Path, embedded_model: Path) -> None:
    async with LocalModelServer(embedded_model, log_path=tmp_path / "llama.log") as server:
        client = openai.AsyncOpenAI(base_url=server.base_url, api_key="local")
        agents = {s: ScriptedAgent(SEED) for s in range(1, 10)}
        agents.update({s: LLMAgent(client, server.model, timeout=120) for s in LLM_SEATS})
        config = RunConfig(ruleset="v1", players=9, seed=SEED, out=tmp_path)
        result = await run_game(config, agents=agents)  # type: ignore[arg-type]
        await client.close()
    assert result.winner in ("killers", "good", "draw")
    assert verify_file(result.path).ok
    notes = [e.annotation for e in read_transcript(result.path).entries
             if e.annotation and e.event.data.get("seat") in LLM_SEATS]
    assert notes, "the model seats were asked nothing"
    assert all(n["model"] == server.model for n in notes)
    answered = [n for n in notes if not n["fallback"]]
    assert len(answered) >= len(notes) / 2, [n["fallback"] for n in notes]  # the grammar keeps answers legal
