"""Cost from the price table: per contestant, per game and per decision; the table is optional and re-priceable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evaluation.tournament.config import ConfigError, Price, parse_config
from evaluation.tournament.cost import cost
from evaluation.tournament.folder import CONFIG_COPY, prepare

RAW = {"name": "c", "rulesets": ["v1"], "contestants": [
    {"name": "gpt", "agent": "llm", "model": "gpt-x", "base_url": "http://x"}, {"name": "bot", "agent": "scripted"}],
    "prices": {"gpt-x": {"prompt": 2.0, "completion": 8.0}, "bot": {"prompt": 0, "completion": 0}}}


def test_cost_per_game_and_decision() -> None:
    row = {"games": 4, "decisions": 100, "prompt_tokens": 1_000_000, "completion_tokens": 250_000,
           "token_decisions": 80, "reasoning_tokens": 125_000}
    got = cost(row, Price(prompt=2.0, completion=8.0))
    assert got == {"usd": 4.0, "per_game": 1.0, "per_decision": 0.04, "tokens_reported": 0.8, "reasoning_usd": 1.0}
    assert cost(row, None) == {"usd": None, "per_game": None, "per_decision": None, "tokens_reported": 0.8,
                               "reasoning_usd": None}
    assert cost({}, Price(prompt=1, completion=1))["per_game"] is None


def test_prices_by_model_then_name() -> None:
    cfg = parse_config(RAW)
    assert cfg.price("gpt") == Price(prompt=2.0, completion=8.0) and cfg.price("bot") == Price(prompt=0, completion=0)
    assert parse_config({**RAW, "prices": {}}).price("gpt") is None
    with pytest.raises(ConfigError, match="prices"):
        parse_config({**RAW, "prices": {"gpt-x": {"prompt": -1, "completion": 0}}})


def test_new_prices_update_the_run_folder_but_a_new_roster_is_refused(tmp_path: Path) -> None:
    prepare(parse_config(RAW), tmp_path)
    cheaper = {**RAW, "prices": {"gpt-x": {"prompt": 1.0, "completion": 4.0}}}
    prepare(parse_config(cheaper), tmp_path)
    assert json.loads((tmp_path / CONFIG_COPY).read_text())["prices"]["gpt-x"]["prompt"] == 1.0
    # more seeds only extend a run (test_tournament); other deals are another tournament
    with pytest.raises(ConfigError, match="different tournament"):
        prepare(parse_config({**cheaper, "first_seed": 9}), tmp_path)
