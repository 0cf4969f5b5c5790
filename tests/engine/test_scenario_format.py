"""The `killer scenario` format beyond the ruling files: refusals the seeds call for, the judge card, a team
that disagrees, a jump-kill (docs/engine.md documents the format)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.scenario import ScenarioError, run_scenario

V5 = json.loads((Path(__file__).parent / "scenarios" / "v5_dual_mob_and_draw.json").read_text(encoding="utf-8"))
V25 = json.loads((Path(__file__).parent / "scenarios" / "v25_std_split_killers_and_jump_kill.json").read_text(
    encoding="utf-8"))


def refusal(spec: dict[str, Any]) -> ScenarioError:
    with pytest.raises(ScenarioError) as err:
        run_scenario(spec)
    return err.value


def test_a_v5_hand_with_j_and_k_is_refused() -> None:
    seats = [list(h) for h in V5["seats"]]
    seats[0] = ["killer", "police"]  # 000 v5.0: "If a person touches J and K at the same time ... invalid"
    err = refusal({**V5, "seats": seats})
    assert err.rule == "setup" and "J and K" in str(err)


def test_the_big_monster_is_the_judge_and_does_not_play() -> None:
    seats = [list(h) for h in V5["seats"]]
    seats[4] = ["judge", "civilian"]
    assert "the judge" in str(refusal({**V5, "seats": seats}))
    assert "second big monster" in str(refusal({**V5, "judge_card": "judge"}))


def test_the_judge_card_key_is_honoured() -> None:
    assert refusal({**V5, "judge_card": "wizard"}).rule == "setup"  # not a card of the ruleset: it reached the deal
    assert refusal({**V5, "judge_card": 7}).rule == "malformed"
    assert run_scenario(V5) == run_scenario({**V5, "judge_card": "civilian"})  # out of play: no ruling changes


def test_a_dead_seats_ballot_entry_is_refused() -> None:
    script = json.loads(json.dumps(V25["script"]))
    script[1]["day"]["votes"][0]["8"] = 7  # seat 8 died in the night
    err = refusal({**V25, "script": script})
    assert err.rule == "dead_cannot_act" and err.step == 2


def test_a_split_team_takes_the_majority() -> None:
    script = json.loads(json.dumps(V25["script"][:1]))
    script[0]["night"]["killer"] = {"1": 9, "2": 8, "3": 9}
    assert run_scenario({**V25, "script": script})["rulings"][0]["deaths"] == [9]
    script[0]["night"]["killer"] = {"1": 9, "2": 8}
    assert refusal({**V25, "script": script}).rule == "missing_choice"


def test_a_jump_kill_needs_a_killer_asked_to_speak() -> None:
    script = json.loads(json.dumps(V25["script"]))
    script[3]["day"]["jump_kill"] = 10  # a civilian may not confess
    assert refusal({**V25, "script": script}).rule == "jump_kill_not_allowed"
    assert run_scenario(V25)["rulings"][-1] == {"day": 2, "jump_kill": 2}
