"""Whether a voice's words say what the bot's intent says, read by the speech reader (words/reader): the role
claimed, the checks reported, the seat accused, and nothing the intent does not say (another role, another check or
result, another suspect or a cleared one, an act of another seat the bot's speech does not cite)."""

from __future__ import annotations

import re

from agents.voice.intent import Intent
from words.reader import Reading, read_statement
from words.reader.vocab import side_of_role
from words.reader.zh_text import seats_in

EN_SEAT = re.compile(r"\bseats?\s*#?\s*(\d{1,2})\b", re.IGNORECASE)


def misworded(words: str, intent: Intent, lang: str, players: int, day: int | None) -> str | None:
    """Why the words do not say what the intent says (one line), or None when they do."""
    reading = read_statement(words, lang, players, intent.seat, day=day)
    return _claim(reading, intent) or _checks(reading, intent) or _accusation(reading, intent) \
        or _quotes(reading, intent) or _named(words, intent, lang, players)


def _named(words: str, intent: Intent, lang: str, players: int) -> str | None:
    """The words name no seat the intent does not (a seat copied from the prompt's example, say)."""
    named = seats_in(words, players) if lang == "zh" else [int(m.group(1)) for m in EN_SEAT.finditer(words)]
    known = {intent.seat, *(c.seat for c in intent.checks), *(a.seat for a in intent.cites),
             *(a.target for a in intent.cites if a.target is not None)}
    if intent.accusation is not None:
        known.add(intent.accusation)
    extra = set(named) - known
    return f"the words name seat(s) {_seats(extra)}, which the bot's speech does not" if extra else None


def _claim(reading: Reading, intent: Intent) -> str | None:
    role, said = intent.role, reading.said_role
    if role is None:
        if said is not None:
            return f"the words claim the {said}; the bot claims no role"
        return "the words claim the killers' side" if reading.said_side == "killers" else None
    if said == role or (said is None and role == "civilian" and reading.said_side == "good"):
        return None
    if said is None and reading.said_side not in (None, side_of_role(role)):
        return f"the words claim the {reading.said_side} side; the bot claims the {role}"
    return f"the words claim {'the ' + said if said else 'no role'}; the bot claims the {role}"


def _checks(reading: Reading, intent: Intent) -> str | None:
    meant = {(c.seat, c.killer) for c in intent.checks}
    said = {(c.seat(), c.result == "killer") for c in reading.said_checks}
    if said != meant:
        return f"the words report checks {_listed(said)}; the bot reports {_listed(meant)}"
    nights = {(c.seat, c.killer): c.night for c in intent.checks}
    for c in reading.said_checks:
        if c.night is not None and c.night != nights.get((c.seat(), c.result == "killer")):
            return f"the words put the check of seat {c.seat()} on night {c.night}"
    return None


def _accusation(reading: Reading, intent: Intent) -> str | None:
    found = {c.seat for c in intent.checks if c.killer}  # a reported killer may be named as one
    cleared = {c.seat for c in intent.checks if not c.killer}
    meant = intent.accusation
    if meant is not None and meant not in reading.accuses:
        return f"the words do not accuse seat {meant}"
    others = set(reading.accuses) - found - ({meant} if meant is not None else set())
    if others:
        return f"the words accuse seat(s) {_seats(others)}, not the bot's choice"
    wrong = set(reading.clears) - cleared - {intent.seat}
    if meant is not None and meant in reading.clears:
        return f"the words clear seat {meant}, the seat the bot accuses"
    if wrong:
        return f"the words clear seat(s) {_seats(wrong)}, which the bot does not"
    return None


def _quotes(reading: Reading, intent: Intent) -> str | None:
    """What the words say other seats said or did must be what the bot's speech cites of them."""
    cited = {(a.seat, a.act, a.target, a.role, a.result) for a in intent.cites}
    for q in reading.quotes:
        if q.said_role and not any(s == q.seat and act == "claimed" and role == q.said_role
                                   for s, act, _, role, _ in cited):
            return f"the words say seat {q.seat} claims the {q.said_role}; the bot cites no such claim"
        for target in q.accuses:
            if not any(s == q.seat and act in ("accuses", "voted") and t == target for s, act, t, _, _ in cited):
                return f"the words say seat {q.seat} accuses seat {target}; the bot cites no such act"
        for check in q.said_checks:
            if not any(s == q.seat and act == "reported" and t == check.seat() and r == check.result
                       for s, act, t, _, r in cited):
                return f"the words say seat {q.seat} reported a check of seat {check.seat()}; the bot cites none"
    return None


def _listed(checks: set[tuple[int, bool]]) -> str:
    return ", ".join(f"{s} {'killer' if k else 'not killer'}" for s, k in sorted(checks)) or "none"


def _seats(seats: set[int]) -> str:
    return ", ".join(str(s) for s in sorted(seats))
