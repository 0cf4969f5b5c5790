"""`killer eval` against provider emulations: contestants' provider and generation options reach the requests,
a refused endpoint stops the tournament before its first night (exit 2), and a contestant whose model cannot
answer is degraded: its running fallback share is shown and the command exits 3."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluation.report.summary import summarize
from evaluation.tournament.config import ConfigError, load_config
from evaluation.tournament.folder import fallback_shares, share_text
from killer.cli import main
from killer.exit_codes import ExitCode
from tests.agents.provider_emulator import ProviderEmulator


def tournament(path: Path, base_url: str, model: str, extra: str = "") -> Path:
    path.write_text(
        'name = "emu"\nseeds = 1\nrulesets = ["v2-classic:8"]\n'
        f'[[contestants]]\nname = "gpt"\nagent = "llm"\nmodel = "{model}"\nbase_url = "{base_url}"\n'
        f'api_key_env = "EMU_KEY"\n{extra}'
        '[[contestants]]\nname = "bot"\nagent = "scripted"\n'
        '[prices.gpt]\nprompt = 1.0\ncompletion = 4.0\n', encoding="utf-8")
    return path


def allowed(emu: ProviderEmulator) -> list[str]:
    """The user's leave for the contestant's key (agents/key_rule.py): its variable and its endpoint."""
    return ["--allow-key-env", "EMU_KEY", "--allow-endpoint", emu.base_url]


def test_generation_options_reach_the_requests_and_reasoning_tokens_are_priced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    with ProviderEmulator("openai", ["gpt-5-mini"]) as emu:
        monkeypatch.setenv("EMU_KEY", emu.key)
        cfg = tournament(tmp_path / "t.toml", emu.base_url, "gpt-5-mini",
                         'reasoning_effort = "minimal"\nmax_tokens = 5000\nseed = 11\n')
        code = main(["eval", str(cfg), "--out", str(tmp_path / "run"), "--no-progress", *allowed(emu)])
        assert emu.refusals == [] and len(emu.bodies) > 10
        assert all(b["reasoning_effort"] == "minimal" and b["max_completion_tokens"] == 5000 and b["seed"] == 11
                   for b in emu.bodies)
    assert code == ExitCode.DONE
    out = capsys.readouterr().out
    assert "gpt: 0 of " in out and "(0.0%)" in out
    summary = summarize(tmp_path / "run")
    gpt = summary["contestants"]["gpt"]
    assert gpt["reasoning_tokens"] == 3000 * gpt["decisions"]
    assert gpt["cost"]["reasoning_usd"] == round(gpt["reasoning_tokens"] * 4.0 / 1e6, 6) > 0


def test_a_refused_contestant_stops_the_tournament_before_any_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    with ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        monkeypatch.setenv("EMU_KEY", "sk-wrong-000000000")
        cfg = tournament(tmp_path / "t.toml", emu.base_url, "gpt-4.1-mini")
        code = main(["eval", str(cfg), "--out", str(tmp_path / "run"), "--no-progress", *allowed(emu)])
        assert len(emu.bodies) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert code == ExitCode.BAD_INPUT and len(err) == 1
    assert "contestant gpt" in err[0] and "Incorrect API key provided" in err[0]
    assert not list((tmp_path / "run" / "games").glob("*.jsonl"))


def test_a_contestant_that_cannot_answer_is_degraded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    with ProviderEmulator("vllm", ["m"], junk_seats=frozenset({2, 3})) as emu:
        monkeypatch.setenv("EMU_KEY", emu.key)
        cfg = tournament(tmp_path / "t.toml", emu.base_url, "m")
        code = main(["eval", str(cfg), "--out", str(tmp_path / "run"), "--no-progress", *allowed(emu)])
    captured = capsys.readouterr()
    assert code == ExitCode.DEGRADED and "DEGRADED: gpt" in captured.err


def test_the_running_share_and_an_unknown_generation_key() -> None:
    rows = [{"roster": {"1": "a", "2": "b"}, "fallbacks": {"1": 1, "2": 0}, "seat_decisions": {"1": 4, "2": 5}},
            {"roster": {"1": "b", "2": "a"}, "fallbacks": {"1": 0, "2": 3}, "seat_decisions": {"1": 2, "2": 6}}]
    assert fallback_shares(rows) == {"a": (4, 10), "b": (0, 7)}
    assert share_text(fallback_shares(rows)) == "a 40% fallbacks · b 0% fallbacks"


def test_an_unknown_key_in_a_contestant_is_one_line(tmp_path: Path) -> None:
    path = tournament(tmp_path / "t.toml", "http://127.0.0.1:9/v1", "m", "temprature = 0.5\n")
    with pytest.raises(ConfigError, match=r"contestants\.0\.temprature: unknown key"):
        load_config(path)
