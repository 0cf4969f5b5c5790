"""Line breaking by CJK rules: no line starts with closing punctuation, the game's words stay whole, continuation
lines carry the prefix, nothing is lost or wider than the line."""

from __future__ import annotations

import pytest

from words.wrap import cells, wrap

CLOSING = tuple("，。、；：！？）」』”’…")
ZH = ("法官抽签（嫌疑人平票）：8号。然后，第12夜法官点头；之后。嫌疑人是1、6号，请做最后陈述。"
      "平安夜，无人死亡；今天被禁言：3号。")


@pytest.mark.parametrize("width", range(12, 40))
def test_no_zh_line_starts_with_closing_punctuation_and_no_word_is_split(width: int) -> None:
    lines = wrap(ZH, width, "  ")
    assert "".join(line.removeprefix("  ") if i else line for i, line in enumerate(lines)) == ZH
    for i, line in enumerate(lines):
        assert cells(line) <= width
        body = line.removeprefix("  ") if i else line
        assert not body.startswith(CLOSING), lines
        assert not line.endswith(("（", "“")), lines
    for word in ("嫌疑人", "8号", "第12夜", "平安夜", "最后陈述", "3号"):
        assert any(word in line for line in lines), (word, lines)  # never split across two lines


def test_english_breaks_between_words_and_keeps_seat_numbers_with_their_seat() -> None:
    text = "Seat 12 speaks, claiming to be the Police, reporting checks: seat 4 is not a killer (night 1)."
    for width in range(12, 60):
        lines = wrap(text, width, "  ")
        assert " ".join(line.strip() for line in lines) == text
        assert all(cells(line) <= width for line in lines)
        assert not any(line.strip()[:1].isdigit() for line in lines[1:]), lines  # never "seat" / "4"


def test_a_word_longer_than_the_line_is_cut_and_still_behind_the_prefix() -> None:
    lines = wrap("x" * 100 + " end", 30, "  │ ")
    assert lines[0] == "x" * 30
    assert all(line.startswith("  │ ") and cells(line) <= 30 for line in lines[1:])
    assert "".join(line.removeprefix("  │ ") for line in lines).replace(" ", "") == "x" * 100 + "end"


def test_wide_characters_count_two_cells() -> None:
    assert cells("嫌疑人") == 6 and cells("seat") == 4 and cells("ａ") == 2


def test_the_plain_english_shortcut_finds_uniseg_s_units() -> None:
    """words.wrap skips uniseg for plain English: on every sample game's feed (every view's words) and on the
    edge cases of its classes, the units are uniseg's."""
    from pathlib import Path

    from uniseg.linebreak import line_break_units

    from engine.record.view import GOD
    from orchestrator.store.transcript import read_transcript
    from tui.format import feed_lines
    from tui.state.model import build
    from words.wrap import PLAIN, _break_units

    texts = ["a  b", "  lead", "trail  ", "3.5% of 12", "seat 5 (police) and [x]", "“quoted,” he said", "x ( y",
             "a(b)c d", "don't; won't: 1,000", "· dot · ", ""]
    samples = sorted((Path(__file__).parents[2] / "transcripts" / "samples").glob("*-en-*.jsonl"))[:3]
    for path in samples:
        t = read_transcript(path)
        texts += [line.text.plain for line in feed_lines(build(t.header, t.entries, GOD, "en").entries, "en", True)]
    plain = [text for text in texts if PLAIN.fullmatch(text)]
    assert len(plain) > 50
    for text in plain:
        assert _break_units(text) == list(line_break_units(text)), text
    # the rest (dashes, ellipses, !, ?, CJK) goes to uniseg a piece at a time (words.wrap.chunks): the same units
    edges = ["wait!no", "go — now", "( a b )", "“ (x) ” y", "well-known idea", "1 000 2.5 x", "A… b", "x ) . y",
             "好人 一方 seat 3。 我", "— — a", ""]
    rest = [text for text in texts if not PLAIN.fullmatch(text)] + edges
    assert len(rest) > 20
    for text in rest:
        assert _break_units(text) == list(line_break_units(text)), text
