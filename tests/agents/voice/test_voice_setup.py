"""Issue 38, item 2: where a voiced bot (`scripted:LEVEL+voice`) can be named, and how its model's endpoint is built:
through the factory and the one key rule (agents/key_rule.py), as an LLM seat's — a table's endpoint gets no key
the user did not allow; the header records the kind and the voice's model; evaluation counts it as a bot."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import get_args

import pytest

from agents.bots.levels import BOT_KINDS, VOICED_KINDS, Level, is_bot_kind, is_voiced, parse_level, uses_model
from agents.factory import build_agents
from agents.key_rule import LOCAL_KEY, KeyRefused
from agents.providers.seat_table import AgentKind
from agents.voice.agent import KIND, VoicedAgent
from evaluation.games.lies import is_bot, voiced
from evaluation.tournament.config import Contestant
from killer.game_commands import agent_kind
from orchestrator.config import AGENT_KINDS, RunConfig
from orchestrator.seats import describe_seat

USER_KEY = "sk-user-" + "Vq2Lm8Tz" * 4
SECRET = "s3cret-other-" + "Pw4Kd9Rn" * 3
ENV = {"OPENAI_API_KEY": USER_KEY, "OTHER_SECRET": SECRET}


def table(tmp_path: Path, base_url: str, extra: str = "") -> Path:
    path = tmp_path / "seats.toml"
    path.write_text(f'[seats.3]\nagent = "scripted:hard+voice"\nmodel = "m"\nbase_url = "{base_url}"\n{extra}',
                    encoding="utf-8")
    return path


def test_tables_and_contestants_take_every_kind() -> None:
    assert set(get_args(AgentKind)) == {"llm", "random", *BOT_KINDS, *VOICED_KINDS}
    assert set(AGENT_KINDS) == set(get_args(AgentKind))


def test_the_kinds_parse() -> None:
    assert parse_level("scripted:hard+voice") is Level.HARD and parse_level("scripted+voice") is Level.NORMAL
    assert is_voiced("scripted:easy+voice") and not is_voiced("scripted:hard") and not is_voiced("llm+voice")
    assert is_bot_kind("scripted:hard+voice") and uses_model("scripted+voice") and not uses_model("scripted:hard")
    assert agent_kind("scripted:hard+voice") == "scripted:hard+voice"
    with pytest.raises(argparse.ArgumentTypeError, match="unknown scripted level 'expert'"):
        agent_kind("scripted:expert+voice")
    assert Contestant(name="v", agent="scripted:hard+voice").embedded  # no model: the embedded one
    assert not Contestant(name="v", agent="scripted:hard+voice", model="m", base_url="http://127.0.0.1:9/v1").embedded
    assert RunConfig(agents="scripted:hard+voice").embedded and not RunConfig(agents="scripted:hard").embedded


def test_a_tables_loopback_voice_gets_no_user_key(tmp_path: Path) -> None:
    config = RunConfig(agents="scripted:hard", seed=1, table=table(tmp_path, "http://127.0.0.1:9/v1"))
    agents = build_agents(config, list(range(1, 9)), env=ENV)
    voice = agents[3]
    assert isinstance(voice, VoicedAgent) and voice.endpoint.model == "m"
    assert voice.endpoint.client.api_key == LOCAL_KEY  # the table named it; the user did not
    assert not any(isinstance(a, VoicedAgent) for s, a in agents.items() if s != 3)


def test_a_tables_remote_voice_is_refused_unless_allowed(tmp_path: Path) -> None:
    path = table(tmp_path, "https://voice.example.net/v1")
    with pytest.raises(KeyRefused, match=re.escape("seat 3: the table sends requests to https://voice.example.net:443")):
        build_agents(RunConfig(agents="scripted", seed=1, table=path), [1, 2, 3], env=ENV)
    allowed = RunConfig(agents="scripted", seed=1, table=path, allow_endpoint=("https://voice.example.net",))
    voice = build_agents(allowed, [3], env=ENV)[3]
    assert isinstance(voice, VoicedAgent) and voice.endpoint.client.api_key == USER_KEY


def test_a_tables_variable_is_read_only_when_allowed(tmp_path: Path) -> None:
    path = table(tmp_path, "http://127.0.0.1:9/v1", 'api_key_env = "OTHER_SECRET"\n')
    with pytest.raises(KeyRefused, match="--allow-key-env OTHER_SECRET"):
        build_agents(RunConfig(agents="scripted", seed=1, table=path), [3], env=ENV)
    allowed = RunConfig(agents="scripted", seed=1, table=path, allow_key_env=("OTHER_SECRET",),
                        allow_endpoint=("http://127.0.0.1:9",))
    voice = build_agents(allowed, [3], env=ENV)[3]
    assert isinstance(voice, VoicedAgent) and voice.endpoint.client.api_key == SECRET


def test_the_command_lines_endpoint_voices_every_seat_and_the_header_says_so() -> None:
    config = RunConfig(agents="scripted:hard+voice", seed=1, model="m", base_url="http://127.0.0.1:9/v1",
                       provider="llamacpp")
    agents = build_agents(config, [1, 2], env=ENV)
    seat = describe_seat(1, agents[1])
    assert seat == {"seat": 1, "agent": KIND, "model": None, "level": "hard", "strategy": seat["strategy"],
                    "voice_model": "m", "voice_provider": "llamacpp", "voice_version": 1}
    assert is_bot(seat["agent"]) and is_bot("scripted") and is_bot("scripted:hard") and not is_bot("llm")
    assert voiced({"voice": "model"}) and not voiced({"voice": "bot"}) and not voiced(None)


def test_no_model_for_a_voice_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "seats.toml"
    path.write_text('[seats.2]\nagent = "scripted+voice"\n', encoding="utf-8")
    with pytest.raises(ValueError, match="seat 2: no model given"):
        build_agents(RunConfig(agents="scripted", seed=1, table=path), [1, 2], env=ENV)


def test_a_tournament_plays_a_voiced_contestant_through_its_endpoint(tmp_path: Path) -> None:
    """A voiced contestant against hard bots, its voice on a loopback llama.cpp emulation: the games play here (not
    on the bots' pool: its seats ask a model), the voice is asked for the speeches only, and its decisions never
    fall back (the words may: those are recorded apart)."""
    import asyncio

    from evaluation.tournament.config import parse_config
    from evaluation.tournament.folder import read_results
    from evaluation.tournament.run import bots_only, run_tournament
    from evaluation.tournament.schedules import schedule
    from orchestrator.store.transcript import read_transcript
    from tests.agents.provider_emulator import ProviderEmulator

    with ProviderEmulator("llamacpp", ["m"]) as emu:
        cfg = parse_config({"rulesets": ["v2-classic:8"], "seeds": 1, "parallel": 1, "contestants": [
            {"name": "voiced", "agent": "scripted:hard+voice", "model": "m", "base_url": emu.base_url,
             "provider": "llamacpp"}, {"name": "hard", "agent": "scripted:hard"}]})
        assert not any(bots_only(cfg, g) for g in schedule(cfg))
        done = asyncio.run(run_tournament(cfg, tmp_path, workers=1))
        asked = list(emu.bodies)
    assert done.failed == {} and done.played == 2 and done.degraded == []
    rows = list(read_results(tmp_path).values())
    assert all(int(n) == 0 for r in rows for n in (r.get("fallbacks") or {}).values())
    voices = 0
    for row in rows:
        t = read_transcript(tmp_path / row["transcript"])
        kinds = {s["agent"] for s in t.header["seats"]}
        assert kinds == {"scripted+voice", "scripted"}
        voices += sum(1 for e in t.entries if e.annotation and e.annotation.get("voice"))
    assert voices == len(asked) > 0 and all(set(b["response_format"]["schema"]["properties"]) == {"speech"}
                                            for b in asked)
