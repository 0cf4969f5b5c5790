"""The table as one view sees it: built only from the events that view may see.

A view is PUBLIC (a spectator in the room: public events only), GOD (every event and annotation), or a seat
number (engine.observation of that seat: what a person playing it may know). Nothing else reaches the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import SPEECHES, Event
from engine import EventKind as K
from engine.record.view import View
from orchestrator.store.transcript import Entry, in_view


def visible_entries(entries: Sequence[Entry], view: View) -> list[Entry]:
    """What `view` sees of the entries (engine.record.view.seen, ruling R-view): a seat's events are exactly
    engine.observation(events, seat), with its own decisions' annotations; the public reads no annotation."""
    return in_view(entries, view)


@dataclass
class SeatInfo:
    """One seat as the view knows it."""

    number: int
    player: str  # agent kind / model from the header, or "you"
    alive: bool = True
    cause: str | None = None  # public cause of death
    silenced: bool = False
    roles: tuple[str, ...] = ()  # roles this view knows for the seat (empty: hidden)
    notes: list[str] = field(default_factory=list)  # note keys with values, e.g. ("checked_killer", {})
    lost_cards: list[int] = field(default_factory=list)  # v5: public dead cards (slots)
    suspect: bool = False
    accused: bool = False
    checked: str | None = None  # "killer" / "not_killer" (a check this view knows)
    side: str | None = None  # executed_side: killer / good
    teammate: bool = False
    opened_with: bool = False
    claimed: str | None = None  # the role this seat last claimed in public (a speech's claim)
    you: bool = False


@dataclass
class TableModel:
    """Everything drawn on the table for one view at one point of the game."""

    view: View
    ruleset: str
    players: int
    lang: str
    seats: dict[int, SeatInfo]
    entries: list[Entry] = field(default_factory=list)  # the visible entries, in order
    night: int = 0
    day: int = 0
    phase: str = "start"  # start, night, day, over
    votes: list[tuple[int, Any]] = field(default_factory=list)  # the latest show of hands: (voter, target)
    vote_day: int = 0
    counts: dict[str, int] | None = None  # the latest tally of that ballot, if the judge announced one
    ballot_counted: bool = False  # the judge has counted the ballot in `votes` (the next vote opens a new one)
    winner: str | None = None
    reveal: dict[int, list[str]] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        return self.winner is not None


def _seat_of(target: Any) -> int | None:
    if isinstance(target, list | tuple):
        return int(target[0])
    return int(target) if target is not None else None


def new_model(header: dict[str, Any], view: View, lang: str | None = None) -> TableModel:
    """An empty table for the game in `header`."""
    players = int(header.get("players") or len(header.get("seats") or []) or 0)
    described = {int(s["seat"]): s for s in header.get("seats") or []}
    seats = {}
    for n in range(1, players + 1):
        desc = described.get(n, {})
        player = str(desc.get("agent") or "")  # the kind, as in a new game's header (models: god view notes)
        if desc.get("level") and ":" not in player:  # a written header names a bot's level apart: "scripted:hard"
            player = f"{player}:{desc['level']}"
        seats[n] = SeatInfo(n, player, you=isinstance(view, int) and n == view)
    return TableModel(view=view, ruleset=str(header.get("ruleset", "")), players=players,
                      lang=lang or str(header.get("lang", "en")), seats=seats)


def build(header: dict[str, Any], entries: Sequence[Entry], view: View, lang: str | None = None,
          upto: int | None = None) -> TableModel:
    """The table for `view` after the first `upto` entries (all when None)."""
    model = new_model(header, view, lang)
    shown = entries if upto is None else entries[:upto]
    for entry in visible_entries(shown, view):
        model.entries.append(entry)
        apply_event(model, entry.event)
    return model


def _seat(model: TableModel, n: Any) -> SeatInfo | None:
    seat = _seat_of(n)
    return model.seats.get(seat) if seat is not None else None


def apply_event(model: TableModel, event: Event) -> None:
    """Updates the table with one visible event."""
    handler = _HANDLERS.get(event.kind)
    if handler is not None:
        handler(model, event.data)


def _deal(model: TableModel, data: dict[str, Any]) -> None:
    for n, hand in enumerate(data.get("hands") or [], start=1):
        if n in model.seats:
            model.seats[n].roles = tuple(hand)


def _your_cards(model: TableModel, data: dict[str, Any]) -> None:
    seat = _seat(model, data.get("seat"))
    if seat is not None:
        seat.roles = tuple(data.get("cards") or ())


def _teammates(model: TableModel, data: dict[str, Any]) -> None:
    if not isinstance(model.view, int):
        return  # the god view has the deal; the public never sees this
    for n in data.get("seats") or []:
        seat = _seat(model, n)
        if seat is not None and not seat.you:
            seat.teammate = True
            if not seat.roles:
                seat.roles = (str(data.get("role")),)
    for n in data.get("undercover") or []:
        seat = _seat(model, n)
        if seat is not None and not seat.you:
            seat.teammate = True
            seat.roles = ("undercover",)


def _openers(model: TableModel, data: dict[str, Any]) -> None:
    if not isinstance(model.view, int):
        return
    for n in data.get("seats") or []:
        seat = _seat(model, n)
        if seat is not None and not seat.you:
            seat.opened_with = True


