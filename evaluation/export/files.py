"""The one writer of the export's tables and of the judge's labels.jsonl: a file is written beside its final
path and moved into place (a reader never sees half a table), and a symbolic link is never written through."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path


class WriteError(Exception):
    """A file cannot be written where it was asked: one line for the user."""


def _refuse_link(path: Path) -> None:
    if path.is_symlink():
        raise WriteError(f"{path}: is a symbolic link; not writing through it")


def write_bytes(path: Path, data: bytes) -> None:
    """Writes `data` to `path` atomically (a temporary file in the same folder, then os.replace)."""
    _refuse_link(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def append_lines(path: Path, lines: Iterable[str]) -> None:
    """Appends whole lines to `path` (created if missing), flushed at once: a resumable log such as labels.jsonl."""
    _refuse_link(path)
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, 0o644)
    with os.fdopen(fd, "a", encoding="utf-8") as f:
        for line in lines:
            f.write(line.rstrip("\n") + "\n")
        f.flush()
