"""The combined reading: the pattern reader's, plus what the learned models add where the patterns found
nothing — a side claim (good) on a statement that claims no role or side, and checks on seats the patterns read
no check of (the model picks the checks among the seats the words name, then their result; the night is the
nearest the words give). A check added makes the speaker a police claimant, as in the pattern reader."""

from __future__ import annotations

from dataclasses import replace

from words.reader.learned.features import mention_features, mentions, night_of, normalised, side_features
from words.reader.learned.model import Model
from words.reader.reading import Reading, SaidCheck


def added_side(norm: str, lang: str, reading: Reading, side: Model) -> str | None:
    """The side the model adds (only "good", only where the patterns read no role and no side)."""
    if reading.said_role is not None or reading.said_side is not None:
        return None
    return "good" if side.says(side_features(norm, lang, reading)) else None


def added_checks(norm: str, lang: str, players: int, speaker: int, reading: Reading, check: Model,
                 result: Model) -> list[SaidCheck]:
    """Checks on seats the patterns read no check of: per seat, its most check-like mention decides."""
    known = {c.seat() for c in reading.said_checks}
    best: dict[int, tuple[float, SaidCheck]] = {}
    for m in mentions(norm, lang, players, speaker):
        if m.seat() in known:
            continue
        features = mention_features(norm, lang, m, reading)
        p = check.probability(features)
        if p >= check.threshold and (m.seat() not in best or p > best[m.seat()][0]):
            verdict = "killer" if result.says(features) else "not_killer"
            best[m.seat()] = (p, SaidCheck(m.target, verdict, night_of(norm, m)))
    return [c for _, c in best.values()]


def combine(text: str, lang: str, players: int, speaker: int, day: int | None, reading: Reading,
            models: dict[str, Model]) -> Reading:
    """The pattern `reading` with what the models add."""
    norm = normalised(text, lang, day)
    side = added_side(norm, lang, reading, models["side"])
    new = added_checks(norm, lang, players, speaker, reading, models["check"], models["result"])
    if side is None and not new:
        return reading
    role, said_side = reading.said_role, side or reading.said_side
    if new and role is None and said_side != "killers":
        role, said_side = "police", "good"  # only the police check (findings.resolve)
    marked = set(reading.accuses) | set(reading.clears)
    accuses = set(reading.accuses) | {c.seat() for c in new if c.result == "killer" and c.seat() not in marked}
    clears = set(reading.clears) | {c.seat() for c in new if c.result == "not_killer" and c.seat() not in marked}
    return replace(reading, said_role=role, said_side=said_side, said_checks=(*reading.said_checks, *new),
                   accuses=tuple(sorted(accuses)), clears=tuple(sorted(clears)))
