"""The labelled corpus (evaluation/data/statements/): loading, the schema of GUIDE.md, and scoring the speech
reader against it: precision and recall per field with a 95 % Wilson lower bound.

Fields as the issue scores them: `said_role` (a statement counts as positive when its label names a role);
`said_side` on the statements whose label claims no role (a role claim implies its side); `said_checks`,
`accuses`, `clears` item by item (a check matches on target, result and night).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import SPEECHES
from evaluation.stats.intervals import wilson
from words.reader import Reading, read_statement

DATA = Path(__file__).resolve().parents[1] / "data" / "statements"
LANGS = ("en", "zh")
FIELDS = ("said_role", "said_side", "said_checks", "accuses", "clears")
TARGETS = {"said_role": (0.95, 0.90), "said_side": (0.95, 0.90), "said_checks": (0.90, 0.90)}  # (precision, recall)
# Written and labelled by people (GUIDE.md): `written` in the style of players, `hard` to be difficult. Speech a bot
# or a model generated never enters the corpus (issue 35): the bots' phrasings are read template by template in
# tests/words/test_bot_phrasings_read.py instead.
SOURCES = ("written", "hard")
KINDS = tuple(sorted(SPEECHES))
KEYS = ("id", "lang", "source", "origin", "ruleset", "players", "seat", "kind", "day", "text", "said_role",
        "said_side", "said_checks", "accuses", "clears", "note")


def corpus_path(lang: str) -> Path:
    return DATA / f"corpus-{lang}.jsonl"


def load(lang: str) -> list[dict[str, Any]]:
    """The labelled statements of one language, in file order."""
    with corpus_path(lang).open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def read(row: dict[str, Any]) -> Reading:
    """The reader on one corpus line, with the context a game gives it."""
    return read_statement(row["text"], row["lang"], row["players"], row["seat"], day=row["day"])


@dataclass(frozen=True)
class Score:
    """Precision and recall of one field over some statements, with 95 % Wilson intervals."""

    field: str
    true_positives: int
    predicted: int
    labelled: int

    @property
    def precision(self) -> float | None:
        return self.true_positives / self.predicted if self.predicted else None

    @property
    def recall(self) -> float | None:
        return self.true_positives / self.labelled if self.labelled else None

    def lower(self) -> tuple[float, float]:
        """The 95 % Wilson lower bounds of (precision, recall)."""
        return wilson(self.true_positives, self.predicted)[0], wilson(self.true_positives, self.labelled)[0]

    def meets(self) -> bool:
        """Whether the point estimates reach the issue's targets (fields without a target always do)."""
        want = TARGETS.get(self.field)
        if want is None:
            return True
        return (self.precision or 0.0) >= want[0] and (self.recall or 0.0) >= want[1]


def _checks(items: Iterable[Any]) -> list[tuple[Any, str, int | None]]:
    out = []
    for c in items:
        d = c if isinstance(c, dict) else c.to_dict()
        target = tuple(d["target"]) if isinstance(d["target"], list) else d["target"]
        out.append((target, d["result"], d["night"]))
    return out


def _items(field: str, row: dict[str, Any], got: Reading) -> tuple[list[Any], list[Any]]:
    """(predicted, labelled) items of a field for one statement."""
    if field == "said_checks":
        return _checks(got.said_checks), _checks(row["said_checks"])
    if field in ("accuses", "clears"):
        return list(getattr(got, field)), list(row[field])
    if field == "said_side" and row["said_role"] is not None:
        return [], []  # side is scored where the label claims no role
    value = getattr(got, field)
    return ([value] if value is not None else []), ([row[field]] if row[field] is not None else [])


def score(rows: Sequence[dict[str, Any]], field: str, reader: Callable[[dict[str, Any]], Reading] = read) -> Score:
    """The reader's score on one field (items matched as multisets per statement)."""
    tp = predicted = labelled = 0
    for row in rows:
        got, want = _items(field, row, reader(row))
        predicted, labelled = predicted + len(got), labelled + len(want)
        left = list(want)
        for item in got:
            if item in left:
                left.remove(item)
                tp += 1
    return Score(field, tp, predicted, labelled)


def positives(rows: Sequence[dict[str, Any]], field: str) -> int:
    """Statements positive in a field, as GUIDE.md counts them (side: a side claim without a role)."""
    if field == "said_side":
        return sum(r["said_role"] is None and r["said_side"] is not None for r in rows)
    return sum(bool(r[field]) for r in rows)
