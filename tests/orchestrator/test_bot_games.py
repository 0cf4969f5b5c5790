"""Games of the scripted bots by level through the orchestrator: the header records each seat's level and
strategy version, the seat table picks levels per seat, and the god view shows reasoning as sentences."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from agents.bots.levels import STRATEGY_VERSION
from orchestrator.config import RunConfig
from orchestrator.output.render import render
from orchestrator.run import run_game
from orchestrator.store.transcript import read_transcript


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_header_levels_and_a_god_view_in_words(tmp_path: Path, lang: str) -> None:
    table = tmp_path / "seats.toml"
    table.write_text('[defaults]\nagent = "scripted:hard"\n\n[seats.2]\nagent = "scripted:easy"\n\n'
                     '[seats.3]\nagent = "scripted"\n', encoding="utf-8")
    config = RunConfig(ruleset="v3", seed=4, agents="scripted", table=table, lang=lang, out=tmp_path)
    result = asyncio.run(run_game(config))
    t = read_transcript(result.path)
    levels = {s["seat"]: s.get("level") for s in t.header["seats"]}
    assert levels[2] == "easy" and levels[3] == "normal" and levels[1] == "hard"
    assert {s.get("strategy") for s in t.header["seats"]} == {STRATEGY_VERSION}
    god = render(t, god=True)
    assert ("a scripted bot, hard level" if lang == "en" else "脚本机器人（难度：困难）") in god
    reasoning = [line.strip() for line in god.splitlines() if line.strip().startswith("> ")]
    assert reasoning
    for line in reasoning:
        assert not re.search(r"[{}\[\]]|\b[a-z]+_[a-z_]+\b|None|True|False", line), line
