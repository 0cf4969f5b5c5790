"""The minimum detectable paired difference: by hand, against simulated deals, and in `killer eval --plan`."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from evaluation.stats.power import Z_ALPHA, Z_POWER, deal_variance, mde, sample_variance
from killer.cli import main
from tests.evaluation.stats.planted import planted_games, rosters


def test_by_hand() -> None:
    assert mde([0.04] * 25) == pytest.approx((Z_ALPHA + Z_POWER) * math.sqrt(1.0) / 25)
    assert mde([]) is None and sample_variance([1.0]) is None and sample_variance([1.0, 3.0]) == 2.0
    # 4 seats, seat 1 the killer, seated alternately. Rotation 0: a holds 1 and 3 (1 killer, 1 good), b 2 and 4
    # (2 good); rotation 1 the reverse. a's win share moves by (1 - 1) / 4 and b's by -2 / 4 when the killers win
    # game 0: e = 1/2; game 1: -1/2. Var = (1/4 + 1/4) p (1 - p) = 1/8 at p = 1/2
    games = [(roster, {1}) for roster in rosters(["a", "b"], 4, {1}, "alternate")]
    assert deal_variance(games, "a", "b", 0.5) == pytest.approx(0.125)
    assert deal_variance(games, "a", "c", 0.5) == 0.0  # c holds no seat


def test_the_schedule_variance_matches_simulated_deals() -> None:
    # equal skills: each game's killers win at p = sigmoid(0.6), independently; the formula's variance of a
    # deal's paired "win" difference is that of 3,000 simulated deals
    games = planted_games({"a": 0.0, "b": 0.0}, 3000, 9)
    p = 1 / (1 + math.exp(-0.6))
    diffs, variances = [], []
    for d in range(0, len(games), 2):
        pair = games[d:d + 2]
        share = {n: sum(s.won for g in pair for s in g.seats if s.contestant == n) / 10 for n in "ab"}
        diffs.append(share["a"] - share["b"])
        bad = {s.seat for s in pair[0].seats if s.side == "killers"}
        variances.append(deal_variance([({s.seat: s.contestant for s in g.seats}, bad) for g in pair], "a", "b", p))
    assert sample_variance(diffs) == pytest.approx(sum(variances) / len(variances), rel=0.1)


def test_the_plan_prints_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "t.toml"
    cfg.write_text("name='t'\nseeds=3\nrulesets=['v2-classic:8']\n[[contestants]]\nname='a'\nagent='random'\n"
                   "[[contestants]]\nname='b'\nagent='scripted'\n", encoding="utf-8")
    assert main(["eval", str(cfg), "--plan"]) == 0
    out = capsys.readouterr().out
    assert "Minimum detectable paired difference in 'win', a − b (80 % power, two-sided α 0.05, 3 deals): " in out
    assert "points, from the schedule's seats and the scripted killers' win rate" in out
