"""Builds the players of a game from the run options (--agents, --model, --base-url, --api-key,
--api-key-env, --allow-key-env, --provider, --prompt-profile, --table, --lang, --timeout;
OPENAI_API_KEY and OPENAI_BASE_URL from the environment).

Precedence per seat: its [seats.N] section, then the table's [defaults], then `seat_defaults` (a tournament
contestant's options), then the command line, then the environment. Seats sharing an endpoint and key share one
client. Keys are read here and kept only in the clients: never in an agent's recorded fields, never in an error
message. A key goes only where it was given for: a table's `api_key_env` must be one the user passed
(--api-key-env) or allowed (--allow-key-env NAME), and the command line's key never goes to a table's own
base_url (a loopback one gets the placeholder key).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Protocol

import openai

from agents.base import Agent
from agents.bots.levels import LevelError, is_bot_kind, parse_level
from agents.bots.random_bot import RandomAgent
from agents.bots.scripted import ScriptedAgent
from agents.llm.agent import LLMAgent, is_loopback
from agents.llm.endpoint import Endpoint
from agents.providers.profiles import GenOptions
from agents.providers.seat_table import SeatSpec, Table, TableError, load_table
from agents.providers.transport import BoundedClient
from engine import KillerError
from hygiene import secrets
from hygiene.secrets import redact_url

LOCAL_KEY = "not-needed"  # loopback servers (the embedded model, a local vLLM/Ollama) take any key
DEFAULT_BASE_URL = "https://api.openai.com/v1"


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


def build_agents(options: RunOptions, seats: Sequence[int], env: Mapping[str, str] | None = None) \
        -> dict[int, Agent]:
    """One agent per seat in `seats`. Raises AgentSetupError / TableError (both ValueError) with one line."""
    env = os.environ if env is None else env
    if options.seed is None:
        raise AgentSetupError("the agents need the game seed (RunConfig.with_seed())")
    table = load_table(options.table) if options.table is not None else Table()
    if seats:
        table.check_players(max(seats))
    clients: dict[tuple[str, str, float], openai.AsyncOpenAI] = {}
    base = getattr(options, "seat_defaults", None)
    base = base if isinstance(base, SeatSpec) else SeatSpec()
    return {seat: _build(seat, table.spec(seat).over(base), options, env, clients) for seat in seats}


def _build(seat: int, spec: SeatSpec, options: RunOptions, env: Mapping[str, str],
           clients: dict[tuple[str, str, float], openai.AsyncOpenAI]) -> Agent:
    kind = spec.agent or options.agents
    seed = int(options.seed or 0)
    contestant = _option(options, "contestant", "") or None  # a tournament's: its name goes into a bot's seed
    if kind == "random":
        return RandomAgent(seed, contestant)
    if is_bot_kind(kind):
        try:
            return ScriptedAgent(seed, lang=options.lang, level=parse_level(kind), contestant=contestant)
        except LevelError as exc:
            raise AgentSetupError(str(exc)) from None
    if kind != "llm":
        raise AgentSetupError(f"unknown agent kind {kind!r} (llm, scripted[:LEVEL] or random)")
    model = spec.model or options.model
    base_url = spec.base_url or options.base_url or env.get("OPENAI_BASE_URL") or None
    if not model:
        where = "the table" if spec.base_url else "--model"
        raise AgentSetupError(f"seat {seat}: no model given (set model in {where}, or play on the embedded "
                              "model by giving no model options)")
    base_url = base_url or DEFAULT_BASE_URL
    timeout = spec.timeout or options.timeout
    key = _api_key(seat, spec, options, env, base_url)
    secrets.remember(key)
    secrets.remember_url(base_url)
    client = clients.get((base_url, key, timeout))
    if client is None:
        # max_retries=0: the agent is the one retry layer; the timeout is per HTTP request.
        client = openai.AsyncOpenAI(api_key=key, base_url=base_url, max_retries=0, timeout=timeout,
                                    http_client=BoundedClient(timeout=timeout))  # answers bounded in bytes and time
        clients[(base_url, key, timeout)] = client
    return LLMAgent(client, model, lang=options.lang, timeout=timeout,
                    response_format_style=spec.response_format or _style(options),
                    provider=spec.provider or _option(options, "provider", "auto"), options=spec.gen_options(),
                    prompt_profile=spec.prompt_profile or _option(options, "prompt_profile", "auto"))


def _api_key(seat: int, spec: SeatSpec, options: RunOptions, env: Mapping[str, str], base_url: str) -> str:
    """The key a seat sends. A table names key variables only with the user's leave, and the command line's key
    goes only to the command line's endpoint: a variable is sent only to the base URL it was given with."""
    if spec.api_key_env:
        return _table_key(seat, spec.api_key_env, options, env)
    if spec.base_url and spec.base_url != _command_line_url(options, env):
        if is_loopback(base_url):
            return LOCAL_KEY
        raise AgentSetupError(f"seat {seat}: no API key for {redact_url(base_url)}: the table gives this seat its own "
                              "base_url, and killer sends the command line's key only to the command line's "
                              "endpoint; name its key in the table (api_key_env = NAME) and pass --allow-key-env NAME")
    name = _option(options, "api_key_env", "")
    if name:
        if not env.get(name):
            raise AgentSetupError(f"seat {seat}: environment variable {name} (--api-key-env) is not set")
        return env[name]
    key = options.api_key or env.get("OPENAI_API_KEY")
    if key:
        return key
    if is_loopback(base_url):
        return LOCAL_KEY
    raise AgentSetupError(f"seat {seat}: no API key for {redact_url(base_url)}: set OPENAI_API_KEY, --api-key, or "
                          "api_key_env in the table")


