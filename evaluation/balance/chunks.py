"""A study's unit of work: setups (how many games, the first seed, how to play one), chunks of consecutive game
indices, and playing one chunk. Backends (evaluation/balance/workers.py, ray_backend.py) hand chunks around."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.errors import KillerError

CHUNK = 50  # games per task: big enough to hide the hand-off, small enough to balance the load


class StudyError(KillerError, ValueError):
    """A study that cannot run as asked (bad worker count, backend missing, cluster unreachable)."""


class Setup(Protocol):
    """One row of a study: how many games, the first seed, and how to play game `seed + i`."""

    @property
    def games(self) -> int: ...

    @property
    def seed(self) -> int: ...

    def play(self, seed: int) -> Any: ...


@dataclass(frozen=True)
class Chunk:
    """Games [start, stop) of setup number `setup`."""

    setup: int
    start: int
    stop: int


Advance = Callable[[int], None]


def chunks(setups: Sequence[Setup], size: int = CHUNK) -> list[Chunk]:
    """Every setup's game indices cut into chunks of `size`, in (setup, index) order."""
    return [Chunk(s, a, min(a + size, setup.games)) for s, setup in enumerate(setups)
            for a in range(0, setup.games, size)]


def play_chunk(setup: Setup, start: int, stop: int) -> list[Any]:
    """The outcomes of games start..stop-1 of one setup (runs in a worker)."""
    return [setup.play(setup.seed + i) for i in range(start, stop)]
