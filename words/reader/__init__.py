"""The speech reader: what a statement's words say — the role and side the speaker claims, the checks it
reports, whom it accuses and clears, and what it says other seats said. Deterministic, offline, en and zh.

    read_statement("I'm the police. I checked 5 last night: shake.", "en", players=8, speaker=2, day=2)
    -> Reading(said_role="police", said_side="good", said_checks=(SaidCheck(5, "not_killer", 2),), clears=(5,))
"""

from __future__ import annotations

from words.reader import chinese, english
from words.reader.findings import resolve
from words.reader.reading import Quote, Reading, SaidCheck

__all__ = ["Quote", "Reading", "SaidCheck", "read_statement"]


def read_statement(text: str, lang: str, players: int, speaker: int, day: int | None = None) -> Reading:
    """The reading of one statement by seat `speaker` at a table of `players`. `day` (the day it is spoken)
    turns "last night" / "昨晚" into a night number; without it such a night is None. Never raises."""
    if not isinstance(text, str) or not text.strip() or players < 1:
        return Reading()
    reader = chinese if lang == "zh" else english
    return resolve(reader.read(text, players, speaker, day), players)
