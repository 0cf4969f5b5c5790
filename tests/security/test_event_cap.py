"""Issue 31, item 6: a transcript longer than any legal game (the day cap bounds a game to MAX_EVENTS events) is
refused in one line before a line of it is parsed, so many tiny events cost memory linear in the file (peak RSS
under baseline + 10 × its size; benchmarks/bench_transcript_memory.py prints the ratios)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from orchestrator.store.transcript import MAX_BYTES, MAX_EVENTS, TranscriptError, read_transcript
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
