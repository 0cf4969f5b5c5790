"""Transcripts: append-only JSONL, one line flushed per event, with agent annotations beside decisions.

Line 1 is the header ({"type": "header", "format", ruleset, seed, players, seats, lang, versions, created,
options});
then {"i": index, "event": Event.to_dict(), "annotation": {...}} per event (annotation on decision events only);
then {"type": "end", winner, events, decisions, ...} when the game is over.

Format versions: `format` in the header counts changes to this layout (a header without it is format 1, every
transcript written before the field existed). The rule: a reader accepts every earlier format, and a field a
later format adds is optional to readers (`.get` with a default); a transcript from a newer format than this
reader knows is refused with one line saying so.

Lines are separated by "\n" only: the writer escapes the characters JSON allows raw but other readers take for
line breaks (U+0085, U+2028, U+2029), and the reader splits on "\n" alone, so no speech can cut a line in two.
Every line passes `hygiene.secrets.redact` before it is written. The reader refuses, with one TranscriptError
line, anything that is not a transcript: bad JSON, numbers out of range, too deep or too long lines, an event
line without an integer index, a header whose fields have the wrong types.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from engine import MALFORMED, Event, KillerError, all_rulesets, decisions
from engine.judge import MAX_DAYS
from engine.record.view import View, seen
from hygiene import files, walk
from hygiene.secrets import redact_value

# 1: no `format` field; 2: the header says its format (event kinds from engine.record.catalog); 3: a speech may carry a
# public `claim` (engine.moves.decisions.Claim), and a speech without the key made no claim; 4: night teams may talk
# (ruling R-team-talk): the header's options record `talk_rounds` and the deal `team_talk`, and team-talk events
# and later-round night choices (`round`) may appear; a game of an earlier format was played without talk; 5: v5's
# killer cards talk before their orders (ruling R-v5-killer-talk): the deal records `card_talk`, the killer cards'
# night choices are seen by the killer seats and may carry a message and a later `round` (a v5 game of an earlier
# format, or one whose deal lacks the field, was played without it and replays so).
FORMAT_VERSION = 5
CLAIMS_FORMAT = 3  # from this format on, public claims are recorded (metrics read them instead of private labels)

# Fields that hold wall-clock values: they differ between two runs of the same seeded game.
WALL_CLOCK_FIELDS = frozenset({"created", "latency_s", "wall_s", "ended", "resumed"})
# Characters json.dumps(ensure_ascii=False) leaves raw that str.splitlines() and many editors treat as breaks.
_RAW_BREAKS = {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}
MAX_LINE_CHARS = 4_000_000  # a line longer than this is not one the writer made
# A legal game is bounded by the day cap (ruling R-endless): at most MAX_DAYS days at the largest table (20 seats),
# and a seat's day is a handful of events (its statement, accusation, vote, a runoff, last words, a night choice,
# team talk): random legal games of every ruleset at its largest table make at most 5.1 events per seat-day (15
# seeds each, measured for issue 31), so 16 per seat-day, team talk's 5 rounds included, bounds any game. Reading
# stops with one line past this many lines, before any is parsed, and the byte cap matches it.
MAX_TABLE = max(r.players[1] for r in all_rulesets())  # 20
EVENTS_PER_SEAT_DAY = 16
MAX_EVENTS = MAX_DAYS * MAX_TABLE * EVENTS_PER_SEAT_DAY  # 19,200
MAX_BYTES = 32 * files.MB  # MAX_EVENTS lines of 1.7 KB on average (an LLM game's lines are 0.3 to 2 KB)
# Many tiny values cost memory the way many tiny events did: `[{},{},…]` in an annotation is 3 bytes a dict in the
# file and 72 in memory. Each JSON value but a line's first follows one of `{ [ , :`, so their count (commas and
# colons inside strings too: an over-count) bounds the values parsed. The writer's lines hold at most 113 of them
# on average (tests/orchestrator/store/v5-dual-format4-talk-s3.jsonl; the samples 45 to 69), so 256 a line at the
# event cap bounds any game, and reading stops with one line past it, before any line is parsed.
MARKS_PER_LINE = 256
MAX_MARKS = MAX_EVENTS * MARKS_PER_LINE  # 4,915,200
# Header fields and the types they must have when present (a wrong one crashes readers further on).
HEADER_TYPES: dict[str, tuple[type, ...]] = {"ruleset": (str,), "players": (int,), "seats": (list,), "lang": (str,),
                                             "options": (dict,), "game_id": (str,)}


class TranscriptError(KillerError):
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


def in_view(entries: Iterable[Entry], view: View) -> list[Entry]:
    """The entries `view` sees, each with only the annotation it may read (engine.record.view.seen, R-view)."""
    out = []
    for entry in entries:
        shown, note = seen(entry.event, entry.annotation, view)
        if shown:
            out.append(entry if note is entry.annotation else Entry(entry.i, entry.event, note))
    return out


@dataclass
class Transcript:
    """A transcript read back: header, entries in order, and the end line once the game is over."""

    path: Path
    header: dict[str, Any]
    entries: list[Entry] = field(default_factory=list)
    end: dict[str, Any] | None = None
    end_lines: int = 0  # how many end lines the file has (one for a finished game)
    after_end: int = 0  # event lines written after the (first) end line

    @property
    def events(self) -> list[Event]:
        return [e.event for e in self.entries]

    @property
    def game_id(self) -> str:
        return str(self.header.get("game_id") or self.path.stem)


def dumps(obj: Any) -> str:
    """One JSONL line (UTF-8 kept readable for Chinese speeches; no raw line separator of any kind)."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).translate(_RAW_BREAKS)


