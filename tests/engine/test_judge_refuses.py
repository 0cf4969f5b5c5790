"""Illegal steps are refused with a typed error naming the rule; the CLI turns them into one line, exit 2."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import Action, DecisionKind, IllegalActionError, UnknownRulesetError, apply, new_game
from engine.game import impose_verdict
from engine.scenario import ScenarioError, run_scenario
from killer.cli import main

V2 = ["killer", "killer", "killer", "police", "police", "police"] + ["civilian"] * 6


def v2_game() -> tuple:
    rng = random.Random(0)
    state, _ = new_game("v2-classic", rng, hands=[[r] for r in V2])
    return state, rng


def night_action(seat: int, target: int | None) -> Action:
    return Action(seat, DecisionKind.NIGHT, target=target)


@pytest.mark.parametrize(
    ("seat", "target", "rule"),
    [
        (1, 2, "no_teammate_target"),  # 000 v2.0: killers kill "everyone in the closed eyes"
        (4, 4, "no_self_target"),  # police point at one "with closed eyes"
        (7, 8, "not_pending"),  # civilians have no night action
        (1, 99, "no_such_seat"),
        (1, None, "must_choose"),
    ],
)
def test_illegal_night_actions(seat: int, target: int | None, rule: str) -> None:
    state, rng = v2_game()
    with pytest.raises(IllegalActionError) as err:
        apply(state, night_action(seat, target), rng)
    assert err.value.rule == rule


def test_dead_seat_cannot_act_and_dead_target_refused() -> None:
    state, rng = v2_game()
    for killer in (1, 2, 3):
        state, _ = apply(state, night_action(killer, 7), rng)
    for police in (4, 5, 6):
        state, _ = apply(state, night_action(police, 1), rng)
    assert not state.seat(7).alive
    with pytest.raises(IllegalActionError) as err:
        apply(state, Action(7, DecisionKind.STATEMENT), rng)
    assert err.value.rule in ("dead_cannot_act", "not_pending")


def test_answers_after_game_over_are_refused() -> None:
    spec = {"ruleset": "v1", "seed": 0, "seats": ["killer", "killer"] + ["civilian"] * 7,  # 000 v1.0
            "script": [{"night": {"killer": 3}}, {"day": {"execute": 1}}, {"night": {"killer": 4}},
                       {"day": {"execute": 2}}, {"night": {"killer": 5}}]}
    with pytest.raises(ScenarioError) as err:
        run_scenario(spec)
    assert err.value.rule == "game_over" and err.value.step == 5


@pytest.mark.parametrize(
    ("spec", "rule"),
    [
        ({"ruleset": "v9", "seats": [], "script": []}, "unknown_ruleset"),
        ({"ruleset": "v1", "script": []}, "malformed"),
        ({"ruleset": "v2-classic", "seats": V2, "script": [{"night": {"doctor": 3}}]}, "role_not_in_ruleset"),
        ({"ruleset": "v2-classic", "seats": V2, "script": [{"night": {"killer": 2, "police": 1}}]},
         "no_teammate_target"),
        ({"ruleset": "v2-classic", "seats": V2, "script": [{"night": {"killer": 7, "police": 5}}]},
         "no_teammate_target"),
        ({"ruleset": "v2-classic", "seats": V2, "script": [{"day": {"execute": 2}}]}, "expected_night"),
        ({"ruleset": "v2-classic", "seats": V2, "script": [{"night": {"killer": 7}}]}, "must_act"),
        ({"ruleset": "v2-classic", "seats": V2,
          "script": [{"night": {"killer": 7, "police": 1}}, {"night": {"killer": 8, "police": 2}}]}, "expected_day"),
        ({"ruleset": "v2-classic", "seats": V2,
          "script": [{"night": {"killer": 7, "police": 1}}, {"day": {"execute": 7}}]}, "target_dead"),
        ({"ruleset": "v2-classic", "seats": ["killer"] * 12, "script": []}, "setup"),
        ({"ruleset": "v2-classic", "seats": V2, "script": [{"dusk": {}}]}, "malformed"),
    ],
)
def test_scenario_refusals(spec: dict, rule: str) -> None:
    with pytest.raises(ScenarioError) as err:
        run_scenario(spec)
    assert err.value.rule == rule


def test_unknown_ruleset_is_typed() -> None:
    with pytest.raises(UnknownRulesetError):
        new_game("v0", random.Random(0))


def test_cli_prints_one_line_and_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"ruleset": "v2-classic", "seats": V2, "script": [{"night": {"killer": 2}}]}))
    assert main(["scenario", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "step 1" in err[0] and "no_teammate_target" in err[0]
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert main(["scenario", str(broken)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_cli_scenario_prints_rulings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = {"ruleset": "v2-classic", "seed": 0, "seats": V2,
            "script": [{"night": {"killer": 7, "police": 1}}, {"day": {"execute": 1}}]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(spec))
    assert main(["scenario", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rulings"][0] == {"night": 1, "deaths": [7], "silenced": [],
                                 "checks": [{"by": "police", "target": 1, "result": "killer"}]}
    assert out["rulings"][1] == {"day": 1, "executed": 1}
    assert out["winner"] is None


def test_cli_variants_and_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    ids = {r["id"] for r in rows}
    assert {"v1", "v2-classic", "v2-forum", "v2-std", "v2.5-std", "v3", "v3.5-std", "v3.8-std",
            "v4-classic", "v4-std", "v5-dual"} <= ids
    assert all({"id", "roles", "players", "sources"} <= set(r) for r in rows)
    assert main(["simulate", "--ruleset", "v1", "--games", "5", "--json"]) == 0
    sim = json.loads(capsys.readouterr().out)
    assert sim["games"] == 5 and sum(sim["wins"].values()) == 5 and sim["games_per_second"] > 0


def test_v2_classic_executed_killer_has_no_last_words() -> None:
    """000 v2.0: "If the person killed is the real murderer, he cannot speak anymore" (a good one can)."""
    spec = {"ruleset": "v2-classic", "seats": V2,
            "script": [{"night": {"killer": 7, "police": 1}}, {"day": {"execute": 1}}]}
    rng = random.Random(0)
    state, _ = new_game("v2-classic", rng, hands=[[r] for r in spec["seats"]])
    for request in state.pending:
        target = 7 if request.role == "killer" else 1
        state, _ = apply(state, Action(request.seat, DecisionKind.NIGHT, target=target), rng)
    state, _ = apply(state, Action(7, DecisionKind.LAST_WORDS, speech="I was a civilian"), rng)
    killer_day, _ = impose_verdict(state, 1, rng)
    assert killer_day.pending and killer_day.pending[0].kind is DecisionKind.NIGHT
    good_day, _ = impose_verdict(state, 8, rng)
    assert good_day.pending == (good_day.pending[0],) and good_day.pending[0].kind is DecisionKind.LAST_WORDS


@pytest.mark.parametrize(
    ("kind", "accusation", "rule"),
    [
        (DecisionKind.NIGHT, 8, "illegal_accusation"),  # a night choice names no suspect
        (DecisionKind.STATEMENT, 99, "illegal_accusation"),  # not a living seat
    ],
)
def test_accusations_are_validated(kind: DecisionKind, accusation: int, rule: str) -> None:
    state, rng = v2_game()
    if kind is DecisionKind.STATEMENT:
        for request in state.pending:
            target = 7 if request.role == "killer" else 1
            state, _ = apply(state, Action(request.seat, DecisionKind.NIGHT, target=target), rng)
        state, _ = apply(state, Action(7, DecisionKind.LAST_WORDS), rng)
        seat = state.pending[0].seat
    else:
        seat = 1
    with pytest.raises(IllegalActionError) as err:
        apply(state, Action(seat, kind, target=9 if kind is DecisionKind.NIGHT else None, accusation=accusation), rng)
    assert err.value.rule == rule
