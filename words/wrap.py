"""Line breaking for what people read in a terminal (the TUI feed, `killer run`'s narration).

Break opportunities follow Unicode's line-breaking rules (UAX #14, from uniseg): no line starts with closing
punctuation (，。、；：）” …) and none ends with opening punctuation. On top of them the game's own words never break:
its Chinese vocabulary (嫌疑人, 平安夜, the role names), a number with its counter (12号, 第2夜, 3票) and an English
"seat 12". Free Chinese speech still breaks between ideographs where no such word stands (the usual CJK practice).

Every line after the first starts with the caller's prefix (an indent for the judge, a quote bar for speech), so a
wrapped line can never start where the judge's own lines start: a speech cannot forge an announcement by making
its words fall at the start of a line.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache

from uniseg.linebreak import line_break_units

from engine.roles import ROLES

Width = Callable[[str], int]

# The narrator's Chinese words that must not be split across lines (the role names are added from engine.roles).
ZH_TERMS = (
    "嫌疑人", "平安夜", "法官", "杀手", "警察", "平民", "好人", "同伴", "遗言", "发言", "辩护", "指认", "投票", "举手",
    "处决", "禁言", "自爆", "跳杀", "查验", "验人", "抽签", "平票", "出局", "存活", "死亡", "声称", "自称", "陈述",
    "天黑请闭眼", "天亮了", "生死轮", "最后陈述", "不是杀手", "是杀手", "号牌", "防弹衣", "花蝴蝶", "好人一方",
    "杀手一方", "落选", "留下",
)
_TERMS = sorted({*ZH_TERMS, *(r.zh for r in ROLES.values() if len(r.zh) > 1)}, key=len, reverse=True)
_UNBROKEN = re.compile(
    "|".join([
        r"第?\d+(?:号|夜|天|票|张|轮|次|人|秒|%)?",  # 12号 第2夜 3票 (and a bare number: 12)
        r"(?i:\b(?:seats?|night|day|card|round|slot)\s\d+)",  # seat 12, night 2
        *map(re.escape, _TERMS),
    ])
)


def cells(text: str) -> int:
    """Terminal cells `text` takes: wide and full-width characters 2, combining marks 0, others 1."""
    return sum(_cell(ch) for ch in text)


def _cell(ch: str) -> int:
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def units(text: str) -> list[str]:
    """The pieces a line may break between: UAX #14 units, joined where a word of the game would be split."""
    return list(_units(text))


@lru_cache(maxsize=8192)
def _units(text: str) -> tuple[str, ...]:
    """`units`, kept per text: they do not depend on the width, and uniseg's UAX #14 pass is slow (a feed of 300
    lines took seconds on 2 cores), so a redraw (the view switched, the terminal resized) wraps at once."""
    keep = {i for m in _UNBROKEN.finditer(text) for i in range(m.start() + 1, m.end())}
    out: list[str] = []
    at = 0
    for unit in _break_units(text):
        if out and at in keep:
            out[-1] += unit
        else:
            out.append(unit)
        at += len(unit)
    return tuple(out)


PLAIN = re.compile(r"[A-Za-z0-9 ,.;:'\"“”‘’%()\[\]·]*")  # text whose UAX #14 breaks are exactly after spaces
# left to uniseg: LB14, no break after an opening bracket and its spaces; LB15, none between a quote and an opening
# bracket across spaces; LB13, none before a closing bracket or . , ; : after spaces
OPEN_SPACE = re.compile(r"[(\[] |['\"“”‘’] +[(\[]| [)\].,;:]")
PLAIN_UNITS = re.compile(r"\S+\s*|\s+")


def _break_units(text: str) -> list[str]:
    """uniseg's UAX #14 units; for plain English (letters, digits, spaces, , . ; : % · brackets and quotes) the
    same units found at once: those classes (AL, NU, IS, QU, PO, OP, CP, SP) break only after spaces (LB7,
    LB13, LB18, LB19, LB24-25, LB28-30) but after "( " (LB14, left to uniseg), and uniseg is slow (300 feed lines
    took seconds on 2 cores). tests/words/test_wrap.py holds the two equal on every sample game's feed."""
    out: list[str] = []
    for chunk in chunks(text):  # each piece as the whole text would be: plain English at once, the rest by uniseg
        out += PLAIN_UNITS.findall(chunk) if PLAIN.fullmatch(chunk) and not OPEN_SPACE.search(chunk) else \
            _uax14(chunk)
    return out


@lru_cache(maxsize=4096)
def _uax14(chunk: str) -> tuple[str, ...]:
    """uniseg's units of one chunk, kept: the same chunks come back line after line (the god view's
    "↳ scripted · reasoning: " under every act), and uniseg takes milliseconds on each."""
    return tuple(line_break_units(chunk))


# a run of spaces between a letter, digit or . , ; : ! ? and a letter or digit: UAX #14 always breaks after it (LB18;
# LB14-17, the rules that look back across spaces, need an opening or closing bracket, a quote or a dash before)
SAFE_SPACE = re.compile(r"(?<=[A-Za-z0-9.,;:!?]) +(?=[A-Za-z0-9])")


def chunks(text: str) -> list[str]:
    """`text` cut after the spaces where UAX #14 surely breaks (SAFE_SPACE), each piece with its spaces: a speech
    with one dash or "!" is then plain English but for a word or two, and only those go through uniseg, which is
    slow (issue 39: `g` on the largest sample took seconds); the units are the same piece by piece
    (tests/words/test_wrap.py holds them equal)."""
    cuts = [m.end() for m in SAFE_SPACE.finditer(text)]
    return [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True) if b > a]


def line_starts(text: str, width: int, prefix_width: int = 0, cell_width: Width = cells) -> list[int]:
    """The offsets in `text` where each line starts (0 first) when lines are `width` cells wide and every line
    after the first gives `prefix_width` cells to its prefix. A piece wider than a whole line is cut by cells."""
    starts = [0]
    room, used, at = width, 0, 0
    longest = max(1, width - prefix_width)
    for unit in units(text):
        size = cell_width(unit.rstrip())
        if used and used + size > room and size <= longest:  # a word longer than any line is cut where it is
            starts.append(at)
            room, used = longest, 0
        while used + size > room:  # a word longer than a line: cut it where the line is full
            cut = _fit(unit, room - used, cell_width)
            if cut == 0 and used == 0:
                cut = 1  # a line cannot hold even one character: give it one anyway
            if cut:
                at += cut
                unit = unit[cut:]
            starts.append(at)
            room, used = longest, 0
            size = cell_width(unit.rstrip())
        used += cell_width(unit)
        at += len(unit)
    return [s for i, s in enumerate(starts) if s < len(text) or i == 0]


NO_START = frozenset("，。、；：！？）」』”’…·〕】》〉,.;:!?)]}")  # what a cut never puts at a line's start


def _fit(text: str, room: int, cell_width: Width) -> int:
    """How many characters of `text` fit in `room` cells (fewer when the next one may not start a line)."""
    used = 0
    for i, ch in enumerate(text):
        used += cell_width(ch)
        if used > room:
            while i > 1 and text[i] in NO_START:
                i -= 1
            return i
    return len(text)


def wrap(text: str, width: int, prefix: str = "", cell_width: Width = cells) -> list[str]:
    """`text` as lines of at most `width` cells, every line after the first starting with `prefix`."""
    starts = line_starts(text, width, cell_width(prefix), cell_width)
    pieces = [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]
    return [(prefix if i else "") + piece.rstrip() for i, piece in enumerate(pieces)]
