"""`killer eval --plan`: the schedule, expected decisions and cost from a pilot, games for an interval width."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from evaluation.planning.plan import games_for_rate, games_from_pilot, make_plan
from evaluation.tournament.config import load_config
from evaluation.tournament.run import run_tournament
from killer.cli import main

TOML = """name = "p"
rulesets = ["v2-classic:8"]
seeds = 2
[[contestants]]
name = "scripted"
agent = "scripted"
[[contestants]]
name = "random"
agent = "random"
[prices.random]
prompt = 1.0
completion = 2.0
"""


def test_games_for_a_width_by_hand() -> None:
    # 4 * 1.96^2 * 0.25 / 0.01 = 384.15 -> 385; a pilot 0.2 wide over 40 games -> 40 * (0.2 / 0.1)^2 = 160
    assert games_for_rate(0.5, 0.1) == 385
    assert games_for_rate(0.1, 0.05) == 554  # 4 * 3.8415 * 0.09 / 0.0025 = 553.2
    assert games_from_pilot(40, 0.2, 0.1) == 160


def test_plan_from_a_stated_rate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "t.toml").write_text(TOML, encoding="utf-8")
    assert main(["eval", str(tmp_path / "t.toml"), "--plan", "--width", "0.1", "--rate", "0.5"]) == 0
    out = capsys.readouterr().out
    assert "4 games" in out and "scripted: 16 seats" in out and "385 games" in out
    assert "ESTIMATE FROM SCRIPTED PLAY, not a pilot" in out and "scripted: " in out
    assert not (Path("runs") / "p").exists()  # nothing played


def test_plan_from_a_pilot(tmp_path: Path) -> None:
    (tmp_path / "t.toml").write_text(TOML, encoding="utf-8")
    cfg = load_config(tmp_path / "t.toml")
    asyncio.run(run_tournament(cfg, tmp_path / "pilot"))
    plan = make_plan(load_config(tmp_path / "t.toml", seeds=10), tmp_path / "pilot", width=0.1)
    assert plan["games"] == 20 and plan["pilot_games"] == 4
    # the scripted and random agents record no annotation tokens: decisions scale with seats (5x the pilot)
    assert plan["contestants"]["random"]["usd"] == 0.0 and plan["contestants"]["scripted"]["usd"] is None
    assert plan["contestants"]["scripted"]["decisions"] > 0
    assert plan["games_needed_from_pilot"] == games_from_pilot(4, plan["pilot_width"], 0.1)


def test_width_without_a_rate_sizes_for_the_widest_case(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "t.toml").write_text(TOML, encoding="utf-8")
    assert main(["eval", str(tmp_path / "t.toml"), "--plan", "--width", "0.1"]) == 0
    out = capsys.readouterr().out
    assert "385 games" in out and "no --rate given, so 0.5, the widest case" in out


def test_bad_width_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "t.toml").write_text(TOML, encoding="utf-8")
    with pytest.raises(SystemExit) as refused:  # the parser's one line (a bounded option type), exit 2
        main(["eval", str(tmp_path / "t.toml"), "--plan", "--width", "3"])
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--width" in err


def test_bad_chars_per_token_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "t.toml").write_text(TOML, encoding="utf-8")
    with pytest.raises(SystemExit) as refused:  # the parser's one line (a bounded option type), exit 2
        main(["eval", str(tmp_path / "t.toml"), "--plan", "--chars-per-token", "0"])
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--chars-per-token" in err


def test_a_pilot_prices_cached_prompt_tokens_at_the_cached_price(tmp_path: Path) -> None:
    import httpx2

    from agents.base import Agent
    from agents.bots.scripted import ScriptedAgent
    from agents.llm.agent import LLMAgent
    from evaluation.tournament.config import Contestant, parse_config
    from tests.agents.fake_endpoint import FakeEndpoint, legal_answer, schema_of

    async def cached_reply(body: dict) -> httpx2.Response:  # every answer: 1000 prompt (400 cached), 100 completion
        import json

        return httpx2.Response(200, json={
            "id": "c", "object": "chat.completion", "created": 0, "model": "m",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": json.dumps(legal_answer(schema_of(body)))}}],
            "usage": {"prompt_tokens": 1000, "completion_tokens": 100, "total_tokens": 1100,
                      "prompt_tokens_details": {"cached_tokens": 400}}})

    endpoint = FakeEndpoint(default=cached_reply)

    def build(c: Contestant, seats: list[int], seed: int, lang: str) -> dict[int, Agent]:
        if c.agent == "llm":
            return {s: LLMAgent(endpoint.client(), "m", lang=lang, timeout=5, provider="openai") for s in seats}
        return {s: ScriptedAgent(seed, lang=lang) for s in seats}

    price = {"prompt": 1.0, "completion": 2.0, "cached": 0.1}
    raw = {"rulesets": ["v2-classic:8"], "seeds": 1, "prices": {"m": price},
           "contestants": [{"name": "model", "agent": "llm", "model": "m"}, {"name": "bot", "agent": "scripted"}]}
    asyncio.run(run_tournament(parse_config(raw), tmp_path / "pilot", build=build))
    plan = make_plan(parse_config(raw), tmp_path / "pilot")
    row = plan["contestants"]["model"]
    # by hand, per decision: (600 × 1 + 400 × 0.1 + 100 × 2) / 1e6 = 840e-6 USD
    assert row["decisions"] > 0 and row["prompt_tokens"] == 1000 * row["decisions"]
    assert row["usd"] == round(row["decisions"] * 840e-6, 4)


def test_an_anchored_plan_gives_the_per_side_mde() -> None:
    from evaluation.planning.plan import _anchored_mde, render_plan
    from evaluation.tournament.config import parse_config
    from evaluation.tournament.schedules import schedule

    cfg = parse_config({"rulesets": ["v3:12"], "seeds": 40, "anchors": ["h"],
                        "contestants": [{"name": "h", "agent": "scripted:hard"}, {"name": "c", "agent": "scripted"}]})
    rows = _anchored_mde(cfg, schedule(cfg), {("v3", 12): (1, 2)})  # p = (1 + 1) / (2 + 2) = 0.5
    # one game of c and one of h's self-play a deal: Var = 2 p (1 - p) = 0.5; MDE = 2.8016 sqrt(40 x 0.5) / 40
    assert [(r["a"], r["b"], r["side"]) for r in rows] == [("c", "h", "killers"), ("c", "h", "good")]
    assert all(r["points"] == 31.3 and r["deals"] == 40 for r in rows)
    text = render_plan({"schedule": "side-pure", "games": 120, "setups": {}, "seats": {}, "mde": rows}, None, "win")
    assert "per-side difference in 'win as killers', c − h's self-play, against h's good side" in text
