"""Where a game's files go: the transcript's name (a fresh one, locked, when several runs share a folder) and
the checkpoint beside it."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

from orchestrator.config import RunConfig
from orchestrator.store.lock import BusyError, clear_stale, hold


def checkpoint_path(transcript: Path) -> Path:
    """The SQLite checkpoint next to a transcript."""
    return transcript.with_name(transcript.stem + ".ckpt.sqlite")


def new_game_id(config: RunConfig) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    return f"{config.ruleset}-s{config.seed}-{stamp}"


def _names(out: Path, game_id: str) -> Iterator[Path]:
    """GAME.jsonl, then GAME-2.jsonl, GAME-3.jsonl, …: the names a game id may take in `out`."""
    for n in range(1, 1000):
        yield out / (f"{game_id}.jsonl" if n == 1 else f"{game_id}-{n}.jsonl")


def _taken(path: Path) -> bool:
    """A name in use: its transcript or checkpoint exists (a link counts, even one pointing nowhere)."""
    return os.path.lexists(path) or os.path.lexists(checkpoint_path(path))


def claim_transcript(out: Path, game_id: str, stack: contextlib.ExitStack) -> tuple[str, Path]:
    """A fresh transcript path for `game_id` under `out`, locked (a busy or taken name, as when several runs
    start in the same second with one --out, moves on to the next number)."""
    out.mkdir(parents=True, exist_ok=True)
    clear_stale(out)  # locks left by killed processes (the kernel released them; their files stayed)
    for path in _names(out, game_id):
        if _taken(path):
            continue
        try:
            stack.enter_context(hold(path, "this game"))
        except BusyError:
            continue
        if not _taken(path):
            return path.stem, path
    raise FileExistsError(f"{out}: no free transcript name for {game_id}")


def free_game_id(out: Path, game_id: str) -> str:
    """The name `claim_transcript` would take now, found the same way (a name another process has locked is
    skipped), without keeping a lock or creating `out`: a game that must be named before it starts (the TUI)."""
    for path in _names(out, game_id):
        if _taken(path):
            continue
        if out.is_dir():
            try:
                with hold(path, "this game"):
                    pass
            except BusyError:
                continue
        return path.stem
    raise FileExistsError(f"{out}: no free transcript name for {game_id}")
