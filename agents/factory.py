"""Builds the players of a game from the run options (--agents, --model, --base-url, --api-key,
--api-key-env, --allow-key-env, --provider, --prompt-profile, --table, --lang, --timeout;
--allow-endpoint; OPENAI_API_KEY and OPENAI_BASE_URL from the environment).

Precedence per seat: its [seats.N] section, then the table's [defaults], then `seat_defaults` (a tournament
contestant's options), then the command line, then the environment. Seats sharing an endpoint and key share one
client. Keys are read here and kept only in the clients: never in an agent's recorded fields, never in an error
message. Which key a client gets is decided by the one key rule, agents/key_rule.py: a key goes only to an origin
the user named or allowed (--allow-endpoint), from a variable the user gave or allowed (--allow-key-env); a table's
or a tournament file's own base_url alone gets no key (a loopback one gets the placeholder key).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Protocol, TypeVar

import openai

from agents.base import Agent
from agents.bots.levels import LevelError, is_bot_kind, is_voiced, parse_level
from agents.bots.random_bot import RandomAgent
from agents.bots.scripted import ScriptedAgent
from agents.key_rule import DEFAULT_BASE_URL, LOCAL_KEY, Leave, key_for
from agents.llm.agent import LLMAgent
from agents.llm.endpoint import Endpoint
from agents.providers.profiles import GenOptions
from agents.providers.seat_table import SeatSpec, Table, TableError, load_table
from agents.providers.transport import BoundedClient
from agents.voice.agent import VoicedAgent, voice_options
from engine import KillerError
from hygiene import secrets

T = TypeVar("T")


class AgentSetupError(KillerError, ValueError):
    """The agents cannot be built as asked: one line for the user."""


class RunOptions(Protocol):
    """What the factory reads from the run configuration (orchestrator.config.RunConfig has these)."""

    @property
    def agents(self) -> str: ...
    @property
    def model(self) -> str | None: ...
    @property
    def base_url(self) -> str | None: ...
    @property
    def api_key(self) -> str | None: ...
    @property
    def table(self) -> Path | None: ...
    @property
    def lang(self) -> str: ...
    @property
    def timeout(self) -> float: ...
    @property
    def seed(self) -> int | None: ...


def build_agents(options: RunOptions, seats: Sequence[int], env: Mapping[str, str] | None = None,
                 leave: Leave | None = None) -> dict[int, Agent]:
    """One agent per seat in `seats`. Raises AgentSetupError / TableError / KeyRefused (all ValueError) with one
    line. `leave`: what the user allowed (default: read off `options`, the command line of `run` and `resume`)."""
    env = os.environ if env is None else env
    leave = leave_of(options, env) if leave is None else leave
    if options.seed is None:
        raise AgentSetupError("the agents need the game seed (RunConfig.with_seed())")
    table = load_table(options.table) if options.table is not None else Table()
    if seats:
        table.check_players(max(seats))
    clients: dict[tuple[str, str, float], openai.AsyncOpenAI] = {}
    base = getattr(options, "seat_defaults", None)
    base = base if isinstance(base, SeatSpec) else SeatSpec()
    return {seat: _build(seat, table.spec(seat).over(base), options, env, clients, leave) for seat in seats}


def leave_of(options: RunOptions, env: Mapping[str, str]) -> Leave:
    """The user's leave as a run configuration holds it (the command line of `run`, `resume`, `play`)."""
    return Leave.of(base_url=options.base_url, key=options.api_key, key_env=_option(options, "api_key_env", ""),
                    endpoints=getattr(options, "allow_endpoint", None) or (),
                    key_envs=getattr(options, "allow_key_env", None) or (), env=env)


def _build(seat: int, spec: SeatSpec, options: RunOptions, env: Mapping[str, str],
           clients: dict[tuple[str, str, float], openai.AsyncOpenAI], leave: Leave) -> Agent:
    kind = spec.agent or options.agents
    seed = int(options.seed or 0)
    contestant = _option(options, "contestant", "") or None  # a tournament's: its name goes into a bot's seed
    if kind == "random":
        return RandomAgent(seed, contestant)
    if is_bot_kind(kind):
        try:
            bot = ScriptedAgent(seed, lang=options.lang, level=parse_level(kind), contestant=contestant)
        except LevelError as exc:
            raise AgentSetupError(str(exc)) from None
        if not is_voiced(kind):
            return bot
        client, model, timeout = _client(seat, spec, options, env, clients, leave)
        endpoint = _endpoint(Endpoint, client, model, options.lang, timeout, spec, options,
                             voice_options(spec.gen_options()))
        return VoicedAgent(bot, endpoint)
    if kind != "llm":
        raise AgentSetupError(f"unknown agent kind {kind!r} (llm, scripted[:LEVEL][+voice] or random)")
    client, model, timeout = _client(seat, spec, options, env, clients, leave)
    return _endpoint(LLMAgent, client, model, options.lang, timeout, spec, options, spec.gen_options(),
                     prompt_profile=spec.prompt_profile or _option(options, "prompt_profile", "auto"))


