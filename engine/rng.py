"""Randomness comes in from outside: a seeded random.Random, or a replay of recorded draws."""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any, Protocol, TypeVar

from engine.errors import IllegalActionError
from engine.record.events import Event

T = TypeVar("T")


class Rng(Protocol):
    """The two draws the engine makes. random.Random satisfies it."""

    def choice(self, seq: Sequence[T]) -> T: ...

    def shuffle(self, x: MutableSequence[Any]) -> None: ...


class ReplayRng:
    """Answers each draw with the result recorded in the event log, so the log alone replays a game."""

    def __init__(self, events: Iterable[Event]) -> None:
        self._results = [e.data["result"] for e in events if e.kind == "draw"]
        self._next = 0

    def choice(self, seq: Sequence[T]) -> T:
        if self._next >= len(self._results):
            raise IllegalActionError("replay_draws", "the log has fewer recorded draws than the game needs")
        result = self._results[self._next]
        self._next += 1
        for option in seq:
            if _same(option, result):
                return option
        raise IllegalActionError("replay_draws", f"recorded draw {result!r} is not among {list(seq)!r}")

    def shuffle(self, x: MutableSequence[Any]) -> None:
        raise IllegalActionError("replay_draws", "a replay takes the deal from the log, never shuffles")


def _same(option: Any, recorded: Any) -> bool:
    if isinstance(option, tuple) and isinstance(recorded, list):
        return list(option) == recorded
    return bool(option == recorded)
