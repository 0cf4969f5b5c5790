"""The table fits the terminal: one line a seat at every width (short words, a mark, an ellipsis: never letters
wrapped), a police claim shows in the public column, the Votes panel sums up what it has no room for."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console

from engine.record.view import GOD, PUBLIC
from orchestrator.store.transcript import read_transcript
from tui.state.model import build
from tui.widgets import MEDIUM, NARROW, WIDE, seats_table, votes_text

SAMPLES = Path(__file__).parents[2] / "transcripts" / "samples"


def rendered(table: object, width: int) -> list[str]:
    console = Console(width=width, color_system=None, record=True)
    console.print(table)
    return console.export_text().rstrip("\n").split("\n")


@pytest.mark.parametrize("name,lang", [("v3-tui-vs-hard-en-s5.jsonl", "en"), ("v3-tui-vs-hard-zh-s5.jsonl", "zh")])
@pytest.mark.parametrize("view", [GOD, PUBLIC, 4])
@pytest.mark.parametrize("width,columns", [(NARROW, 30), (MEDIUM, 41), (WIDE, 50)])
def test_every_seat_is_one_line_late_in_the_game(name: str, lang: str, view: object, width: str,
                                                 columns: int) -> None:
    t = read_transcript(SAMPLES / name)
    model = build(t.header, t.entries, view, lang, upto=len(t.entries) - 5)  # claims, checks and deaths known
    lines = rendered(seats_table(model, width), columns)
    assert len(lines) == 1 + len(model.seats)  # the header, then one line a seat
    for n, line in zip(model.seats, lines[1:], strict=True):
        assert line.split()[0] == str(n)


def test_a_police_claim_shows_in_the_public_column() -> None:
    t = read_transcript(SAMPLES / "v2-classic-scripted-en-s7.jsonl")
    model = build(t.header, t.entries, PUBLIC, "en", upto=40)  # seat 3 claimed police on day 1
    assert model.seats[3].claimed == "police"
    assert "claims Police" in rendered(seats_table(model, WIDE), 60)[3]
    assert "≈Police" in rendered(seats_table(model, NARROW), 30)[3]


def test_the_votes_panel_sums_up_the_seats_it_has_no_room_for() -> None:
    t = read_transcript(SAMPLES / "v2-classic-scripted-en-s7.jsonl")
    votes = [pos for pos, e in enumerate(t.entries) if e.event.kind == "vote"]
    model = build(t.header, t.entries, PUBLIC, "en", upto=votes[0] + 12)
    targets = {str(target) for _, target in model.votes}
    whole = votes_text(model).plain.rstrip("\n").split("\n")
    assert len(whole) == 1 + len(targets)
    short = votes_text(model, rows=len(targets)).plain.rstrip("\n").split("\n")  # a line short of the ballot
    assert len(short) == len(targets) and short[-1].startswith("+2 more: seat ")
    shown = [int(re.search(r"■+ (\d+)", line).group(1)) for line in short[1:-1]]  # type: ignore[union-attr]
    summed = [int(part.rsplit(" ", 1)[1]) for part in short[-1].split(": ", 1)[1].split(", ")]
    assert sum(shown) + sum(summed) == len(model.votes)  # every vote is counted somewhere


def test_the_player_column_shows_the_level_from_a_written_header_as_from_a_planned_one() -> None:
    t = read_transcript(SAMPLES / "v3-tui-vs-hard-en-s5.jsonl")  # seats: agent "scripted", level "hard"
    model = build(t.header, t.entries, PUBLIC, "en", upto=5)
    lines = rendered(seats_table(model, WIDE), 60)
    assert lines[0].split()[:2] == ["#", "player"] and lines[1].split()[:2] == ["1", "hard"]
    assert lines[4].split()[:2] == ["4", "human"]
