"""Whole games against each provider emulation, through the production path (factory, provider detection,
preflight, transcript): 0 fallbacks; the header records each seat's profile and options, never a key; a
model's private thoughts are kept in its own annotations and never reach any prompt."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from orchestrator.config import RunConfig
from orchestrator.output.render import render
from orchestrator.run import Hooks, run_game
from orchestrator.store.transcript import read_transcript
from orchestrator.verify import verify_file
from tests.agents.provider_emulator import ProviderEmulator
from words.narrator import phrase

GAMES = [
    ("openai", "gpt-4.1-mini", False, "v2-classic", 8, "en"),
    ("openai", "gpt-5-mini", False, "v2-classic", 8, "en"),
    ("vllm", "qwen3-8b", True, "v2-classic", 8, "en"),
    ("ollama", "llama3.2", False, "v2-classic", 8, "en"),
    ("llamacpp", "smollm2", False, "v2-classic", 8, "en"),
    ("deepseek", "deepseek-chat", False, "v2-classic", 8, "en"),
    ("deepseek", "deepseek-reasoner", False, "v2-classic", 8, "en"),
    ("generic", "any-model", False, "v2-classic", 8, "en"),
    ("openai", "gpt-4.1-mini", False, "v4-classic", 11, "en"),
    ("openai", "gpt-4.1-mini", False, "v5-dual", 8, "en"),
    ("openai", "gpt-4.1-mini", False, "v2-classic", 8, "zh"),
    ("openai", "gpt-4.1-mini", False, "v5-dual", 8, "zh"),
    ("deepseek", "deepseek-reasoner", False, "v4-classic", 11, "zh"),
    ("openai", "o3-mini", False, "v4-classic", 11, "zh"),
]


@pytest.mark.parametrize(("profile", "model", "think", "ruleset", "players", "lang"), GAMES,
                         ids=[f"{g[0]}-{g[1]}-{g[3]}-{g[5]}" for g in GAMES])
def test_a_full_game_on_each_emulation_has_no_fallback(tmp_path: Path, profile: str, model: str, think: bool,
                                                       ruleset: str, players: int, lang: str) -> None:
    speech = "我觉得三号很可疑。" if lang == "zh" else "I have a hunch about this table."
    speeches: list[str] = []
    with ProviderEmulator(profile, [model], think=think, speech=speech) as emu:
        config = RunConfig(ruleset=ruleset, players=players, seed=5, model=model, base_url=emu.base_url,
                           api_key=emu.key, lang=lang, out=tmp_path)
        hooks = Hooks(on_speech=lambda seat, kind, text: speeches.append(text))  # speeches stream too
        result = asyncio.run(run_game(config, hooks=hooks, in_memory=True))
        assert emu.refusals == []
    assert result.winner is not None and verify_file(result.path).ok
    assert result.end is not None and result.degraded == []
    assert set(result.end["fallbacks"].values()) == {0}, result.end
    transcript = read_transcript(result.path)
    notes = [e.annotation for e in transcript.entries if e.annotation]
    assert notes and all(not n["fallback"] for n in notes)
    assert speeches and speech in speeches
    seats = transcript.header["seats"]
    expected = "openai-reasoning" if model.startswith(("gpt-5", "o3")) else profile  # detected, not given
    assert {s["provider"] for s in seats} == {expected}
    assert emu.key not in result.path.read_text(encoding="utf-8")
    if think or model == "deepseek-reasoner":
        thoughts = [n["thoughts"] for n in notes]
        assert all(t.startswith("Private thoughts") for t in thoughts)
        # never in any prompt: no request carried a thought of any seat
        sent = json.dumps(emu.bodies, ensure_ascii=False)
        assert "Private thoughts" not in sent and "<think>" not in sent
        assert phrase(lang, "render_thoughts") in render(transcript, god=True)
        assert "Private thoughts" not in render(transcript)
    if model.startswith(("gpt-5", "o3")):
        assert all(n["reasoning_tokens"] == 3000 for n in notes)


def test_the_header_records_profiles_and_options_of_a_mixed_table_never_a_key(tmp_path: Path) -> None:
    with ProviderEmulator("openai", ["gpt-5-mini"], key="sk-openai-emulated-secret") as openai_emu, \
            ProviderEmulator("vllm", ["qwen3-8b"], think=True) as vllm_emu, \
            ProviderEmulator("deepseek", ["deepseek-reasoner"], key="sk-deepseek-emulated-secret") as ds_emu:
        table = tmp_path / "seats.toml"
        table.write_text(
            f'[defaults]\nmodel = "gpt-5-mini"\nbase_url = "{openai_emu.base_url}"\napi_key_env = "EMU_OPENAI"\n'
            'reasoning_effort = "low"\n'
            f'[seats.2]\nmodel = "qwen3-8b"\nbase_url = "{vllm_emu.base_url}"\ntemperature = 0.6\n'
            'extra_body = { top_k = 20 }\n'
            f'[seats.3]\nmodel = "deepseek-reasoner"\nbase_url = "{ds_emu.base_url}"\napi_key_env = "EMU_DS"\n'
            '[seats.4]\nagent = "scripted"\n', encoding="utf-8")
        env = {"EMU_OPENAI": openai_emu.key, "EMU_DS": ds_emu.key}
        with pytest.MonkeyPatch.context() as mp:
            for k, v in env.items():
                mp.setenv(k, v)
            result = asyncio.run(run_game(RunConfig(ruleset="v2-classic", players=8, seed=3, table=table,
                                                    allow_key_env=tuple(env), out=tmp_path,
                                                    allow_endpoint=(openai_emu.base_url, ds_emu.base_url,
                                                                    vllm_emu.base_url)),
                                          in_memory=True))
        assert not (openai_emu.refusals or vllm_emu.refusals or ds_emu.refusals)
        assert vllm_emu.bodies[-1]["top_k"] == 20
    header = read_transcript(result.path).header
    seats = {s["seat"]: s for s in header["seats"]}
    assert seats[1]["provider"] == "openai-reasoning" and seats[1]["options"] == {"reasoning_effort": "low"}
    assert seats[2]["provider"] == "vllm" and seats[2]["options"] == {
        "temperature": 0.6, "reasoning_effort": "low", "extra_body": {"top_k": 20}}
    assert seats[3]["provider"] == "deepseek" and seats[4]["agent"] == "scripted"
    text = result.path.read_text(encoding="utf-8")
    assert "sk-openai-emulated-secret" not in text and "sk-deepseek-emulated-secret" not in text
    assert result.degraded == []


def test_the_embedded_launcher_sets_llamacpp_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No detection request for the embedded model: the launcher knows its server (llama-cpp-python)."""
    import contextlib

    from orchestrator import seats

    with ProviderEmulator("llamacpp", ["smollm2-135m"]) as emu:
        @contextlib.asynccontextmanager
        async def fake_server() -> Any:
            yield type("Server", (), {"base_url": emu.base_url, "model": "smollm2-135m"})()

        monkeypatch.setattr(seats, "_embedded_server", fake_server)
        result = asyncio.run(run_game(RunConfig(ruleset="v2-classic", players=8, seed=1, out=tmp_path),
                                      in_memory=True))
        assert emu.bodies and all(b["response_format"]["type"] == "json_object" and "schema" in b["response_format"]
                                  for b in emu.bodies)
        assert emu.model_lists == 0 and emu.refusals == []
    assert result.degraded == [] and set((result.end or {})["fallbacks"].values()) == {0}
    header = read_transcript(result.path).header
    assert {s["provider"] for s in header["seats"]} == {"llamacpp"}
    # the embedded model plays the small prompt profile (agents/llm/small_prompt.py): decision fields only
    assert {s["prompt_profile"] for s in header["seats"]} == {"small"}
    assert all("notebook" not in b["response_format"]["schema"]["properties"] for b in emu.bodies)
