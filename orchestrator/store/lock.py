"""One writer at a time: an exclusive lock on a game (its transcript and checkpoint) or a tournament folder.

`hold(path, what)` takes an advisory `fcntl.flock` on `lock_path(path)` without waiting; a second process gets a
BusyError whose one line names the holder (pid, command, since when), which the holder wrote into the lock file.

The lock is keyed on the resolved path, so a second name for the same game (a link, `alias.jsonl -> g.jsonl`, or
a folder reached through a link) meets the same lock; the lock file is opened with O_NOFOLLOW and refused when it
is a link, not a regular file or a second name of another file (hygiene/files.py), so a planted lock can neither
redirect the holder's line into a victim file nor be bypassed.

Why fcntl.flock and not the `filelock` package: the holder's name has to be readable by the process that is
refused, and filelock's Unix lock opens its file with O_TRUNC before trying to lock, so every refused attempt
would wipe the holder's line. flock is released by the kernel when the holder dies (even by SIGKILL), so a crash
never leaves a lock held; the file it leaves is taken over by the next writer (and `clear_stale` removes those
whose recorded pid is no longer running). The file is removed when released; a process that locked a file
another one removed in between notices (the path no longer names its file) and tries again.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from engine.errors import KillerError
from hygiene.files import open_lock, read_text
from hygiene.sanitize import clean

LOCK_SUFFIX = ".lock"
FOLDER_LOCK = ".killer.lock"
_PID = re.compile(r"^pid (\d+) ")


class BusyError(KillerError):
    """Another process holds the lock: one line naming it."""


def lock_path(path: Path) -> Path:
    """GAME.jsonl.lock beside a game's transcript; FOLDER/.killer.lock inside a folder (even `.`); both beside
    the resolved path, so every name of one game or folder has one lock."""
    real = path.resolve()
    if real.is_dir():
        return real / FOLDER_LOCK
    return real.with_name(real.name + LOCK_SUFFIX)


def _holder() -> str:
    """Who holds the lock: the pid and the command without its arguments (which may hold a key)."""
    words = [os.path.basename(sys.argv[0]) if sys.argv else "python", *sys.argv[1:2]]
    command = " ".join(w for w in words if w and not w.startswith("-"))[:80]
    since = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    return f"pid {os.getpid()} ({command or 'python'}) since {since}"


def _read_holder(path: Path) -> str:
    try:
        text = read_text(path, 4096).strip()
    except (OSError, UnicodeDecodeError):
        return "another process"
    return clean(text, max_chars=240) or "another process"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # somebody else's process
    return True


@contextlib.contextmanager
def hold(path: Path, what: str) -> Iterator[Path]:
    """Holds the exclusive lock of `path` (a game's transcript or a tournament folder) while the block runs."""
    lock = lock_path(path)
    for _ in range(20):
        fd = open_lock(lock)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise BusyError(f"{path}: {what} is in use by {_read_holder(lock)}; wait for it to finish or stop "
                            "it first") from None
        try:
            same = os.fstat(fd).st_ino == os.stat(lock, follow_symlinks=False).st_ino
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


def clear_stale(folder: Path) -> list[Path]:
    """Removes the lock files in `folder` left by processes that died (SIGKILL, a crash): free to lock, and the
    pid they name no longer runs. A lock being taken or held is left alone. The files removed."""
    removed: list[Path] = []
    if not folder.is_dir():
        return removed
    for lock in sorted(folder.glob(f"*{LOCK_SUFFIX}")) + sorted(folder.glob(FOLDER_LOCK)):
        with contextlib.suppress(OSError):
            if _clear_one(lock):
                removed.append(lock)
    return removed


def _clear_one(lock: Path) -> bool:
    fd = open_lock(lock, create=False)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False  # held: its holder is alive
        found = _PID.match(os.pread(fd, 200, 0).decode("utf-8", "replace"))
        if found is None or _alive(int(found.group(1))):
            return False  # being written by a new holder, or its process still runs (it may lock it again)
        os.unlink(lock)
        return True
    finally:
        os.close(fd)
