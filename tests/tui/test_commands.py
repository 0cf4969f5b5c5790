"""The watch/play command line around the TUI: setup errors refused before any screen opens (item 7), the
resume command printed on quit (item 2) and the exit code of an interrupted game."""

from __future__ import annotations

import argparse
import json
import shlex
from pathlib import Path
from types import SimpleNamespace

import pytest

from killer.cli import build_parser, main
from killer.exit_codes import ExitCode
from killer.game_commands import resume_overrides
from killer.tui_commands import _finish, resume_command
from tests.tui.conftest import DATA


def _args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(list(argv))


@pytest.mark.parametrize("argv, why", [
    (["play", "--players", "3", "--seat", "1", "--agents", "scripted"], "not 3"),
    (["play", "--seats", "1,1", "--agents", "scripted"], "seat 1 is listed twice"),
    (["play", "--ruleset", "v9", "--agents", "scripted"], "v9"),
    (["watch", "--live", "--players", "40", "--agents", "scripted"], "not 40"),
])
def test_setup_errors_are_refused_before_the_tui_opens(argv: list[str], why: str, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    code = main([*argv, "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == ExitCode.BAD_INPUT
    assert why in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not list(tmp_path.iterdir())  # no transcript was started


def _played(tmp_path: Path, finished: bool) -> Path:
    """The sample game as if seat 7 had been a person (finished, or cut before its end line)."""
    lines = (DATA / "v2-classic-s3-en.jsonl").read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header.setdefault("options", {})["humans"] = [7]
    body = lines[1:] if finished else [x for x in lines[1:] if '"end"' not in x[:12]][:40]
    path = tmp_path / "g.jsonl"
    path.write_text("\n".join([json.dumps(header), *body]) + "\n", encoding="utf-8")
    return path


def test_resuming_a_finished_or_unsaved_game_is_refused_before_the_tui_opens(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--resume", str(_played(tmp_path, finished=True))]) == ExitCode.BAD_INPUT
    assert "over already" in capsys.readouterr().err
    assert main(["play", "--resume", str(_played(tmp_path, finished=False))]) == ExitCode.BAD_INPUT
    assert "no checkpoint" in capsys.readouterr().err


def test_the_resume_command_carries_out_and_the_endpoint_options_of_the_command_line() -> None:
    args = _args("play", "--seat", "5", "--out", "my games", "--base-url", "http://127.0.0.1:9/v1",
                 "--model", "m", "--timeout", "5", "--lang", "zh", "--api-key", "sk-secret")
    line = resume_command(args, "g-1", play=True)
    assert shlex.split(line) == ["killer", "play", "--resume", "g-1", "--out", "my games", "--base-url",
                                 "http://127.0.0.1:9/v1", "--model", "m", "--timeout", "5.0", "--lang", "zh"]
    assert "sk-secret" not in line
    again = _args(*shlex.split(line)[1:])  # it parses as printed, and says the same
    assert again.resume == "g-1" and again.out == Path("my games") and again.base_url == "http://127.0.0.1:9/v1"
    assert resume_overrides(again)["model"] == "m"
    plain = resume_command(_args("watch", "--live"), "g-2", play=False)
    assert plain == "killer resume g-2"
    watched = resume_command(_args("watch", "--live", "--out", "o", "--model", "x"), "g-3", play=False)
    resumed = _args(*shlex.split(watched)[1:])
    assert resumed.game == "g-3" and resumed.out == Path("o") and resumed.model == "x"


def test_a_quit_game_prints_one_resume_line_and_exits_130(capsys: pytest.CaptureFixture[str]) -> None:
    app = SimpleNamespace(error=None, result=None, header={"game_id": "g-9"}, lang="en")
    code = _finish(app, _args("play", "--out", "elsewhere"), play=True)
    out = capsys.readouterr().out.strip().splitlines()
    assert code == ExitCode.INTERRUPTED == 130
    assert out == ["Saved. Resume with: killer play --resume g-9 --out elsewhere"]
