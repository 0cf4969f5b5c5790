"""A mistyped option or subcommand is one line, exit 2, naming the close known name and the subcommand's help."""

from __future__ import annotations

import pytest

from killer.cli import main


def _error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err


def test_a_mistyped_option_suggests_the_option_and_the_subcommands_help(capsys: pytest.CaptureFixture[str]) -> None:
    err = _error(capsys, ["play", "--sed", "21"])
    assert err == "killer play: unrecognized arguments: --sed 21; did you mean --seed? (see killer play --help)\n"


def test_a_mistyped_subcommand_suggests_the_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    err = _error(capsys, ["wach", "x.jsonl"])
    assert "invalid choice: 'wach'" in err and "did you mean watch?" in err and "(see killer --help)" in err


def test_nothing_close_suggests_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    err = _error(capsys, ["play", "--zzzzzz"])
    assert "did you mean" not in err and err.endswith("(see killer play --help)\n")
