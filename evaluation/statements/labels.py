"""The judge model's labels, kept in the run folder as labels.jsonl: one line per labelled statement, appended
as labelling goes, so a stopped run resumes where it stopped. A label is found again by its key, a hash of the
statement (game, event number, seat, kind, words) and of who labelled it (model, rubric version): a new judge
or a new rubric labels again, the same one never pays twice. A failed label (the judge's fallback) is kept for
the record but not reused, so a rerun asks again; a refusal (status "refused") is the judge's answer and is
kept: the same judge and rubric are not asked again (a new model or rubric is).

The file is hostile like every file (docs/security.md): each line is held to the writer's shape (`SHAPE`: its
fields, their types and sizes, the judge answer's limits), a line longer than `MAX_LINE_BYTES` or of another shape
refuses the file in one line, and a file holding more lines than `LINES_PER_STATEMENT` a statement of the run
is refused before a line is parsed. A line that is not JSON (torn by a crash mid-write) is skipped, as before."""

from __future__ import annotations

import hashlib
import json
import math
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from engine import SPEECHES, KillerError
from engine.judge import MAX_DAYS
from engine.moves.decisions import CLAIM_RESULTS
from evaluation.files import append_lines
from evaluation.tournament.folder import LABELS
from hygiene import files, walk
from orchestrator.store.transcript import MAX_EVENTS, MAX_TABLE, safe_line
from words.reader.vocab import CLAIMABLE

__all__ = ["CATEGORIES", "LABELS", "LabelsRefused", "append", "done_keys", "judged_by_statement", "read_labels",
           "spoken", "statement_key", "status_of"]
CATEGORIES = ("none", "fabrication", "omission", "distortion", "misdirection")  # the WOLF taxonomy
STATUSES = ("labelled", "fallback", "refused")  # a label line's status; a statement without a line is "unlabelled"
MAX_SAID_CHECKS = 8  # the judge answer schema's maxItems (evaluation/statements/judge.py)
MAX_READER_CHECKS = 64  # the reader's own checks of one statement: a speech is at most a few hundred characters
MAX_TEXT = 600  # a reason or a fallback: the writer keeps 300 characters (a redaction may lengthen them a little)
MAX_NAME = 1024  # a game id, a model name (a local model's path), a statement's kind
MAX_COUNT = 10**15  # tokens, retries
# The writer's longest line is about 3 KB (8 checks of the judge, 64 of the reader, a 300-character reason and
# fallback, a long model name); a torn line joined with the next one stays under 2 of them.
MAX_LINE_BYTES = 16 * 1024
# One line per statement, model and rubric version, plus one per rerun after a fallback: 16 a statement bounds
# an honest file (four judges, each asked again three times); a file past it is refused before it is parsed.
LINES_PER_STATEMENT = 16
MAX_LABELS_BYTES = 64 * files.MB  # the outer cap, whatever the run (read_labels: at most lines x MAX_LINE_BYTES)


class LabelsRefused(KillerError, ValueError):
    """A labels.jsonl this program did not write (too many lines, a line of another shape): one line (exit 2)."""


def _int(low: int, high: int) -> Callable[[Any], bool]:
    return lambda v: type(v) is int and low <= v <= high


def _text(most: int) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, str) and len(v) <= most


def _one_of(*allowed: Any) -> Callable[[Any], bool]:
    return lambda v: (v is None or isinstance(v, str)) and v in allowed


def _number(v: Any) -> bool:
    return type(v) in (int, float) and math.isfinite(v) and 0 <= v <= MAX_COUNT


