"""`--agents scripted:LEVEL` everywhere a bot kind is taken: run, balance, a seat table, a tournament file; an
unknown level is one line and exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluation.tournament.config import ConfigError, load_config
from killer.cli import main


@pytest.mark.parametrize("argv", [["run", "--agents", "scripted:expert"],
                                  ["balance", "--ruleset", "v3", "--players", "13", "--games", "1",
                                   "--agents", "scripted:expert"]])
def test_an_unknown_level_is_one_line_and_exit_2(argv: list[str], tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main([*argv, "--out", str(tmp_path)])
    except SystemExit as stop:  # argparse refuses a bad option by exiting
        code = stop.code
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "unknown scripted level 'expert' (known: easy, normal, hard)" in err


def test_run_and_balance_take_a_level(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--agents", "scripted:hard", "--ruleset", "v2-classic", "--seed", "3",
                 "--out", str(tmp_path / "games")]) == 0
    assert main(["balance", "--ruleset", "v3", "--players", "13", "--games", "2", "--agents", "scripted:hard",
                 "scripted:easy", "--out", str(tmp_path / "bal")]) == 0
    text = (tmp_path / "bal" / "balance.md").read_text(encoding="utf-8")
    assert "| scripted:hard | v3 | 13 |" in text and "| scripted:easy | v3 | 13 |" in text


def test_a_tournament_contestant_takes_a_level(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    body = 'rulesets = ["v3"]\nschedule = "side-pure"\n[[contestants]]\nname = "hard"\nagent = "scripted:hard"\n' \
           '[[contestants]]\nname = "easy"\nagent = "scripted:easy"\n'
    path.write_text(body, encoding="utf-8")
    assert [c.agent for c in load_config(path).contestants] == ["scripted:hard", "scripted:easy"]
    path.write_text(body.replace("scripted:easy", "scripted:expert"), encoding="utf-8")
    with pytest.raises(ConfigError, match=r"contestants\.1\.agent"):
        load_config(path)