def build_endpoint(model: str, base_url: str, *, api_key_env: str | None = None,
                   env: Mapping[str, str] | None = None, lang: str = "en", timeout: float = 60.0,
                   provider: str = "auto", options: GenOptions | None = None, response_format: str = "auto",
                   who: str = "the judge") -> Endpoint:
    """A model behind an endpoint outside any seat (the judge model): its key from the environment variable
    `api_key_env`, else OPENAI_API_KEY, else none for a loopback server; the key is remembered for redaction and
    kept only in the client."""
    env = os.environ if env is None else env
    if api_key_env:
        key = env.get(api_key_env)
        if not key:
            raise AgentSetupError(f"{who}: environment variable {api_key_env} (api_key_env) is not set")
    else:
        key = env.get("OPENAI_API_KEY") or (LOCAL_KEY if is_loopback(base_url) else "")
        if not key:
            raise AgentSetupError(f"{who}: no API key for {base_url}: set OPENAI_API_KEY or name a variable with "
                                  "--api-key-env")
    secrets.remember(key)
    secrets.remember_url(base_url)
    client = openai.AsyncOpenAI(api_key=key, base_url=base_url, max_retries=0, timeout=timeout)
    try:
        return Endpoint(client, model, lang=lang, timeout=timeout, response_format_style=response_format,
                        provider=provider, options=options)
    except ValueError as exc:
        raise AgentSetupError(f"{who}: {exc}") from None


def _table_key(seat: int, name: str, options: RunOptions, env: Mapping[str, str]) -> str:
    """The variable a table names, if the user passed it (--api-key-env NAME) or allowed it (--allow-key-env)."""
    allowed = {_option(options, "api_key_env", ""), *(getattr(options, "allow_key_env", None) or ())}
    if name not in allowed:
        raise AgentSetupError(f"seat {seat}: the table names the environment variable {name} (api_key_env); a "
                              f"table may send only the variables you allow: pass --allow-key-env {name} if its "
                              "key may go to the table's base_url")
    key = env.get(name)
    if not key:
        raise AgentSetupError(f"seat {seat}: environment variable {name} (api_key_env) is not set")
    return key


def _command_line_url(options: RunOptions, env: Mapping[str, str]) -> str:
    """The endpoint the command line's key is for: --base-url, else $OPENAI_BASE_URL, else OpenAI's."""
    return options.base_url or env.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL


def _style(options: RunOptions) -> str:
    return _option(options, "response_format", "auto")


def _option(options: RunOptions, name: str, default: str) -> str:
    """An optional string option of the run configuration (not every caller has it)."""
    value = getattr(options, name, None)
    return value if isinstance(value, str) and value else default


__all__ = ["AgentSetupError", "RunOptions", "TableError", "build_agents", "build_endpoint"]
