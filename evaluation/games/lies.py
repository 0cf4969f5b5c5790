"""Lies from words and from claims: each statement's words (the speech reader) and its structured claim, held
against the speaker's cards and the checks it actually received (docs/metrics.md, "Lies from words").

- A **words lie**: the words claim a role the seat holds no card of, a side that is not its own (a role claim
  implies its side; "我是好人" by a killer is a lie), or a check the seat never received or with another result
  (a check told without its night matches the seat's check of that target on any night).
- A **claim lie**: the structured claim names a role the seat holds no card of, or a false check report (the
  definition of evaluation/games/grounded.py).
- **Words contradict the claim**: both say something, and they disagree (another role; a side the claimed role
  is not on; another result for the same target).

Only the seat's own speeches count (a fallback is the program's, as everywhere in the metrics): those with words,
and those without words that file a structured claim — a claim counts the same wherever it is counted (the claim
rate, the public-claim lie rate of grounded.py, and here), words or not.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import SPEECHES, Event, EventKind
from evaluation.games.facts import SeatFacts, side_of
from evaluation.games.grounded import Knowledge, own
from evaluation.games.rates import Rate, sided
from words.reader import Reading, SaidCheck, read_statement
from words.reader.vocab import side_of_role

Seen = Mapping[tuple[int, Any], str]  # (night, target) -> result, as grounded.Knowledge keeps them
BOT_AGENTS = ("scripted", "random")  # agent kinds whose speech is built from their structured claim (templates)


def is_bot(kind: object) -> bool:
    """Whether a header's agent kind is a bot: scripted (any level), random, or a voiced bot (`scripted+voice`, a
    bot whose speeches a model words: its decisions are the bot's, agents/voice/)."""
    return str(kind or "").split(":")[0].removesuffix("+voice") in BOT_AGENTS


def voiced(note: Mapping[str, Any] | None) -> bool:
    """Whether a speech's words are a model's wording of a bot's intent (agents/voice/; the reader checked them)."""
    return bool(note and note.get("voice") == "model")


@dataclass(frozen=True)
class Second:
    """A second reader's label of one statement's words: whether they claim anything, and whether they lie."""

    said: bool
    lie: bool


@dataclass(frozen=True)
class Verdict:
    """One statement: where it is, what its words and its claim say, and which of them lie."""

    i: int  # the event number in the transcript
    day: int
    seat: int
    kind: str
    text: str
    claim: Mapping[str, Any] | None
    reading: Reading
    lie_words: bool
    lie_claim: bool | None  # None: the transcript records no claims (older format)
    contradiction: bool
    seen: Mapping[tuple[int, Any], str]  # the checks the seat had received by then: (night, target) -> result
    second: Second | None = None  # a second reader's label of the words (a bot's own intent), None: none
    voiced: bool = False  # the words are a model's wording of a bot's intent (agents/voice/), not the bot's own

    @property
    def said(self) -> bool:
        """Whether the words claim anything of the speaker (a role, a side, a check)."""
        return self.reading.claims

    @property
    def claimed(self) -> bool:
        """Whether the structured claim names a role or a check."""
        return filed(self.claim)

    @property
    def lie(self) -> bool:
        return self.lie_words or bool(self.lie_claim)


def filed(claim: Any) -> bool:
    """Whether a speech files a structured claim: a role or a check (the one definition of a claim)."""
    return isinstance(claim, Mapping) and bool(claim.get("role") or claim.get("checks"))


def _key(target: Any) -> Any:
    return tuple(target) if isinstance(target, list | tuple) else target


def check_true(check: SaidCheck, seen: Seen) -> bool:
    """Whether the seat received this check: the same target (a seat matches any of its cards) and result, on the
    night told (any night when none is told)."""
    for (night, target), result in seen.items():
        seat = target[0] if isinstance(target, tuple) else target
        same = target == check.target or (isinstance(check.target, int) and seat == check.target)
        if same and result == check.result and (check.night is None or check.night == night):
            return True
    return False


def words_lie(reading: Reading, cards: Sequence[str], seen: Seen) -> bool:
    """The words claim a role, side or check the seat does not have."""
    if reading.said_role is not None and reading.said_role not in cards:
        return True
    if reading.said_role is None and reading.said_side is not None and reading.said_side != side_of(cards):
        return True
    return any(not check_true(c, seen) for c in reading.said_checks)


def claim_lie(claim: Mapping[str, Any] | None, cards: Sequence[str], seen: Seen) -> bool:
    """The structured claim names a role not held or a check not received (grounded.py's definition)."""
    if not isinstance(claim, Mapping):
        return False
    role = claim.get("role")
    if role and str(role) not in cards:
        return True
    for c in claim.get("checks") or ():
        if not isinstance(c, Mapping):
            continue
        if seen.get((int(c.get("night") or 0), _key(c.get("target")))) != c.get("result"):
            return True
    return False


def contradicts(reading: Reading, claim: Mapping[str, Any] | None) -> bool:
    """The words say something the structured claim contradicts."""
    if not isinstance(claim, Mapping) or not reading.claims:
        return False
    role = str(claim["role"]) if claim.get("role") else None
    if role and reading.said_role and reading.said_role != role:
        return True
    if role and reading.said_role is None and reading.said_side and reading.said_side != side_of_role(role):
        return True
    told = {(_key(c.get("target")), int(c.get("night") or 0)): c.get("result")
            for c in claim.get("checks") or () if isinstance(c, Mapping)}
    for check in reading.said_checks:
        for (target, night), result in told.items():
            seat = target[0] if isinstance(target, tuple) else target
            same = target == check.target or (isinstance(check.target, int) and seat == check.target)
            if same and (check.night is None or check.night == night) and result != check.result:
                return True
    return False


