"""The plain game loop of a game of bots alone (no person, no model): the graph's own step (orchestrator.graph
play_step) in a while loop, without LangGraph's scheduler and without a checkpointer.

Ask the engine what is pending, let the bots decide, apply, write the same transcript lines through the same
writer: a game of bots alone writes, step for step, the transcript the graph writes for the same seed and table
(tests/orchestrator/test_plain_loop.py holds the two equal). Nothing is checkpointed: a game stopped half-way
continues from its transcript's own decisions (orchestrator.resume, from_transcript), as a graph game without a
checkpoint does. A tournament plays its bot-only games through it (issue 34: about a third of a bot game's CPU time
was LangGraph's scheduling).
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Callable
from typing import Any

from orchestrator.graph import OVER_NODE, end_game, next_node, play_step
from orchestrator.hooks import Hooks
from orchestrator.runtime import GameRuntime


async def call(fn: Callable[..., Any] | None, *args: Any) -> Any:
    """Calls a hook, awaiting it when it is a coroutine function's result; None when no hook is set."""
    if fn is None:
        return None
    result = fn(*args)
    return await result if inspect.isawaitable(result) else result


async def deliver(hooks: Hooks, chunk: dict[str, Any], steps: list[int]) -> None:
    """A step's chunk to its hook: an entry, the end line, a speech so far, the seats asked now (`steps` counts
    those: each step that asks agents announces whom it waits for). Display-only hooks never stop the game."""
    kind = chunk["type"]
    if kind == "entry":
        await call(hooks.on_entry, chunk["entry"])
    elif kind == "end":
        await call(hooks.on_end, chunk["end"])
    elif kind == "speech":
        with contextlib.suppress(Exception):
            await call(hooks.on_speech, chunk["seat"], chunk["kind"], chunk["text"])
    elif kind == "waiting":
        steps[0] += 1
        with contextlib.suppress(Exception):
            await call(hooks.on_wait, chunk["requests"])


async def play_plain(rt: GameRuntime, hooks: Hooks, actions: list[dict[str, Any]], steps: list[int]) -> None:
    """Plays from `actions` (those applied so far) to the end line. Only for agents alone: a human seat needs the
    graph (its interrupt and its checkpoint)."""
    if rt.humans:
        raise ValueError("the plain loop plays agents alone; a game with human seats runs through the graph")
    actions = list(actions)
    chunks: list[dict[str, Any]] = []
    while True:
        pos = rt.cache.at(actions)
        if next_node(pos, None, rt.humans) == OVER_NODE:
            chunks.append({"type": "end", "end": end_game(rt, pos)})
        else:
            actions += await play_step(rt, pos, None, chunks.append)
        for chunk in chunks:
            await deliver(hooks, chunk, steps)
        if chunks and chunks[-1]["type"] == "end":
            return
        chunks.clear()
