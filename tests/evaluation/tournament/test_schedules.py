"""Controlled matchups: side-pure and field schedules, shuffled seating, and both run end to end."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

import engine
from evaluation.games.facts import side_of
from evaluation.report.summary import summarize, write_report
from evaluation.tournament.config import ConfigError, parse_config
from evaluation.tournament.folder import CONFIG_COPY, load_run
from evaluation.tournament.run import run_tournament
from evaluation.tournament.schedules import killers_together, schedule, seating

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


@pytest.mark.parametrize("m", [2, 3])
def test_rotate_hands_the_whole_killer_side_to_each_contestant_in_turn(m: int) -> None:
    names = [*TWO, {"name": "rnd2", "agent": "random"}][:m]
    cfg = parse_config({"rulesets": ["v2-classic:10", "v3:12"], "seeds": 4, "contestants": names})
    for spec in cfg.rulesets:
        for seed in range(4):
            bad = _killers(spec.id, spec.seats, seed)
            games = [g for g in schedule(cfg) if (g.ruleset, g.seed) == (spec.id, seed)]
            holders = [{g.roster[s] for s in bad} for g in games]
            assert all(len(h) == 1 for h in holders)  # one contestant holds the whole killer side
            assert sorted(h.pop() for h in holders) == sorted(c["name"] for c in names)  # each in turn
            for seat in range(1, spec.seats + 1):  # and still every card once
                assert sorted(g.roster[seat] for g in games) == sorted(c["name"] for c in names)


def test_killers_together_fills_one_contestants_positions_first_and_overflows() -> None:
    # the first contestant's positions 0, 2, 4 take the killer seats 2 and 5, then the first good seat, 1
    assert killers_together([1, 2, 3, 4, 5, 6], {2, 5}, 2) == [2, 3, 5, 4, 1, 6]
    # more killer seats than one contestant's positions: the rest fall on the next contestant's
    assert killers_together([1, 2, 3, 4, 5, 6], {1, 2, 3, 4}, 3) == [1, 3, 5, 2, 4, 6]


def test_contestants_alternate_along_the_seats_without_killers_together() -> None:
    cfg = parse_config({"rulesets": ["v2-classic:10"], "seeds": 3, "killers_together": False, "contestants": TWO})
    for g in schedule(cfg):
        assert all(name == TWO[(seat - 1 + g.rotation) % 2]["name"] for seat, name in g.roster.items())


def test_a_run_folder_from_before_killers_together_keeps_its_alternating_seats(tmp_path: Path) -> None:
    raw = {"name": "old", "rulesets": ["v2-classic:10"], "seeds": 1, "contestants": TWO}
    (tmp_path / CONFIG_COPY).write_text(json.dumps(raw))
    assert load_run(tmp_path).killers_together is False
    with pytest.raises(ConfigError, match="different tournament"):
        asyncio.run(run_tournament(parse_config(raw), tmp_path))


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
        # each side is one contestant, so a good seat is scored on every other seat (its own side's too, as in
        # self-play): the chance of a vote is below 1 and its lift is defined
        votes = sides["vote_accuracy"]
        assert votes["n"] > 0 and 0 < votes["base"] < 1 and votes["lift"] is not None
        # two contestants side-pure: one contrast per deal, so only the overall figures are compared
        assert {c["side"] for c in summary["comparisons"]} == {None}
        assert summary["estimands"]["per_side"] == "descriptive"
        write_report(tmp_path, plots=False)
        assert "not identified by this schedule: use anchors" in (tmp_path / "report.md").read_text()
    else:
        # the focal scripted sits alone once per seat of each deal; the field random holds the other 7 seats
        assert sides["seats"] == 2 * 8 and summary["contestants"]["random"]["seats"] == 2 * 8 * 7


ANCHORED = [{"name": "hard", "agent": "scripted:hard"}, {"name": "normal", "agent": "scripted:normal"},
            {"name": "rnd", "agent": "random"}]


def test_anchored_plays_each_contestant_on_either_side_of_each_anchor_and_the_anchor_itself() -> None:
    cfg = parse_config({"rulesets": ["v3:12"], "seeds": 3, "anchors": ["hard"], "contestants": ANCHORED})
    assert cfg.schedule == "side-pure" and cfg.anchored
    games = schedule(cfg)
    assert len(games) == 3 * (1 + 2 * 2)
    for seed in range(3):
        bad = _killers("v3", 12, seed)
        mine = [g for g in games if g.seed == seed]
        pairs = [({g.roster[s] for s in bad}, {g.roster[s] for s in set(g.roster) - bad}) for g in mine]
        assert pairs == [({"hard"}, {"hard"}), ({"normal"}, {"hard"}), ({"hard"}, {"normal"}),
                         ({"rnd"}, {"hard"}), ({"hard"}, {"rnd"})]
        assert len({g.game_id for g in mine}) == 5


@pytest.mark.parametrize(("bad", "why"), [
    ({"anchors": ["nobody"]}, "not one of the contestants"),
    ({"anchors": ["rnd"]}, "plays at random"),
    ({"anchors": ["hard"], "schedule": "rotate"}, "side-pure"),
    ({"anchors": ["hard", "normal"], "contestants": ANCHORED[:2]}, "every contestant is an anchor"),
    ({"anchors": ["hard"], "primary_pairs": "some"}, "primary_pairs"),
    ({"anchors": ["hard"], "primary": ["fallback"]}, "not a tested figure"),
    ({"anchors": ["hard"], "primary": ["winning"]}, "not a tested figure"),
    ({"anchors": ["hard"], "primary": ["win_as_killers", "lies_words_killers"]}, "read from the words"),
    ({"primary": ["win_as_killers"]}, "not compared under this schedule .per side: name `anchors`"),
    ({"anchors": ["hard"], "primary": ["win"]}, "not compared under this schedule .overall"),
    ({"anchors": ["hard"], "primary": ["vote_accuracy"]}, "not compared under this schedule"),  # only its lift is
])
def test_impossible_anchors_are_refused(bad: dict, why: str) -> None:
    with pytest.raises(ConfigError, match=why):
        parse_config({"rulesets": ["v3:12"], "contestants": ANCHORED, **bad})  # bad may replace contestants


def test_an_anchored_run_writes_per_side_comparisons_against_the_anchor(tmp_path: Path) -> None:
    cfg = parse_config({"name": "anch", "rulesets": ["v2-classic:8"], "seeds": 3, "parallel": 2,
                        "anchors": ["hard"], "contestants": ANCHORED})
    done = asyncio.run(run_tournament(cfg, tmp_path))
    assert done.failed == {} and done.played == 3 * 5
    summary = write_report(tmp_path, plots=False)
    entries = summary["comparisons"]
    sided = [e for e in entries if e["family"] != "estimate"]
    assert sided and all(e["side"] in ("killers", "good") and e["against"] == "hard" for e in sided)
    assert summary["estimands"]["per_side"] == "identified" and summary["family"]["size"] == 2 * 4
    primary = [e for e in entries if e["family"] == "primary"]
    assert len(primary) == 8 and all(e["b"] == "hard" and "p_holm" in e for e in primary)
    assert all("p_holm" not in e for e in entries if e["family"] != "primary")
    assert not any(e["metric"] == "fallback" for e in entries)
    # rnd rates no seat: no AUC, so it is not compared on it (every deal dropped)
    auc = next(e for e in primary if e["a"] == "rnd" and e["metric"] == "auc_good")
    assert auc["diff"] is None and auc["deals"] == 0 and summary["per_side"]["hard"]["rnd"]["auc_good"]["n"] == 0
    report = (tmp_path / "report.md").read_text()
    assert "## Per side against hard" in report and "win as killers vs hard's good side" in report
    # the leaderboard prints the share of decisions rated beside Brier and AUC: rnd rated none, so it has neither
    head = next(line for line in report.splitlines() if line.startswith("| contestant | rating"))
    rnd = next(line for line in report.splitlines() if line.startswith("| rnd | "))
    at = head.split(" | ").index("decisions rated (good)")
    assert head.split(" | ")[at - 2:at] == ["Brier skill (good)", "AUC (good)"]
    assert rnd.split(" | ")[at - 2:at + 1] == ["–", "–", "0% [0–0]"]