def verdicts(header: Mapping[str, Any], pairs: Iterable[tuple[Event, Mapping[str, Any] | None]],
             seats: Mapping[int, SeatFacts], claims_recorded: bool) -> list[Verdict]:
    """Every own statement with words, in order, with its verdicts."""
    lang, players = str(header.get("lang") or "en"), len(seats)
    bots = {int(s["seat"]) for s in header.get("seats", []) if is_bot(s.get("agent"))}
    know = Knowledge()
    day = 0
    out: list[Verdict] = []
    for i, (event, note) in enumerate(pairs):
        if event.kind in (EventKind.DAY_BEGINS, EventKind.NIGHT_FALLS):
            day = max(day, int(event.data.get("day") or event.data.get("night") or 0))
        if event.kind not in SPEECHES:
            know.learn(event, seats)
            continue
        text = str(event.data.get("speech") or "")
        seat = int(event.data["seat"])
        claim = event.data.get("claim")
        if not (text.strip() or filed(claim)) or not own(note) or seat not in seats:
            continue
        cards, seen = seats[seat].cards, know.checks.get(seat, {})
        reading = read_statement(text, lang, players, seat, day=day)
        out.append(Verdict(i, day, seat, str(event.kind), text, claim, reading, words_lie(reading, cards, seen),
                           claim_lie(claim, cards, seen) if claims_recorded else None, contradicts(reading, claim),
                           dict(seen), intent(reading, claim, cards, seen) if seat in bots and text.strip()
                           and not voiced(note) else None, voiced(note)))
    return out


def intent(reading: Reading, claim: Mapping[str, Any] | None, cards: Sequence[str], seen: Seen) -> Second | None:
    """A bot's words as it meant them: its speech is built from its structured claim (agents/bots: the role and
    checks the templates say, tests/words/test_bot_phrasings_read.py), so the claim is the truth of what its words
    claim. Words the reader reads as a side claim alone, beside no structured claim (a defence's "I am not a
    killer"), say something the claim does not record: no label (None) rather than a wrong one."""
    if not filed(claim) and reading.said_role is None and not reading.said_checks and reading.said_side:
        return None
    if not filed(claim):
        return Second(False, False)
    assert isinstance(claim, Mapping)
    role = str(claim["role"]) if claim.get("role") else None
    checks = tuple(SaidCheck(_key(c.get("target")), "killer" if c.get("result") == "killer" else "not_killer",
                             int(c.get("night") or 0) or None)
                   for c in claim.get("checks") or () if isinstance(c, Mapping))
    meant = Reading(role, side_of_role(role) if role else None, checks)
    return Second(True, words_lie(meant, cards, seen))


def count_second(me: SeatFacts, reader_said: bool, reader_lie: bool, second: Second) -> None:
    """One statement labelled by a second reader, into the speaker's 2 x 2 cells (reader against it)."""
    if second.lie:
        me.second_lie_pos += 1
        me.second_lie_hit += reader_lie
    else:
        me.second_lie_neg += 1
        me.second_lie_rej += not reader_lie
    if second.said:
        me.second_said_pos += 1
        me.second_said_hit += reader_said
    else:
        me.second_said_neg += 1
        me.second_said_rej += not reader_said


def count_words(seats: Mapping[int, SeatFacts], found: Iterable[Verdict]) -> None:
    """Adds the statements' word and claim verdicts to their speakers' facts."""
    for v in found:
        me = seats[v.seat]
        me.claims_filed += v.claimed
        if v.text.strip() and not v.claimed:
            me.words_unfiled += 1
            me.said_unfiled += v.said
        if v.second is not None:
            count_second(me, v.said, v.lie_words, v.second)
        me.speeches_said += v.said
        if v.said or v.claimed:
            me.claims_either += 1
            me.lies_words += v.lie_words
            me.lies_by_claim += bool(v.lie_claim)
            me.lies_either += v.lie
        if v.said and v.claimed:
            me.claims_both += 1
            me.contradictions += v.contradiction


WORDS_RATES: tuple[Rate, ...] = (
    Rate("words_claim_rate", "speeches_said", "speeches"),
    Rate("words_contradict_claim", "contradictions", "claims_both"),
    *sided(Rate("lies_claim", "lies_by_claim", "claims_either"), Rate("lies_words", "lies_words", "claims_either"),
           Rate("lies_either", "lies_either", "claims_either")),
    # the reader against a second reader, per side (evaluation/stats/reader_error.py corrects lies_words with them)
    *sided(Rate("reader_sensitivity", "second_lie_hit", "second_lie_pos"),
           Rate("reader_specificity", "second_lie_rej", "second_lie_neg"),
           Rate("reader_claim_sensitivity", "second_said_hit", "second_said_pos"),
           Rate("reader_claim_specificity", "second_said_rej", "second_said_neg"),
           Rate("words_unfiled_said", "said_unfiled", "words_unfiled"),
           Rate("claims_filed_share", "claims_filed", "claims_either")),
)
"""Claims read from the words; lies by claim only, by words only and by either, by side, over one denominator (the
statements claiming anything, in words or claim); the words' contradictions of their own claims."""
