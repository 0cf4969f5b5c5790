"""The speech reader: what a statement's words say — the role and side the speaker claims, the checks it
reports, whom it accuses and clears, and what it says other seats said. Deterministic, offline, en and zh.

    read_statement("I'm the police. I checked 5 last night: shake.", "en", players=8, speaker=2, day=2)
    -> Reading(said_role="police", said_side="good", said_checks=(SaidCheck(5, "not_killer", 2),), clears=(5,))
"""

from __future__ import annotations

from words.reader import chinese, english
from words.reader.findings import resolve
from words.reader.learned import MODELS, default_model, read_combined
from words.reader.reading import Quote, Reading, SaidCheck

__all__ = ["MODELS", "Quote", "Reading", "SaidCheck", "read_statement"]


def read_statement(text: str, lang: str, players: int, speaker: int, day: int | None = None,
                   model: str | None = None) -> Reading:
    """The reading of one statement by seat `speaker` at a table of `players`. `day` (the day it is spoken)
    turns "last night" / "昨晚" into a night number; without it such a night is None. `model`: "patterns" (the
    rules alone) or "combined" (the rules plus the learned models, words/reader/learned/); None: the one
    cross-validation chose for `lang` (models.json.gz's default). Never raises on any text."""
    if not isinstance(text, str) or not text.strip() or players < 1:
        return Reading()
    reader = chinese if lang == "zh" else english
    reading = resolve(reader.read(text, players, speaker, day), players)
    chosen = default_model(lang) if model is None else model
    if chosen not in MODELS:
        raise ValueError(f"unknown reader model {chosen!r}; choose one of {', '.join(MODELS)}")
    return read_combined(text, lang, players, speaker, day, reading) if chosen == "combined" else reading
