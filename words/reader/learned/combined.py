"""The combined reading: the pattern reader's, plus what the learned models add where the patterns found
nothing — a side claim (good) on a statement that claims no role or side, and checks on seats the patterns read
no check of (the model picks the checks among the seats the words name, then their result; the night is the
nearest the words give). A check added makes the speaker a police claimant, as in the pattern reader."""

from __future__ import annotations

from dataclasses import replace

from words.reader.learned.features import Mention, mention_features, mentions, night_of, normalised, side_features
from words.reader.learned.model import Model
from words.reader.reading import Reading, Result, SaidCheck


def added_side(norm: str, lang: str, reading: Reading, side: Model) -> str | None:
    """The side the model adds (only "good", only where the patterns read no role and no side)."""
    if reading.said_role is not None or reading.said_side is not None:
        return None
    return "good" if side.says(side_features(norm, lang, reading)) else None


def picked(norm: str, found: list[Mention], check: list[float], result: list[float], models: dict[str, Model],
           known: set[int]) -> list[SaidCheck]:
    """The checks among the mentions (with their check and killer probabilities): per seat not `known`, its most
    check-like mention decides the check and its result; the night is that mention's, else the first another
    check-like mention of the seat gives."""
    best: dict[int, tuple[float, Mention, float]] = {}
    nights: dict[int, list[int | None]] = {}
    for m, p, q in zip(found, check, result, strict=True):
        if m.seat() in known or p < models["check"].threshold:
            continue
        nights.setdefault(m.seat(), []).append(night_of(norm, m))
        if m.seat() not in best or p > best[m.seat()][0]:
            best[m.seat()] = (p, m, q)
    out = []
    for seat, (_, m, q) in best.items():
        verdict: Result = "killer" if q >= models["result"].threshold else "not_killer"
        night = night_of(norm, m)
        if night is None:
            night = next((n for n in nights[seat] if n is not None), None)
        out.append(SaidCheck(m.target, verdict, night))
    return out


def added_checks(norm: str, lang: str, players: int, speaker: int, reading: Reading,
                 models: dict[str, Model]) -> list[SaidCheck]:
    """Checks on seats the patterns read no check of."""
    found = mentions(norm, lang, players, speaker)
    features = [mention_features(norm, lang, m, reading) for m in found]
    check = [models["check"].probability(fs) for fs in features]
    result = [models["result"].probability(fs) for fs in features]
    return picked(norm, found, check, result, models, {c.seat() for c in reading.said_checks})


def combine(text: str, lang: str, players: int, speaker: int, day: int | None, reading: Reading,
            models: dict[str, Model]) -> Reading:
    """The pattern `reading` with what the models add."""
    norm = normalised(text, lang, day)
    side = added_side(norm, lang, reading, models["side"])
    new = added_checks(norm, lang, players, speaker, reading, models)
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
