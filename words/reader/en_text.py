"""English text as the reader sees it: lower case, quoted words taken out (a quotation is not the speaker's
claim), seat references and nights written one way, and split into sentences and clauses."""

from __future__ import annotations

import re
import unicodedata

from words.reader.numbers import EN_NUMBER, EN_ORDINAL, en_number

MAX_CHARS = 4000  # a statement longer than any the game allows is read up to here
MAX_SENTENCE = 400  # longer runs without a full stop are read in pieces (no regex sees more at once)
NIGHT_OPEN, NIGHT_CLOSE = "\u27e8", "\u27e9"  # ⟨3⟩: night 3; ⟨x⟩: nights not told apart; ⟨+⟩: a night to come
SEAT = r"(?:\bseats?\s+|#\s?)?(?<![\w./,\u27e8-])\d{1,2}(?:/[12])?(?![\w/\u27e9%-]|[.,]\d|'s\s+(?:card|cards))"
SEAT_RE = re.compile(r"(?<![\w./,\u27e8-])(\d{1,2})(?:/([12]))?(?![\w/\u27e9%-]|[.,]\d)")
SEATS = rf"(?:{SEAT}(?:\s*(?:,\s*and|,|and|&|or)\s*{SEAT})*)"
UNITS = r"players|votes?|hands|killers|police|cops|civilians|seats|people|words|lines|characters|cards|" \
        r"times|of\s+us|of\s+them|of\s+the|nights|days|rounds|shots|more|others|seconds|minutes|percent"


def normalise(text: str, day: int | None) -> str:
    """Lower case, one kind of quote mark, quotations out, cards as seat/card, numbers that are not seats out,
    nights as ⟨N⟩."""
    text = unicodedata.normalize("NFKC", text[:MAX_CHARS]).lower()
    text = text.translate({0x2019: "'", 0x2018: "'", 0x201C: '"', 0x201D: '"', 0x2014: " — ", 0x2013: "-"})
    text = re.sub(r'"[^"\n]{0,200}"', " ", text)
    text = re.sub(r"\bim\b", "i'm", text)  # typed in a hurry
    text = re.sub(r"\b100\s*(?:%|percent\b)", "completely", text)
    text = re.sub(r"(?:(?<=\s)|^)'[^\n]{1,80}?'(?=[\s.,;:!?]|$)", " ", text)
    text = re.sub(r"\bseat\s*\(\s*(\d{1,2})\s*,\s*([12])\s*\)", r"seat \1/\2", text)
    text = re.sub(r"\b(?:seat\s+)?(\d{1,2})'s\s+(first|second)\s+card\b",
                  lambda m: f"seat {m.group(1)}/{1 if m.group(2) == 'first' else 2}", text)
    text = re.sub(rf"\b(?:no\.|number|seat)\s*(\d{{1,2}}|{EN_NUMBER})\b",
                  lambda m: ("seat " if m.group(0).startswith("seat") else "#") + str(en_number(m.group(1))), text)
    text = _nights(text, day)
    text = re.sub(rf"\bday\s+(?:\d+|{EN_NUMBER})\b", "day", text)
    text = re.sub(rf"(?<!seat )(?<!#)\b\d+(?=\s+(?:{UNITS})\b)", "several", text)
    text = re.sub(r"\b\d+\s*-\s*\d+\b|\bv\d[\d.]*|\b\d{1,3}(?:,\d{3})+\b|\b\d{3,}\b", " ", text)
    return re.sub(r"[ \t]+", " ", text)


def _night(n: int | None) -> str:
    return f"{NIGHT_OPEN}{'x' if n is None else n}{NIGHT_CLOSE}"


def _nights(text: str, day: int | None) -> str:
    num = rf"(?:\d{{1,2}}|{EN_NUMBER})"
    text = re.sub(r"\b(?:the\s+)?night\s+before\s+last\b", _night(day - 1 if day and day > 1 else None), text)
    text = re.sub(r"\b(?:from\s+|on\s+|in\s+|over\s+)?(?:both\s+of\s+)?(?:the\s+|my\s+|our\s+)?(?:last|first|past|"
                  r"previous)\s+(?:two|three|four|2|3|4)\s+nights\b|\bboth\s+nights\b", _night(None), text)
    text = re.sub(rf"\bnights\s+({num})\s+and\s+({num})\b",
                  lambda m: f"{_night(en_number(m.group(1)))} and {_night(en_number(m.group(2)))}", text)
    ordinal = rf"({EN_ORDINAL}|1st|2nd|3rd|[4-9]th)"
    text = re.sub(rf"\b(?:on\s+|during\s+|in\s+)?(?:the\s+|my\s+|our\s+)?{ordinal}[-\s]night\b",
                  lambda m: _night(en_number(re.sub(r"(?<=\d)(st|nd|rd|th)$", "", m.group(1)))), text)
    text = re.sub(rf"(?<!last\s)\b(?:on\s+|during\s+|in\s+)?night[-\s]({num})\b",
                  lambda m: _night(en_number(m.group(1))), text)
    text = re.sub(r"\bn([1-9])\b", lambda m: _night(int(m.group(1))), text)
    text = re.sub(r"\b(?:last|yester)\s*night\b|\bthis\s+past\s+night\b|\bovernight\b", _night(day), text)
    return re.sub(r"\b(?:tonight|tomorrow\s+night|next\s+night)\b", f"{NIGHT_OPEN}+{NIGHT_CLOSE}", text)


def sentences(text: str, day: int | None) -> list[str]:
    """The normalised sentences of a statement (a line break ends one too)."""
    text = normalise(text, day)
    parts = re.split(r"(?<=[.!?])\s+|\s*\n+\s*", text)
    parts = [p[i: i + MAX_SENTENCE] for p in parts for i in range(0, len(p), MAX_SENTENCE)]
    return [p.strip() for p in parts if p and p.strip(" .")]


def clauses(sentence: str) -> list[str]:
    """A sentence cut where a new voice or a new condition may start: at ';', ', and ', ', but ', ' but '."""
    parts = re.split(r"\s*;\s*|,\s+(?:and|but|so)\s+(?=i\b|i'm|we\b|my\b|\d|seat|#)|\s+but\s+(?=i\b|i'm)", sentence)
    return [p.strip() for p in parts if p and p.strip(" .")]


def own_part(text: str, quoted: bool = False) -> str:
    """Of a clause that starts with reported speech, the part after it in the speaker's own voice (after a
    colon or a semicolon that begins with I/we/so/but); with `quoted`, the reported part instead."""
    m = re.search(r"[:;,]\s*(?=(?:i|i'm|i'll|we|my|so|but|follow)\b)|\.\s+", text)
    if m is None:
        return "" if not quoted else text
    return text[: m.start()] if quoted else text[m.end():]


def seats_in(text: str, players: int, also: tuple[int, ...] = ()) -> list[int]:
    """The seat numbers named in `text` that exist at a table of `players` (cards count as their seat)."""
    found = [int(m.group(1)) for m in SEAT_RE.finditer(text)]
    return [s for s in (*found, *also) if 1 <= s <= players]
