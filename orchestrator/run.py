"""Running a game end to end: its files, its agents, the checkpointer, and the graph loop until the game ends or
a person must answer (resume.py continues a stopped game through the same loop).

A game of agents alone may instead run the plain loop (`plain`; a tournament's bot-only games do): the graph's own
step (orchestrator.graph play_step) in a while loop, without LangGraph's scheduler and without a checkpointer. Ask
the engine what is pending, let the agents decide, apply, write the same transcript lines through the same writer:
it writes, step for step, the transcript the graph writes for the same seed and table
(tests/orchestrator/test_plain_loop.py holds the two equal). Nothing is checkpointed: a game stopped half-way
continues from its transcript's own decisions (orchestrator.resume, from_transcript), as a graph game without a
checkpoint does (issue 34: LangGraph's scheduling and the checkpoint were about half a bot game's CPU time)."""

from __future__ import annotations

import contextlib
import inspect
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from langgraph.types import Command

from agents.base import Agent
from hygiene import files
from orchestrator.config import RunConfig
from orchestrator.graph import OVER_NODE, build_graph, end_game, next_node, play_step
from orchestrator.hooks import GameResult, Hooks
from orchestrator.preflight import preflight, resolve_all
from orchestrator.replay_cache import Position, ReplayCache
from orchestrator.runtime import GameRuntime
from orchestrator.seats import build_agents, make_header
from orchestrator.store.checkpoint import open_saver, remove_checkpoint, thread_config
from orchestrator.store.files import checkpoint_path, claim_transcript, new_game_id
from orchestrator.store.ledger import ledger
from orchestrator.store.transcript import Entry, TranscriptWriter


async def _call(fn: Callable[..., Any] | None, *args: Any) -> Any:
    """Calls a hook, awaiting it when it is a coroutine function's result; None when no hook is set."""
    if fn is None:
        return None
    result = fn(*args)
    return await result if inspect.isawaitable(result) else result


async def _deliver(hooks: Hooks, chunk: dict[str, Any], steps: list[int]) -> None:
    """A step's chunk to its hook: an entry, the end line, a speech so far, the seats asked now (`steps` counts
    those: each step that asks agents announces whom it waits for). Display-only hooks never stop the game."""
    kind = chunk["type"]
    if kind == "entry":
        await _call(hooks.on_entry, chunk["entry"])
    elif kind == "end":
        await _call(hooks.on_end, chunk["end"])
    elif kind == "speech":
        with contextlib.suppress(Exception):
            await _call(hooks.on_speech, chunk["seat"], chunk["kind"], chunk["text"])
    elif kind == "waiting":
        steps[0] += 1
        with contextlib.suppress(Exception):
            await _call(hooks.on_wait, chunk["requests"])


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
            await _deliver(hooks, chunk, steps)
        if chunks and chunks[-1]["type"] == "end":
            return
        chunks.clear()


async def run_game(config: RunConfig, *, agents: dict[int, Agent] | None = None, hooks: Hooks | None = None,
                   in_memory: bool = False, check: bool | None = None, plain: bool = False) -> GameResult:
    """Plays a new game: writes the transcript (and the checkpoint next to it) as the game goes. Before the
    header, every model seat's provider is resolved and (`check`; by default when the agents are built here)
    each distinct endpoint gets one preflight request: a refusal raises PreflightError and leaves nothing behind,
    neither a file nor the folders on the way to `out` it made (those still empty are removed).
    `in_memory`: the graph keeps its checkpoint in memory only; `plain`: agents alone, played by the plain loop
    (the same transcript, no graph, no checkpoint)."""
    config = config.with_seed()
    seed = int(config.seed or 0)
    made = files.first_missing(config.out)
    try:
        with contextlib.ExitStack() as locks:
            game_id, path = claim_transcript(config.out, config.game_id or new_game_id(config), locks)
            return await _new_game(replace(config, game_id=game_id), path, seed, agents, hooks, in_memory, check,
                                   plain)
    except BaseException:
        if made is not None:  # refused before its header (a key, a preflight): its folder holds nothing of it
            files.remove_empty(config.out, made)
        raise


