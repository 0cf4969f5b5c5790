"""The plain loop of a game of bots alone (orchestrator.run) writes the transcript the LangGraph game master
writes for the same seed and table — events, annotations, the end line; only wall-clock fields differ — in every
ruleset family (v5-dual with its killers' team talk, both v4 days); its games verify; and one cut half-way (mid
night, mid day) resumes from its transcript to the uninterrupted game (issue 34: a tournament plays its bot-only
games through it)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from orchestrator.config import RunConfig
from orchestrator.hooks import Hooks
from orchestrator.replay_cache import ReplayCache
from orchestrator.resume import resume_game
from orchestrator.run import play_plain, run_game
from orchestrator.runtime import GameRuntime
from orchestrator.store.transcript import read_transcript, strip_wall_clock
from orchestrator.verify import verify_file

# a mixed table: every level of the scripted bots and a random seat, as an anchored tournament seats them
TABLE = ('[defaults]\nagent = "scripted:hard"\n\n[seats.1]\nagent = "scripted:easy"\n\n'
         '[seats.2]\nagent = "random"\n\n[seats.3]\nagent = "scripted:normal"\n')
CASES = [("v2-classic", 10, 3), ("v3", 12, 5), ("v4-classic", 13, 6), ("v4-std", 14, 2), ("v5-dual", 8, 10),
         ("v5-dual", 12, 4), ("v2.5-std", 12, 6)]
TALKED = {("v3", 12, 5), ("v4-classic", 13, 6), ("v5-dual", 8, 10), ("v5-dual", 12, 4)}  # killers proposed apart


def _config(tmp: Path, ruleset: str, players: int, seed: int, where: str) -> RunConfig:
    table = tmp / "seats.toml"
    table.write_text(TABLE, encoding="utf-8")
    return RunConfig(ruleset=ruleset, players=players, seed=seed, agents="scripted", table=table,
                     out=tmp / where, game_id="g")


def comparable(path: Path) -> dict[str, Any]:
    """A transcript less its wall-clock fields and where it was written."""
    t = read_transcript(path)
    header = {k: v for k, v in t.header.items() if k not in ("options", "created")}
    options = {k: v for k, v in t.header["options"].items() if k not in ("out", "table")}
    return {"header": header, "options": options, "end": strip_wall_clock(t.end),
            "entries": [strip_wall_clock(e.to_dict()) for e in t.entries]}


@pytest.mark.parametrize(("ruleset", "players", "seed"), CASES)
def test_the_plain_loop_writes_the_graphs_transcript(tmp_path: Path, ruleset: str, players: int, seed: int) -> None:
    seen: dict[str, list[Any]] = {"graph": [], "plain": []}

    def hooks(name: str) -> Hooks:
        return Hooks(on_entry=lambda e: seen[name].append(("entry", e.i)),
                     on_end=lambda end: seen[name].append(("end", end["winner"])),
                     on_wait=lambda requests: seen[name].append(("wait", requests)))

    graph = asyncio.run(run_game(_config(tmp_path, ruleset, players, seed, "graph"), hooks=hooks("graph"),
                                 in_memory=True))
    plain = asyncio.run(run_game(_config(tmp_path, ruleset, players, seed, "plain"), hooks=hooks("plain"),
                                 plain=True))
    assert plain.winner is not None and plain.winner == graph.winner
    assert comparable(plain.path) == comparable(graph.path)
    assert plain.stats == graph.stats and strip_wall_clock(plain.end) == strip_wall_clock(graph.end)
    assert seen["plain"] == seen["graph"]  # the hooks hear the same entries, waits and end, in the same order
    report = verify_file(plain.path)
    assert report.ok, report
    if (ruleset, players, seed) in TALKED:  # the killers' team talk is part of what both loops wrote
        assert any(e["event"]["kind"] == "team_talk" for e in comparable(plain.path)["entries"])


def _cut(path: Path, keep: int) -> None:
    """The transcript's header and first `keep` entries, as a process killed there leaves it."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:1 + keep]), encoding="utf-8")


@pytest.mark.parametrize(("ruleset", "players", "seed"), [("v3", 12, 5), ("v5-dual", 8, 10), ("v4-classic", 13, 6)])
@pytest.mark.parametrize("share", [0.3, 0.7])
def test_a_plain_game_cut_half_way_resumes_to_the_same_game(tmp_path: Path, ruleset: str, players: int, seed: int,
                                                            share: float) -> None:
    whole = asyncio.run(run_game(_config(tmp_path, ruleset, players, seed, "whole"), plain=True))
    cut_cfg = _config(tmp_path, ruleset, players, seed, "cut")
    cut = asyncio.run(run_game(cut_cfg, plain=True)).path
    entries = read_transcript(cut).entries
    keep = int(len(entries) * share)
    _cut(cut, keep)
    assert read_transcript(cut, tolerant=True).end is None
    resumed = asyncio.run(resume_game(cut, from_transcript=True, plain=True,
                                      overrides={"table": str(cut_cfg.table)}))
    assert resumed.winner == whole.winner
    assert resumed.stats is not None and resumed.stats["decisions"] < read_transcript(whole.path).end["decisions"]
    assert comparable(cut) == comparable(whole.path)
    assert verify_file(cut).ok
    assert not list(cut.parent.glob("*.sqlite*")) and not list(cut.parent.glob("*.db*"))  # no checkpoint kept


def test_the_plain_loop_refuses_a_human_seat(tmp_path: Path) -> None:
    rt = GameRuntime(cache=ReplayCache("v3", 1, 12), agents={}, humans=frozenset({2}))
    with pytest.raises(ValueError, match="human"):
        asyncio.run(play_plain(rt, Hooks(), [], [0]))
