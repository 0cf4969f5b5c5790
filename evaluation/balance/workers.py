"""Spread a study's games over worker processes or a Ray cluster, with the same results for any number of workers.

A study is a list of setups; each setup plays `games` games, game i seeded from the setup's seed and i alone
(`setup.play(setup.seed + i)`), so no game depends on which worker plays it or in which order. The games are cut
into chunks of consecutive indices; chunks run wherever the backend puts them and their outcomes are put back in
(setup, index) order before anything is counted. Backends:

- `local`: one process (workers = 1) or the standard library's ProcessPoolExecutor (workers > 1).
- `ray`: the same chunks as Ray tasks (the optional `[cluster]` extra), on a Ray instance started for the run or
  on an existing cluster given by `address` (every node needs this package installed at the same version).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any

from evaluation.balance.chunks import Advance, Chunk, Setup, StudyError, chunks, play_chunk
from evaluation.pool import all_cores, on_pool

BACKENDS = ("local", "ray")


@dataclass(frozen=True)
class Spread:
    """Where a study's games run: worker count (None: all cores), backend, Ray address, progress bar."""

    workers: int | None = None
    backend: str = "local"
    address: str | None = None
    progress: bool = False


ONE_PROCESS = Spread(workers=1)


def check_spread(spread: Spread) -> int:
    """The worker count to use; StudyError for an impossible spread (before any game is played)."""
    workers = all_cores() if spread.workers is None else spread.workers
    if workers < 1:
        raise StudyError("--workers must be at least 1")
    if spread.backend not in BACKENDS:
        raise StudyError(f"unknown backend {spread.backend!r} (known: {', '.join(BACKENDS)})")
    if spread.address is not None and spread.backend != "ray":
        raise StudyError("--address needs --backend ray")
    return workers


def run_study(setups: Sequence[Setup], spread: Spread = ONE_PROCESS) -> list[list[Any]]:
    """Every setup's outcomes, game 0 first, identical for any backend and worker count."""
    workers = check_spread(spread)
    parts = chunks(setups)
    total = sum(s.games for s in setups)
    with _bar(total, spread.progress) as advance:
        if spread.backend == "ray":
            from evaluation.balance.ray_backend import run_on_ray

            done = run_on_ray(setups, parts, workers, spread.address, advance)
        elif workers == 1 or len(parts) == 1:
            done = [_counted(play_chunk(setups[c.setup], c.start, c.stop), advance) for c in parts]
        else:
            done = _run_pool(setups, parts, workers, advance)
    return merge(setups, parts, done)


def _counted(outcomes: list[Any], advance: Advance) -> list[Any]:
    advance(len(outcomes))
    return outcomes


def _run_pool(setups: Sequence[Setup], parts: list[Chunk], workers: int, advance: Advance) -> list[list[Any]]:
    """The chunks on a process pool; results kept by chunk number, whatever order they finish in."""
    done: list[list[Any]] = [[] for _ in parts]

    def keep(number: int, outcomes: list[Any]) -> None:
        done[number] = outcomes
        advance(len(outcomes))

    on_pool(play_chunk, [(setups[c.setup], c.start, c.stop) for c in parts], workers, keep)
    return done


def merge(setups: Sequence[Setup], parts: list[Chunk], done: list[list[Any]]) -> list[list[Any]]:
    """The chunks' outcomes put back together per setup, in index order (the fixed merge order)."""
    out: list[list[Any]] = [[] for _ in setups]
    for chunk, outcomes in sorted(zip(parts, done, strict=True), key=lambda p: (p[0].setup, p[0].start)):
        if len(outcomes) != chunk.stop - chunk.start:
            raise StudyError(f"a worker returned {len(outcomes)} games for a chunk of {chunk.stop - chunk.start}")
        out[chunk.setup].extend(outcomes)
    return out


def _bar(total: int, show: bool) -> AbstractContextManager[Advance]:
    """A rich progress bar over the whole study (stderr), or nothing."""
    if not show:
        return nullcontext(lambda n: None)
    return RichBar(total)


class RichBar(AbstractContextManager[Advance]):
    """Advances a rich progress bar on stderr by a number of games."""

    def __init__(self, total: int) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self.progress = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                                 console=Console(stderr=True))
        self.task = self.progress.add_task("games", total=total)

    def __enter__(self) -> Advance:
        self.progress.start()
        return lambda n: self.progress.advance(self.task, n)

    def __exit__(self, *exc: object) -> None:
        self.progress.stop()
