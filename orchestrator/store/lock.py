"""One writer at a time: an exclusive lock on a game (its transcript and checkpoint) or a tournament folder.

`hold(path, what)` takes an advisory `fcntl.flock` on `lock_path(path)` without waiting; a second process gets a
BusyError whose one line names the holder (pid, command, since when), which the holder wrote into the lock file.

Why fcntl.flock and not the `filelock` package: the holder's name has to be readable by the process that is
refused, and filelock's Unix lock opens its file with O_TRUNC before trying to lock, so every refused attempt
would wipe the holder's line. flock is released by the kernel when the holder dies (even by SIGKILL), so a crash
never leaves a stale lock. The file is removed when released; a process that locked a file another one removed
in between notices (the path no longer names its file) and tries again.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from hygiene.sanitize import clean


class BusyError(Exception):
    """Another process holds the lock: one line naming it."""


def lock_path(path: Path) -> Path:
    """GAME.jsonl.lock beside a game's transcript; FOLDER/.killer.lock inside a folder (even `.`)."""
    if path.is_dir():
        return path / ".killer.lock"
    return path.with_name(path.name + ".lock")


def _holder() -> str:
    """Who holds the lock: the pid and the command without its arguments (which may hold a key)."""
    words = [os.path.basename(sys.argv[0]) if sys.argv else "python", *sys.argv[1:2]]
    command = " ".join(w for w in words if w and not w.startswith("-"))[:80]
    since = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    return f"pid {os.getpid()} ({command or 'python'}) since {since}"


def _read_holder(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return "another process"
    return clean(text, max_chars=240) or "another process"


@contextlib.contextmanager
def hold(path: Path, what: str) -> Iterator[Path]:
    """Holds the exclusive lock of `path` (a game's transcript or a tournament folder) while the block runs."""
    lock = lock_path(path)
    for _ in range(20):
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise BusyError(f"{path}: {what} is in use by {_read_holder(lock)}; wait for it to finish or stop "
                            "it first") from None
        try:
            same = os.fstat(fd).st_ino == os.stat(lock).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)  # the holder before us removed the file we locked: lock the new one
    else:
        raise BusyError(f"{path}: {what} is changing hands too often to lock")
    try:
        os.ftruncate(fd, 0)
        os.write(fd, (_holder() + "\n").encode("utf-8"))
        yield lock
    finally:
        with contextlib.suppress(OSError):
            os.unlink(lock)
        os.close(fd)
