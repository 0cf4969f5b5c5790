"""`killer render` of a Chinese game narrates it in Chinese sentences: no English word outside quoted speech,
model names and the private reasoning the god view shows as recorded."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.roles import ROLE_IDS
from orchestrator.output.render import annotation_parts, render
from orchestrator.store.transcript import read_transcript

SAMPLES = sorted((Path(__file__).parents[3] / "transcripts" / "samples").glob("*-zh-*.jsonl"))
ALLOWED = set(ROLE_IDS) | {"v", "V"}  # version marks in ruleset titles (v2.0, V3.5)


@pytest.mark.parametrize("god", [False, True])
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_a_chinese_render_has_no_english_words(path: Path, god: bool) -> None:
    t = read_transcript(path)
    text = render(t, god=god)
    text = re.sub(r"<details>.*?</details>", "", text, flags=re.S)  # annotations: recorded reasoning, model names
    text = re.sub(r"^\s*> .*$", "", text, flags=re.M)  # quoted speeches
    text = text.replace(t.game_id, "")
    for seat in t.header.get("seats", []):  # the seat table's model column names the model as recorded
        text = text.replace(str(seat.get("model") or "\0"), "")
    words = set(re.findall(r"[A-Za-z_]+", text)) - ALLOWED
    assert SAMPLES and not words, words


@pytest.mark.parametrize(("lang", "said"), [("en", "seat 5 (82 %), seat 3 (60 %), seat 9 (10 %)"),
                                            ("zh", "5号（82%）、3号（60%）、9号（10%）")])
def test_a_god_views_suspicions_are_seats_and_percentages(lang: str, said: str) -> None:
    note = {"agent": "llm", "suspicions": {"9": 0.1, "5": 0.82, "3": 0.6, "x": 0.9, "7": "nan", "2": 1.5}}
    parts = annotation_parts(note, lang)
    lines = [line for part in parts.sections for line in part.lines]
    assert len(lines) == 1 and lines[0].endswith(said), lines
    assert "0.82" not in lines[0] and "x" not in lines[0].split("：")[-1].split(": ")[-1]
