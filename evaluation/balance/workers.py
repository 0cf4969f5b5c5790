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

import contextlib
import os
import signal
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any

from evaluation.balance.chunks import Advance, Chunk, Setup, StudyError, chunks, play_chunk

BACKENDS = ("local", "ray")


@dataclass(frozen=True)
class Spread:
    """Where a study's games run: worker count (None: all cores), backend, Ray address, progress bar."""

    workers: int | None = None
    backend: str = "local"
    address: str | None = None
    progress: bool = False


ONE_PROCESS = Spread(workers=1)


def all_cores() -> int:
    """The cores this process may use (the default worker count)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


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
    """The chunks on a process pool; results kept by chunk number, whatever order they finish in. Ctrl-C or
    SIGTERM (to the parent or its whole process group) stops the pool in bounded time (`stop_pool`)."""
    done: list[list[Any]] = [[] for _ in parts]
    pool = ProcessPoolExecutor(max_workers=min(workers, len(parts)), initializer=quiet_worker)
    try:
        with _signals_noted() as stop:
            with _signals_blocked():  # workers start with the signals held until they ignore them (quiet_worker)
                pending: dict[Future[list[Any]], int] = {
                    pool.submit(play_chunk, setups[c.setup], c.start, c.stop): i for i, c in enumerate(parts)}
            while pending and not stop:
                finished, _ = wait(pending, timeout=WAKE_S, return_when=FIRST_COMPLETED)
                for future in finished:
                    number = pending.pop(future)
                    done[number] = future.result()
                    advance(len(done[number]))
        if stop:
            raise KeyboardInterrupt
    except BaseException:  # an error, Ctrl-C or SIGTERM: drop the chunks not started instead of playing them out
        stop_pool(pool)
        raise
    pool.shutdown(wait=True)
    return done


WAKE_S = 0.2  # how often the parent looks whether a signal asked it to stop while it waits on the pool


@contextlib.contextmanager
def _signals_noted() -> Iterator[list[int]]:
    """While the parent waits on the pool, Ctrl-C and SIGTERM are only noted (the list fills), never raised: an
    exception raised between two bytecodes of `wait` could leave a future's lock held, and the pool's shutdown then
    waits on it for ever (1 try in 30 of tests/security/test_pool_signals.py hung so). Outside the main thread no
    handler can be set and nothing changes."""
    noted: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield noted
        return
    previous = {number: signal.signal(number, lambda signum, frame: noted.append(signum)) for number in STOP_SIGNALS}
    try:
        yield noted
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


STOP_GRACE_S = 3.0  # what a worker may take to finish its chunk before it is terminated
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def quiet_worker() -> None:
    """A worker ignores Ctrl-C and SIGTERM (a shell or a scheduler signals the whole process group): the parent
    alone stops the pool. A worker interrupted inside the pool's queues would leave its siblings and the parent
    waiting on it for ever (the hang of issue 25, item 9)."""
    for number in STOP_SIGNALS:
        signal.signal(number, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


@contextlib.contextmanager
def _signals_blocked() -> Iterator[None]:
    """Holds Ctrl-C and SIGTERM in this thread while workers are forked (they inherit the mask, so none is
    interrupted before quiet_worker runs); a signal that came meanwhile is delivered right after."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stops a pool without waiting for its work: the chunks not started are cancelled, the workers get
    STOP_GRACE_S to finish, then are terminated (and killed if need be). Further Ctrl-C and SIGTERM are held
    meanwhile, so a second one cannot leave the pool half stopped."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # the standard library names them so
    with _signals_blocked():
        pool.shutdown(wait=False, cancel_futures=True)
        deadline = time.monotonic() + STOP_GRACE_S
        for process in processes:
            process.join(max(0.0, deadline - time.monotonic()))
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(1.0)
            if process.is_alive():
                process.kill()
                process.join()


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
