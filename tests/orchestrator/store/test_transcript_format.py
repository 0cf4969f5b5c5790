"""Transcript format versions: new headers say their format, every earlier format still reads, verifies, renders
and reports (the committed samples are format 1), and a format newer than this reader is refused in one line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from killer.cli import main
from orchestrator.output.render import render
from orchestrator.store.transcript import FORMAT_VERSION, TranscriptError, TranscriptWriter, read_transcript
from orchestrator.verify import verify_file

ROOT = Path(__file__).parents[3]
OLD = [*sorted((ROOT / "transcripts" / "samples").glob("*.jsonl")),
       *sorted((ROOT / "docs" / "eval-sample" / "games").glob("*.jsonl"))]


def test_a_new_header_says_its_format(tmp_path: Path) -> None:
    writer = TranscriptWriter(tmp_path / "g.jsonl")
    writer.create({"ruleset": "v1", "seed": 1, "players": 9, "seats": []})
    writer.close()
    assert read_transcript(tmp_path / "g.jsonl").header["format"] == FORMAT_VERSION >= 2


@pytest.mark.parametrize("path", OLD, ids=lambda p: p.name)
def test_every_committed_transcript_still_verifies_and_renders(path: Path) -> None:
    assert "format" not in read_transcript(path).header or read_transcript(path).header["format"] <= FORMAT_VERSION
    report = verify_file(path)
    assert report.ok, report.summary()
    t = read_transcript(path)
    for god in (False, True):
        text = render(t, god=god)
        assert not re.search(r"^- (\*\[[^]]*\]\* )?[a-z ]+: [a-z_]+=", text, flags=re.M)  # sentences, not dumps


def test_committed_transcripts_still_report(tmp_path: Path) -> None:
    assert main(["report", *map(str, OLD), "--out", str(tmp_path / "rep"), "--no-plots"]) == 0
    assert json.loads((tmp_path / "rep" / "summary.json").read_text())["games"] == len(OLD)


@pytest.mark.parametrize("value", [FORMAT_VERSION + 1, "2", 0])
def test_an_unknown_format_is_refused_in_one_line(tmp_path: Path, value: object) -> None:
    path = tmp_path / "future.jsonl"
    path.write_text(json.dumps({"type": "header", "format": value, "ruleset": "v1"}) + "\n")
    with pytest.raises(TranscriptError) as err:
        read_transcript(path)
    assert "format" in str(err.value) and "\n" not in str(err.value)


V5_FORMAT4_TALK = Path(__file__).parent / "v5-dual-format4-talk-s3.jsonl"  # issue 33's capable-model v5 game


def test_a_v5_game_played_with_team_talk_before_the_killer_talk_still_verifies() -> None:
    """Format 4, `team_talk` 2 in its deal and no `card_talk` (ruling R-v5-killer-talk came later): each killer
    card ordered alone, seen by its own seat, and the replay plays it so."""
    import engine

    t = read_transcript(V5_FORMAT4_TALK)
    assert t.header["format"] == 4 < FORMAT_VERSION
    assert engine.recorded_team_talk(t.events) == 2 and engine.recorded_card_talk(t.events) is False
    report = verify_file(V5_FORMAT4_TALK)
    assert report.ok, report.summary()
    kills = [e for e in t.events if e.kind == "night_choice" and e.data.get("role") == "killer"]
    assert len(kills) >= 6 and all(e.visible_to == frozenset({e.data["seat"]}) for e in kills)
    assert not any(e.kind == "team_talk" for e in t.events)
