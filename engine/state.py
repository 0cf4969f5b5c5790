"""The game state: a value. The engine never mutates a state; apply() returns a new one."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.moves.decisions import Action, Request


class Phase(StrEnum):
    """Where the game stands."""

    NIGHT = "night"
    LAST_WORDS = "last_words"
    DAY = "day"
    OVER = "over"


class Winner(StrEnum):
    """How a game ended."""

    KILLERS = "killers"
    GOOD = "good"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Seat:
    """A player at the table: one card (two in v5), each alive or dead."""

    number: int
    cards: tuple[str, ...]
    alive_cards: tuple[bool, ...]

    @property
    def alive(self) -> bool:
        """A seat lives while any of its cards lives (000 v5.0: both cards dead, you die)."""
        return any(self.alive_cards)

    @property
    def role(self) -> str:
        """The (first) card: the role in one-card rulesets."""
        return self.cards[0]

    def holds(self, role: str) -> bool:
        """Whether a living card of this seat is `role`."""
        return any(c == role and a for c, a in zip(self.cards, self.alive_cards, strict=True))

    def living_cards(self) -> int:
        """How many of this seat's cards still live (a v5 seat's votes)."""
        return sum(self.alive_cards)


@dataclass(frozen=True)  # no slots: the judge copies a state through its __dict__ (judge._clone)
class GameState:
    """Everything the judge knows. Containers are tuples/frozensets and are never mutated in place."""

    ruleset: str
    seats: tuple[Seat, ...]
    phase: Phase = Phase.NIGHT
    night: int = 0
    day: int = 0
    pending: tuple[Request, ...] = ()  # requests still unanswered in the current step
    answers: tuple[Action, ...] = ()  # answers gathered in the current step
    needles: tuple[int, ...] = ()  # empty needles per seat (004 V4.0 rule 4)
    spent: frozenset[tuple[str, int, int]] = frozenset()  # (power, seat, slot): bullet, vest, ...
    silenced: frozenset[int] = frozenset()  # seats silenced for the current day
    words_queue: tuple[int, ...] = ()  # seats still to give last words
    after_words: str = "day"  # what follows the last words: "day" or "night"
    last_words_given: int = 0  # for quotas (003 note 4)
    night_dead: tuple[int, ...] = ()  # seats that died at the latest dawn, in announcement order
    death_order: tuple[int, ...] = ()  # every seat death, in order
    day_state: Any = None  # the day procedure's own frozen sub-state
    judge_card: str | None = None  # v5: the judge's other card, out of play
    team_talk: int = 0  # rounds a night team may talk after its first proposals differ (R-team-talk; 0: none)
    revision: int = 1  # the rules revision the deal was made under (engine/game.py RULES_REVISION; 1: before it)
    card_talk: bool = False  # v5: the killer cards talk before their orders (R-v5-killer-talk; False: none)
    winner: Winner | None = None

    def seat(self, number: int) -> Seat:
        """The seat with this number (from 1)."""
        return self.seats[number - 1]

    def living(self) -> list[int]:
        """Numbers of living seats, ascending."""
        return [s.number for s in self.seats if s.alive]

    def holders(self, role: str) -> list[int]:
        """Living seats holding a living `role` card."""
        return [s.number for s in self.seats if s.holds(role)]

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.winner is not None
