"""Where a game's files go: the transcript's name (a fresh one, locked, when several runs share a folder) and
the checkpoint beside it."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from orchestrator.config import RunConfig
from orchestrator.store.lock import BusyError, hold


def checkpoint_path(transcript: Path) -> Path:
    """The SQLite checkpoint next to a transcript."""
    return transcript.with_name(transcript.stem + ".ckpt.sqlite")


def new_game_id(config: RunConfig) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    return f"{config.ruleset}-s{config.seed}-{stamp}"


def claim_transcript(out: Path, game_id: str, stack: contextlib.ExitStack) -> tuple[str, Path]:
    """A fresh transcript path for `game_id` under `out`, locked and created (a busy or taken name, as when
    several runs start in the same second with one --out, moves on to the next number)."""
    out.mkdir(parents=True, exist_ok=True)
    for n in range(1, 1000):
        path = out / (f"{game_id}.jsonl" if n == 1 else f"{game_id}-{n}.jsonl")
        if path.exists() or checkpoint_path(path).exists():
            continue
        try:
            stack.enter_context(hold(path, "this game"))
        except BusyError:
            continue
        if not path.exists() and not checkpoint_path(path).exists():
            return path.stem, path
    raise FileExistsError(f"{out}: no free transcript name for {game_id}")
