"""Who sits where: agents for every seat (via agents.factory), the embedded model, the transcript header."""

from __future__ import annotations

import contextlib
import functools
import importlib
import platform
import time
from dataclasses import replace
from importlib import metadata
from typing import Any

from agents.base import Agent
from engine.errors import KillerError
from orchestrator.config import RunConfig
from orchestrator.replay_cache import Position


class SeatSetupError(KillerError):
    """Agents cannot be built (missing extra, bad table, unknown agent kind): one line for the user."""


@functools.cache  # a distribution's version does not change while the process runs (read once, not per game)
def _version(dist: str) -> str | None:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def versions() -> dict[str, str | None]:
    """Versions worth recording beside a game."""
    return {"killer": _version("killer-game"), "python": platform.python_version(), "openai": _version("openai"),
            "langgraph": _version("langgraph")}


async def build_agents(config: RunConfig, players: int, given: dict[int, Agent] | None,
                       stack: contextlib.AsyncExitStack) -> tuple[dict[int, Agent], RunConfig]:
    """One agent per non-human seat; starts the embedded model (kept running by `stack`) when it is needed."""
    if given is not None:
        return dict(given), config
    base_url, model, provider = config.base_url, config.model, config.provider
    if config.embedded:
        server = await stack.enter_async_context(_embedded_server())
        base_url, model, provider = server.base_url, server.model, "llamacpp"  # the launcher knows its server
    seats = [s for s in range(1, players + 1) if s not in config.humans]
    try:
        built = factory_build(replace(config, base_url=base_url, model=model, provider=provider), seats)
    except (ValueError, OSError) as exc:
        raise SeatSetupError(str(exc)) from None
    return dict(built), config


def factory_build(config: RunConfig, seats: list[int]) -> dict[int, Agent]:
    """agents.factory.build_agents (a seam tests may replace)."""
    from agents.factory import build_agents as build

    return build(config, seats)


@contextlib.asynccontextmanager
async def _embedded_server() -> Any:
    try:
        local = importlib.import_module("agents.providers.local_server")
    except ModuleNotFoundError as exc:
        raise SeatSetupError(f"the embedded model is not available ({exc.name} missing)") from None
    try:
        async with local.LocalModelServer() as server:
            yield server
    except (local.LocalModelUnavailable, local.LocalServerError) as exc:
        raise SeatSetupError(str(exc)) from None


def describe_seat(seat: int, agent: Agent | None) -> dict[str, Any]:
    """A seat's line in the header: agent kind, model, and for model seats the provider profile and generation
    options (never a key)."""
    if agent is None:
        return {"seat": seat, "agent": "human", "model": None}
    kind = getattr(agent, "kind", None) or type(agent).__name__.removesuffix("Agent").lower() or "agent"
    model = getattr(agent, "model", None)
    out = {"seat": seat, "agent": str(kind), "model": model if isinstance(model, str) else None}
    describe = getattr(agent, "describe", None)
    if callable(describe):
        more = describe()
        if isinstance(more, dict):
            out.update(more)
    return out


def _header(config: RunConfig, players: int, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """What every header starts with: the game, its rules and table, who sits where, the language."""
    return {"game_id": config.game_id, "ruleset": config.ruleset, "seed": config.seed, "players": players,
            "seats": seats, "lang": config.lang}


def make_header(config: RunConfig, agents: dict[int, Agent], start: Position) -> dict[str, Any]:
    """The transcript header: ruleset, seed, seats, language, versions, the options (no key), when."""
    players = len(start.state.seats)
    seats = [describe_seat(s, agents.get(s)) for s in range(1, players + 1)]
    return {**_header(config, players, seats), "versions": versions(),
            "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "options": config.to_header()}


def planned_header(config: RunConfig, players: int) -> dict[str, Any]:
    """The header as far as it is known before the agents exist (what a live table shows until the transcript's
    own header is written): each seat a person or the configured agent kind and model."""
    seats = [{"seat": n, "agent": "human" if n in config.humans else config.agents, "model": config.model}
             for n in range(1, players + 1)]
    return _header(config, players, seats)