def _client(seat: int, spec: SeatSpec, options: RunOptions, env: Mapping[str, str],
            clients: dict[tuple[str, str, float], openai.AsyncOpenAI],
            leave: Leave) -> tuple[openai.AsyncOpenAI, str, float]:
    """A model seat's client (an LLM seat's, or a voiced bot's voice), its model and timeout: the key by the one
    key rule; seats sharing an endpoint and key share one client."""
    contestant = _option(options, "contestant", "") or None
    model = spec.model or options.model
    base_url = spec.base_url or options.base_url or env.get("OPENAI_BASE_URL") or None
    if not model:
        where = "the table" if spec.base_url else "--model"
        raise AgentSetupError(f"seat {seat}: no model given (set model in {where}, or play on the embedded "
                              "model by giving no model options)")
    base_url = base_url or DEFAULT_BASE_URL
    timeout = spec.timeout or options.timeout
    source = _option(options, "file_name", "the table") if spec.base_url or spec.api_key_env else "the command line"
    who = f"contestant {contestant}" if contestant else f"seat {seat}"
    key = key_for(leave, base_url, env, named_env=spec.api_key_env, who=who, source=source)
    secrets.remember(key)
    secrets.remember_url(base_url)
    client = clients.get((base_url, key, timeout))
    if client is None:
        # max_retries=0: the agent is the one retry layer; the timeout is per HTTP request.
        client = openai.AsyncOpenAI(api_key=key, base_url=base_url, max_retries=0, timeout=timeout,
                                    http_client=BoundedClient(timeout=timeout))  # answers bounded in bytes and time
        clients[(base_url, key, timeout)] = client
    return client, model, timeout


def _endpoint(make: Callable[..., T], client: openai.AsyncOpenAI, model: str, lang: str, timeout: float,
              spec: SeatSpec, options: RunOptions, generation: GenOptions, **more: str) -> T:
    """An LLM agent or a voice's endpoint over `client`, with the seat's provider, format and generation options
    (a bad one is a ValueError, one line)."""
    return make(client, model, lang=lang, timeout=timeout,
                response_format_style=spec.response_format or _style(options),
                provider=spec.provider or _option(options, "provider", "auto"), options=generation, **more)


def build_endpoint(model: str, base_url: str, *, leave: Leave, api_key_env: str | None = None,
                   env: Mapping[str, str] | None = None, lang: str = "en", timeout: float = 60.0,
                   provider: str = "auto", options: GenOptions | None = None, response_format: str = "auto",
                   who: str = "the judge", source: str = "the judge table") -> Endpoint:
    """A model behind an endpoint outside any seat (the judge model): its key by the one key rule
    (agents/key_rule.py) from the user's `leave` and the variable a file named (`api_key_env`); remembered for
    redaction and kept only in the client, which bounds every answer in bytes and time."""
    env = os.environ if env is None else env
    key = key_for(leave, base_url, env, named_env=api_key_env, who=who, source=source)
    secrets.remember(key)
    secrets.remember_url(base_url)
    client = openai.AsyncOpenAI(api_key=key, base_url=base_url, max_retries=0, timeout=timeout,
                                http_client=BoundedClient(timeout=timeout))
    try:
        return Endpoint(client, model, lang=lang, timeout=timeout, response_format_style=response_format,
                        provider=provider, options=options)
    except ValueError as exc:
        raise AgentSetupError(f"{who}: {exc}") from None


def _style(options: RunOptions) -> str:
    return _option(options, "response_format", "auto")


def _option(options: RunOptions, name: str, default: str) -> str:
    """An optional string option of the run configuration (not every caller has it)."""
    value = getattr(options, name, None)
    return value if isinstance(value, str) and value else default


__all__ = ["DEFAULT_BASE_URL", "LOCAL_KEY", "AgentSetupError", "RunOptions", "TableError", "build_agents",
           "build_endpoint", "leave_of"]
