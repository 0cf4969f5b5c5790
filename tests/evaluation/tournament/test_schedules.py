"""Controlled matchups: side-pure and field schedules, shuffled seating, and both run end to end."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

import engine
from evaluation.games.facts import side_of
from evaluation.report.summary import summarize
from evaluation.tournament.config import ConfigError, parse_config
from evaluation.tournament.run import run_tournament
from evaluation.tournament.schedules import schedule, seating

TWO = [{"name": "scripted", "agent": "scripted"}, {"name": "random", "agent": "random"}]


def _killers(ruleset: str, players: int, seed: int) -> set[int]:
    state, _ = engine.new_game(ruleset, random.Random(seed), players=players)
    return {s.number for s in state.seats if side_of(s.cards) == "killers"}


def test_side_pure_gives_one_contestant_every_killer_card_then_swaps() -> None:
    cfg = parse_config({"rulesets": ["v2-classic:10"], "seeds": 3, "schedule": "side-pure", "contestants": TWO})
    games = schedule(cfg)
    assert len(games) == 6
    for seed in range(3):
        bad = _killers("v2-classic", 10, seed)
        first, second = (g for g in games if g.seed == seed)
        assert {s for s, n in first.roster.items() if n == "scripted"} == bad
        assert {s for s, n in second.roster.items() if n == "random"} == bad
        assert first.roster.keys() == second.roster.keys() == set(range(1, 11))


def test_field_puts_each_other_model_alone_in_every_seat() -> None:
    three = [*TWO, {"name": "rnd2", "agent": "random"}]
    cfg = parse_config({"rulesets": ["v2-classic:8"], "seeds": 1, "schedule": "field", "field": "scripted",
                        "contestants": three})
    games = schedule(cfg)
    assert len(games) == 2 * 8
    for name in ("random", "rnd2"):
        mine = [g for g in games if name in g.roster.values()]
        assert sorted(s for g in mine for s, n in g.roster.items() if n == name) == list(range(1, 9))
        assert all(list(g.roster.values()).count("scripted") == 7 for g in mine)
    assert len({g.game_id for g in games}) == 16


def test_seating_is_shuffled_per_deal_from_the_seed() -> None:
    assert seating(7, 10, True) == seating(7, 10, True)
    assert sorted(seating(7, 10, True)) == list(range(1, 11))
    assert len({tuple(seating(s, 10, True)) for s in range(6)}) > 1
    cfg = parse_config({"rulesets": ["v2-classic:10"], "seeds": 2, "shuffle_seats": True,
                        "contestants": [*TWO, {"name": "rnd2", "agent": "random"}]})
    firsts = {g.seed: g.roster for g in schedule(cfg) if g.rotation == 0}
    assert firsts[0] != firsts[1]  # the order differs between deals


@pytest.mark.parametrize("bad", [{"schedule": "side-pure", "contestants": [*TWO, {"name": "x", "agent": "random"}]},
                                 {"schedule": "field", "field": "nobody", "contestants": TWO}])
def test_impossible_matchups_are_refused(bad: dict) -> None:
    with pytest.raises(ConfigError):
        parse_config({"rulesets": ["v2-classic:8"], **bad})


@pytest.mark.parametrize("extra", [{"schedule": "side-pure"}, {"schedule": "field", "field": "random"}])
def test_runs_end_to_end(tmp_path: Path, extra: dict) -> None:
    cfg = parse_config({"name": "m", "rulesets": ["v2-classic:8"], "seeds": 2, "parallel": 2, "contestants": TWO,
                        **extra})
    done = asyncio.run(run_tournament(cfg, tmp_path))
    assert done.failed == {} and done.played == len(schedule(cfg))
    summary = summarize(tmp_path)
    assert summary["games"] == len(schedule(cfg)) and summary["missing"] == []
    sides = summary["contestants"]["scripted"]
    if extra["schedule"] == "side-pure":
        # equal killer-side seat counts for both: each holds the same deals' killer cards once
        assert summary["contestants"]["scripted"]["win_as_killers"]["n"] == \
            summary["contestants"]["random"]["win_as_killers"]["n"]
    else:
        # the focal scripted sits alone once per seat of each deal; the field random holds the other 7 seats
        assert sides["seats"] == 2 * 8 and summary["contestants"]["random"]["seats"] == 2 * 8 * 7
