"""Calls spread over a pool of worker processes, stopped in bounded time by Ctrl-C or SIGTERM: the balance study's
chunks of games (evaluation/balance/workers.py) and a tournament's games of bots alone (evaluation/tournament/run.py)
run on it. The calls must not depend on which worker runs them or in which order."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any


def all_cores() -> int:
    """The cores this process may use (the default worker count)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def on_pool(task: Callable[..., Any], calls: Sequence[tuple[Any, ...]], workers: int,
            keep: Callable[[int, Any], None]) -> None:
    """`task(*calls[i])` for every i on a process pool of `workers` (at most one a call), `keep(i, result)` in this
    process as each ends, in whatever order they end. An error in a task is raised here and stops the pool; Ctrl-C
    or SIGTERM (to the parent or its whole process group) stops it in bounded time (`stop_pool`) and is raised
    here as KeyboardInterrupt. Used by the balance study's chunks and the tournament's games of bots alone."""
    pool = ProcessPoolExecutor(max_workers=max(1, min(workers, len(calls))), initializer=quiet_worker)
    try:
        with _signals_noted() as stop:
            with _signals_blocked():  # workers start with the signals held until they ignore them (quiet_worker)
                pending: dict[Future[Any], int] = {pool.submit(task, *call): i for i, call in enumerate(calls)}
            while pending and not stop:
                finished, _ = wait(pending, timeout=WAKE_S, return_when=FIRST_COMPLETED)
                for future in finished:
                    keep(pending.pop(future), future.result())
        if stop:
            raise KeyboardInterrupt
    except BaseException:  # an error, Ctrl-C or SIGTERM: drop the calls not started instead of playing them out
        stop_pool(pool)
        raise
    pool.shutdown(wait=True)


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
