"""Runs merged by game identity: a copied game counts once; names and prices come from the headers."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

from evaluation.tournament.config import parse_config
from evaluation.tournament.run import run_tournament
from evaluation.tournament.runs import game_identity
from killer.cli import main
from orchestrator.store.transcript import read_transcript

RAW = {"name": "twins", "rulesets": ["v2-classic:8"], "seeds": 1,
       "contestants": [{"name": "alpha", "agent": "scripted"}, {"name": "beta", "agent": "scripted"}],
       "prices": {"alpha": {"prompt": 1.0, "completion": 2.0}}}


def test_copied_games_count_once_and_keep_names_and_prices(tmp_path: Path) -> None:
    asyncio.run(run_tournament(parse_config(RAW), tmp_path / "run"))
    games = sorted((tmp_path / "run" / "games").glob("*.jsonl"))
    assert len(games) == 2
    shutil.copytree(tmp_path / "run" / "games", tmp_path / "copy")
    (tmp_path / "copy" / games[0].name).rename(tmp_path / "copy" / "renamed.jsonl")
    out = tmp_path / "rep"
    assert main(["report", str(tmp_path / "run" / "games"), str(tmp_path / "copy"), "--out", str(out),
                 "--no-plots"]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 2 and len(summary["duplicates"]) == 2
    # two contestants on one agent kind stay apart, each in 8 seats; alpha's price came from the header
    assert {n: c["seats"] for n, c in summary["contestants"].items()} == {"alpha": 8, "beta": 8}
    costs = {n: c["cost"]["usd"] for n, c in summary["contestants"].items()}
    assert costs == {"alpha": 0.0, "beta": None}
    assert "2 copied games counted once" in (out / "report.md").read_text()


def test_two_rosters_on_one_deal_are_two_games(tmp_path: Path) -> None:
    asyncio.run(run_tournament(parse_config(RAW), tmp_path))
    a, b = (read_transcript(p) for p in sorted((tmp_path / "games").glob("*.jsonl")))
    assert a.header["seed"] == b.header["seed"]
    ids = {game_identity(t.header, [e.event for e in t.entries]) for t in (a, b)}
    assert len(ids) == 2
    assert a.header["options"]["tournament"]["roster"]["1"] in ("alpha", "beta")
