"""The game as the replay page lays it out: phases (before the first night, each night and day, the end), each a
list of steps (one event, or one ballot of raised hands), and who is alive when each day begins and at the end.

Only what the view sees is read (engine.record.view.seen through transcript.in_view, ruling R-view: the events
it may see, the reveal public at the end; annotations: god all, a seat its own decisions', the public none).
Every string is the narrator's, cleaned; escaping is the template's (autoescape) and svg.py's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import SPEECHES, EventKind
from engine.record.catalog import closes_ballot
from engine.record.view import GOD, PUBLIC, View
from engine.roles import ROLES, Team, team_of
from hygiene.sanitize import clean
from orchestrator.output.html.labels import label
from orchestrator.output.render import NoteParts, annotation_parts, dealt_hands, worth_showing
from orchestrator.store.transcript import Entry, Transcript, in_view
from words.narrator import Words, heading, seen_by, sentence, speech_head, speech_words

K = EventKind
COUNTS = frozenset({K.TALLY, K.VOTES_COUNTED})  # the judge counts a ballot's hands


@dataclass(frozen=True)
class Vote:
    """One raised hand (or one kept down: target None)."""

    i: int
    seat: int
    target: int | None
    text: str
    note: NoteParts | None = None


@dataclass
class Step:
    """What the step control moves to: one event, or a ballot (a run of votes, anchored at its first)."""

    i: int  # the transcript index of its (first) event: the page's anchor #e{i}
    kind: str  # the event kind, or "ballot"
    text: str  # the narrator's sentence (a speech: its head, "Seat 3 speaks, accusing seat 5")
    words: str | None = None  # a speech's words ("" for a silent one); None for other events
    seen: str | None = None  # who saw a private event; None for a public one
    note: NoteParts | None = None
    votes: list[Vote] = field(default_factory=list)  # a ballot's hands (or those the judge's count tallies)
    out: frozenset[int] = frozenset()  # a ballot: the seats out of the game when it was held
    cards: list[tuple[int, str, str]] = field(default_factory=list)  # the reveal: (seat, cards, fate at the end)
    speaker: int | None = None  # a speech's seat (its colour and badge on the page)

    @property
    def private(self) -> bool:
        return self.seen is not None

    @property
    def end(self) -> int:
        """The transcript index of its last event (a ballot's last hand; the judge's count of interleaved hands)."""
        return max([self.i, *(v.i for v in self.votes)])


@dataclass(frozen=True)
class SeatMark:
    """One seat in an alive strip."""

    n: int
    alive: bool
    just_dead: bool = False  # out since the previous strip
    silenced: bool = False
    wounded: bool = False  # v5: one of its two cards is dead
    killers: bool = False  # god view: the seat holds a killers' card
    you: bool = False  # a seat's view: the seat itself


@dataclass
class Phase:
    """A night, a day, the deal before the first night, or the end; `strip` is who is alive as it begins."""

    key: str  # the anchor: setup, night-2, day-2, end
    kind: str  # setup, night, day, end
    title: str
    steps: list[Step] = field(default_factory=list)
    strip: list[SeatMark] | None = None


@dataclass
class _Table:
    """Who is out, silenced or wounded so far, as the view learns it from public events."""

    players: int
    killers: frozenset[int] = frozenset()
    you: int | None = None
    out: dict[int, str] = field(default_factory=dict)  # seat -> public cause
    silenced: frozenset[int] = frozenset()
    wounded: set[int] = field(default_factory=set)
    marked: frozenset[int] = frozenset()  # out at the previous strip
    ballot: Step | None = None  # the open ballot's latest step (engine.record.catalog.closes_ballot)
    hands: list[Vote] = field(default_factory=list)  # an interleaved ballot's hands, for the judge's count
    hands_out: frozenset[int] = frozenset()  # the seats out when that ballot opened

    def learn(self, kind: str, data: Mapping[str, Any]) -> None:
        if kind == K.DEATH and isinstance(data.get("seat"), int):
            self.out[data["seat"]] = str(data.get("public_cause") or "")
        elif kind == K.DAWN:
            self.silenced = frozenset(s for s in data.get("silenced") or [] if isinstance(s, int))
            self.wounded |= {c[0] for c in data.get("cards") or [] if isinstance(c, list) and c and
                             isinstance(c[0], int)}
        elif kind in (K.NIGHT_FALLS, K.GAME_OVER):
            self.silenced = frozenset()

    def strip(self) -> list[SeatMark]:
        marks = [SeatMark(n, n not in self.out, n in self.out and n not in self.marked, n in self.silenced,
                          n in self.wounded and n not in self.out, n in self.killers, n == self.you)
                 for n in range(1, self.players + 1)]
        self.marked = frozenset(self.out)
        return marks


def killer_seats(t: Transcript) -> frozenset[int]:
    """Seats dealt a killers' card (the god view colours them)."""
    seats = set()
    for n, hand in enumerate(dealt_hands(t), start=1):
        cards = hand if isinstance(hand, list) else [hand]
        if any(isinstance(c, str) and c in ROLES and team_of(c) == Team.KILLERS for c in cards):
            seats.add(n)
    return frozenset(seats)


