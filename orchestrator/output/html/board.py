"""The seat strip of the replay page: what a view knows of every seat after each step — alive or out, the role it
last claimed in public, the hands it received in the latest ballot, and the night choices aimed at it tonight
(those the view may see: every one in the god view, a seat's own and its team's in a seat's view, none in public).

The strip reads only `engine.record.view.observation(events, view)`, the one visibility function the TUI and the
Markdown render read; nothing here decides what a view may see. The page carries, on each step, only the seats
that changed since the step before (`deltas`); the page's script applies them in order.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine import SPEECHES, EventKind
from engine.record.catalog import closes_ballot
from engine.record.events import Event
from engine.record.view import View, observation
from words.narrator import Words

K = EventKind


@dataclass(frozen=True, slots=True)
class SeatState:
    """One seat on the strip, as the view knows it; every text is in the page's language."""

    n: int
    alive: bool = True
    claim: str = ""  # the role it last claimed in public, in words ("" none)
    votes: int = 0  # hands it received in the latest ballot
    targets: str = ""  # tonight's night choices aimed at it that the view saw, in words ("" none)

    def row(self) -> list[Any]:
        """The seat as the page's script reads it: [seat, alive 1/0, claim, votes, targets]."""
        return [self.n, int(self.alive), self.claim, self.votes, self.targets]


def _seat(value: Any) -> int | None:
    """A seat number from a target (a v5 card [seat, slot] counts as its seat); booleans are no seat."""
    if isinstance(value, list | tuple) and value:
        value = value[0]
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class Board:
    """The strip folded over a view's observation, one event at a time."""

    def __init__(self, players: int, lang: str) -> None:
        self.words = Words(lang)
        self.players = players
        self.alive = dict.fromkeys(range(1, players + 1), True)
        self.claims: dict[int, str] = {}
        self.votes: dict[int, int] = {}
        self.targets: dict[int, list[str]] = {}
        self.ballot_open = False  # a vote came and no event has closed its ballot since

    def learn(self, event: Event) -> None:
        kind, data = event.kind, event.data
        if kind == K.DEATH and _seat(data.get("seat")) in self.alive:
            self.alive[_seat(data.get("seat")) or 0] = False
        elif kind in SPEECHES:
            claim = data.get("claim")
            role = claim.get("role") if isinstance(claim, dict) else None
            if isinstance(role, str) and _seat(data.get("seat")) is not None:
                self.claims[_seat(data.get("seat")) or 0] = self.words.role(role)
        elif kind == K.VOTE:
            if not self.ballot_open:  # a new ballot: the hands of the last one are put down
                self.votes = {}
            target = _seat(data.get("target"))
            if target is not None:
                self.votes[target] = self.votes.get(target, 0) + 1
        elif kind == K.NIGHT_FALLS:
            self.votes, self.targets = {}, {}
        elif kind == K.DAY_BEGINS:
            self.targets = {}
        elif kind == K.NIGHT_CHOICE:
            target, action = _seat(data.get("target")), data.get("action")
            if target is not None and action:
                words = self.words.action(action)
                if words not in self.targets.setdefault(target, []):
                    self.targets[target].append(words)
        if kind == K.VOTE:
            self.ballot_open = True
        elif closes_ballot(kind):
            self.ballot_open = False

    def state(self) -> tuple[SeatState, ...]:
        sep = self.words.p["list_sep"]
        return tuple(SeatState(n, self.alive[n], self.claims.get(n, ""), self.votes.get(n, 0),
                               sep.join(self.targets.get(n, [])))
                     for n in range(1, self.players + 1))


def states(events: Sequence[Event], indices: Sequence[int], view: View, players: int,
           lang: str) -> Iterator[tuple[int, tuple[SeatState, ...]]]:
    """(transcript index, the strip after it) for every event of `view`'s observation, in order; `indices[k]` is
    the transcript index of `events[k]`."""
    index = {id(e): i for e, i in zip(events, indices, strict=True)}
    board = Board(players, lang)
    for event in observation(events, view):
        board.learn(event)
        yield index[id(event)], board.state()


def state_at(events: Sequence[Event], view: View, players: int, lang: str) -> tuple[SeatState, ...]:
    """The strip once `view` has observed `events` (a transcript's events up to a moment)."""
    board = Board(players, lang)
    for event in observation(events, view):
        board.learn(event)
    return board.state()


def deltas(events: Sequence[Event], indices: Sequence[int], view: View, players: int, lang: str,
           ends: Iterable[int]) -> dict[int, str]:
    """For each step end (a transcript index the view sees), the seats that changed since the previous step end,
    as the JSON the page's script reads ([[seat, alive, claim, votes, targets], ...])."""
    wanted = set(ends)
    out: dict[int, str] = {}
    before: tuple[SeatState, ...] = Board(players, lang).state()
    for i, now in states(events, indices, view, players, lang):
        if i in wanted:
            changed = [s.row() for s, was in zip(now, before, strict=True) if s != was]
            out[i] = json.dumps(changed, ensure_ascii=False, separators=(",", ":"))
            before = now
    return out
