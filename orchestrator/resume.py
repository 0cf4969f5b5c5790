"""Resuming a stopped game: the rules from its header, every endpoint from the command line, the decisions from
its checkpoint (or rebuilt from its transcript), the transcript cut back to match, then the game loop again."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import engine
from agents.base import Agent
from engine import MALFORMED
from hygiene.files import FileRefused, refuse_unsafe
from hygiene.secrets import redact_url
from orchestrator.config import RunConfig
from orchestrator.hooks import GameResult, Hooks
from orchestrator.preflight import resolve_all
from orchestrator.replay_cache import Position, ReplayCache
from orchestrator.run import drive
from orchestrator.seats import build_agents
from orchestrator.store.checkpoint import ResumeError, checkpointed_actions, read_checkpoint, remove_checkpoint
from orchestrator.store.files import checkpoint_path
from orchestrator.store.lock import hold
from orchestrator.store.transcript import Entry, TranscriptWriter, read_transcript, truncate_to

# Taken from the command line on resume, never from a header: where requests go, which key, how they are shaped.
ENDPOINT_FIELDS = ("base_url", "model", "table", "api_key", "api_key_env", "allow_key_env", "allow_endpoint",
                   "provider")


async def resume_game(game: Path, *, agents: dict[int, Agent] | None = None, hooks: Hooks | None = None,
                      overrides: dict[str, Any] | None = None, from_transcript: bool = False,
                      plain: bool = False) -> GameResult:
    """Continues a stopped game from its checkpoint; the transcript is cut back to what the checkpoint holds.

    Trust: where agents connect (base URL, model, seat table, key variables) comes from `overrides` (the command
    line) only, never from the transcript; a header that names an endpoint makes the user give it again.
    Progress: a missing, empty or foreign checkpoint of a game with decisions is a ResumeError naming the choices
    (`from_transcript` rebuilds the checkpoint from the transcript's decisions); a game stopped before it made
    any decision resumes from its transcript. `plain` (with `from_transcript`, agents alone): the rest is played
    by the plain loop (orchestrator.run), which keeps no checkpoint."""
    try:
        refuse_unsafe(game, single=True)  # a second name of a game would write it beside its own lock
    except FileRefused as exc:
        raise ResumeError(f"{exc}; resume the game by its own file") from None
    if plain and not from_transcript:
        raise ValueError("the plain loop keeps no checkpoint: it resumes from the transcript only")
    with hold(game, "this game"):
        transcript = read_transcript(game, tolerant=True)
        config = resume_config(game, transcript.header, overrides or {}, agents is not None)
        ckpt = checkpoint_path(game)
        if transcript.end is not None:
            remove_checkpoint(ckpt)  # left by a process killed after the end line: a finished game needs none
            raise ResumeError(f"{game}: the game is over already ({transcript.end.get('winner')} won)")
        recorded = engine.recorded_card_talk(transcript.events) if transcript.entries else None  # as it was played
        revision = engine.recorded_revision(transcript.events) if transcript.events else engine.RULES_REVISION
        cache = ReplayCache(config.ruleset, int(config.seed or 0), config.players, config.talk_rounds, recorded,
                            revision)
        actions, fresh = await _resume_actions(game, transcript, ckpt, from_transcript)
        try:
            pos = cache.at(actions)
        except MALFORMED as exc:  # the engine's refusals are KillerErrors
            raise ResumeError(f"{game}: the recorded decisions cannot be replayed ({type(exc).__name__})") from None
        entries = _reconcile(game, transcript.entries, pos)
        truncate_to(game, transcript.header, entries)
        async with contextlib.AsyncExitStack() as stack:
            seats, config = await build_agents(config, len(pos.state.seats), agents, stack)
            await resolve_all(seats)
            writer = TranscriptWriter(game)
            writer.reopen()
            try:  # notebooks and fallback figures: derived from the kept entries, as live (orchestrator.store.ledger)
                start: Any = {"actions": actions, "held": []} if fresh else None
                return await drive(config, cache, seats, writer, hooks or Hooks(), None if plain else ckpt, start,
                                   entries, plain=plain)
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
    except MALFORMED as exc:
        raise ResumeError(f"{game}: a recorded decision is not one ({type(exc).__name__}: {exc})") from None
    if from_transcript:
        remove_checkpoint(ckpt)
        return logged, True
    snapshot = await read_checkpoint(game, ckpt, transcript.game_id)
    if snapshot is not None:
        return checkpointed_actions(snapshot), False
    if logged:
        state = "is missing" if not ckpt.exists() else "holds nothing of this game (empty or another game's)"
        raise ResumeError(f"{ckpt}: the checkpoint {state}, but the transcript records {len(logged)} decisions; "
                          "resume with --from-transcript to rebuild them from the transcript, or start a new game")
    remove_checkpoint(ckpt)  # stopped before its first decision: nothing to lose
    return [], True


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
