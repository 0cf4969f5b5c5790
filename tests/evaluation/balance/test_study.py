"""Balance: seeded engine-only games, Wilson rates, the claims' verdicts, and the command's files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluation.balance.study import batch, claims, play, setups
from evaluation.stats.intervals import rate
from killer.cli import main


def test_games_are_seeded_and_legal() -> None:
    for agents in ("random", "scripted"):
        a, b = play("v2-classic", 10, 3, agents), play("v2-classic", 10, 3, agents)
        assert a == b and a.winner in ("killers", "good", "draw") and a.killers == 2
    assert play("v1", 12, 1, "random", killers=4).killers == 4


def test_batch_counts_add_up() -> None:
    row = batch("v2-classic", 10, "random", 6, seed=0)
    assert row["games"] == 6 and row["killers_win"]["k"] + row["good_win"]["k"] + row["draws"] == 6


def row(ruleset: str, agents: str, k: int, n: int = 100, players: int = 12) -> dict:
    return {"ruleset": ruleset, "players": players, "agents": agents, "games": n, "killers_win": rate(k, n)}


def test_claim_verdicts() -> None:
    rows = [row("v2-classic", "x", 60), row("v2.5-std", "x", 55), row("v3", "x", 20)]
    sweep = [{"agents": "x", "killers": k, "mean_days": d} for k, d in ((1, 6.0), (2, 5.0), (3, 4.5))]
    hard, short = claims(rows, sweep)
    assert hard["holds"] and short["holds"]
    rows[2] = row("v3", "x", 50)
    sweep[2]["mean_days"] = 5.5
    hard, short = claims(rows, sweep)
    assert not hard["holds"] and not short["holds"]


def test_quick_setups_cover_the_claims() -> None:
    chosen = setups(quick=True)
    assert {r for r, _ in chosen} >= {"v2-classic", "v2.5-std", "v3", "v4-classic"}


def test_balance_command_writes_its_files(tmp_path: Path, capsys) -> None:
    assert main(["balance", "--games", "2", "--quick", "--agents", "random", "--out", str(tmp_path)]) == 0
    for name in ("balance.json", "balance.md", "balance_players.png", "balance_length.png"):
        assert (tmp_path / name).stat().st_size > 0
    text = (tmp_path / "balance.md").read_text()
    assert "004: V3.0 made the killers very hard to win" in text and "the more killers" in text


@pytest.mark.slow
def test_full_balance_run(tmp_path: Path) -> None:
    assert main(["balance", "--games", "50", "--out", str(tmp_path)]) == 0
