"""Issue 38, item 2, on the embedded SmolLM2 (CI: `pytest -m local_model`): a whole game of voiced hard bots plays
offline with no endpoint given, prints its voice fallback count and records it; the same speech asked twice with
the same seed gets the same words (llama-cpp-python's server honours `seed`)."""

from __future__ import annotations

import re
from pathlib import Path

import openai
import pytest

from agents.bots.levels import Level
from agents.bots.scripted import ScriptedAgent
from agents.llm.endpoint import Endpoint
from agents.providers.local_server import LocalModelServer
from agents.providers.profiles import GenOptions
from agents.voice.agent import VoicedAgent, voice_options
from killer.cli import main
from orchestrator.config import RunConfig
from orchestrator.run import run_game
from orchestrator.store.transcript import read_transcript
from orchestrator.verify import verify_file
from tests.agents.voice.test_voiced_agent import Recorder

LINE = re.compile(r"voice fallbacks \(the bot's own sentence said\): (\d+)/(\d+) speeches")


@pytest.mark.local_model
def test_a_voiced_game_plays_offline_and_prints_its_voice_fallbacks(tmp_path: Path, embedded_model: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["run", "--agents", "scripted:hard+voice", "--players", "8", "--seed", "3", "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0, out[-2000:]  # a voice fallback never makes a seat degraded: the decisions are the bot's
    match = LINE.search(out)
    assert match, out[-2000:]
    fell, asked = int(match.group(1)), int(match.group(2))
    path = next(tmp_path.glob("*.jsonl"))
    assert verify_file(path).ok
    t = read_transcript(path)
    notes = [e.annotation for e in t.entries if e.annotation and e.annotation.get("voice")]
    assert asked == len(notes) > 0 and fell == sum(n["voice"] == "bot" for n in notes)
    assert all(s["agent"] == "scripted+voice" and s["voice_model"] == "smollm2-135m" for s in t.header["seats"])


@pytest.mark.local_model
async def test_the_same_speech_gets_the_same_words(tmp_path: Path, embedded_model: Path) -> None:
    bots = {s: Recorder("en") for s in range(1, 9)}
    await run_game(RunConfig(ruleset="v2-classic", players=8, seed=3, out=tmp_path), agents=bots)  # type: ignore[arg-type]
    asked = [a for b in bots.values() for a in b.asked][:3]
    async with LocalModelServer(embedded_model, log_path=tmp_path / "llama.log") as server:
        client = openai.AsyncOpenAI(base_url=server.base_url, api_key="local")
        endpoint = Endpoint(client, server.model, timeout=120, provider="llamacpp",
                            options=voice_options(GenOptions()))
        agent = VoicedAgent(ScriptedAgent(1, level=Level.HARD), endpoint)
        first = [(await agent.decide(view, request)).action.speech for view, request, _ in asked]
        again = [(await agent.decide(view, request)).action.speech for view, request, _ in reversed(asked)]
        await client.close()
    assert first == list(reversed(again))
