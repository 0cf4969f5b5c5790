"""The Chinese screens read right: in every snapshot (the zh ones hold Chinese; the test reads them all), no line of
a panel starts with closing punctuation (CJK line breaking, words/wrap.py), no ASCII colon follows Chinese text
(full-width punctuation), and no seat number is split from its 号 across lines ("上一轮：6" / "号（你）")."""

from __future__ import annotations

import html
import re
from itertools import pairwise
from pathlib import Path

import pytest

SNAPSHOTS = Path(__file__).parent / "__snapshots__" / "test_snapshots"
CELL = 12.2  # the width of one terminal cell in textual's SVG export
TEXT = re.compile(r'<text class="terminal-[^"]*" x="([\d.]+)" y="[\d.]+" textLength="[\d.]+" '
                  r'clip-path="url\(#terminal-line-(\d+)\)">([^<]*)</text>')
BOXES = re.compile(r"[│╭╮╰╯─▀▁▂▃▄▅▆▇█▔]+")
CLOSING = "，。、；：！？）》」』】"
ASCII_COLON_AFTER_CJK = re.compile(r"[\u3400-\u9fff]:")


def screen_lines(svg: str) -> list[str]:
    """The screen's lines as text, rebuilt from the SVG's runs (a gap between runs is spaces)."""
    rows: dict[int, list[tuple[float, str]]] = {}
    for x, line, text in TEXT.findall(svg):
        rows.setdefault(int(line), []).append((float(x), html.unescape(text).replace("\xa0", " ")))
    out = []
    for n in sorted(rows):
        line, at = "", 0.0
        for x, text in sorted(rows[n]):
            line += " " * max(round((x - at) / CELL), 0) + text
            at = x + CELL * sum(2 if ord(c) > 0x2E80 else 1 for c in text)
        out.append(line)
    return out


ALL = sorted(SNAPSHOTS.glob("*.svg"))
ZH = [p for p in ALL if "zh" in p.name]
PANEL = re.compile(r"[^│╭╮╰╯─▀▁▂▃▄▅▆▇█▔]+")  # a run of a panel's text between its borders


def test_there_are_chinese_snapshots() -> None:
    assert len(ZH) >= 10 and len(ALL) > len(ZH)


def split_numbers(lines: list[str]) -> list[tuple[str, str]]:
    """Pairs of lines where a panel's line ends in a number and the same panel's next line starts with 号: a seat
    number cut from its counter. A panel is told by the column its text starts in."""
    found = []
    for upper, lower in pairwise(lines):
        starts = {_cells(lower[:m.start()]): m.group() for m in PANEL.finditer(lower)}
        for m in PANEL.finditer(upper):
            below = starts.get(_cells(upper[:m.start()]), "")
            if m.group().rstrip()[-1:].isdigit() and below.strip().startswith("号"):
                found.append((upper, lower))
    return found


def _cells(text: str) -> int:
    return sum(2 if ord(c) > 0x2E80 else 1 for c in text)


def test_a_seat_number_split_from_its_counter_is_found() -> None:
    assert split_numbers(["│上一轮：6      │", "│号（你）提议 │"])
    assert not split_numbers(["│上一轮：6号   │", "│（你）提议   │"])


@pytest.mark.parametrize("path", ALL, ids=[p.stem for p in ALL])
def test_no_panel_line_starts_with_closing_punctuation_nor_has_an_ascii_colon(path: Path) -> None:
    lines = screen_lines(path.read_text(encoding="utf-8"))
    for line in lines:
        for part in BOXES.split(line):
            text = part.strip()
            assert not (text and text[0] in CLOSING), (path.name, line)
            assert not ASCII_COLON_AFTER_CJK.search(text), (path.name, line)
    assert not split_numbers(lines), (path.name, split_numbers(lines))
