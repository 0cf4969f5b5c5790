"""Stopped games for the security tests: a scripted game interrupted after some events, with its checkpoint."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

from orchestrator.config import RunConfig
from orchestrator.session import Hooks, run_game
from orchestrator.transcript import Entry


class Stop(Exception):
    """Raised from a hook to stop a game the way a crash would."""


def interrupted(out: Path, seed: int = 5, after: int = 60, ruleset: str = "v2-classic") -> Path:
    """A scripted game stopped after `after` events: its transcript (the checkpoint lies next to it)."""
    seen: list[Entry] = []

    def on_entry(entry: Entry) -> None:
        seen.append(entry)
        if len(seen) >= after:
            raise Stop

    config = RunConfig(ruleset=ruleset, seed=seed, agents="scripted", out=out)
    with contextlib.suppress(Stop):
        asyncio.run(run_game(config, hooks=Hooks(on_entry=on_entry)))
    (path,) = [p for p in out.glob("*.jsonl") if f"-s{seed}-" in p.name]
    return path


def edit_header(path: Path, **options: Any) -> None:
    """Rewrites the header's options (what a shared, hostile transcript can hold)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    header = json.loads(lines[0])
    header["options"].update(options)
    lines[0] = json.dumps(header)
    path.write_text("\n".join(lines), encoding="utf-8")
