"""`killer run` against provider emulations: a real game exits 0 and prints the fallback counts; a wrong key, an
unknown model or a refused parameter is one line and exit 2 before any game starts (no transcript); a seat whose
model cannot answer makes the game degraded: said loudly, marked in the end line, exit 3."""

from __future__ import annotations

from pathlib import Path

import pytest

from killer.cli import main
from killer.exit_codes import ExitCode
from orchestrator.store.transcript import read_transcript
from tests.agents.provider_emulator import ProviderEmulator


def run(emu: ProviderEmulator, out: Path, *extra: str, model: str | None = None) -> int:
    return main(["run", "--ruleset", "v2-classic", "--players", "8", "--seed", "5", "--model",
                 model or emu.models[0], "--base-url", emu.base_url, "--api-key-env", "EMU_KEY", "--out", str(out),
                 *extra])


def test_a_game_on_openai_exits_0_and_prints_the_fallbacks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    with ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        monkeypatch.setenv("EMU_KEY", emu.key)
        assert run(emu, tmp_path) == ExitCode.DONE
    out = capsys.readouterr().out
    assert "fallbacks: seat 1 0/" in out and "DEGRADED" not in out
    [path] = tmp_path.glob("*.jsonl")
    header = read_transcript(path).header
    assert header["options"]["api_key_env"] == "EMU_KEY" and emu.key not in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("case", "needle"), [
    ("wrong key", "Incorrect API key provided"),
    ("unknown model", "The model `gpt-9-mini` does not exist"),
    ("refused parameter", "Use 'max_completion_tokens' instead"),
])
def test_refusals_are_one_line_and_exit_2_before_any_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str], case: str,
                                                         needle: str) -> None:
    with ProviderEmulator("openai", ["gpt-4.1-mini", "o3-mini"]) as emu:
        monkeypatch.setenv("EMU_KEY", "sk-not-the-key-000000" if case == "wrong key" else emu.key)
        if case == "unknown model":
            code = run(emu, tmp_path, model="gpt-9-mini")
        elif case == "refused parameter":  # told it is a chat model, an o3 gets max_tokens and a temperature
            code = run(emu, tmp_path, "--provider", "openai", model="o3-mini")
        else:
            code = run(emu, tmp_path)
        assert len(emu.bodies) == 1  # the one preflight request, nothing more
    err = capsys.readouterr().err
    assert code == ExitCode.BAD_INPUT
    lines = err.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and "seats 1, 2, 3, 4, 5, 6, 7, 8" in lines[0]
    assert "sk-not-the-key-000000" not in err
    assert list(tmp_path.iterdir()) == []  # nothing that looks like a game


def test_a_seat_that_cannot_answer_makes_the_game_degraded_exit_3(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    with ProviderEmulator("vllm", ["m"], junk_seats=frozenset({3})) as emu:
        monkeypatch.setenv("EMU_KEY", emu.key)
        assert run(emu, tmp_path) == ExitCode.DEGRADED
    captured = capsys.readouterr()
    assert "DEGRADED: seat 3 " in captured.err
    assert "seat 3 " in captured.out and "seat 1 0/" in captured.out
    [path] = tmp_path.glob("*.jsonl")
    end = read_transcript(path).end
    assert end is not None and end["degraded"] == [3] and end["winner"]
    assert end["fallbacks"]["3"] == end["seat_decisions"]["3"] >= 3


def test_a_reasoning_model_behind_a_proxy_without_a_model_list_plays_with_0_fallbacks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    with ProviderEmulator("proxy", ["gpt-5-mini"]) as emu:  # GET /models answers 404: nothing names the owner
        monkeypatch.setenv("EMU_KEY", emu.key)
        assert run(emu, tmp_path) == ExitCode.DONE
        assert emu.refusals == [] and all("max_completion_tokens" in b for b in emu.bodies)
    out = capsys.readouterr().out
    [path] = tmp_path.glob("*.jsonl")
    transcript = read_transcript(path)
    assert transcript.end is not None and not any(transcript.end["fallbacks"].values())
    assert "DEGRADED" not in out and "fallbacks: seat 1 0/" in out
    assert {s["provider"] for s in transcript.header["seats"]} == {"openai-reasoning"}
