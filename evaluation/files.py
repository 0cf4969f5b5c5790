"""The export's and the judge's writes, through the project's one link-safe writer (hygiene/files.py): a table is
written beside its final path and moved into place (a reader never sees half a table), labels.jsonl is appended
to, and neither is ever written through a link; a refusal is one line for the user (WriteError)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from engine.errors import KillerError
from hygiene import files, walk


class WriteError(KillerError):
    """A file cannot be written where it was asked: one line for the user."""


def write_bytes(path: Path, data: bytes) -> None:
    """Writes `data` to `path` atomically (hygiene.files.write_bytes)."""
    try:
        walk.write_bytes(path.parent, path.name, data)  # no link on the way (hygiene/walk.py)
    except files.FileRefused as exc:
        raise WriteError(str(exc)) from None


def append_lines(path: Path, lines: Iterable[str]) -> None:
    """Appends whole lines to `path` (created if missing), flushed at once: a resumable log such as labels.jsonl."""
    try:
        with walk.open_append(path.parent, path.name) as f:
            for line in lines:
                f.write(line.rstrip("\n") + "\n")
            f.flush()
    except files.FileRefused as exc:
        raise WriteError(str(exc)) from None
