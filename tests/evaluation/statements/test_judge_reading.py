"""The judge model as a reader of labelled written statements, scored as the speech reader is (issue 35's third
approach; benchmarks/bench_reader_heldout.py --judge-model). Against the provider emulator, on corpus lines only
(the held-out files are scored once per release, never in a test): a judge answering each line's own labels reads
every claim; one that refuses reads none and is counted; its requests carry the line's seat, day and words, no
cards and no record."""

from __future__ import annotations

import argparse
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from agents.llm.prompting import speech_literal
from evaluation.statements import corpus
from evaluation.statements.judge_reading import chat
from tests.agents.provider_emulator import ProviderEmulator

ROOT = Path(__file__).resolve().parents[3]
spec = importlib.util.spec_from_file_location("bench_reader_heldout", ROOT / "benchmarks" / "bench_reader_heldout.py")
assert spec is not None and spec.loader is not None
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def lines(lang: str) -> list[dict[str, Any]]:
    """Corpus lines with each kind of claim (a role, a side alone, checks), no v5 card target, and plain ones."""
    rows = [r for r in corpus.load(lang) if r["ruleset"] != "v5-dual"]
    role = [r for r in rows if r["said_role"] is not None and not r["said_checks"]][:3]
    side = [r for r in rows if r["said_role"] is None and r["said_side"] is not None][:3]
    checks = [r for r in rows if r["said_checks"]][:3]
    plain = [r for r in rows if r["said_role"] is None and r["said_side"] is None and not r["said_checks"]][:3]
    assert len(role) == len(side) == len(checks) == len(plain) == 3
    return [*role, *side, *checks, *plain]


def answering(emu: ProviderEmulator, monkeypatch: pytest.MonkeyPatch, rows: list[dict[str, Any]],
              refuse: bool = False) -> None:
    """The emulator answers each line with its own labels (a judge that reads perfectly), or refuses."""
    by_words = {speech_literal(r["text"]): r for r in rows}
    original = emu._answer

    def answer(body: dict[str, Any]) -> Any:
        message, usage, finish = original(body)
        if refuse:
            return {**message, "content": None, "refusal": "I can't help with that."}, usage, finish
        asked = str(body["messages"][0]["content"])
        r = next(row for words, row in by_words.items() if words in asked)
        label = {"said_role": r["said_role"], "said_side": r["said_side"], "said_checks": r["said_checks"],
                 "lie": False, "category": "none", "reason": "as labelled"}
        return {**message, "content": json.dumps(label, ensure_ascii=False)}, usage, finish

    monkeypatch.setattr(emu, "_answer", answer)


def args(emu: ProviderEmulator, **extra: Any) -> argparse.Namespace:
    return argparse.Namespace(judge_model=emu.models[0], base_url=emu.base_url, api_key_env="EMU_KEY", parallel=3,
                              timeout=None, allow_endpoint=[], allow_key_env=[], **extra)


@pytest.mark.parametrize("lang", corpus.LANGS)
def test_a_judge_that_reads_every_claim_scores_one(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rows = lines(lang)
    with ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        monkeypatch.setenv("EMU_KEY", emu.key)
        answering(emu, monkeypatch, rows)
        judged = bench.judge_readings(args(emu), rows)
        assert len(emu.bodies) == len(rows)
    assert (judged.fallbacks, judged.refused) == (0, 0)  # the key of --api-key-env reached --base-url (no 401)
    for field in ("said_role", "said_side", "said_checks"):
        s = corpus.score(rows, field, judged.of)
        assert s.labelled >= 3 and (s.precision, s.recall) == (1.0, 1.0), field
    printed = bench.score_lines("judge", lang, rows, judged.of)
    assert len(printed) == 3 and all(line.endswith("yes") for line in printed)


def test_a_refusing_judge_reads_no_claim_and_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = lines("en")
    with ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        monkeypatch.setenv("EMU_KEY", emu.key)
        answering(emu, monkeypatch, rows, refuse=True)
        judged = bench.judge_readings(args(emu), rows)
        assert len(emu.bodies) == len(rows)  # a refusal is not asked again
    assert (judged.fallbacks, judged.refused) == (0, len(rows))
    s = corpus.score(rows, "said_role", judged.of)
    assert (s.predicted, s.recall) == (0, 0.0)


def test_the_request_is_the_production_rubric_about_the_line_alone() -> None:
    row = next(r for r in corpus.load("en") if r["kind"] == "last_words")
    text = chat(row)[0]["content"]
    assert speech_literal(row["text"]) in text and f"{row['players']} players" in text and row["ruleset"] in text
    assert f"Seat {row['seat']} (last words, day {row['day']})" in text
    assert "Its cards: –." in text and "The checks it received: –." in text
    assert "- " not in text.split("=== THE RECORD", 1)[1].split("=== THE STATEMENT", 1)[0]  # no record