def _shown(model: TableModel, data: dict[str, Any]) -> None:
    """A partner the judge showed the killers (v3.5's traitor, v3.8's undercover): marked as a teammate on the
    killer's own screen (issue 33: shown partners are partners, as in agents/view.py shown_partners)."""
    seat = _seat(model, data.get("seat"))
    if seat is not None and not seat.roles:
        seat.roles = (str(data.get("role")),)
    if seat is not None and isinstance(model.view, int) and not seat.you:
        seat.teammate = True


def _night_falls(model: TableModel, data: dict[str, Any]) -> None:
    model.phase, model.night = "night", int(data.get("night") or model.night + 1)
    for seat in model.seats.values():
        seat.silenced = False


def _day_begins(model: TableModel, data: dict[str, Any]) -> None:
    model.phase, model.day = "day", int(data.get("day") or model.day + 1)
    for seat in model.seats.values():
        seat.suspect = seat.accused = False


def _dawn(model: TableModel, data: dict[str, Any]) -> None:
    for n in data.get("silenced") or []:
        seat = _seat(model, n)
        if seat is not None:
            seat.silenced = True
    for card in data.get("cards") or []:
        seat = _seat(model, card)
        if seat is not None and isinstance(card, list | tuple):
            seat.lost_cards.append(int(card[1]))


def _death(model: TableModel, data: dict[str, Any]) -> None:
    seat = _seat(model, data.get("seat"))
    if seat is not None:
        seat.alive, seat.cause = False, str(data.get("public_cause") or "")


def _check(model: TableModel, data: dict[str, Any]) -> None:
    seat = _seat(model, data.get("target"))
    if seat is not None:
        seat.checked = str(data.get("result"))


def _vote(model: TableModel, data: dict[str, Any]) -> None:
    """A vote joins the open ballot; a new day or a ballot the judge has counted starts a new one (v4 votes
    fall between the speeches, so a speech never closes a ballot)."""
    seat = int(data["seat"])
    again = any(voter == seat for voter, _ in model.votes)  # a seat votes once a ballot: this is a new one
    if model.ballot_counted or model.vote_day != model.day or again:
        model.votes, model.counts, model.ballot_counted = [], None, False
    model.vote_day = model.day
    model.votes.append((seat, data.get("target")))


def _counts(model: TableModel, data: dict[str, Any]) -> None:
    counts = data.get("counts")
    if isinstance(counts, dict):
        model.counts = {str(k): int(v) for k, v in counts.items()}
        model.ballot_counted = True


def _suspects(model: TableModel, data: dict[str, Any]) -> None:
    for n in data.get("seats") or []:
        seat = _seat(model, n)
        if seat is not None:
            seat.suspect = True


def _accused(model: TableModel, data: dict[str, Any]) -> None:
    seat = _seat(model, data.get("seat"))
    if seat is not None:
        seat.accused = True
    _counts(model, data)


def _side(model: TableModel, data: dict[str, Any]) -> None:
    seat = _seat(model, data.get("seat"))
    if seat is not None:
        seat.side = str(data.get("side"))


def _speech(model: TableModel, data: dict[str, Any]) -> None:
    claim = data.get("claim")
    seat = _seat(model, data.get("seat"))
    if seat is not None and isinstance(claim, dict) and claim.get("role"):
        seat.claimed = str(claim["role"])


def _game_over(model: TableModel, data: dict[str, Any]) -> None:
    model.phase, model.winner = "over", str(data.get("winner"))


def _reveal(model: TableModel, data: dict[str, Any]) -> None:
    cards = data.get("cards") or {}
    for key, hand in cards.items():
        model.reveal[int(key)] = list(hand)
        if int(key) in model.seats:
            model.seats[int(key)].roles = tuple(hand)


_HANDLERS: dict[str, Callable[[TableModel, dict[str, Any]], None]] = {
    K.DEAL: _deal, K.YOUR_CARDS: _your_cards, K.TEAMMATES: _teammates, K.OPENERS: _openers,
    K.SHOWN_TO_KILLERS: _shown, K.NIGHT_FALLS: _night_falls, K.DAY_BEGINS: _day_begins, K.DAWN: _dawn,
    K.DEATH: _death, K.CHECK_RESULT: _check, K.VOTE: _vote, K.TALLY: _counts, K.VOTES_COUNTED: _counts,
    K.SUSPECTS: _suspects, K.ACCUSED: _accused, K.EXECUTED_SIDE: _side, K.GAME_OVER: _game_over,
    K.REVEAL: _reveal, **{kind: _speech for kind in SPEECHES},
}


def phase_marks(entries: Sequence[Entry]) -> list[tuple[int, str, int]]:
    """(entry position, "night"/"day", number) for every night and day start: the replay's jump points."""
    marks = []
    for pos, entry in enumerate(entries):
        if entry.event.kind == K.NIGHT_FALLS:
            marks.append((pos, "night", int(entry.event.data.get("night") or 0)))
        elif entry.event.kind == K.DAY_BEGINS:
            marks.append((pos, "day", int(entry.event.data.get("day") or 0)))
    return marks
