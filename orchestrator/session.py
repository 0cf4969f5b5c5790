"""Running a game end to end: files, agents, checkpointer, the graph loop, and resuming a stopped game."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver
from langgraph.types import Command

from agents.base import Agent
from orchestrator.config import RECURSION_LIMIT, RunConfig
from orchestrator.graph import GameRuntime, build_graph
from orchestrator.replay_cache import Position, ReplayCache
from orchestrator.seats import build_agents, make_header
from orchestrator.transcript import Entry, TranscriptWriter, read_transcript, truncate_to

OnEntry = Callable[[Entry], Awaitable[None] | None]
OnEnd = Callable[[dict[str, Any]], Awaitable[None] | None]
OnHuman = Callable[[dict[str, Any]], Awaitable[Any]]  # interrupt payload -> the person's answer
OnSpeech = Callable[[int, str, str], Awaitable[None] | None]  # (seat, kind, speech so far)
OnWait = Callable[[list[dict[str, Any]]], Awaitable[None] | None]  # [{"seat", "kind"}]: the agents asked now


class ResumeError(Exception):
    """The game cannot be resumed (over already, or transcript and checkpoint disagree): one line."""


@dataclass(frozen=True)
class GameResult:
    """How a session ended: over (winner set) or waiting for a person (no human handler was given)."""

    path: Path
    game_id: str
    winner: str | None
    waiting: dict[str, Any] | None = None
    stats: dict[str, int] | None = None  # steps ("batches") and decisions taken by this process


@dataclass
class Hooks:
    """Callbacks: every event as it happens, the end line, the person behind each human seat, and (optional)
    a public speech while a model still writes it — the speech so far, each time it grows; its final event
    follows through on_entry. Only set on_speech to watch: it makes speaking model seats stream."""

    on_entry: OnEntry | None = None
    on_end: OnEnd | None = None
    on_human: OnHuman | None = None
    on_speech: OnSpeech | None = None
    on_wait: OnWait | None = None  # which agent seats are asked now (night requests included: filter to show)


def checkpoint_path(transcript: Path) -> Path:
    """The SQLite checkpoint next to a transcript."""
    return transcript.with_name(transcript.stem + ".ckpt.sqlite")


def new_game_id(config: RunConfig) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    return f"{config.ruleset}-s{config.seed}-{stamp}"


def _unique_path(out: Path, game_id: str) -> tuple[str, Path]:
    path, n = out / f"{game_id}.jsonl", 1
    while path.exists() or checkpoint_path(path).exists():
        n += 1
        path = out / f"{game_id}-{n}.jsonl"
    return path.stem, path


async def _call(fn: Callable[..., Any] | None, *args: Any) -> Any:
    if fn is None:
        return None
    result = fn(*args)
    return await result if inspect.isawaitable(result) else result


class _OrderlySaver(AsyncSqliteSaver):
    """The SQLite checkpointer, keeping count of its writes in flight: LangGraph writes a step's results from
    background tasks, so a game stopped mid-step (a quit while models think) must let them land before the
    connection closes — else they fail on a closed database after the game is gone."""

    in_flight: set[asyncio.Task[Any]]

    async def aput_writes(self, *args: Any, **kwargs: Any) -> None:
        task = asyncio.current_task()
        if task is None:
            await super().aput_writes(*args, **kwargs)
            return
        self.in_flight.add(task)
        try:
            await super().aput_writes(*args, **kwargs)
        finally:
            self.in_flight.discard(task)

    async def settle(self) -> None:
        """Waits for the writes in flight (bounded), whatever stopped the game."""
        for _ in range(10):
            pending = [t for t in self.in_flight if not t.done() and t is not asyncio.current_task()]
            if not pending:
                return
            await asyncio.wait(pending, timeout=2.0)


@contextlib.asynccontextmanager
async def _saver(path: Path | None) -> Any:
    if path is None:
        yield InMemorySaver()
        return
    async with _OrderlySaver.from_conn_string(str(path)) as base:
        saver = cast(_OrderlySaver, base)
        saver.in_flight = set()
        try:
            yield saver
        finally:
            await asyncio.shield(saver.settle())


async def run_game(config: RunConfig, *, agents: dict[int, Agent] | None = None, hooks: Hooks | None = None,
                   in_memory: bool = False) -> GameResult:
    """Plays a new game: writes the transcript (and the checkpoint next to it) as the game goes."""
    config = config.with_seed()
    seed = int(config.seed or 0)
    game_id, path = _unique_path(config.out, config.game_id or new_game_id(config))
    config = replace(config, game_id=game_id)
    cache = ReplayCache(config.ruleset, seed, config.players)
    start = cache.start()
    async with contextlib.AsyncExitStack() as stack:
        seats, config = await build_agents(config, len(start.state.seats), agents, stack)
        writer = TranscriptWriter(path)
        writer.create(make_header(config, seats, start))
        hooks = hooks or Hooks()
        for i, event in enumerate(start.events):
            entry = Entry(i, event)
            writer.write_entry(entry)
            await _call(hooks.on_entry, entry)
        ckpt = None if in_memory else checkpoint_path(path)
        try:
            return await _drive(config, cache, seats, writer, hooks, ckpt, {"actions": [], "held": []})
        finally:
            writer.close()


async def resume_game(game: Path, *, agents: dict[int, Agent] | None = None, hooks: Hooks | None = None,
                      overrides: dict[str, Any] | None = None) -> GameResult:
    """Continues a stopped game from its checkpoint; the transcript is cut back to what the checkpoint holds."""
    transcript = read_transcript(game, tolerant=True)
    header = transcript.header
    config = RunConfig.from_header(header.get("options", {}), **(overrides or {}))
    if config.seed is None:
        raise ResumeError(f"{game}: the header records no seed")
    if transcript.end is not None:
        raise ResumeError(f"{game}: the game is over already ({transcript.end.get('winner')} won)")
    ckpt = checkpoint_path(game)
    if not ckpt.exists():
        raise ResumeError(f"{ckpt}: no checkpoint next to the transcript")
    cache = ReplayCache(config.ruleset, config.seed, config.players)
    async with _saver(ckpt) as saver:
        snapshot = await saver.aget_tuple(_thread(transcript.game_id))
    pos = cache.at(_checkpointed_actions(snapshot))
    entries = _reconcile(game, transcript.entries, pos)
    truncate_to(game, header, entries)
    async with contextlib.AsyncExitStack() as stack:
        seats, config = await build_agents(config, len(pos.state.seats), agents, stack)
        writer = TranscriptWriter(game)
        writer.reopen()
        try:
            start: Any = None if snapshot else {"actions": [], "held": []}
            return await _drive(config, cache, seats, writer, hooks or Hooks(), ckpt, start)
        finally:
            writer.close()


def _checkpointed_actions(snapshot: Any) -> list[dict[str, Any]]:
    """The actions the checkpoint holds, plus those of a finished step whose writes were saved but not yet
    folded into a checkpoint (LangGraph applies such pending writes on resume without re-running the node)."""
    if snapshot is None:
        return []
    actions = list(snapshot.checkpoint["channel_values"].get("actions") or [])
    for _task, channel, value in snapshot.pending_writes or ():
        if channel == "actions":
            actions.extend(value)
    return actions


def _reconcile(game: Path, entries: list[Entry], pos: Position) -> list[Entry]:
    """The transcript's entries up to the checkpoint, after checking they are the events the engine makes."""
    kept: list[Entry] = []
    for i, event in enumerate(pos.events):
        if i < len(entries):
            if _plain(entries[i].event) != _plain(event):
                raise ResumeError(f"{game}: event {i} differs from what the checkpointed actions produce")
            kept.append(entries[i])
        else:
            kept.append(Entry(i, event, {"agent": "unknown", "lost": True} if i in pos.decision_index else None))
    return kept


