"""The Chinese screens read right: in every zh snapshot, no line of a panel starts with closing punctuation
(CJK line breaking, words/wrap.py) and no ASCII colon follows Chinese text (full-width punctuation)."""

from __future__ import annotations

import html
import re
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


ZH = sorted(p for p in SNAPSHOTS.glob("*.svg") if "zh" in p.name)


def test_there_are_chinese_snapshots() -> None:
    assert len(ZH) >= 10


@pytest.mark.parametrize("path", ZH, ids=[p.stem for p in ZH])
def test_no_panel_line_starts_with_closing_punctuation_nor_has_an_ascii_colon(path: Path) -> None:
    for line in screen_lines(path.read_text(encoding="utf-8")):
        for part in BOXES.split(line):
            text = part.strip()
            assert not (text and text[0] in CLOSING), (path.name, line)
            assert not ASCII_COLON_AFTER_CJK.search(text), (path.name, line)
