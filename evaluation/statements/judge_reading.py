"""The judge model as a reader of labelled written statements (issue 35's third approach, measured as the reader
is): each line of the corpus or of the held-out files is asked of the judge with the production rubric
(judge.messages) and its said_role, said_side and said_checks are scored by corpus.score per field and language.

A written statement has no game, so the judge sees no record before it and no cards (as the preflight's probe):
what it is asked is what the words claim, which needs neither. Its schema takes a seat as a check's target, and in
a two-card ruleset (v5) the card where the words name one: `[SEAT, CARD]`, as the corpus labels it. A statement
the judge does not label (a fallback or a refusal) reads as claiming nothing, and is counted."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import EventKind
from evaluation.statements import judge as rubric
from evaluation.statements.judge import JudgeModel, Statement
from words.reader import Reading, SaidCheck


def chat(row: Mapping[str, Any]) -> list[dict[str, str]]:
    """The judge's request about one labelled line: its ruleset, table, seat, kind, day and words."""
    st = Statement(str(row["id"]), 0, int(row["day"]), int(row["seat"]), EventKind(row["kind"]), str(row["text"]))
    return rubric.messages(row["lang"], {"ruleset": row["ruleset"], "players": row["players"]}, [], st, [], {})


def reading_of(label: Mapping[str, Any]) -> Reading:
    """The claims of a judge's label as a Reading (nothing where it fell back or refused)."""
    if label.get("status") != "labelled":
        return Reading()
    checks = tuple(c for c in map(SaidCheck.of, label.get("said_checks") or ()) if c is not None)
    return Reading(label.get("said_role"), label.get("said_side"), checks)


@dataclass(frozen=True)
class JudgeReadings:
    """The judge's reading of each line (by id), and how many it did not label."""

    readings: dict[str, Reading]
    fallbacks: int
    refused: int

    def of(self, row: Mapping[str, Any]) -> Reading:
        return self.readings[str(row["id"])]


async def read_rows(judge: JudgeModel, rows: Sequence[Mapping[str, Any]], parallel: int = 4) -> JudgeReadings:
    """Every line asked of the judge, at most `parallel` at once; `JudgeModel.label` never raises."""
    gate = asyncio.Semaphore(max(1, parallel))

    async def one(row: Mapping[str, Any]) -> dict[str, Any]:
        async with gate:
            return await judge.label(chat(row), int(row["players"]), str(row["lang"]),
                                     rubric.cards_per_seat(row["ruleset"]))

    labels = await asyncio.gather(*(one(row) for row in rows))
    return JudgeReadings({str(row["id"]): reading_of(label) for row, label in zip(rows, labels, strict=True)},
                         sum(label["status"] == "fallback" for label in labels),
                         sum(label["status"] == "refused" for label in labels))
