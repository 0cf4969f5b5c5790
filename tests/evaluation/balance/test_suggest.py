"""--suggest: the ranges searched, the pick closest to 50 %, the time budget, and the files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import get_ruleset
from evaluation.balance.chunks import StudyError
from evaluation.balance.suggest import RANGES, Search, candidates, check_search, pick, seeds_mix
from evaluation.stats.intervals import rate
from killer.cli import main


@pytest.mark.parametrize("ruleset", sorted(RANGES))
def test_every_size_searches_the_seeds_mix_and_only_real_tables(ruleset: str) -> None:
    low, high = get_ruleset(ruleset).players
    for n in range(low, high + 1):
        mixes = candidates(ruleset, n)
        assert seeds_mix(ruleset, n, mixes[0]) in mixes
        assert len(set(mixes)) == len(mixes) > 1
        for mix in mixes:
            counts = dict(mix)
            assert counts["killer"] >= 1 and counts["police"] >= 1 and sum(counts.values()) < n


def test_ranges_follow_the_seed_sentences() -> None:
    v2 = {dict(m)["killer"] for m in candidates("v2-classic", 12)}
    assert v2 == {2, 3, 4}  # 004 V2.0: 3 killers and 3 police at 11-13, one either side
    for mix in candidates("v3", 13):
        c = dict(mix)
        assert 1 <= c["killer"] - c["police"] <= 2 or c["police"] == 1  # "1-2 less than the killers"
        assert c["secret_police"] in (0, 1) and c["doctor"] == 1
    assert {dict(m)["police"] for m in candidates("v4-classic", 14)} == {1, 2}


def row(k: int, mix: dict[str, int]) -> dict:
    return {"killers_win": rate(k, 100), "mix": mix}


def test_pick_is_closest_to_half_and_prefers_the_seeds_mix_on_a_tie() -> None:
    own, other, far = {"killer": 3}, {"killer": 2}, {"killer": 4}
    assert pick([row(70, far), row(45, other), row(60, own)], own)["mix"] == other
    assert pick([row(55, other), row(45, own)], own)["mix"] == own


def test_search_refuses_what_it_cannot_search() -> None:
    with pytest.raises(StudyError, match="R-suggest-ranges"):
        check_search(Search("v1", (12,), ("scripted",), 10))
    with pytest.raises(StudyError, match="11 to 19 players, not 9"):
        check_search(Search("v4-classic", (9,), ("scripted",), 10))


def test_suggest_command_writes_table_plot_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--suggest", "--ruleset", "v2-classic", "--players", "10", "--games", "12",
                 "--agents", "random", "--workers", "1", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "9 candidate mixes x 12 games = 108 games; about" in out and "budget 30 min" in out
    data = json.loads((tmp_path / "suggest_v2-classic.json").read_text())
    (table,) = data["tables"]
    assert table["seeds"]["mix"] == {"killer": 2, "police": 2} and len(table["candidates"]) == 9
    best = abs(table["suggested"]["killers_win"]["rate"] - 0.5)
    assert all(abs(c["killers_win"]["rate"] - 0.5) >= best for c in table["candidates"])
    md = (tmp_path / "suggest_v2-classic.md").read_text()
    assert "`killer balance --suggest --ruleset v2-classic --players 10 --agents random --games 12 --seed 0`" in md
    assert "| random | 10 | 2 Killer, 2 Police, 6 Civilian |" in md and "50 % inside its interval" in md
    assert (tmp_path / "suggest_v2-classic.png").stat().st_size > 0


def test_suggest_over_its_budget_is_refused_before_playing(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--suggest", "--ruleset", "v3", "--games", "100000", "--budget", "1",
                 "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "over the budget" in err and "lower --games" in err and not list(tmp_path.iterdir())
    assert main(["balance", "--suggest", "--games", "5"]) == 2
    assert "--suggest needs --ruleset" in capsys.readouterr().err
