"""Running a game end to end: files, agents, checkpointer, the graph loop, and resuming a stopped game."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import os
import sqlite3
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver
from langgraph.types import Command

import engine
from agents.base import Agent
from agents.health import FallbackTally
from agents.view import NotebookData
from hygiene.secrets import redact_url
from orchestrator.config import RECURSION_LIMIT, RunConfig
from orchestrator.graph import GameRuntime, build_graph
from orchestrator.lock import BusyError, hold
from orchestrator.preflight import preflight, resolve_all
from orchestrator.replay_cache import Position, ReplayCache
from orchestrator.seats import build_agents, make_header
from orchestrator.transcript import Entry, TranscriptWriter, read_transcript, truncate_to

# Taken from the command line on resume, never from a header: where requests go, which key, how they are shaped.
ENDPOINT_FIELDS = ("base_url", "model", "table", "api_key", "api_key_env", "provider")
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
    end: dict[str, Any] | None = None  # the end line: winner, per-seat fallbacks, degraded seats

    @property
    def degraded(self) -> list[int]:
        """Seats whose play was degraded (agents/health.py)."""
        return list((self.end or {}).get("degraded") or [])


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
    on_transcript: Callable[[Path], None] | None = None  # the transcript's path, once its header is written


def checkpoint_path(transcript: Path) -> Path:
    """The SQLite checkpoint next to a transcript."""
    return transcript.with_name(transcript.stem + ".ckpt.sqlite")


def new_game_id(config: RunConfig) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    return f"{config.ruleset}-s{config.seed}-{stamp}"


def _claim(out: Path, game_id: str, stack: contextlib.ExitStack) -> tuple[str, Path]:
    """A fresh transcript path for `game_id` under `out`, locked and created (a busy or taken name, as when
    several runs start in the same second with one --out, moves on to the next number)."""
    out.mkdir(parents=True, exist_ok=True)
    for n in range(1, 1000):
        path = out / (f"{game_id}.jsonl" if n == 1 else f"{game_id}-{n}.jsonl")
        if path.exists() or checkpoint_path(path).exists():
            continue
        try:
            stack.enter_context(hold(path, "this game"))
        except BusyError:
            continue
        if not path.exists() and not checkpoint_path(path).exists():
            return path.stem, path
    raise FileExistsError(f"{out}: no free transcript name for {game_id}")


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
                   in_memory: bool = False, check: bool | None = None) -> GameResult:
    """Plays a new game: writes the transcript (and the checkpoint next to it) as the game goes. Before the
    header, every model seat's provider is resolved and (`check`; by default when the agents are built here)
    each distinct endpoint gets one preflight request: a refusal raises PreflightError and leaves no file."""
    config = config.with_seed()
    seed = int(config.seed or 0)
    with contextlib.ExitStack() as locks:
        game_id, path = _claim(config.out, config.game_id or new_game_id(config), locks)
        return await _new_game(replace(config, game_id=game_id), path, seed, agents, hooks, in_memory, check)


async def _new_game(config: RunConfig, path: Path, seed: int, agents: dict[int, Agent] | None,
                    hooks: Hooks | None, in_memory: bool, check: bool | None) -> GameResult:
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
        for i, event in enumerate(start.events):
            entry = Entry(i, event)
            writer.write_entry(entry)
            await _call(hooks.on_entry, entry)
        ckpt = None if in_memory else checkpoint_path(path)
        try:
            return await _drive(config, cache, seats, writer, hooks, ckpt, {"actions": [], "held": []},
                                FallbackTally())
        finally:
            writer.close()


async def resume_game(game: Path, *, agents: dict[int, Agent] | None = None, hooks: Hooks | None = None,
                      overrides: dict[str, Any] | None = None, from_transcript: bool = False) -> GameResult:
    """Continues a stopped game from its checkpoint; the transcript is cut back to what the checkpoint holds.

    Trust: where agents connect (base URL, model, seat table, key variables) comes from `overrides` (the command
    line) only, never from the transcript; a header that names an endpoint makes the user give it again.
    Progress: a missing, empty or foreign checkpoint of a game with decisions is a ResumeError naming the choices
    (`from_transcript` rebuilds the checkpoint from the transcript's decisions); a game stopped before it made
    any decision resumes from its transcript."""
    with hold(game, "this game"):
        transcript = read_transcript(game, tolerant=True)
        config = resume_config(game, transcript.header, overrides or {}, agents is not None)
        if transcript.end is not None:
            raise ResumeError(f"{game}: the game is over already ({transcript.end.get('winner')} won)")
        ckpt = checkpoint_path(game)
        cache = ReplayCache(config.ruleset, int(config.seed or 0), config.players, config.talk_rounds)
        actions, fresh = await _resume_actions(game, transcript, ckpt, from_transcript)
        try:
            pos = cache.at(actions)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:  # the engine's refusals are KillerErrors
            raise ResumeError(f"{game}: the recorded decisions cannot be replayed ({type(exc).__name__})") from None
        entries = _reconcile(game, transcript.entries, pos)
        truncate_to(game, transcript.header, entries)
        async with contextlib.AsyncExitStack() as stack:
            seats, config = await build_agents(config, len(pos.state.seats), agents, stack)
            await resolve_all(seats)
            writer = TranscriptWriter(game)
            writer.reopen()
            tally = FallbackTally()
            notebooks: dict[int, NotebookData] = {}  # each seat's latest notebook goes back to it after a resume too
            for entry in entries:
                tally.add(int(entry.event.data.get("seat") or 0), entry.annotation)
                if entry.annotation and entry.annotation.get("notebook"):
                    notebooks[int(entry.event.data.get("seat") or 0)] = entry.annotation["notebook"]
            try:
                start: Any = {"actions": actions, "held": []} if fresh else None
                return await _drive(config, cache, seats, writer, hooks or Hooks(), ckpt, start, tally, notebooks)
            finally:
                writer.close()


def resume_config(game: Path, header: dict[str, Any], overrides: dict[str, Any], own_agents: bool) -> RunConfig:
    """The RunConfig of a resumed game: the rules from the header, every endpoint from `overrides`."""
    options = dict(header.get("options") or {})
    recorded = {k: options.pop(k, None) for k in ENDPOINT_FIELDS}
    given = {k: overrides.get(k) for k in ENDPOINT_FIELDS}
    named = [k for k in ("base_url", "table") if recorded[k]]
    if named and not own_agents and not any(given[k] for k in ("base_url", "table")):
        where = " and ".join(f"{k} {redact_url(str(recorded[k])) if k == 'base_url' else recorded[k]}"
                             for k in named)
        raise ResumeError(f"{game}: this game was played with {where}; a transcript never decides where keys "
                          "are sent, so give it again (--base-url URL --model NAME, or --table FILE)")
    if given["base_url"] is None and given["table"] is None:
        given["model"] = given["model"] or recorded["model"]  # a model name alone sends nothing anywhere new
    options.pop("out", None)
    options.setdefault("talk_rounds", 0)  # a header without it: a game played before team talk (format < 4)
    _check_options(game, options)
    try:
        config = RunConfig.from_header(options, out=game.parent, **{**overrides, **given})
    except (TypeError, ValueError) as exc:
        raise ResumeError(f"{game}: the header's options are not a game's options ({exc})") from None
    if not isinstance(config.seed, int) or isinstance(config.seed, bool):
        raise ResumeError(f"{game}: the header records no integer seed")
    return config


def _check_options(game: Path, options: dict[str, Any]) -> None:
    """The header's options that steer the game have the types a game gives them."""
    humans, timeout = options.get("humans") or [], options.get("timeout", 60.0)
    if not isinstance(humans, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in humans):
        raise ResumeError(f"{game}: the header's humans is not a list of seat numbers")
    if not isinstance(timeout, int | float) or isinstance(timeout, bool) or not 0 < timeout < float("inf"):
        raise ResumeError(f"{game}: the header's timeout is not a positive number of seconds")
    talk = options["talk_rounds"]
    if isinstance(talk, bool) or not isinstance(talk, int) or not 0 <= talk <= engine.MAX_TEAM_TALK:
        raise ResumeError(f"{game}: the header's talk_rounds is not a number of rounds "
                          f"(0 to {engine.MAX_TEAM_TALK})")
    for name in ("ruleset", "lang", "agents"):
        if name in options and not isinstance(options[name], str):
            raise ResumeError(f"{game}: the header's {name} is not a string")


async def _resume_actions(game: Path, transcript: Any, ckpt: Path, from_transcript: bool) \
        -> tuple[list[dict[str, Any]], bool]:
    """The actions to continue from, and whether they start a fresh checkpoint (not the saved one)."""
    try:
        logged = [a.to_dict() for a in engine.decisions(transcript.events)]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ResumeError(f"{game}: a recorded decision is not one ({type(exc).__name__}: {exc})") from None
    if from_transcript:
        _remove_checkpoint(ckpt)
        return logged, True
    snapshot = await _read_checkpoint(game, ckpt, transcript.game_id)
    if snapshot is not None:
        return _checkpointed_actions(snapshot), False
    if logged:
        state = "is missing" if not ckpt.exists() else "holds nothing of this game (empty or another game's)"
        raise ResumeError(f"{ckpt}: the checkpoint {state}, but the transcript records {len(logged)} decisions; "
                          "resume with --from-transcript to rebuild them from the transcript, or start a new game")
    _remove_checkpoint(ckpt)  # stopped before its first decision: nothing to lose
    return [], True


async def _read_checkpoint(game: Path, ckpt: Path, game_id: str) -> Any:
    """The checkpoint's latest snapshot of this game, None when there is none; an unreadable file: ResumeError."""
    if not ckpt.exists():
        return None
    if not ckpt.is_file():
        raise ResumeError(f"{ckpt}: the checkpoint is not a file (a folder?); move it away, then resume (with "
                          "--from-transcript if the game has decisions)")
    if not os.access(ckpt, os.R_OK | os.W_OK) or not os.access(ckpt.parent, os.W_OK):
        raise ResumeError(f"{ckpt}: the checkpoint (or its folder) is read-only; resume needs to write it")
    try:
        async with _saver(ckpt) as saver:
            snapshot = await saver.aget_tuple(_thread(game_id))
        if snapshot is not None:
            _checkpointed_actions(snapshot)
        return snapshot
    except (sqlite3.Error, OSError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise ResumeError(f"{ckpt}: the checkpoint cannot be read ({type(exc).__name__}: {exc}); resume with "
                          "--from-transcript to rebuild it from the transcript") from None


def _remove_checkpoint(ckpt: Path) -> None:
    for extra in ("", "-wal", "-shm"):
        target = ckpt.with_name(ckpt.name + extra)
        if target.is_dir():
            raise ResumeError(f"{target}: the checkpoint is a folder; move it away first")
        target.unlink(missing_ok=True)


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
                 hooks: Hooks, ckpt: Path | None, start: Any, tally: FallbackTally,
                 notebooks: dict[int, NotebookData] | None = None) -> GameResult:
    """Runs the graph until the game ends or a human seat waits with nobody to answer."""
    assert config.game_id is not None
    started = time.monotonic()
    ended: dict[str, Any] = {}

    def record(entry: Entry) -> None:
        if entry.annotation is not None:
            tally.add(int(entry.event.data.get("seat") or 0), entry.annotation)
        writer.write_entry(entry)

    def finish(pos: Position) -> dict[str, Any]:
        ended.update(winner=pos.state.winner.value if pos.state.winner else None, events=len(pos.events),
                     decisions=pos.applied, nights=pos.state.night, days=pos.state.day,
                     wall_s=round(time.monotonic() - started, 3), **tally.to_dict())
        writer.write_end(ended)
        return dict(ended)

    rt = GameRuntime(cache=cache, agents=seats, lang=config.lang, humans=config.humans,
                     record=record, finish=finish, stream_speech=hooks.on_speech is not None,
                     notebooks=dict(notebooks or {}))
    async with _saver(ckpt) as saver:
        graph = build_graph(rt).compile(checkpointer=saver)
        result = await _loop(graph, config.game_id, writer.path, hooks, start, ended)
    if result.winner is not None and ckpt is not None:
        _remove_checkpoint(ckpt)  # a finished game needs no checkpoint; its transcript says it is over
    return replace(result, stats=dict(rt.stats), end=dict(ended) if ended else None)


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


__all__ = ["BaseCheckpointSaver", "BusyError", "GameResult", "Hooks", "ResumeError", "checkpoint_path", "resume_game",
           "run_game"]
