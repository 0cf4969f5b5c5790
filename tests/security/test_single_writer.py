"""Issue 13, item 4: two processes on one game or one tournament folder: the second gets one line naming the
holder and exit 2; nothing is written twice, and results are counted once per game id."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from evaluation.report.summary import summarize
from killer.cli import main
from orchestrator.store.lock import BusyError, hold
from orchestrator.store.transcript import read_transcript
from orchestrator.verify import verify_file
from tests.security.games import interrupted

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
HOLDER = """
import sys, time
from pathlib import Path
from orchestrator.store.lock import hold
with hold(Path(sys.argv[1]), "it"):
    print("held", flush=True)
    time.sleep(60)
"""
TOURNAMENT = ('name = "busy"\nseeds = 2\nrulesets = ["v1"]\n[[contestants]]\nname = "a"\nagent = "scripted"\n'
              '[[contestants]]\nname = "b"\nagent = "random"\n')


@contextmanager
def held_elsewhere(path: Path) -> Iterator[int]:
    """Another process holding the lock of `path`; yields its pid."""
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], env=ENV, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "held"
        yield child.pid
    finally:
        child.kill()
        child.wait()


def test_a_busy_game_refuses_a_second_resume_naming_the_holder(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    game = interrupted(tmp_path)
    before = game.read_bytes()
    with held_elsewhere(game) as pid:
        assert main(["resume", str(game)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"pid {pid}" in err and "in use" in err
        assert game.read_bytes() == before
    assert main(["resume", str(game)]) == 0  # a holder that died (even by SIGKILL) leaves no stale lock
    assert verify_file(game).ok


def test_the_lock_is_exclusive_within_a_process_too(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    with hold(path, "this game"), pytest.raises(BusyError, match=f"pid {os.getpid()}"), hold(path, "this game"):
        pass
    with hold(path, "this game"):  # released: free again, and the lock file is gone afterwards
        pass
    assert not list(tmp_path.iterdir())


def test_two_resumes_at_once_finish_the_game_once(tmp_path: Path) -> None:
    game = interrupted(tmp_path)
    children = [subprocess.Popen([sys.executable, "-m", "killer.cli", "resume", str(game)], env=ENV, cwd=tmp_path,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    codes = sorted(child.wait(timeout=120) for child in children)
    assert codes == [0, 2]
    t = read_transcript(game)
    assert t.end_lines == 1 and verify_file(game).ok


def test_a_busy_tournament_folder_refuses_a_second_eval(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "t.toml"
    config.write_text(TOURNAMENT, encoding="utf-8")
    out = tmp_path / "run"
    out.mkdir()
    with held_elsewhere(out) as pid:
        assert main(["eval", str(config), "--out", str(out), "--no-progress"]) == 2
        assert f"pid {pid}" in capsys.readouterr().err
    assert not (out / "results.jsonl").exists()


def test_two_evals_at_once_play_every_game_once(tmp_path: Path) -> None:
    config = tmp_path / "t.toml"
    config.write_text(TOURNAMENT, encoding="utf-8")
    out = tmp_path / "run"
    args = [sys.executable, "-m", "killer.cli", "eval", str(config), "--out", str(out), "--no-progress"]
    children = [subprocess.Popen(args, env=ENV, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                for _ in range(2)]
    codes = sorted(child.wait(timeout=300) for child in children)
    assert codes in ([0, 0], [0, 2])
    ids = [json.loads(line)["game_id"] for line in (out / "results.jsonl").read_text().splitlines()]
    assert len(ids) == len(set(ids)) == 4
    assert all(verify_file(p).ok for p in (out / "games").glob("*.jsonl"))


def test_results_are_counted_once_per_game_id(tmp_path: Path) -> None:
    config = tmp_path / "t.toml"
    config.write_text(TOURNAMENT, encoding="utf-8")
    out = tmp_path / "run"
    assert main(["eval", str(config), "--out", str(out), "--no-progress"]) == 0
    results = out / "results.jsonl"
    lines = results.read_text().splitlines()
    results.write_text("\n".join(lines + lines + lines[:2]) + "\n")  # what a crash or a second writer leaves
    summary = summarize(out)
    assert summary["games"] == summary["scheduled"] == 4


def test_three_runs_in_the_same_second_with_one_out_all_finish(tmp_path: Path) -> None:
    args = [sys.executable, "-m", "killer.cli", "run", "--agents", "scripted", "--seed", "1", "--out", "games"]
    children = [subprocess.Popen(args, env=ENV, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                 text=True) for _ in range(3)]
    errors = [child.communicate(timeout=120)[1] for child in children]
    assert [child.returncode for child in children] == [0, 0, 0], errors
    games = sorted((tmp_path / "games").glob("*.jsonl"))
    assert len(games) == 3 and all(verify_file(p).ok for p in games)
