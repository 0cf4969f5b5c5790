"""Crash test: kill `killer run --agents scripted` mid-game, `killer resume`, and get the uninterrupted game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from killer.cli import main
from orchestrator.store.transcript import read_transcript, strip_wall_clock
from orchestrator.verify import verify_file

ROOT = Path(__file__).resolve().parents[2]
SEED = 21
# The child slows each decision down a little so that the kill lands mid-game.
SLOW_RUN = """
import asyncio, sys
import orchestrator.graph as graph
real_ask = graph.ask
async def slow_ask(*args, **kwargs):
    await asyncio.sleep(0.01)
    return await real_ask(*args, **kwargs)
graph.ask = slow_ask
import pytest

from killer.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _comparable(path: Path) -> dict[str, Any]:
    t = read_transcript(path)
    header = {k: v for k, v in t.header.items() if k not in ("game_id", "options", "created")}
    options = {k: v for k, v in t.header["options"].items() if k not in ("game_id", "out")}
    return {"header": header, "options": options, "end": strip_wall_clock(t.end),
            "entries": [strip_wall_clock(e.to_dict()) for e in t.entries]}


def _run_args(out: Path, ruleset: str) -> list[str]:
    return ["run", "--agents", "scripted", "--seed", str(SEED), "--ruleset", ruleset, "--out", str(out)]


# v5-dual: two cards a seat, targets are (seat, slot) pairs: the hardest case for an equal resume
@pytest.mark.parametrize("ruleset", ["v2-classic", "v5-dual"])
def test_killed_game_resumes_to_the_uninterrupted_transcript(tmp_path: Path, ruleset: str) -> None:
    crashed = tmp_path / "crashed"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", SLOW_RUN, *_run_args(crashed, ruleset)], cwd=tmp_path, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    lines = 0
    while time.monotonic() < deadline and child.poll() is None:
        found = list(crashed.glob("*.jsonl"))
        lines = len(found[0].read_text().splitlines()) if found else 0
        if lines > 80:
            break
        time.sleep(0.005)
    assert child.poll() is None, f"the game ended before the kill: {child.stderr.read() if child.stderr else ''}"
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    path = next(crashed.glob("*.jsonl"))
    assert read_transcript(path, tolerant=True).end is None  # really stopped mid-game

    assert main(["resume", path.stem, "--out", str(crashed)]) == 0
    assert main(_run_args(tmp_path / "straight", ruleset)) == 0
    straight = next((tmp_path / "straight").glob("*.jsonl"))
    assert verify_file(path).ok
    assert _comparable(path) == _comparable(straight)
    assert main(["resume", str(path)]) == 2  # over already: one line, exit 2