def _plain(event: Any) -> Any:
    """An event as JSON sees it (tuples and lists alike)."""
    return json.loads(json.dumps(event.to_dict()))


async def _speech(hooks: Hooks, chunk: dict[str, Any]) -> None:
    """A speech so far: a display concern only, so a failing on_speech never stops the game."""
    with contextlib.suppress(Exception):
        await _call(hooks.on_speech, chunk["seat"], chunk["kind"], chunk["text"])


def _thread(game_id: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": game_id}, "recursion_limit": RECURSION_LIMIT}


async def _drive(config: RunConfig, cache: ReplayCache, seats: dict[int, Agent], writer: TranscriptWriter,
                 hooks: Hooks, ckpt: Path | None, start: Any) -> GameResult:
    """Runs the graph until the game ends or a human seat waits with nobody to answer."""
    assert config.game_id is not None
    started = time.monotonic()
    ended: dict[str, Any] = {}

    def finish(pos: Position) -> dict[str, Any]:
        ended.update(winner=pos.state.winner.value if pos.state.winner else None, events=len(pos.events),
                     decisions=pos.applied, nights=pos.state.night, days=pos.state.day,
                     wall_s=round(time.monotonic() - started, 3))
        writer.write_end(ended)
        return dict(ended)

    rt = GameRuntime(cache=cache, agents=seats, lang=config.lang, humans=config.humans,
                     record=writer.write_entry, finish=finish, stream_speech=hooks.on_speech is not None)
    async with _saver(ckpt) as saver:
        graph = build_graph(rt).compile(checkpointer=saver)
        result = await _loop(graph, config.game_id, writer.path, hooks, start, ended)
    if result.winner is not None and ckpt is not None:
        ckpt.unlink(missing_ok=True)  # a finished game needs no checkpoint; its transcript says it is over
    return replace(result, stats=dict(rt.stats))


async def _loop(graph: Any, game_id: str, path: Path, hooks: Hooks, start: Any,
                ended: dict[str, Any]) -> GameResult:
    payload: Any = start
    while True:
        waiting: dict[str, Any] | None = None
        async for mode, chunk in graph.astream(payload, _thread(game_id), stream_mode=["custom", "updates"]):
            if mode == "custom" and chunk["type"] == "entry":
                await _call(hooks.on_entry, chunk["entry"])
            elif mode == "custom" and chunk["type"] == "end":
                await _call(hooks.on_end, chunk["end"])
            elif mode == "custom" and chunk["type"] == "speech":
                await _speech(hooks, chunk)
            elif mode == "custom" and chunk["type"] == "waiting":
                with contextlib.suppress(Exception):  # a display concern never stops the game
                    await _call(hooks.on_wait, chunk["requests"])
            elif mode == "updates" and "__interrupt__" in chunk:
                waiting = chunk["__interrupt__"][0].value
        if waiting is None:
            return GameResult(path, game_id, ended.get("winner"))
        if hooks.on_human is None:
            return GameResult(path, game_id, None, waiting=waiting)
        payload = Command(resume=await hooks.on_human(waiting))


__all__ = ["BaseCheckpointSaver", "GameResult", "Hooks", "ResumeError", "checkpoint_path", "resume_game",
           "run_game"]
