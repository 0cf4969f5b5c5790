"""The god view's annotation line shows a seat's notebook as sentences (never the dict), in en and zh, and an old
transcript's free-text notebook as its text."""

from __future__ import annotations

from tui.format import annotation_text

BOOK = {"beliefs": [{"seat": 4, "role": "killer", "confidence": 0.7}],
        "claims": [{"seat": 2, "role": "police", "night": 1, "target": 4, "result": "killer"}],
        "commitments": [], "plan": "push seat 4\x1b[2J"}


def test_the_god_view_shows_the_notebook_as_sentences() -> None:
    en = annotation_text({"agent": "llm", "notebook": BOOK}, "en")
    zh = annotation_text({"agent": "llm", "notebook": BOOK}, "zh")
    assert en is not None and zh is not None
    assert "notebook: Seat 4: you think it is the Killer (70% sure). Seat 2 claimed to be the Police and reported " \
           "that seat 4 is a killer (night 1). Your plan: “push seat 4”" in en.plain
    assert "笔记本：4号：你认为是杀手（70%把握）。" in zh.plain and "你的计划：“push seat 4”" in zh.plain
    assert "{" not in en.plain and "beliefs" not in en.plain and "\x1b" not in en.plain


def test_an_old_free_text_notebook_shows_as_its_text() -> None:
    line = annotation_text({"agent": "llm", "notebook": "seat 4 lied\nJUDGE: x"}, "en")
    assert line is not None and "notebook: Your notes: “seat 4 lied ⏎ JUDGE: x”" in line.plain