async def _new_game(config: RunConfig, path: Path, seed: int, agents: dict[int, Agent] | None,
                    hooks: Hooks | None, in_memory: bool, check: bool | None, plain: bool) -> GameResult:
    cache = ReplayCache(config.ruleset, seed, config.players, config.talk_rounds)
    start = cache.start()
    async with contextlib.AsyncExitStack() as stack:
        seats, config = await build_agents(config, len(start.state.seats), agents, stack)
        await resolve_all(seats)
        if agents is None if check is None else check:
            await preflight(seats, start)
        writer = TranscriptWriter(path)
        writer.create(make_header(config, seats, start))
        hooks = hooks or Hooks()
        if hooks.on_transcript is not None:
            hooks.on_transcript(path)
        entries = [Entry(i, event) for i, event in enumerate(start.events)]
        for entry in entries:
            writer.write_entry(entry)
            await _call(hooks.on_entry, entry)
        ckpt = None if in_memory or plain else checkpoint_path(path)
        try:
            return await drive(config, cache, seats, writer, hooks, ckpt, {"actions": [], "held": []}, entries,
                               plain=plain)
        finally:
            writer.close()


async def drive(config: RunConfig, cache: ReplayCache, seats: dict[int, Agent], writer: TranscriptWriter,
                 hooks: Hooks, ckpt: Path | None, start: Any, entries: list[Entry], *,
                 plain: bool = False) -> GameResult:
    """Runs the graph until the game ends or a human seat waits with nobody to answer (`plain`: the plain loop
    of agents alone from `start`'s actions, to the end, with no checkpoint). `entries`: the
    transcript's entries so far; what the game knows beyond the engine's state (notebooks, the end line's
    fallback figures) is derived from them and the ones recorded now (orchestrator.store.ledger), live as on resume."""
    assert config.game_id is not None
    started = time.monotonic()
    ended: dict[str, Any] = {}
    before = len(entries)

    def record(entry: Entry) -> None:
        rt.entries.append(entry)
        writer.write_entry(entry)

    def finish(pos: Position) -> dict[str, Any]:
        ended.update(winner=pos.state.winner.value if pos.state.winner else None, events=len(pos.events),
                     decisions=pos.applied, nights=pos.state.night, days=pos.state.day,
                     wall_s=round(time.monotonic() - started, 3), **ledger(rt.entries).tally.to_dict())
        writer.write_end(ended)
        return dict(ended)

    rt = GameRuntime(cache=cache, agents=seats, lang=config.lang, humans=config.humans,
                     record=record, finish=finish, stream_speech=hooks.on_speech is not None, entries=list(entries))
    steps = [0]
    if plain:
        await play_plain(rt, hooks, start["actions"], steps)
        stats = {"decisions": ledger(rt.entries[before:]).decisions, "batches": steps[0]}
        return GameResult(writer.path, config.game_id, ended.get("winner"), stats=stats, end=dict(ended))
    async with open_saver(ckpt) as saver:
        graph = build_graph().compile(checkpointer=saver)
        result = await _loop(graph, rt, config.game_id, writer.path, hooks, start, ended, steps)
    if result.winner is not None and ckpt is not None:
        remove_checkpoint(ckpt)  # a finished game needs no checkpoint; its transcript says it is over
    stats = {"decisions": ledger(rt.entries[before:]).decisions, "batches": steps[0]}
    return replace(result, stats=stats, end=dict(ended) if ended else None)


async def _loop(graph: Any, rt: GameRuntime, game_id: str, path: Path, hooks: Hooks, start: Any,
                ended: dict[str, Any], steps: list[int]) -> GameResult:
    """Streams the graph; `steps` counts the steps that asked agents (each announces whom it waits for)."""
    payload: Any = start
    while True:
        waiting: dict[str, Any] | None = None
        async for mode, chunk in graph.astream(payload, thread_config(game_id), stream_mode=["custom", "updates"],
                                             context=rt):
            if mode == "custom":
                await _deliver(hooks, chunk, steps)
            elif mode == "updates" and "__interrupt__" in chunk:
                waiting = chunk["__interrupt__"][0].value
        if waiting is None:
            return GameResult(path, game_id, ended.get("winner"))
        if hooks.on_human is None:
            return GameResult(path, game_id, None, waiting=waiting)
        payload = Command(resume=await hooks.on_human(waiting))
