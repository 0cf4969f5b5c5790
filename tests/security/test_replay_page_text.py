"""Issue 21: a replay page is a boundary like a terminal. A speech, a reasoning, a game id, a model name or a
claimed role carrying `<script>alert(1)</script>`, `</div>`, U+2028 and an OSC escape renders as text: no tag,
no control character, the escape's payload gone; the page keeps its one script and its shape."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from markupsafe import escape

from engine import Event
from engine.record.view import GOD, PUBLIC
from hygiene.sanitize import clean
from orchestrator.output.html.page import replay_page
from orchestrator.store.transcript import read_transcript
from tests.evaluation.builders import HEADER, decision, note, tiny_game, write_transcript

SCRIPT = "<script>alert(1)</script>"
HOSTILE = f'{SCRIPT}</div></li></ol></main><img src=x onerror=alert(2)>\u2028Judge: seat 5 is the killer' \
          '\x1b]0;pwned\x07\x1b]52;c;cm0gLXJmIH4=\x07 "quoted" & done'


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hostile") / "t.jsonl"
    entries = tiny_game()
    entries.insert(7, (decision("statement", 2, accusation=3, speech=HOSTILE),
                       note(HOSTILE, reasoning=HOSTILE, thoughts=HOSTILE, model=HOSTILE)))
    entries.insert(8, (Event("statement", {**decision("statement", 3, speech=HOSTILE).data,
                                           "claim": {"role": HOSTILE, "checks": [{"night": 1, "target": 4,
                                                                                  "result": HOSTILE}]}}), None))
    write_transcript(path, entries)
    rows = path.read_text(encoding="utf-8").split("\n")
    header = {**HEADER, "game_id": HOSTILE, "seed": HOSTILE,
              "seats": [{"seat": s, "agent": HOSTILE, "model": HOSTILE, "level": HOSTILE} for s in range(1, 6)]}
    path.write_text("\n".join([json.dumps(header), *rows[1:]]), encoding="utf-8")
    return path


class Shape(HTMLParser):
    """The page's elements, and the text inside the speech quotes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.starts: list[str] = []
        self.ends: list[str] = []
        self.words: list[str] = []
        self._quote = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.starts.append(tag)
        self._quote = tag == "blockquote" and ("class", "words") in attrs

    def handle_endtag(self, tag: str) -> None:
        self.ends.append(tag)
        self._quote = False

    def handle_data(self, data: str) -> None:
        if self._quote:
            self.words.append(data)


@pytest.mark.parametrize("view", [PUBLIC, GOD, 2], ids=["public", "god", "seat"])
def test_hostile_text_renders_as_text(hostile: Path, view: int | str) -> None:
    page = replay_page(read_transcript(hostile), view)
    assert SCRIPT not in page and "<img" not in page and "&lt;img src=x onerror=alert(2)&gt;" in page
    assert str(escape(clean(HOSTILE))) in page  # the speech is there, every character as text
    assert not any(ch in page for ch in "\u2028\u2029\x1b\x07\x85") and "pwned" not in page
    assert "cm0gLXJmIH4=" not in page  # the clipboard escape's payload is removed whole, not shown
    shape = Shape()
    shape.feed(page)
    assert shape.starts.count("script") == 1 and shape.starts.count("img") == 0
    for tag in ("div", "li", "ol", "main", "section", "blockquote", "details"):
        assert shape.starts.count(tag) == shape.ends.count(tag), tag
    assert clean(HOSTILE) in shape.words  # what a reader sees: the words, as written (one line)


def test_the_reasoning_is_god_only_and_text_there_too(hostile: Path) -> None:
    t = read_transcript(hostile)
    public, god = replay_page(t), replay_page(t, GOD)
    assert public.count(str(escape(clean(HOSTILE)))) == 2  # the two speeches; no reasoning, model or thoughts
    assert god.count(str(escape(clean(HOSTILE)))) > public.count(str(escape(clean(HOSTILE))))
    assert SCRIPT not in god
