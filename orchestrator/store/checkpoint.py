"""The game's SQLite checkpoint (LangGraph's): opened so that writes in flight land before it closes, read back
on resume (with the writes of a finished step not yet folded in), and removed when the game is over."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
from pathlib import Path
from typing import Any, cast

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

from engine.errors import MALFORMED, KillerError
from hygiene.files import FileRefused, refuse_unsafe
from orchestrator.config import RECURSION_LIMIT

SQLITE_FILES = ("", "-wal", "-shm", "-journal")  # the database and the files SQLite opens beside it

# a checkpoint database that cannot be opened or read, or whose snapshot holds data no game made
UNREADABLE: tuple[type[Exception], ...] = (sqlite3.Error, OSError, *MALFORMED)


class ResumeError(KillerError):
    """The game cannot be resumed (over already, or transcript and checkpoint disagree): one line."""


class _OrderlySaver(AsyncSqliteSaver):
    """The SQLite checkpointer, keeping count of its writes in flight: LangGraph writes a step's results from
    background tasks, so a game stopped mid-step (a quit while models think) must let them land before the
    connection closes — else they fail on a closed database after the game is gone."""

    in_flight: set[asyncio.Task[Any]]

    async def aput_writes(self, *args: Any, **kwargs: Any) -> None:
        task = asyncio.current_task()
        if task is None:
            await super().aput_writes(*args, **kwargs)
            return
        self.in_flight.add(task)
        try:
            await super().aput_writes(*args, **kwargs)
        finally:
            self.in_flight.discard(task)

    async def settle(self) -> None:
        """Waits for the writes in flight (bounded), whatever stopped the game."""
        for _ in range(10):
            pending = [t for t in self.in_flight if not t.done() and t is not asyncio.current_task()]
            if not pending:
                return
            await asyncio.wait(pending, timeout=2.0)


def check_files(ckpt: Path) -> None:
    """SQLite opens the checkpoint and its -wal/-shm/-journal files itself, following links: each that exists must
    be a regular file of one name (a planted link would have SQLite write into its target). ResumeError if not."""
    for extra in SQLITE_FILES:
        try:
            refuse_unsafe(ckpt.with_name(ckpt.name + extra), single=True)
        except FileRefused as exc:
            raise ResumeError(str(exc)) from None


@contextlib.asynccontextmanager
async def open_saver(path: Path | None) -> Any:
    if path is None:
        yield InMemorySaver()
        return
    check_files(path)
    async with _OrderlySaver.from_conn_string(str(path)) as base:
        saver = cast(_OrderlySaver, base)
        saver.in_flight = set()
        try:
            yield saver
        finally:
            await asyncio.shield(saver.settle())


async def read_checkpoint(game: Path, ckpt: Path, game_id: str) -> Any:
    """The checkpoint's latest snapshot of this game, None when there is none; an unreadable file: ResumeError."""
    if not os.path.lexists(ckpt):
        return None
    if ckpt.is_dir():
        raise ResumeError(f"{ckpt}: the checkpoint is not a file (a folder?); move it away, then resume (with "
                          "--from-transcript if the game has decisions)")
    check_files(ckpt)
    if not os.access(ckpt, os.R_OK | os.W_OK) or not os.access(ckpt.parent, os.W_OK):
        raise ResumeError(f"{ckpt}: the checkpoint (or its folder) is read-only; resume needs to write it")
    try:
        async with open_saver(ckpt) as saver:
            snapshot = await saver.aget_tuple(thread_config(game_id))
        if snapshot is not None:
            checkpointed_actions(snapshot)
        return snapshot
    except UNREADABLE as exc:
        raise ResumeError(f"{ckpt}: the checkpoint cannot be read ({type(exc).__name__}: {exc}); resume with "
                          "--from-transcript to rebuild it from the transcript") from None


def remove_checkpoint(ckpt: Path) -> None:
    """Removes the checkpoint and the files beside it (a link among them is removed, never its target)."""
    for extra in SQLITE_FILES:
        target = ckpt.with_name(ckpt.name + extra)
        if target.is_dir() and not target.is_symlink():
            raise ResumeError(f"{target}: the checkpoint is a folder; move it away first")
        target.unlink(missing_ok=True)


def checkpointed_actions(snapshot: Any) -> list[dict[str, Any]]:
    """The actions the checkpoint holds, plus those of a finished step whose writes were saved but not yet
    folded into a checkpoint (LangGraph applies such pending writes on resume without re-running the node)."""
    if snapshot is None:
        return []
    actions = list(snapshot.checkpoint["channel_values"].get("actions") or [])
    for _task, channel, value in snapshot.pending_writes or ():
        if channel == "actions":
            actions.extend(value)
    return actions


def thread_config(game_id: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": game_id}, "recursion_limit": RECURSION_LIMIT}
