"""Stopped games for the security tests: a scripted game interrupted after some events, with its checkpoint."""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from orchestrator.config import RunConfig
from orchestrator.run import Hooks, run_game
from orchestrator.store.transcript import Entry

ROOT = Path(__file__).resolve().parents[2]


class Stop(Exception):
    """Raised from a hook to stop a game the way a crash would."""


def interrupted(out: Path, seed: int = 5, after: int = 60, ruleset: str = "v2-classic") -> Path:
    """A scripted game stopped after `after` events: its transcript (the checkpoint lies next to it). It is
    played in a process of its own that then ends, as a crashed one would: nothing of it stays open in ours.
    Each (seed, after, ruleset) is played once per test process; a test gets a copy of the files it left."""
    played = _played(seed, after, ruleset)
    out.mkdir(parents=True, exist_ok=True)
    for f in played.iterdir():
        shutil.copy2(f, out / f.name)
    (path,) = [p for p in out.glob("*.jsonl") if f"-s{seed}-" in p.name]
    return path


@functools.cache
def _played(seed: int, after: int, ruleset: str) -> Path:
    out = Path(tempfile.mkdtemp(prefix="killer-interrupted-"))
    atexit.register(shutil.rmtree, out, True)
    code = f"from tests.security.games import play_until; play_until({str(out)!r}, {seed}, {after}, {ruleset!r})"
    subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True,
                   timeout=120)
    return out


def play_until(out: str, seed: int, after: int, ruleset: str) -> None:
    seen: list[Entry] = []

    def on_entry(entry: Entry) -> None:
        seen.append(entry)
        if len(seen) >= after:
            raise Stop

    config = RunConfig(ruleset=ruleset, seed=seed, agents="scripted", out=Path(out))
    with contextlib.suppress(Stop):
        asyncio.run(run_game(config, hooks=Hooks(on_entry=on_entry)))


def edit_header(path: Path, **options: Any) -> None:
    """Rewrites the header's options (what a shared, hostile transcript can hold)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    header = json.loads(lines[0])
    header["options"].update(options)
    lines[0] = json.dumps(header)
    path.write_text("\n".join(lines), encoding="utf-8")
