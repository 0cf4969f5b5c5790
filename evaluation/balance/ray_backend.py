"""The study's chunks as Ray tasks (the optional `[cluster]` extra: pip install 'killer-game[cluster]').

No scheduler of our own: Ray places the tasks; the results come back keyed by chunk, so the merge in
evaluation/balance/workers.py is the same as the local one and the outputs are byte-identical.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Sequence
from typing import Any

from evaluation.balance.chunks import Chunk, Setup, StudyError, play_chunk


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise StudyError("--backend ray needs Ray: pip install 'killer-game[cluster]'") from None
    return ray


def check_reachable(address: str, seconds: float = 5.0) -> None:
    """Refuses at once a host:port (or ray://host:port) that accepts no connection: ray.init would retry
    for minutes. "auto" and other forms are left to Ray."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit() or not host:
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=seconds).close()
    except OSError as exc:
        raise StudyError(f"cannot reach the Ray cluster at {address}: {exc.strerror or exc}") from None


def start(ray: Any, workers: int, address: str | None) -> bool:
    """Connects to the cluster at `address`, or starts a local instance with `workers` CPUs; True when we
    started it (and so must stop it)."""
    if ray.is_initialized():
        return False
    if address:
        check_reachable(address)
    try:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = f"the Ray cluster at {address}" if address else "a local Ray instance"
        raise StudyError(f"cannot start or reach {where}: {str(exc).splitlines()[0] if str(exc) else exc}") \
            from None
    return True


def run_on_ray(setups: Sequence[Setup], parts: list[Chunk], workers: int, address: str | None,
               advance: Callable[[int], None]) -> list[list[Any]]:
    """Every chunk as one Ray task; returns the outcomes by chunk number."""
    ray = _ray()
    started = start(ray, workers, address)
    try:
        task = ray.remote(num_cpus=1)(play_chunk)
        refs = [task.remote(setups[c.setup], c.start, c.stop) for c in parts]
        number = {ref: i for i, ref in enumerate(refs)}
        done: list[list[Any]] = [[] for _ in parts]
        waiting = list(refs)
        while waiting:
            ready, waiting = ray.wait(waiting, num_returns=1)
            for ref in ready:
                done[number[ref]] = ray.get(ref)
                advance(len(done[number[ref]]))
        return done
    finally:
        if started:
            ray.shutdown()
