"""`killer run` with no endpoint plays the offline first game's agents (the rule's winner, docs/models.md "The
offline first game"); any endpoint, a seat table or an explicit --agents plays what it names."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import orchestrator.run
from killer.cli import main
from orchestrator.config import FIRST_GAME_AGENTS, RunConfig

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def played(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[RunConfig]:
    """The configs `killer run` would play (the game itself is not played)."""
    configs: list[RunConfig] = []

    async def run_game(config: RunConfig, **_: Any) -> Any:
        configs.append(config)
        return SimpleNamespace(path=tmp_path / "game.jsonl", end=None)

    monkeypatch.setattr(orchestrator.run, "run_game", run_game)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    return configs


def test_no_endpoint_plays_the_first_game_agents(played: list[RunConfig], tmp_path: Path) -> None:
    assert main(["run", "--players", "8", "--seed", "1", "--out", str(tmp_path)]) == 0
    assert played[-1].agents == FIRST_GAME_AGENTS == "scripted:hard+voice"
    assert played[-1].embedded  # its speeches are worded by the embedded model


@pytest.mark.parametrize("named", [["--model", "m"], ["--base-url", "http://127.0.0.1:9/v1"], ["--table", "t.toml"]])
def test_a_named_endpoint_plays_llm_seats(played: list[RunConfig], tmp_path: Path, named: list[str]) -> None:
    (tmp_path / "t.toml").write_text('[defaults]\nmodel = "m"\n', encoding="utf-8")
    named = [str(tmp_path / n) if n.endswith(".toml") else n for n in named]
    assert main(["run", "--seed", "1", "--out", str(tmp_path), *named]) == 0
    assert played[-1].agents == "llm"


def test_the_environments_base_url_is_an_endpoint(played: list[RunConfig], tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    assert main(["run", "--seed", "1", "--out", str(tmp_path)]) == 0
    assert played[-1].agents == "llm"


@pytest.mark.parametrize("kind", ["llm", "scripted:hard", "random"])
def test_agents_named_are_played(played: list[RunConfig], tmp_path: Path, kind: str) -> None:
    assert main(["run", "--agents", kind, "--seed", "1", "--out", str(tmp_path)]) == 0
    assert played[-1].agents == kind
    assert played[-1].embedded == (kind == "llm")  # `--agents llm` alone: the embedded SmolLM2 plays every seat


def test_readme_says_what_command_1_plays_and_how_to_get_the_other() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command_1 = readme.split("The first installs the game", 1)[1].split("The second", 1)[0]
    assert f"`{FIRST_GAME_AGENTS}`" in command_1
    assert "`killer run --agents llm --players 8 --seed 1`" in command_1  # the other candidate, one option away
    anchor = ("docs/models.md#the-offline-first-game-what-killer-run-plays-with-no-endpoint-the-rule-fixed-before-"
              "measuring")
    assert anchor in command_1
    assert "## The offline first game: what `killer run` plays with no endpoint (the rule, fixed before measuring)" in \
        (ROOT / "docs" / "models.md").read_text(encoding="utf-8")
