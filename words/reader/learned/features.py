"""What the learned reader looks at: a statement's text as the pattern reader normalises it (seats as numbers,
nights as ⟨N⟩, quotations out), cut into character n-grams; the seats it names (each mention a candidate for a
check); and the night nearest a mention. Features are strings; a model is a weight per string."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from words.reader import en_text, zh_text
from words.reader.reading import Reading, Target

WINDOW = 40  # characters either side of a seat mention that its features see
NEAR = 10  # of those, the nearest ones, which also count on their own
GRAMS = {"en": (2, 5), "zh": (1, 3)}  # n-gram sizes, shortest to longest
NIGHT = re.compile(r"\u27e8(\d+|x|\+)\u27e9")
SENTENCE_END = re.compile(r"[.!?。;\n]")  # where a night stops applying (a list's ';' too)


@dataclass(frozen=True, slots=True)
class Mention:
    """A seat named in the normalised text, at [start, end)."""

    target: Target
    start: int
    end: int

    def seat(self) -> int:
        return self.target[0] if isinstance(self.target, tuple) else self.target


def normalised(text: str, lang: str, day: int | None) -> str:
    """The text as the pattern reader reads it (en lower case; zh seats as N号), nights as ⟨N⟩."""
    return zh_text.normalise(text, day) if lang == "zh" else en_text.normalise(text, day)


def grams(text: str, lang: str, tag: str = "") -> set[str]:
    """The character n-grams of `text` (digits read as 0), each with `tag` in front."""
    text = re.sub(r"\d+", "0", text)
    low, high = GRAMS[lang]
    return {tag + text[i: i + n] for n in range(low, high + 1) for i in range(len(text) - n + 1)}


def reading_features(reading: Reading) -> set[str]:
    """What the pattern reader found, as features the model may weigh (never the field being decided)."""
    return {f"P:role={reading.said_role}", f"P:checks={bool(reading.said_checks)}",
            f"P:quotes={bool(reading.quotes)}"}


def side_features(norm: str, lang: str, reading: Reading) -> set[str]:
    """A statement's features for the side it claims."""
    return grams(f" {norm} ", lang) | reading_features(reading)


def mentions(norm: str, lang: str, players: int, speaker: int) -> list[Mention]:
    """The seats the text names at a table of `players`, the speaker's own seat left out (no seat checks itself)."""
    found = []
    if lang == "zh":
        for m in zh_text.SEAT_RE.finditer(norm):
            seat = int(m.group(1))
            if 1 <= seat <= players and seat != speaker:
                found.append(Mention((seat, int(m.group(2))) if m.group(2) else seat, m.start(), m.end()))
    else:
        for m in en_text.SEAT_RE.finditer(norm):
            seat = int(m.group(1))
            if 1 <= seat <= players and seat != speaker:
                found.append(Mention((seat, int(m.group(2))) if m.group(2) else seat, m.start(), m.end()))
    return found


def words(text: str) -> list[str]:
    """English words and the marks between them (digits read as 0)."""
    return re.findall(r"[a-z']+|[^\sa-z'\d]|\d+", re.sub(r"\d+", "0", text))


def word_features(left: str, right: str) -> set[str]:
    """English words left and right of a mention, pairs of them, and the three nearest on each side."""
    lw, rw = words(left), words(right)
    return ({"LW:" + w for w in lw} | {"RW:" + w for w in rw} | {f"LB:{a} {b}" for a, b in itertools.pairwise(lw)}
            | {f"RB:{a} {b}" for a, b in itertools.pairwise(rw)} | {"l1:" + w for w in lw[-3:]}
            | {"r1:" + w for w in rw[:3]})


def mention_features(norm: str, lang: str, mention: Mention, reading: Reading) -> set[str]:
    """A mention's features: the n-grams left and right of it, the nearest ones again, those across it (the seat
    as §), English words, and the pattern reader's role and quotes."""
    left = norm[max(0, mention.start - WINDOW): mention.start]
    right = norm[mention.end: mention.end + WINDOW]
    out = grams(left, lang, "L:") | grams(right, lang, "R:") | grams(left[-NEAR:], lang, "l:")
    out |= grams(right[:NEAR], lang, "r:") | grams(left[-NEAR:] + "§" + right[:NEAR], lang, "N:")
    out |= {f"P:role={reading.said_role}", f"P:quotes={bool(reading.quotes)}"}
    return out | word_features(left, right) if lang == "en" else out


def night_of(norm: str, mention: Mention) -> int | None:
    """The night the words give a mention: the nearest ⟨N⟩ in its sentence or list item (⟨x⟩ or none: None)."""
    start = max((m.end() for m in SENTENCE_END.finditer(norm, 0, mention.start)), default=0)
    end_match = SENTENCE_END.search(norm, mention.end)
    end = end_match.start() if end_match else len(norm)
    best: tuple[int, str] | None = None
    for m in NIGHT.finditer(norm, start, end):
        if m.group(1) == "+":
            continue
        distance = mention.start - m.end() if m.end() <= mention.start else m.start() - mention.end
        if best is None or distance < best[0]:
            best = (distance, m.group(1))
    return None if best is None or best[1] == "x" else int(best[1])