def _or_none(ok: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda v: v is None or ok(v)


def _target(v: Any) -> bool:  # a seat, or for v5 a card (seat, card) as the reader writes it
    seat = _int(1, MAX_TABLE)
    return seat(v) or (isinstance(v, list) and len(v) == 2 and seat(v[0]) and _int(0, MAX_TABLE)(v[1]))


def _checks(most: int, target: Callable[[Any], bool]) -> Callable[[Any], bool]:
    night = _or_none(_int(0, MAX_DAYS))
    return lambda v: isinstance(v, list) and len(v) <= most and all(
        isinstance(c, dict) and set(c) <= {"target", "result", "night"} and target(c.get("target"))
        and c.get("result") in CLAIM_RESULTS and night(c.get("night")) for c in v)


_KEY = re.compile(r"[0-9a-f]{1,64}")
_SAID = {"said_role": _one_of(*CLAIMABLE, None), "said_side": _one_of("good", "killers", None),
         "lie": lambda v: v is None or type(v) is bool}
_READER = {**_SAID, "said_checks": _checks(MAX_READER_CHECKS, _target)}
# The writer's shape (labelling._line: the statement, the judge's label, its cost, the reader's reading): each
# field and what its value may be. Fields outside it are not kept; REQUIRED are on every line the writer made.
SHAPE: dict[str, Callable[[Any], bool]] = {
    "key": lambda v: isinstance(v, str) and _KEY.fullmatch(v) is not None, "game": _text(MAX_NAME),
    "i": _int(0, MAX_EVENTS + 2), "seat": _int(1, MAX_TABLE), "kind": _one_of(*map(str, SPEECHES)),
    "model": _text(MAX_NAME), "rubric": _int(0, 10**6), "status": _one_of(*STATUSES), **_SAID,
    "said_checks": _checks(MAX_SAID_CHECKS, _target), "category": _one_of(*CATEGORIES, None),
    "reason": _text(MAX_TEXT), "fallback": _or_none(_text(MAX_TEXT)),
    **{k: _or_none(_int(0, MAX_COUNT)) for k in ("prompt_tokens", "completion_tokens", "cached_tokens")},
    "retries": _int(0, MAX_COUNT), "transport_retries": _int(0, MAX_COUNT),
    "latency_s": _number, "usd": _or_none(_number),
    "reader": lambda v: isinstance(v, dict) and all(k in _READER and _READER[k](x) for k, x in v.items()),
}
REQUIRED = ("key", "game", "i", "seat", "kind", "model", "rubric")
_SHARED = ("game", "kind", "model", "status", "said_role", "said_side", "category")  # few values: one copy each


def spoken(played: Iterable[Any]) -> int:
    """The statements of these games (evaluation.load.played.Played): every speech event, the most a judge labels."""
    return sum(1 for p in played for e in p.transcript.events if e.kind in SPEECHES)


def statement_key(game: str, i: int, seat: int, kind: str, text: str, model: str, rubric: int) -> str:
    """The cache key of one statement's label by one judge."""
    raw = json.dumps([game, i, seat, kind, text, model, rubric], ensure_ascii=False)
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:24]


