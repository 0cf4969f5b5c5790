"""Issue 25 (also): a disk that fills up during a game is one line, exit 2, that says where the game so far is and
the command that continues it once there is room; that command then finishes the game."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest

from killer.cli import main
from orchestrator.store.transcript import TranscriptWriter
from orchestrator.verify import verify_file


def _fill_after(monkeypatch: pytest.MonkeyPatch, entries: int) -> None:
    """The disk is full once `entries` events were written."""
    real = TranscriptWriter.write_entry
    written = [0]

    def write_entry(self: TranscriptWriter, entry: Any) -> None:
        written[0] += 1
        if written[0] > entries:
            raise OSError(errno.ENOSPC, "No space left on device", str(self.path))
        real(self, entry)

    monkeypatch.setattr(TranscriptWriter, "write_entry", write_entry)


@pytest.mark.parametrize("command", ["run", "resume"])
def test_a_full_disk_says_how_to_continue_and_the_game_continues(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str],
                                                                 command: str) -> None:
    with monkeypatch.context() as full:
        _fill_after(full, 30)
        assert main(["run", "--agents", "scripted", "--seed", "4", "--out", str(tmp_path)]) == 2
        (game,) = tmp_path.glob("*.jsonl")
        if command == "resume":
            capsys.readouterr()
            _fill_after(full, 20)
            assert main(["resume", str(game)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No space left on device" in err, err
    assert f"the game so far is in {game}: free some space, then continue it with: killer resume {game}" in err
    assert main(["resume", str(game)]) == 0 and verify_file(game).ok
