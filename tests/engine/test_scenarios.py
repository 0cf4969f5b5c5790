"""Every scenario file under tests/engine/scenarios/ gives exactly the rulings written beside it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.scenario import run_scenario

HERE = Path(__file__).parent / "scenarios"
FILES = sorted(p for p in HERE.glob("*.json") if not p.name.endswith(".expected.json"))


def test_there_are_scenarios_for_the_night_rules() -> None:
    names = {p.stem for p in FILES}
    for family in ("v35", "v4_classic", "v4_std"):
        assert any(n.startswith(family) for n in names), f"no scenario for {family}"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_rulings(path: Path) -> None:
    expected = json.loads(path.with_suffix(".expected.json").read_text(encoding="utf-8"))
    assert run_scenario(json.loads(path.read_text(encoding="utf-8"))) == expected