def table_size(t: Transcript) -> int:
    """The number of seats: the header's players, else its seat list's length."""
    players = t.header.get("players")
    return players if isinstance(players, int) else len(t.header.get("seats", []))


def phases(t: Transcript, view: View, lang: str) -> list[Phase]:
    """The game in `view`, worded in `lang`, phase by phase."""
    you = view if isinstance(view, int) else None
    table = _Table(table_size(t), killer_seats(t) if view == GOD else frozenset(), you)
    out = [Phase("setup", "setup", label(lang, "setup"))]
    for entry in in_view(t.entries, view):
        event = entry.event
        opened = _opens(entry, lang)
        if opened is not None:
            out.append(opened)
            if opened.kind != "night":
                opened.strip = table.strip()
        table.learn(event.kind, event.data)
        if event.kind != K.VOTE and closes_ballot(event.kind):
            table.ballot = None
            if event.kind not in COUNTS:
                table.hands = []
        _add(out[-1], entry, view, lang, table)
    return [p for p in out if p.steps or p.kind != "setup"]


def _opens(entry: Entry, lang: str) -> Phase | None:
    """The phase an event opens (night falls, day begins, game over), else None."""
    event = entry.event
    head = heading(event, lang)
    if head is not None:
        kind = "night" if event.kind == K.NIGHT_FALLS else "day"
        number = event.data.get("night" if kind == "night" else "day")
        return Phase(f"{kind}-{number if isinstance(number, int) else entry.i}", kind, head)
    if event.kind == K.GAME_OVER:
        return Phase("end", "end", label(lang, "end"))
    return None


def _add(phase: Phase, entry: Entry, view: View, lang: str, table: _Table) -> None:
    event, note = entry.event, entry.annotation  # in_view left only what the view may read
    parts = annotation_parts(note, lang) if note and worth_showing(note) else None
    seen = seen_by(event, lang) if view != PUBLIC and event.visible_to is not None else None
    if event.kind == K.VOTE:
        vote = Vote(entry.i, _seat(event.data.get("seat")) or 0, _seat(event.data.get("target")),
                    clean(sentence(event, lang)), parts)
        last = phase.steps[-1] if phase.steps else None
        if last is not None and last.kind == "ballot" and last.seen == seen:
            last.votes.append(vote)
        elif table.ballot is not None:  # speeches sit between the hands (v4): each hand at its place
            if table.ballot.kind == "ballot":
                table.hands, table.hands_out = list(table.ballot.votes), table.ballot.out
                _interleaved(phase, table.ballot)
            table.hands.append(vote)
            phase.steps.append(Step(entry.i, K.VOTE, vote.text, seen=seen, note=parts))
        else:
            phase.steps.append(Step(entry.i, "ballot", label(lang, "votes"), seen=seen, votes=[vote],
                                    out=frozenset(table.out)))
        table.ballot = phase.steps[-1]
        return
    step = Step(entry.i, event.kind, clean(sentence(event, lang)), seen=seen, note=parts)
    if event.kind in COUNTS and table.hands:  # the judge counts interleaved hands: his count shows them tallied
        step.votes = [Vote(v.i, v.seat, v.target, v.text, None) for v in table.hands]
        step.out, table.hands = table.hands_out, []
    if event.kind in SPEECHES:
        step.text, step.words = clean(speech_head(event.kind, event.data, lang)), speech_words(event.data)
        speaker = _seat(event.data.get("seat"))
        step.speaker = speaker if speaker is not None and 1 <= speaker <= table.players else None
    elif event.kind == K.REVEAL:
        step.cards = _cards(event.data.get("cards"), lang, table)
    phase.steps.append(step)


def _interleaved(phase: Phase, ballot: Step) -> None:
    """A ballot whose hands have speeches between them (v4: each seat speaks, then votes) is no block of hands
    shown at its first: its hands become steps of their own, each at its place, and the judge's count tallies
    them with the arrows on demand (the seat strip keeps the ballot's running hands)."""
    at = next(k for k, step in enumerate(phase.steps) if step is ballot)
    phase.steps[at:at + 1] = [Step(v.i, K.VOTE, v.text, seen=ballot.seen, note=v.note) for v in ballot.votes]


def _seat(value: Any) -> int | None:
    """A seat number from a vote's seat or target (a v5 card [seat, slot] counts as its seat)."""
    if isinstance(value, list | tuple) and value:
        value = value[0]
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _cards(cards: Any, lang: str, table: _Table) -> list[tuple[int, str, str]]:
    """The reveal's rows: each seat, its cards and how it stood at the end."""
    w = Words(lang)
    pairs = cards.items() if isinstance(cards, Mapping) else enumerate(cards or [], start=1)
    rows = []
    for seat, hand in pairs:
        n = _seat(int(seat) if isinstance(seat, str) and seat.isdigit() else seat)
        if n is None:
            continue
        fate = w.cause(table.out[n]) if n in table.out else label(lang, "alive")
        rows.append((n, w.roles(hand if isinstance(hand, list) else [hand]), fate))
    return sorted(rows)
