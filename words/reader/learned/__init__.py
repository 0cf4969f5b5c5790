"""The reader's learned part (issue 35): small logistic regressions over character n-grams and the pattern
reader's own findings, trained on the labelled corpus (evaluation/data/statements/corpus-*.jsonl) by
benchmarks/train_reader_model.py and shipped as models.json.gz. read_statement(..., model="combined") adds what
they read to the patterns' reading: side claims, and checks (seat and result)."""

from __future__ import annotations

from words.reader.learned.combined import combine
from words.reader.learned.model import shipped, shipped_default
from words.reader.reading import Reading

MODELS = ("patterns", "combined")


def default_model(lang: str) -> str:
    """The model cross-validation on the corpus chose for `lang` (written into models.json.gz by the training)."""
    return shipped_default().get(lang, "patterns")


def read_combined(text: str, lang: str, players: int, speaker: int, day: int | None, reading: Reading) -> Reading:
    """The pattern `reading` with what the shipped models of `lang` add."""
    models = shipped().get(lang)
    return reading if models is None else combine(text, lang, players, speaker, day, reading, models)
