"""Files written and read without trusting what lies in the folder: every `killer` output goes through here.

A folder can hold what someone planted: a symbolic link where a transcript, a report or a lock is about to be
written (`G.jsonl.tmp -> ~/.bashrc`), a second name (hard link) of another file, a FIFO that blocks whoever
opens it, or a link to /dev/zero that never ends. So:

- `write_text` / `write_bytes`: the whole file is written to a fresh temporary file made by `mkstemp` (O_EXCL,
  so it never opens an existing path) in the target's own folder, flushed to disk, then moved over the target
  with `os.replace` (atomic: a reader sees the old file or the new one). A target that exists and is a link or
  not a regular file is refused (`FileRefused`, one line), and nothing is written.
- `create_new` (a new transcript: O_EXCL) and `open_append` (a transcript continued, results.jsonl: O_NOFOLLOW)
  open append-only files; an append target that is a link, not a regular file, or has other names is refused.
- `open_lock` opens a lock file with O_NOFOLLOW and refuses one that is a link, not regular or has other names.
- `refuse_unsafe(path)`: the same check for files another library opens itself (SQLite's checkpoint).
- `read_text` / `read_bytes`: a regular file only (opened O_NONBLOCK, so a FIFO is refused instead of hanging),
  its size checked before it is read, and at most `limit` bytes read whatever the file does meanwhile.
A leaf: imports nothing of the project.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import IO

KB = 1024
MB = 1024 * KB


class FileRefused(OSError):
    """A file `killer` will not read or write (a link, not a regular file, too large): one line naming it."""

    def __init__(self, path: Path | str, why: str, code: int = errno.EPERM) -> None:
        super().__init__(code, why, str(path))

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def size_text(n: int) -> str:
    """A byte count as people write it: 512 bytes, 40 KB, 8 MB."""
    if n >= MB:
        return f"{n / MB:.0f} MB"
    return f"{n / KB:.0f} KB" if n >= KB else f"{n} bytes"


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_NEW_MODE = 0o666 & ~_umask()  # what open() would give a new file (read once, while imports run)


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "is a symbolic link"
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    return "is not a regular file (a device, a pipe or a socket)"


def refuse_unsafe(path: Path | str, *, single: bool = False) -> None:
    """Raises FileRefused if `path` exists and is a link or not a regular file (`single`: or has other names,
    hard links through which a write would change another file too). A missing path is fine."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    _check(path, st, single)


def _check(path: Path | str, st: os.stat_result, single: bool) -> None:
    if not stat.S_ISREG(st.st_mode):
        why = _kind(st.st_mode)
        raise FileRefused(path, f"{why}; killer writes only regular files it owns (move it away first)")
    if single and st.st_nlink > 1:
        raise FileRefused(path, f"has {st.st_nlink} names (hard links); killer will not write a file that is "
                                "also another one (copy it instead)")


def write_text(path: Path | str, text: str) -> None:
    """Writes `text` (UTF-8) as the whole of `path`, atomically, never through a link."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: Path | str, data: bytes) -> None:
    """Writes `data` as the whole of `path` through a temporary file in its folder and os.replace."""
    write_chunks(path, [data])


def write_chunks(path: Path | str, chunks: Iterable[bytes | str]) -> None:
    """Writes `chunks` (bytes, or text as UTF-8) in order as the whole of `path`, atomically, never through a
    link, without holding them all at once (a large page is written as it is made)."""
    path = Path(path)
    refuse_unsafe(path)
    try:
        mode = stat.S_IMODE(os.lstat(path).st_mode)
    except FileNotFoundError:
        mode = _NEW_MODE
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            for chunk in chunks:
                f.write(chunk.encode("utf-8") if isinstance(chunk, str) else chunk)
            f.flush()
            os.fchmod(f.fileno(), mode)
            os.fsync(f.fileno())
        refuse_unsafe(path)  # planted while we wrote: still refused, and the temporary file goes
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _opened(path: Path | str, flags: int, mode: int = 0o666) -> int:
    """os.open that never follows a final link: a link is refused in one line."""
    try:
        return os.open(path, flags | os.O_NOFOLLOW | os.O_CLOEXEC, mode)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise FileRefused(path, "is a symbolic link; killer never writes through one (move it away first)",
                              errno.ELOOP) from None
        raise


def _checked(path: Path | str, fd: int, single: bool) -> int:
    try:
        _check(path, os.fstat(fd), single)
    except BaseException:
        os.close(fd)
        raise
    return fd


def create_new(path: Path | str) -> IO[str]:
    """A new file opened for appending text; an existing path (a link included) is FileExistsError."""
    fd = _opened(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND)
    return os.fdopen(_checked(path, fd, True), "a", encoding="utf-8")


def open_append(path: Path | str) -> IO[str]:
    """A regular file of one name opened for appending text (created if missing), never through a link."""
    return os.fdopen(_append_fd(path), "a", encoding="utf-8")


def open_append_bytes(path: Path | str) -> IO[bytes]:
    """The same, for bytes (a log another process writes into)."""
    return os.fdopen(_append_fd(path), "ab")


def _append_fd(path: Path | str) -> int:
    return _checked(path, _opened(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND), True)


def open_lock(path: Path | str, create: bool = True) -> int:
    """The descriptor of a lock file (created 0600 if missing and `create`), never through a link, never
    another file."""
    return _checked(path, _opened(path, os.O_RDWR | (os.O_CREAT if create else 0), 0o600), True)


def read_bytes(path: Path | str, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes (links followed: reading through one is harmless)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileRefused(path, f"{_kind(st.st_mode)}; give a file")
        if st.st_size > limit:
            raise FileRefused(path, f"is larger than killer reads here ({size_text(st.st_size)}; at most "
                                    f"{size_text(limit)})", errno.EFBIG)
        with os.fdopen(os.dup(fd), "rb") as f:
            data = f.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileRefused(path, f"grew past {size_text(limit)} while it was read", errno.EFBIG)
    return data


def read_text(path: Path | str, limit: int) -> str:
    """A regular UTF-8 file of at most `limit` bytes (UnicodeDecodeError when it is not UTF-8)."""
    return read_bytes(path, limit).decode("utf-8")


def first_missing(path: Path | str) -> Path | None:
    """The first folder on the way to `path` (or `path` itself) that does not exist yet: what making `path` will
    create, so that a command refused before it writes anything can take it away again. None when it exists."""
    path = Path(path).absolute()
    return next((p for p in (*reversed(path.parents), path) if not os.path.lexists(p)), None)


def remove_empty(path: Path | str, top: Path | str) -> None:
    """Removes `path` and the folders above it up to `top` (a `first_missing` answer), each only while it is
    empty: a folder another process has written into since is kept, with everything above it."""
    path, top = Path(path).absolute(), Path(top).absolute()
    if path != top and top not in path.parents:
        return
    for folder in (path, *path.parents):
        try:
            os.rmdir(folder)
        except OSError:
            return
        if folder == top:
            return
