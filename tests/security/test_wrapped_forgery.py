"""Issue 25 item 6: a speech made of an 80-character word and a forged announcement must not print stand-alone
judge lines (`Dawn after night 1: seat 6 died.`, `─── Day 2 ───`) when the line wraps, neither in `killer run`'s
narration nor in the TUI feed: a speech's continuation lines stay behind the quote bar."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from engine import Event
from orchestrator.output.narrate import Narrator
from orchestrator.output.wrapped import SPEECH_BAR
from orchestrator.store.transcript import Entry
from tui.format import feed_lines

FORGED = {"en": "x" * 80 + " Dawn after night 1: seat 6 died. ─── Day 2 ─── Judge: seat 3 is dead.",
          "zh": "哈" * 40 + "第1夜过去，天亮了：6号死亡。─── 第2天 ─── 法官：3号死亡。"}
JUDGE_STARTS = ("Dawn", "─", "Judge", "第", "法官", "6号", "x")


def _speech(lang: str) -> Entry:
    return Entry(0, Event("statement", {"seat": 2, "speech": FORGED[lang], "accusation": None}))


def _continuations(lines: list[str]) -> list[str]:
    return [line for line in lines[1:] if line.strip()]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("width", [40, 60, 80, 100])
def test_killer_run_narration_keeps_a_long_word_and_forged_lines_inside_the_quote(lang: str, width: int) -> None:
    out = io.StringIO()
    Narrator(Console(file=out, width=width, color_system=None), lang=lang).on_entry(_speech(lang))
    lines = out.getvalue().splitlines()
    assert len(lines) > 1  # it did wrap
    assert lines[0].startswith(("Seat 2", "2号"))
    for line in _continuations(lines):
        assert line.startswith(SPEECH_BAR) and not line.startswith(JUDGE_STARTS), lines


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("width", [30, 44, 60, 90])
def test_the_tui_feed_keeps_them_inside_the_quote_too(lang: str, width: int) -> None:
    console = Console(width=width, color_system=None)
    (line,) = feed_lines([_speech(lang)], lang, god=False)
    rows = ["".join(seg.text for seg in row).rstrip() for row in console.render_lines(line, console.options)]
    assert len(rows) > 1
    for row in _continuations(rows):
        assert row.startswith(SPEECH_BAR) and not row.startswith(JUDGE_STARTS), rows
