"""Issue 25, items 3 and 8, and the clean-up: a folder may hold links someone planted. No write goes through one
(the victim is unchanged, the transcript stays a regular file), a lock that is a link is refused in one line, a
second name of a game being played meets its lock, stale locks of dead processes are taken over, and a finished
game's checkpoint is removed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hygiene import files
from killer.cli import main
from orchestrator.store.files import checkpoint_path
from orchestrator.store.lock import hold
from orchestrator.store.transcript import read_transcript
from orchestrator.verify import verify_file
from tests.security.games import interrupted
from tests.security.test_single_writer import TOURNAMENT, held_elsewhere

VICTIM = "precious: never overwrite me\n"


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    path = tmp_path / "elsewhere" / "victim.txt"
    path.parent.mkdir()
    path.write_text(VICTIM)
    return path


def _one_line(err: str) -> str:
    assert err.count("\n") == 1, err
    return err


def test_a_planted_tmp_link_is_not_written_through_on_resume(tmp_path: Path, victim: Path) -> None:
    game = interrupted(tmp_path / "g")
    (game.parent / f"{game.name}.tmp").symlink_to(victim)
    assert main(["resume", str(game)]) == 0
    assert victim.read_text() == VICTIM
    assert not game.is_symlink() and verify_file(game).ok and read_transcript(game).end is not None


@pytest.mark.parametrize("where", ["game", "folder"])
def test_a_lock_that_is_a_link_is_refused_and_its_target_unchanged(tmp_path: Path, victim: Path, where: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    if where == "game":
        game = interrupted(tmp_path / "g")
        before = game.read_bytes()
        (game.parent / f"{game.name}.lock").symlink_to(victim)
        assert main(["resume", str(game)]) == 2
        assert game.read_bytes() == before
    else:
        config = tmp_path / "t.toml"
        config.write_text(TOURNAMENT)
        out = tmp_path / "run"
        out.mkdir()
        (out / ".killer.lock").symlink_to(victim)
        assert main(["eval", str(config), "--out", str(out), "--no-progress"]) == 2
        assert not (out / "results.jsonl").exists()
    assert "symbolic link" in _one_line(capsys.readouterr().err)
    assert victim.read_text() == VICTIM


def test_writes_refuse_a_link_and_a_second_name_and_leave_no_temporary_file(tmp_path: Path, victim: Path) -> None:
    link, twin = tmp_path / "report.md", tmp_path / "twin.jsonl"
    link.symlink_to(victim)
    os.link(victim, twin)
    with pytest.raises(files.FileRefused, match="symbolic link"):
        files.write_text(link, "forged")
    with pytest.raises(files.FileRefused, match="2 names"):
        files.open_append(twin)
    with pytest.raises(files.FileRefused, match="symbolic link"):
        files.open_lock(link)
    assert victim.read_text() == VICTIM and sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere", "report.md",
                                                                                           "twin.jsonl"]


@pytest.mark.parametrize("alias", ["symlink", "hardlink"])
def test_a_second_name_of_a_game_being_played_does_not_bypass_its_lock(tmp_path: Path, alias: str,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    game = interrupted(tmp_path / "g")
    other = tmp_path / "alias.jsonl"
    other.symlink_to(game) if alias == "symlink" else os.link(game, other)
    before = game.read_bytes()
    with held_elsewhere(game):
        assert main(["resume", str(other), "--from-transcript"]) == 2
    _one_line(capsys.readouterr().err)
    assert game.read_bytes() == before and not list(tmp_path.glob("*.checkpoint*"))


def test_a_link_to_a_game_meets_the_games_lock(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    game.write_text("")
    (tmp_path / "alias.jsonl").symlink_to(game)
    with hold(game, "this game") as lock, hold(tmp_path, "the folder"):
        child = subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; "
                                "from orchestrator.store.lock import hold\nwith hold(Path(sys.argv[1]), 'it'): pass",
                                str(tmp_path / "alias.jsonl")], env={**os.environ, "PYTHONPATH": os.getcwd()},
                               capture_output=True, text=True, timeout=60)
        assert child.returncode != 0 and "in use by pid" in child.stderr
        assert lock == game.resolve().with_name("g.jsonl.lock")


def test_a_stale_lock_of_a_dead_process_is_taken_over(tmp_path: Path) -> None:
    game = interrupted(tmp_path / "g")
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    lock = game.parent / f"{game.name}.lock"
    lock.write_text(f"pid {dead.stdout.strip()} (killer resume) since 2026-01-01 00:00:00 UTC\n")
    assert main(["resume", str(game)]) == 0
    assert not lock.exists() and verify_file(game).ok


def test_a_finished_games_leftover_checkpoint_is_removed(tmp_path: Path) -> None:
    game = interrupted(tmp_path / "g")
    ckpt = checkpoint_path(game)
    kept = ckpt.read_bytes()
    assert main(["resume", str(game)]) == 0 and not ckpt.exists()
    ckpt.write_bytes(kept)  # what a process killed between the end line and its clean-up leaves
    assert main(["resume", str(game)]) == 2
    assert not ckpt.exists()
