"""Transcripts: append-only JSONL, one line flushed per event, with agent annotations beside decisions.

Line 1 is the header ({"type": "header", "format", ruleset, seed, players, seats, lang, versions, created,
options});
then {"i": index, "event": Event.to_dict(), "annotation": {...}} per event (annotation on decision events only);
then {"type": "end", winner, events, decisions, ...} when the game is over.

Format versions: `format` in the header counts changes to this layout (a header without it is format 1, every
transcript written before the field existed). The rule: a reader accepts every earlier format, and a field a
later format adds is optional to readers (`.get` with a default); a transcript from a newer format than this
reader knows is refused with one line saying so.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from engine import Event

FORMAT_VERSION = 2  # 1: no `format` field; 2: the header says its format (event kinds from engine.catalog)

# Fields that hold wall-clock values: they differ between two runs of the same seeded game.
WALL_CLOCK_FIELDS = frozenset({"created", "latency_s", "wall_s", "ended", "resumed"})


class TranscriptError(Exception):
    """A transcript file that cannot be read (missing, not JSONL, no header): one line for the user."""


@dataclass(frozen=True)
class Entry:
    """One event of a game as recorded, with the annotation of the decision it records (if any)."""

    i: int
    event: Event
    annotation: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"i": self.i, "event": self.event.to_dict()}
        if self.annotation is not None:
            out["annotation"] = self.annotation
        return out


@dataclass
class Transcript:
    """A transcript read back: header, entries in order, and the end line once the game is over."""

    path: Path
    header: dict[str, Any]
    entries: list[Entry] = field(default_factory=list)
    end: dict[str, Any] | None = None

    @property
    def events(self) -> list[Event]:
        return [e.event for e in self.entries]

    @property
    def game_id(self) -> str:
        return str(self.header.get("game_id") or self.path.stem)


def dumps(obj: Any) -> str:
    """One JSONL line (UTF-8 kept readable for Chinese speeches)."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


class TranscriptWriter:
    """Appends lines to a transcript, flushing each one so a crash loses at most the line being written."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[str] | None = None

    def create(self, header: dict[str, Any]) -> None:
        """Starts a new transcript (refuses to overwrite one)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = self.path.open("x", encoding="utf-8")
        self._line({"type": "header", "format": FORMAT_VERSION, **header})

    def reopen(self) -> None:
        """Continues an existing transcript (after truncate_to on resume)."""
        self._file = self.path.open("a", encoding="utf-8")

    def write_entry(self, entry: Entry) -> None:
        self._line(entry.to_dict())

    def write_end(self, end: dict[str, Any]) -> None:
        self._line({"type": "end", **end})

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def _line(self, obj: dict[str, Any]) -> None:
        if self._file is None:
            raise RuntimeError("transcript is not open")
        self._file.write(dumps(obj) + "\n")
        self._file.flush()


def read_transcript(path: Path, tolerant: bool = False) -> Transcript:
    """Reads a transcript; `tolerant` drops a torn last line (a crash mid-write) instead of failing."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise TranscriptError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise TranscriptError(f"{path}: cannot read ({exc})") from None
    rows = _parse_lines(path, lines, tolerant)
    if not rows or rows[0].get("type") != "header":
        raise TranscriptError(f"{path}: not a killer transcript (the first line is not a header)")
    version = format_version(rows[0])
    if version is None or version > FORMAT_VERSION:
        raise TranscriptError(f"{path}: transcript format {rows[0].get('format')!r} is not one this killer reads "
                              f"(formats 1 to {FORMAT_VERSION})")
    transcript = Transcript(path=path, header=rows[0])
    for n, row in enumerate(rows[1:], start=2):
        if row.get("type") == "end":
            transcript.end = row
            continue
        transcript.entries.append(_entry(path, n, row))
    return transcript


def format_version(header: dict[str, Any]) -> int | None:
    """The header's format (1 when absent: written before the field existed); None when it is not a number."""
    value = header.get("format", 1)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 1 else None


def _parse_lines(path: Path, lines: list[str], tolerant: bool) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            if tolerant and n == len(lines):
                break
            raise TranscriptError(f"{path}: line {n} is not JSON") from None
        if not isinstance(row, dict):
            raise TranscriptError(f"{path}: line {n} is not a JSON object")
        rows.append(row)
    return rows


def _entry(path: Path, n: int, row: dict[str, Any]) -> Entry:
    try:
        return Entry(i=int(row["i"]), event=Event.from_dict(row["event"]), annotation=row.get("annotation"))
    except (KeyError, TypeError, ValueError) as exc:
        raise TranscriptError(f"{path}: line {n} is not an event line ({exc})") from None


def truncate_to(path: Path, header: dict[str, Any], entries: list[Entry]) -> None:
    """Rewrites a transcript as header + entries (resume: drop what the checkpoint does not hold). Atomic."""
    tmp = path.with_suffix(path.suffix + ".tmp")
    with tmp.open("w", encoding="utf-8") as f:
        f.write(dumps(header) + "\n")
        for entry in entries:
            f.write(dumps(entry.to_dict()) + "\n")
    os.replace(tmp, path)


def strip_wall_clock(obj: Any) -> Any:
    """A copy without wall-clock fields: what must be equal between two runs of the same seeded game."""
    if isinstance(obj, dict):
        return {k: strip_wall_clock(v) for k, v in obj.items() if k not in WALL_CLOCK_FIELDS}
    if isinstance(obj, list):
        return [strip_wall_clock(v) for v in obj]
    return obj
