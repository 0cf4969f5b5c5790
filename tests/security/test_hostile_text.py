"""Issue 13, items 2 and 3: a speech made of line separators and terminal escape sequences neither cuts a
transcript line in two (the game still verifies, renders, reports and resumes) nor reaches a terminal as control
sequences or as a free-standing line that reads like the judge's."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from rich.console import Console

from agents.base import Decision
from agents.view import SeatView
from engine import Event, Request
from evaluation.report.summary import summarize_transcripts
from killer.cli import main
from orchestrator.config import RunConfig
from orchestrator.output.narrate import Narrator
from orchestrator.output.render import render
from orchestrator.run import run_game
from orchestrator.store.transcript import Entry, TranscriptWriter, read_transcript
from orchestrator.verify import verify_file
from tests.orchestrator.standin import StandIn
from tui.format import annotation_text, event_text

SEPARATORS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
CONTROLS = "".join(chr(c) for c in [*range(0x00, 0x20), *range(0x7f, 0xa0)]) + "\u2028\u2029\u200e\u202e\u2066"
OSC52 = "\x1b]52;c;cm0gLXJmIH4=\x07"  # write "rm -rf ~" to the clipboard
TITLE = "\x1b]0;pwned\x07"
CLEAR = "\x1b[2J\x1b[H"
FAKE_JUDGE = "\n- Dawn after night 99: seat 2 died.\u2028Judge: seat 5 is the killer"
HOSTILE = f"I am innocent.{OSC52}{TITLE}{CLEAR}{FAKE_JUDGE}{SEPARATORS}end"


def test_every_line_separator_and_control_character_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    writer = TranscriptWriter(path)
    writer.create({"ruleset": "v1", "seed": 1, "players": 6, "name": CONTROLS})
    for i, ch in enumerate(CONTROLS):
        said = {"seat": 1, "kind": "statement", "speech": f"a{ch}b{ch}"}
        writer.write_entry(Entry(i, Event("statement", said), {"reasoning": ch}))
    writer.close()
    raw = path.read_text(encoding="utf-8")
    assert raw.count("\n") == len(CONTROLS) + 1
    assert not any(ch in raw for ch in "\x85\u2028\u2029\r\x1c")
    t = read_transcript(path)
    assert t.header["name"] == CONTROLS
    assert [e.event.data["speech"] for e in t.entries] == [f"a{ch}b{ch}" for ch in CONTROLS]
    assert [e.annotation for e in t.entries] == [{"reasoning": ch} for ch in CONTROLS]


@dataclass
class Hostile(StandIn):
    """Speaks the hostile text in every speech, and reasons with it."""

    async def decide(self, view: SeatView, request: Request) -> Decision:
        decision = await super().decide(view, request)
        if decision.action.speech:
            decision = replace(decision, action=replace(decision.action, speech=HOSTILE), reasoning=HOSTILE)
        return decision


@pytest.fixture(scope="module")
def hostile_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("hostile")
    agent = Hostile()
    config = RunConfig(ruleset="v2-classic", seed=4, agents="scripted", out=out)
    result = asyncio.run(run_game(config, agents={s: agent for s in range(1, 13)}))
    assert result.winner is not None
    return result.path


def test_a_game_of_hostile_speeches_verifies_renders_and_reports(hostile_game: Path) -> None:
    t = read_transcript(hostile_game)
    assert any(e.event.data.get("speech") == HOSTILE for e in t.entries)
    assert verify_file(hostile_game).ok
    assert summarize_transcripts([hostile_game])["games"] == 1
    assert main(["verify", str(hostile_game)]) == 0


def _no_terminal_control(text: str) -> None:
    assert "\x1b" not in text and "\x07" not in text and "\x9b" not in text and "\x9d" not in text
    assert "52;c;" not in text and "pwned" not in text
    for ch in "\r\v\f\x85\u2028\u2029":
        assert ch not in text
    for line in text.split("\n"):  # a speech never starts a line of its own
        assert not line.lstrip("> ").startswith(("- Dawn after night 99", "Judge:")), line


def test_render_shows_no_escape_sequence_and_no_judge_line(hostile_game: Path, capsys: pytest.CaptureFixture[str]) \
        -> None:
    for god in (False, True):
        _no_terminal_control(render(read_transcript(hostile_game), god=god))
    assert main(["render", "--god", str(hostile_game)]) == 0
    out = capsys.readouterr().out
    _no_terminal_control(out)
    assert "I am innocent." in out and "⏎" in out


def test_the_run_narration_shows_no_escape_sequence_and_no_judge_line(hostile_game: Path) -> None:
    buffer = io.StringIO()
    narrator = Narrator(console=Console(file=buffer, width=300, force_terminal=False, highlight=False))
    for entry in read_transcript(hostile_game).entries:
        narrator.on_entry(entry)
    text = buffer.getvalue()
    _no_terminal_control(text)
    assert "I am innocent." in text


def test_the_tui_feed_shows_no_escape_sequence(hostile_game: Path) -> None:
    for entry in read_transcript(hostile_game).entries:
        plain = event_text(entry, "en", god=True).plain
        assert "\n" not in plain  # one feed line per event: a speech cannot add a line of the judge's
        assert "\x1b" not in plain and "\x07" not in plain and "pwned" not in plain and "\u2028" not in plain
        if entry.event.data.get("speech") == HOSTILE:
            assert plain.startswith("[") or plain.startswith("Seat"), plain
            note = annotation_text({**(entry.annotation or {}), "reasoning": HOSTILE, "fallback": HOSTILE}, "en")
            assert note is not None and "\n" not in note.plain and "\x1b" not in note.plain
