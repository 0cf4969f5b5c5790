"""The judge model's labels, kept in the run folder as labels.jsonl: one line per labelled statement, appended
as labelling goes, so a stopped run resumes where it stopped. A label is found again by its key, a hash of the
statement (game, event number, seat, kind, words) and of who labelled it (model, rubric version): a new judge
or a new rubric labels again, the same one never pays twice. A failed label (the judge's fallback) is kept for
the record but not reused, so a rerun asks again; a refusal (status "refused") is the judge's answer and is
kept: the same judge and rubric are not asked again (a new model or rubric is)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from evaluation.files import WriteError, append_lines
from evaluation.tournament.folder import LABELS
from hygiene import files, walk
from orchestrator.store.transcript import safe_line

__all__ = ["CATEGORIES", "LABELS", "append", "done_keys", "judged_by_statement", "read_labels", "statement_key",
           "status_of"]
CATEGORIES = ("none", "fabrication", "omission", "distortion", "misdirection")  # the WOLF taxonomy
MAX_LABELS_BYTES = 64 * files.MB  # a label line is under 2 KB (8 checks of bounded nights): 30,000 of them and more


def statement_key(game: str, i: int, seat: int, kind: str, text: str, model: str, rubric: int) -> str:
    """The cache key of one statement's label by one judge."""
    raw = json.dumps([game, i, seat, kind, text, model, rubric], ensure_ascii=False)
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:24]


def read_labels(path: Path) -> list[dict[str, Any]]:
    """Every label line of a labels.jsonl (a torn last line, from a crash mid-write, is skipped)."""
    try:  # through its folder, never through a link, at most MAX_LABELS_BYTES (hygiene/walk.py)
        text = walk.read_text(path.parent, path.name, MAX_LABELS_BYTES)
    except FileNotFoundError:
        return []
    except UnicodeDecodeError:
        raise WriteError(f"{path}: not labels this program wrote (not UTF-8)") from None
    out = []
    for line in text.split("\n"):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except (ValueError, RecursionError):  # a torn line, a number or nesting JSON cannot hold
            continue
        if isinstance(row, dict) and isinstance(row.get("key"), str):
            out.append(row)
    return out


def status_of(row: Mapping[str, Any] | None) -> str:
    """A statement's judge status: "labelled", "fallback", "refused", or "unlabelled" (no line); lines written
    before the status was recorded say it by their fallback."""
    if not row:
        return "unlabelled"
    status = row.get("status")
    if status in ("labelled", "fallback", "refused"):
        return str(status)
    return "fallback" if row.get("fallback") else "labelled"


def done_keys(path: Path) -> set[str]:
    """The keys already answered: labelled or refused (fallbacks are asked again)."""
    return {row["key"] for row in read_labels(path) if status_of(row) != "fallback"}


def append(path: Path, labels: Iterable[Mapping[str, Any]]) -> None:
    """Adds labels to the file (keys redacted like every transcript line)."""
    append_lines(path, (safe_line(dict(label)) for label in labels))


def judged_by_statement(path: Path, with_fallbacks: bool = False) -> dict[tuple[str, int], dict[str, Any]]:
    """(game, event number) -> the statement's latest label; a fallback only where the statement has no other
    label, and only `with_fallbacks`."""
    out: dict[tuple[str, int], dict[str, Any]] = {}
    for row in read_labels(path):
        if not isinstance(row.get("game"), str) or not isinstance(row.get("i"), int):
            continue
        key = (row["game"], row["i"])
        if not row.get("fallback") or (with_fallbacks and (key not in out or out[key].get("fallback"))):
            out[key] = row
    return out
