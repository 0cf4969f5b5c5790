"""Issue 34, item 7: a tournament's games of bots alone play on a process pool (evaluation/pool.py), each worker
writing its game's transcript exactly as one process does. The games are the same whatever the worker count
(transcripts equal but for wall-clock fields, results lines equal but for those fields and the hash of the file,
which each line still holds for its own transcript); a game torn in a pooled run resumes from its transcript; and
Ctrl-C during a pooled `killer eval` stops it (exit 130, no process left) and a rerun finishes the same games."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import evaluation.tournament.run as tournament_run
from evaluation.tournament.config import parse_config
from evaluation.tournament.folder import RESULTS, file_sha256, read_results
from evaluation.tournament.run import run_tournament
from orchestrator.store.transcript import read_transcript, strip_wall_clock
from orchestrator.verify import verify_file

ROOT = Path(__file__).resolve().parents[3]
CONTESTANTS = [{"name": "hard", "agent": "scripted:hard"}, {"name": "normal", "agent": "scripted:normal"},
               {"name": "easy", "agent": "scripted:easy"}, {"name": "random", "agent": "random"}]
RAW = {"name": "pooled", "rulesets": ["v3:12"], "seeds": 2, "first_seed": 7, "anchors": ["hard"],
       "contestants": CONTESTANTS}  # 7 games a deal


def _transcript(path: Path) -> dict[str, Any]:
    """A transcript less its wall-clock fields and where it was written."""
    t = read_transcript(path)
    header = {k: v for k, v in t.header.items() if k not in ("options", "created")}
    options = {k: v for k, v in t.header["options"].items() if k != "out"}
    return {"header": header, "options": options, "end": strip_wall_clock(t.end),
            "entries": [strip_wall_clock(e.to_dict()) for e in t.entries]}


def _games(out: Path) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """Per game: its results line less wall time and hash, and its transcript less wall-clock fields; each line's
    hash is checked against its transcript and each transcript verified on the way."""
    games = {}
    for game_id, line in read_results(out).items():
        path = out / line["transcript"]
        assert line["sha256"] == file_sha256(path), game_id
        assert verify_file(path).ok, game_id
        games[game_id] = ({k: v for k, v in line.items() if k not in ("wall_s", "sha256")}, _transcript(path))
    return games


@pytest.fixture(scope="module")
def one_process(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("one") / "run"
    done = asyncio.run(run_tournament(parse_config(RAW), out, workers=1))
    assert (done.scheduled, done.played, done.failed) == (14, 14, {})
    return out


def _pooled_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the games handed to the pool (the real one runs them)."""
    calls: list[int] = []
    real = tournament_run.on_pool

    def counted(task: Any, games: list[Any], workers: int, keep: Any) -> None:
        calls.append(len(games))
        real(task, games, workers, keep)

    monkeypatch.setattr(tournament_run, "on_pool", counted)
    return calls


@pytest.mark.parametrize("workers", [2, 3])
def test_the_same_games_for_any_worker_count(one_process: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             workers: int) -> None:
    calls = _pooled_calls(monkeypatch)
    out = tmp_path / "run"
    done = asyncio.run(run_tournament(parse_config(RAW), out, workers=workers))
    assert (done.scheduled, done.played, done.failed) == (14, 14, {})
    assert calls == [14]  # every game went to the pool
    assert len((out / RESULTS).read_text().splitlines()) == 14  # one line a game
    assert _games(out) == _games(one_process)


def test_a_game_torn_in_a_pooled_run_resumes_from_its_transcript(one_process: Path, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "run"
    asyncio.run(run_tournament(parse_config(RAW), out, workers=2))
    lines = (out / RESULTS).read_text().splitlines(keepends=True)
    torn = read_results(out)
    victims = sorted(torn)[:2]
    for game_id in victims:  # cut each half-way, as a worker terminated there leaves it, and forget its line
        path = out / torn[game_id]["transcript"]
        kept = path.read_text().splitlines(keepends=True)
        path.write_text("".join(kept[:len(kept) // 2]))
    (out / RESULTS).write_text("".join(x for x in lines if not any(f'"{v}"' in x for v in victims)))
    calls = _pooled_calls(monkeypatch)
    done = asyncio.run(run_tournament(parse_config(RAW), out, workers=2))
    assert (done.skipped, done.played, done.resumed, done.failed) == (12, 2, 2, {})
    assert calls == [2]
    assert _games(out) == _games(one_process)


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_stops_a_pooled_tournament_and_a_rerun_resumes(tmp_path: Path, number: signal.Signals) -> None:
    raw = {**RAW, "seeds": 8}  # 56 games: seconds of play, stopped after the first results line
    config = tmp_path / "t.toml"
    config.write_text('name = "pooled"\nrulesets = ["v3:12"]\nseeds = 8\nfirst_seed = 7\nanchors = ["hard"]\n'
                      + "".join(f'\n[[contestants]]\nname = "{c["name"]}"\nagent = "{c["agent"]}"\n'
                                for c in CONTESTANTS), encoding="utf-8")
    out = tmp_path / "run"
    argv = [sys.executable, "-m", "killer.cli", "eval", str(config), "--out", str(out), "--workers", "2",
            "--no-progress", "--pages", "none"]
    child = subprocess.Popen(argv, env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=tmp_path,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not (out / RESULTS).exists() or not (out / RESULTS).read_text():
            assert child.poll() is None and time.monotonic() < deadline, child.communicate()
            time.sleep(0.02)
        os.killpg(child.pid, number)  # as a shell's Ctrl-C or a scheduler's stop: the whole process group
        _, err = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert child.returncode == 130, err
    assert "interrupted" in err
    with pytest.raises(ProcessLookupError):
        os.killpg(child.pid, 0)  # no worker left behind
    before = len(read_results(out))
    assert 1 <= before < 56, "the stop came after the last game"
    done = asyncio.run(run_tournament(parse_config(raw), out, workers=2))
    assert (done.skipped, done.played, done.failed) == (before, 56 - before, {})
    assert len((out / RESULTS).read_text().splitlines()) == 56
    clean = tmp_path / "clean"
    asyncio.run(run_tournament(parse_config(raw), clean, workers=1))
    assert _games(out) == _games(clean)
