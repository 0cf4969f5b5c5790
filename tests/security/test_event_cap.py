"""Issue 31, item 6: a transcript longer than any legal game (the day cap bounds a game to MAX_EVENTS events) is
refused in one line before a line of it is parsed, so many tiny events cost memory linear in the file (peak RSS
under baseline + 10 × its size; benchmarks/bench_transcript_memory.py prints the ratios)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from orchestrator.store.transcript import (
    MARKS_PER_LINE,
    MAX_BYTES,
    MAX_EVENTS,
    MAX_MARKS,
    TranscriptError,
    read_transcript,
)
from tests.security.endless import measured

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "transcripts" / "samples" / "v2-classic-scripted-en-s7.jsonl"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
TINY = '{"i":1,"event":{}}\n'


def tiny(path: Path, events: int) -> Path:
    header = SAMPLE.read_text(encoding="utf-8").split("\n", 1)[0]
    path.write_text(header + "\n" + TINY * events, encoding="utf-8")
    return path


def test_past_the_event_cap_is_one_line(tmp_path: Path) -> None:
    assert 10_000 <= MAX_EVENTS <= 20_000 and MAX_BYTES <= 32 * 1024 * 1024
    with pytest.raises(TranscriptError, match=f"more than {MAX_EVENTS:,} events"):
        read_transcript(tiny(tmp_path / "long.jsonl", MAX_EVENTS + 2))


@pytest.mark.parametrize("command", [["verify"], ["render"], ["render", "--html"],
                                     ["report", "--no-plots", "--out", "{out}"], ["export", "--out", "{out}"]])
def test_many_tiny_events_cost_memory_linear_in_the_file(tmp_path: Path, command: list[str]) -> None:
    folders = command[0] == "export"  # export reads a folder of transcripts
    (tmp_path / "big").mkdir()
    (tmp_path / "small").mkdir()
    path = tiny(tmp_path / "big" / "tiny.jsonl", 1_500_000)
    sample = tmp_path / "small" / SAMPLE.name
    sample.write_bytes(SAMPLE.read_bytes())
    size_mb = path.stat().st_size / (1024 * 1024)
    given = [a.format(out=tmp_path / "out-small") for a in command]
    base = measured([sys.executable, "-m", "killer.cli", given[0], str(sample.parent if folders else sample),
                     *given[1:]], tmp_path, ENV)
    given = [a.format(out=tmp_path / "out-big") for a in command]
    run = measured([sys.executable, "-m", "killer.cli", given[0], str(path.parent if folders else path), *given[1:]],
                   tmp_path, ENV)
    assert base.code == 0, base.stderr[-500:]
    assert run.code == 2 and run.stderr.count("\n") == 1 and "more than" in run.stderr, run.stderr[-500:]
    assert run.peak_mb <= base.peak_mb + 10 * size_mb, (run.peak_mb, base.peak_mb, size_mb)


def values(path: Path, marks: int) -> Path:
    """The sample's header, then event lines whose annotations hold `marks` empty objects in all (`[{},{},…]`:
    3 bytes a value in the file, 72 in memory once parsed)."""
    header, *events = SAMPLE.read_text(encoding="utf-8").splitlines()
    lines = [e for e in events if '"type":"end"' not in e][:100]
    each = marks // len(lines) // 2 + 1  # `{},` is two marks: `{` and `,`
    with path.open("w", encoding="utf-8") as f:
        f.write(header + "\n")
        for line in lines:
            f.write(line[:-1] + ',"annotation":{"x":[' + "{}," * each + "0]}}\n")
    return path


def test_past_the_value_cap_is_one_line(tmp_path: Path) -> None:
    path = values(tmp_path / "wide.jsonl", MAX_MARKS)
    assert path.stat().st_size < MAX_BYTES and path.read_text(encoding="utf-8").count("\n") < MAX_EVENTS
    with pytest.raises(TranscriptError, match=f"more than {MAX_MARKS:,} JSON values"):
        read_transcript(path)
    assert len(read_transcript(values(tmp_path / "fewer.jsonl", MAX_MARKS // 4)).entries) == 100  # under it: read


def test_the_value_cap_holds_every_game_the_writer_made() -> None:
    """MAX_MARKS is MARKS_PER_LINE a line at the event cap: twice the densest transcript the project keeps, so no
    game the writer makes is refused by it."""
    found = [p for folder in ("transcripts", "tests", "evaluation/data", "benchmarks/data")
             for p in (ROOT / folder).rglob("*.jsonl") if p.read_text(encoding="utf-8")[:200].find('"header"') > 0]
    assert len(found) >= 20
    for path in found:
        text = path.read_text(encoding="utf-8")
        marks = sum(text.count(mark) for mark in "{[,:")
        assert marks / text.count("\n") <= MARKS_PER_LINE / 2, path
        read_transcript(path, tolerant=True)


def test_many_tiny_values_past_the_cap_are_refused_cheaply(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    path = values(tmp_path / "wide.jsonl", MAX_MARKS)
    size_mb = path.stat().st_size / (1024 * 1024)
    base = measured([sys.executable, "-m", "killer.cli", "verify", str(SAMPLE)], tmp_path, ENV)
    run = measured([sys.executable, "-m", "killer.cli", "verify", str(path)], tmp_path, ENV)
    assert run.code == 2 and run.stderr.count("\n") == 1 and "JSON values" in run.stderr, run.stderr[-500:]
    assert run.peak_mb <= base.peak_mb + 10 * size_mb, (run.peak_mb, base.peak_mb, size_mb)
