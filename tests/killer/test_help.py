"""`killer --help` and every subcommand's --help print their help and exit 0 (a literal % in a help line once
crashed the top-level help with a TypeError)."""

from __future__ import annotations

import argparse

import pytest

from killer.cli import build_parser, main


def _subcommands() -> list[str]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sorted(action.choices)


def test_every_command_is_listed() -> None:
    assert {"run", "verify", "render", "resume", "watch", "play", "eval", "report", "balance", "variants",
            "scenario", "simulate"} <= set(_subcommands())


@pytest.mark.parametrize("argv", [["--help"], *[[name, "--help"] for name in _subcommands()]])
def test_help_exits_0(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(argv)
    assert ended.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: killer")
    if argv == ["--help"]:
        assert "closest to 50 % for each table" in " ".join(out.split())  # the balance line, its % as written
