"""The labelled corpus holds to its guide's schema (GUIDE.md), every real statement is quoted verbatim from its
transcript, it has the positives the issue asks for, and the speech reader meets its targets on it."""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.moves.decisions import CLAIM_RESULTS
from engine.rulesets import get_ruleset
from evaluation.statements import corpus
from orchestrator.store.transcript import Transcript, read_transcript
from words.reader.vocab import CLAIMABLE, side_of_role

ROOT = Path(__file__).resolve().parents[3]
ROWS = {lang: corpus.load(lang) for lang in corpus.LANGS}
ALL = [(lang, row) for lang in corpus.LANGS for row in ROWS[lang]]


def test_ids_are_unique_and_named_by_language_and_source() -> None:
    ids = [row["id"] for _, row in ALL]
    assert [i for i, n in Counter(ids).items() if n > 1] == []
    for lang, row in ALL:
        assert re.fullmatch(rf"{lang}-{row['source']}-\d{{4}}", row["id"]), row["id"]


def test_every_line_has_the_guides_keys_and_types() -> None:
    problems = [f"{row.get('id')}: {why}" for lang, row in ALL if (why := _schema_problem(lang, row))]
    assert problems == []


def _schema_problem(lang: str, row: dict[str, Any]) -> str | None:
    try:
        _schema(lang, row)
    except (AssertionError, KeyError, TypeError, ValueError) as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def _schema(lang: str, row: dict[str, Any]) -> None:
    assert tuple(sorted(row)) == tuple(sorted(corpus.KEYS))
    assert row["lang"] == lang and row["source"] in corpus.SOURCES and row["kind"] in corpus.KINDS
    get_ruleset(row["ruleset"])  # a ruleset of the game
    assert isinstance(row["players"], int) and 1 <= row["seat"] <= row["players"]
    assert isinstance(row["day"], int) and row["day"] >= 0 and isinstance(row["text"], str)
    assert row["note"] is None or isinstance(row["note"], str)
    assert row["said_role"] is None or row["said_role"] in CLAIMABLE
    assert row["said_side"] in (None, "good", "killers")
    if row["said_role"] is not None:
        assert row["said_side"] == side_of_role(row["said_role"]), "a role claim implies its side"
    for name in ("accuses", "clears"):
        seats = row[name]
        assert seats == sorted(set(seats)) and all(isinstance(s, int) and 1 <= s <= row["players"] for s in seats)
    for check in row["said_checks"]:
        assert set(check) == {"target", "result", "night"} and check["result"] in CLAIM_RESULTS
        assert check["night"] is None or (isinstance(check["night"], int) and 1 <= check["night"] <= row["day"])
        target = check["target"]
        seat = target[0] if isinstance(target, list) else target
        assert 1 <= seat <= row["players"]
        if isinstance(target, list):
            assert len(target) == 2 and target[1] in (1, 2) and get_ruleset(row["ruleset"]).cards_per_seat == 2


REAL = [(lang, row) for lang, row in ALL if row["origin"] != "written"]


def test_every_real_statement_is_its_transcripts_words() -> None:
    problems = []
    for _, row in REAL:
        assert row["source"] in ("capable", "bot", "embedded"), row["id"]
        found = corpus.origin_file(row["origin"], ROOT)
        assert found is not None
        path, index = found
        t = _transcript(path)
        entry = t.entries[index]
        said = (entry.i, str(entry.event.kind), int(entry.event.data["seat"]), entry.event.data["speech"],
                t.header["ruleset"], t.header["players"])
        if said != (index, row["kind"], row["seat"], row["text"], row["ruleset"], row["players"]):
            problems.append(f"{row['id']}: the transcript says {said}")
    assert len(REAL) > 150 and problems == []


@functools.cache
def _transcript(path: Path) -> Transcript:
    return read_transcript(path)


def test_written_statements_are_written_or_hard() -> None:
    assert {row["source"] for _, row in ALL if row["origin"] == "written"} <= {"written", "hard"}


@pytest.mark.parametrize("lang", corpus.LANGS)
@pytest.mark.parametrize("field", ["said_role", "said_side", "said_checks"])
def test_each_language_and_field_has_fifty_positives(lang: str, field: str) -> None:
    assert corpus.positives(ROWS[lang], field) >= 50


def test_the_corpus_holds_three_hundred_statements_of_every_source() -> None:
    assert len(ALL) >= 300
    assert {row["source"] for _, row in ALL} == set(corpus.SOURCES)


@pytest.mark.parametrize("lang", corpus.LANGS)
@pytest.mark.parametrize("field", sorted(corpus.TARGETS))
def test_the_reader_meets_its_targets(lang: str, field: str) -> None:
    s = corpus.score(ROWS[lang], field)
    assert s.meets(), f"{lang} {field}: precision {s.precision}, recall {s.recall}"


def test_the_reader_agrees_with_the_hand_reading_of_the_capable_game() -> None:
    rows = [row for row in ROWS["en"] if row["source"] == "capable"]
    assert len(rows) == 19  # every statement of the game
    for row in rows:
        got = corpus.read(row)
        assert (got.said_role, got.said_side) == (row["said_role"], row["said_side"]), row["id"]
