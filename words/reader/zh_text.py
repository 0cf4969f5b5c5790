"""Chinese text as the reader sees it: half-width punctuation, quotations out, every seat as N号 in digits
(十二号 -> 12号, #5 -> 5号, 12、7号 -> 12号、7号; v5's 3号的第一张牌 -> 3/1号), nights as ⟨N⟩, and split into
sentences and clauses."""

from __future__ import annotations

import re
import unicodedata

from words.reader.numbers import ZH_NUMERAL, zh_digits, zh_number

MAX_CHARS = 4000
MAX_SENTENCE = 400  # longer runs without a full stop are read in pieces (no regex sees more at once)
NIGHT_OPEN, NIGHT_CLOSE = "\u27e8", "\u27e9"
SEAT = r"(?<![\d./])(\d{1,2})(?:/([12]))?号(?!码|人|票)"  # v5: 3/1号 is seat 3's first card
SEAT_RE = re.compile(SEAT)
SEATS = rf"(?:{SEAT}(?:\s*(?:、|,|和|与|跟|及|还有)\s*{SEAT})*)"


def _night(n: int | None) -> str:
    return f"{NIGHT_OPEN}{'x' if n is None else n}{NIGHT_CLOSE}"


def normalise(text: str, day: int | None) -> str:
    """Half-width punctuation, no quotations, seats as N号, nights as ⟨N⟩ (⟨x⟩ several, ⟨+⟩ one to come)."""
    text = unicodedata.normalize("NFKC", text[:MAX_CHARS])
    text = re.sub(r"“[^”\n]{0,80}”|「[^」\n]{0,80}」|\"[^\"\n]{0,80}\"", "…", text)
    text = re.sub(r"#\s*(\d{1,2})", r"\1号", text)
    text = zh_digits(text)
    text = re.sub(r"(\d{1,2})号位", r"\1号", text)
    text = re.sub(r"(\d{1,2})号(?:的)?第([一二12])张(?:牌)?",
                  lambda m: f"{m.group(1)}/{1 if m.group(2) in '一1' else 2}号", text)
    text = re.sub(r"\d{1,2}(?:、\d{1,2})+号", lambda m: "、".join(n + "号" for n in m.group(0)[:-1].split("、")), text)
    text = re.sub(r"前天(?:晚上|夜里|夜)", _night(day - 1 if day and day > 1 else None), text)
    text = re.sub(r"前(?:两|三|几|2|3)(?:晚|夜|天晚上)|两晚都|这两晚", _night(None), text)
    text = re.sub(r"前一(?:晚|夜|天晚上)", _night(day - 1 if day and day > 1 else None), text)
    text = re.sub(rf"第\s*(\d{{1,2}}|{ZH_NUMERAL})\s*(?:个)?(?:夜|晚|天晚上|夜晚)",
                  lambda m: _night(zh_number(m.group(1))), text)
    text = re.sub(r"首(?:夜|晚)|头一?(?:晚|夜)|第一个晚上", _night(1), text)
    text = re.sub(r"昨(?:晚|夜|天晚上|天夜里)", _night(day), text)
    text = re.sub(r"今(?:晚|夜|天晚上)|明(?:晚|天晚上)", f"{NIGHT_OPEN}+{NIGHT_CLOSE}", text)
    return re.sub(r"\s+", lambda m: "\n" if "\n" in m.group(0) else " ", text)


def sentences(text: str, day: int | None) -> list[str]:
    """The normalised sentences (split at 。！？ and line breaks)."""
    parts = re.split(r"(?<=[。!?])|\n+", normalise(text, day))
    parts = [p[i: i + MAX_SENTENCE] for p in parts for i in range(0, len(p), MAX_SENTENCE)]
    return [p.strip() for p in parts if p and p.strip(" 。")]


def clauses(sentence: str) -> list[str]:
    """A sentence cut at commas before 我 (where the speaker's own voice may start again)."""
    parts = re.split(r",\s*(?=我(?!的验人|的金水|的查杀))", sentence)
    return [p.strip() for p in parts if p and p.strip(" 。,")]


def seats_in(text: str, players: int) -> list[int]:
    """The seats named in `text` that exist at a table of `players`."""
    return [int(m.group(1)) for m in SEAT_RE.finditer(text) if 1 <= int(m.group(1)) <= players]