def read_labels(path: Path, statements: int | None = None) -> list[dict[str, Any]]:
    """Every label line of a labels.jsonl, each held to the writer's shape (a torn line, from a crash mid-write,
    is skipped). With `statements` (the run's: `spoken`), a file of more than LINES_PER_STATEMENT lines a
    statement, or more bytes than those lines can hold, is refused before a line is parsed."""
    most = None if statements is None else max(statements, 1) * LINES_PER_STATEMENT
    limit = MAX_LABELS_BYTES if most is None else min(MAX_LABELS_BYTES, most * MAX_LINE_BYTES)
    try:  # through its folder, never through a link, at most `limit` bytes (hygiene/walk.py)
        data = walk.read_bytes(path.parent, path.name, limit)
    except FileNotFoundError:
        return []
    lines = data.count(b"\n") + (not data.endswith(b"\n"))
    if most is not None and lines > most:
        raise LabelsRefused(f"{path}: {lines:,} label lines, more than the run's {statements:,} statements can "
                            f"have ({LINES_PER_STATEMENT} a statement); not labels this program wrote (move the "
                            "file aside and run killer label again)")
    out, start, number = [], 0, 0
    checks: dict[str, dict[str, Any]] = {}
    while start < len(data):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        raw, start, number = data[start:end], end + 1, number + 1
        if len(raw) > MAX_LINE_BYTES:
            raise LabelsRefused(f"{path} line {number:,}: {len(raw):,} bytes, longer than a label line this "
                                f"program writes (at most {MAX_LINE_BYTES:,}); move the file aside and run killer "
                                "label again")
        if not raw.strip():
            continue
        try:  # a line is at most MAX_LINE_BYTES: its parse is bounded in time and memory
            value = json.loads(raw.decode("utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError):  # a torn line, from a crash mid-write
            continue
        except (ValueError, RecursionError):  # an integer of thousands of digits, nesting Python cannot parse
            value = None
        problem = _misshapen(value)
        if problem:
            raise LabelsRefused(f"{path} line {number:,}: {problem}; not a label line this program writes (move "
                                "the file aside and run killer label again)")
        out.append(_kept(value, checks))
    return out


def _misshapen(value: Any) -> str | None:
    """What keeps `value` from being a line the writer made, or None."""
    if not isinstance(value, dict):
        return "not a JSON object"
    missing = [k for k in REQUIRED if k not in value]
    if missing:
        return f"the field {missing[0]!r} is missing"
    bad = next((k for k, v in value.items() if k in SHAPE and not SHAPE[k](v)), None)
    return None if bad is None else f"the field {bad!r} holds a value the writer never writes"


def _kept(value: dict[str, Any], checks: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The line's fields of the writer's shape, with the field names, the few-valued strings and equal checks
    shared (`checks`: one dict per check, for the whole file: at most seats x nights x results of them)."""
    row = {sys.intern(k): _shared(v) if k in _SHARED else v for k, v in value.items() if k in SHAPE}
    if isinstance(row.get("said_checks"), list):
        row["said_checks"] = [_check(c, checks) for c in row["said_checks"]]
    if isinstance(row.get("reader"), dict):
        row["reader"] = {sys.intern(k): [_check(c, checks) for c in x] if k == "said_checks" else _shared(x)
                         for k, x in row["reader"].items()}
    return row


def _check(check: dict[str, Any], checks: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return checks.setdefault(json.dumps(check, sort_keys=True),
                             {sys.intern(k): _shared(x) for k, x in check.items()})


def _shared(value: Any) -> Any:
    return sys.intern(value) if isinstance(value, str) else value


def status_of(row: Mapping[str, Any] | None) -> str:
    """A statement's judge status: "labelled", "fallback", "refused", or "unlabelled" (no line); lines written
    before the status was recorded say it by their fallback."""
    if not row:
        return "unlabelled"
    status = row.get("status")
    if status in ("labelled", "fallback", "refused"):
        return str(status)
    return "fallback" if row.get("fallback") else "labelled"


def done_keys(path: Path, statements: int | None = None) -> set[str]:
    """The keys already answered: labelled or refused (fallbacks are asked again)."""
    return {row["key"] for row in read_labels(path, statements) if status_of(row) != "fallback"}


def append(path: Path, labels: Iterable[Mapping[str, Any]]) -> None:
    """Adds labels to the file (keys redacted like every transcript line)."""
    append_lines(path, (safe_line(dict(label)) for label in labels))


def judged_by_statement(path: Path, with_fallbacks: bool = False,
                        statements: int | None = None) -> dict[tuple[str, int], dict[str, Any]]:
    """(game, event number) -> the statement's latest label; a fallback only where the statement has no other
    label, and only `with_fallbacks`. `statements`: the run's (read_labels)."""
    out: dict[tuple[str, int], dict[str, Any]] = {}
    for row in read_labels(path, statements):
        key = (row["game"], row["i"])
        if not row.get("fallback") or (with_fallbacks and (key not in out or out[key].get("fallback"))):
            out[key] = row
    return out