def safe_line(obj: Any) -> str:
    """A line as the writers put it on disk: every string without any secret value in use, then dumped."""
    return dumps(redact_value(obj))


class TranscriptWriter:
    """Appends lines to a transcript, flushing each one so a crash loses at most the line being written."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[str] | None = None

    def create(self, header: dict[str, Any]) -> None:
        """Starts a new transcript (refuses to overwrite one, a link included)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = files.create_new(self.path)
        self._line({"type": "header", "format": FORMAT_VERSION, **header})

    def reopen(self) -> None:
        """Continues an existing transcript (after truncate_to on resume); never through a link."""
        self._file = files.open_append(self.path)

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
        self._file.write(safe_line(obj) + "\n")
        self._file.flush()


def read_transcript(path: Path, tolerant: bool = False, root: Path | None = None) -> Transcript:
    """Reads a transcript; `tolerant` drops a torn last line (a crash mid-write) instead of failing. With `root`
    (a run folder, or the folder a listing found the file in) the file is reached through that folder's
    descriptor, never through a link below it (hygiene/walk.py): a planted link is one line."""
    try:
        text = files.read_text(path, MAX_BYTES) if root is None else \
            walk.read_text(root, path.relative_to(root), MAX_BYTES)
        if text.count("\n") > MAX_EVENTS + 2:  # the header and the end line besides the events
            raise TranscriptError(f"{path}: more than {MAX_EVENTS:,} events, more than a game can have (the day "
                                  f"cap, {MAX_DAYS} days); killer does not read it")
        if sum(text.count(mark) for mark in "{[,:") > MAX_MARKS:
            raise TranscriptError(f"{path}: more than {MAX_MARKS:,} JSON values, more than a game's transcript "
                                  f"holds ({MARKS_PER_LINE} a line at the event cap); killer does not read it")
        lines = text.split("\n")
        del text  # the lines hold it now: the whole file is not kept twice while the lines are parsed
    except FileNotFoundError:
        raise TranscriptError(f"{path}: no such file") from None
    except files.FileRefused as exc:
        raise TranscriptError(str(exc)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise TranscriptError(f"{path}: cannot read ({exc})") from None
    rows = _parse_lines(path, lines, tolerant)
    if not rows or rows[0][1].get("type") != "header":
        raise TranscriptError(f"{path}: not a killer transcript (the first line is not a header)")
    version = format_version(rows[0][1])
    if version is None or version > FORMAT_VERSION:
        raise TranscriptError(f"{path}: transcript format {rows[0][1].get('format')!r} is not one this killer reads "
                              f"(formats 1 to {FORMAT_VERSION})")
    _check_header(path, rows[0][1])
    transcript = Transcript(path=path, header=rows[0][1])
    for n, row in rows[1:]:
        if row.get("type") == "end":
            transcript.end = transcript.end or row
            transcript.end_lines += 1
        elif transcript.end is not None:
            transcript.after_end += 1
        else:
            transcript.entries.append(_entry(path, n, row))
    return transcript


def format_version(header: dict[str, Any]) -> int | None:
    """The header's format (1 when absent: written before the field existed); None when it is not a number."""
    value = header.get("format", 1)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 1 else None


def _check_header(path: Path, header: dict[str, Any]) -> None:
    for name, types in HEADER_TYPES.items():
        value = header.get(name)
        if value is not None and (not isinstance(value, types) or isinstance(value, bool)):
            raise TranscriptError(f"{path}: the header's {name} is not a {types[0].__name__} ({_show(value)})")
    players = header.get("players")
    if isinstance(players, int) and not 1 <= players <= 1000:
        raise TranscriptError(f"{path}: the header's players ({players}) is not a table size")
    for seat in header.get("seats") or []:
        problem = _seat_problem(seat)
        if problem:
            raise TranscriptError(f"{path}: the header's seats hold {_show(seat)}: {problem}")
    tournament = (header.get("options") or {}).get("tournament")
    if tournament is not None and not _is_record(tournament):
        raise TranscriptError(f"{path}: the header's tournament record is not one a tournament writes "
                              f"({_show(tournament)})")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_problem(seat: Any) -> str | None:
    """Why a header's seat entry is not one a game writes (None when it is)."""
    if not isinstance(seat, dict):
        return "a seat is not an object"
    if not _is_int(seat.get("seat")) or not 1 <= seat["seat"] <= 1000:
        return "a seat has no seat number"
    for name in ("agent", "model", "provider", "level"):
        if seat.get(name) is not None and not isinstance(seat[name], str):
            return f"a seat's {name} is not a string"
    return None


def _is_record(record: Any) -> bool:
    """A header's options.tournament: an object whose roster maps seat numbers to names, prices an object."""
    if not isinstance(record, dict):
        return False
    roster, prices = record.get("roster") or {}, record.get("prices") or {}
    seats_ok = isinstance(roster, dict) and all(k.isdigit() and isinstance(v, str) for k, v in roster.items())
    return seats_ok and isinstance(prices, dict) and all(isinstance(v, dict) for v in prices.values())


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 40 else text[:39] + "…"


def _parse_lines(path: Path, lines: list[str], tolerant: bool) -> list[tuple[int, dict[str, Any]]]:
    """(line number, object) for every non-blank line."""
    rows: list[tuple[int, dict[str, Any]]] = []
    last = max((n for n, line in enumerate(lines, start=1) if line.strip()), default=0)
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        if len(line) > MAX_LINE_CHARS:
            raise TranscriptError(f"{path}: line {n} is longer than {MAX_LINE_CHARS} characters")
        try:
            row = json.loads(line, parse_constant=_no_constant)
        except (ValueError, RecursionError) as exc:  # JSONDecodeError, NaN/Infinity, a 5,000-digit number
            if tolerant and n == last and isinstance(exc, json.JSONDecodeError):
                break
            why = "is nested too deeply" if isinstance(exc, RecursionError) else "is not JSON"
            raise TranscriptError(f"{path}: line {n} {why}") from None
        if not isinstance(row, dict):
            raise TranscriptError(f"{path}: line {n} is not a JSON object")
        rows.append((n, row))
    return rows


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _entry(path: Path, n: int, row: dict[str, Any]) -> Entry:
    i, event, note = row.get("i"), row.get("event"), row.get("annotation")
    if not isinstance(i, int) or isinstance(i, bool) or not isinstance(event, dict):
        raise TranscriptError(f"{path}: line {n} is not an event line (it needs an integer i and an event object)")
    if note is not None and not isinstance(note, dict):
        raise TranscriptError(f"{path}: line {n}: the annotation is not an object")
    try:
        parsed = Event.from_dict(event)
        decisions([parsed])  # a decision event must hold an action the engine can read
        return Entry(i=i, event=parsed, annotation=note)
    except MALFORMED as exc:
        raise TranscriptError(f"{path}: line {n} is not an event line ({type(exc).__name__}: {exc})") from None


def truncate_to(path: Path, header: dict[str, Any], entries: list[Entry]) -> None:
    """Rewrites a transcript as header + entries (resume: drop what the checkpoint does not hold). Atomic, and
    never through a link (hygiene/files.py)."""
    lines = [safe_line(header), *(safe_line(entry.to_dict()) for entry in entries)]
    files.write_text(path, "".join(line + "\n" for line in lines))


def strip_wall_clock(obj: Any) -> Any:
    """A copy without wall-clock fields: what must be equal between two runs of the same seeded game."""
    if isinstance(obj, dict):
        return {k: strip_wall_clock(v) for k, v in obj.items() if k not in WALL_CLOCK_FIELDS}
    if isinstance(obj, list):
        return [strip_wall_clock(v) for v in obj]
    return obj
