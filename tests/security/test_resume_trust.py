"""Issue 13, items 1 and 6: `killer resume` takes endpoints, tables and key variables only from the user, and never
throws progress away silently (a missing, empty, foreign or broken checkpoint is an error naming the choices)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from killer.cli import main
from orchestrator.store.files import checkpoint_path
from orchestrator.store.transcript import read_transcript, strip_wall_clock
from orchestrator.verify import verify_file
from tests.security.games import edit_header, interrupted
from tests.security.loopback import hostile_endpoint

VICTIM_KEY = "sk-victim-" + "9" * 30
OTHER_SECRET = "AIza-unrelated-secret-" + "7" * 20


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", VICTIM_KEY)
    monkeypatch.setenv("UNRELATED_SECRET", OTHER_SECRET)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)


def test_a_transcript_naming_an_endpoint_cannot_send_the_key_there(tmp_path: Path, env: None,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    game = interrupted(tmp_path)
    with hostile_endpoint() as attacker:
        edit_header(game, agents="llm", model="m", base_url=f"http://127.0.0.1:{attacker.port}/v1")
        assert main(["resume", str(game)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"127.0.0.1:{attacker.port}" in err and "--base-url" in err
        assert attacker.requests == 0


def test_play_resume_refuses_a_transcript_naming_an_endpoint(tmp_path: Path, env: None,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    game = interrupted(tmp_path)
    with hostile_endpoint() as attacker:
        edit_header(game, agents="llm", model="m", base_url=f"http://127.0.0.1:{attacker.port}/v1", humans=[2])
        assert main(["play", "--resume", str(game)]) == 2  # before any screen opens
        assert "--base-url" in capsys.readouterr().err and attacker.requests == 0


def test_a_transcript_naming_a_table_cannot_pick_the_key_variable(tmp_path: Path, env: None,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    game = interrupted(tmp_path)
    with hostile_endpoint() as attacker:
        table = tmp_path / "shipped-with-the-transcript.toml"
        table.write_text(f'[defaults]\nmodel = "m"\nbase_url = "http://127.0.0.1:{attacker.port}/v1"\n'
                         'api_key_env = "UNRELATED_SECRET"\n', encoding="utf-8")
        edit_header(game, agents="llm", table=str(table))
        assert main(["resume", str(game)]) == 2
        assert "--table" in capsys.readouterr().err
        assert attacker.requests == 0


def test_resume_connects_where_the_command_line_says(tmp_path: Path, env: None) -> None:
    game = interrupted(tmp_path)
    with hostile_endpoint() as attacker, hostile_endpoint() as mine:
        edit_header(game, agents="llm", model="m", base_url=f"http://127.0.0.1:{attacker.port}/v1")
        # 3, not 0: this endpoint refuses every third request with a 401, so its seats are degraded (issue 8)
        assert main(["resume", str(game), "--base-url", f"http://127.0.0.1:{mine.port}/v1", "--model", "m"]) == 3
        assert attacker.requests == 0 and mine.requests > 0 and set(mine.keys) == {VICTIM_KEY}
    assert verify_file(game).ok


def _uninterrupted(tmp_path: Path) -> list[object]:
    path = interrupted(tmp_path / "whole", after=10**6)
    return [strip_wall_clock(e.event.to_dict()) for e in read_transcript(path).entries]


def _breakers() -> dict[str, object]:
    def missing(ckpt: Path) -> None:
        ckpt.unlink()

    def empty(ckpt: Path) -> None:
        ckpt.write_bytes(b"")

    def garbage(ckpt: Path) -> None:
        ckpt.write_bytes(b"this is not a database" * 100)

    def folder(ckpt: Path) -> None:
        ckpt.unlink()
        ckpt.mkdir()

    return {"missing": missing, "empty": empty, "garbage": garbage, "folder": folder}


@pytest.mark.parametrize("how", ["missing", "empty", "garbage", "folder", "foreign"])
def test_a_lost_checkpoint_is_an_error_naming_the_choices(tmp_path: Path, how: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    game = interrupted(tmp_path / "a")
    ckpt = checkpoint_path(game)
    for extra in ("-wal", "-shm"):
        ckpt.with_name(ckpt.name + extra).unlink(missing_ok=True)
    before = game.read_text(encoding="utf-8")
    if how == "foreign":
        other = interrupted(tmp_path / "b", seed=9)
        shutil.copy(checkpoint_path(other), ckpt)
    else:
        _breakers()[how](ckpt)  # type: ignore[operator]
    assert main(["resume", str(game)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ("--from-transcript" in err or "folder" in err), err
    assert game.read_text(encoding="utf-8") == before  # nothing was replayed or cut


@pytest.mark.parametrize("how", ["missing", "empty", "garbage", "foreign"])
def test_from_transcript_rebuilds_the_game_it_would_have_been(tmp_path: Path, how: str) -> None:
    game = interrupted(tmp_path / "a")
    ckpt = checkpoint_path(game)
    if how == "foreign":
        other = interrupted(tmp_path / "b", seed=9)
        shutil.copy(checkpoint_path(other), ckpt)
    else:
        _breakers()[how](ckpt)  # type: ignore[operator]
    assert main(["resume", str(game), "--from-transcript"]) == 0
    assert verify_file(game).ok
    resumed = [strip_wall_clock(e.event.to_dict()) for e in read_transcript(game).entries]
    assert resumed == _uninterrupted(tmp_path)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only files")
def test_a_read_only_checkpoint_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = interrupted(tmp_path)
    checkpoint_path(game).chmod(0o444)
    assert main(["resume", str(game)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_a_game_killed_before_its_checkpoint_exists_resumes_from_its_transcript(tmp_path: Path) -> None:
    game = interrupted(tmp_path, after=3)  # the deal only: no decision yet
    checkpoint_path(game).unlink(missing_ok=True)
    assert main(["resume", str(game)]) == 0
    assert verify_file(game).ok
    assert [strip_wall_clock(e.event.to_dict()) for e in read_transcript(game).entries] == _uninterrupted(tmp_path)
