"""The per-seat table (TOML): which agent, model and endpoint each seat plays with, so one game can mix them.

    [defaults]                      # every seat, unless its own section says otherwise
    agent = "llm"                   # llm | scripted[:easy|normal|hard][+voice] | random
    model = "gpt-4o-mini"
    base_url = "https://api.openai.com/v1"
    api_key_env = "OPENAI_API_KEY"  # the NAME of an environment variable; never a key in the file
    timeout = 30                    # seconds per call
    provider = "auto"               # auto | openai | openai-reasoning | vllm | ollama | llamacpp | deepseek | generic
    temperature = 0.7               # generation options: temperature, top_p, max_tokens, reasoning_effort, seed,
    extra_body = { top_k = 40 }     # and extra_body (sent as is); an unknown key is one clear error line
    prompt_profile = "auto"         # auto | full | small (auto: small for models of at most 1B parameters)

    [seats.3]
    agent = "scripted:hard"         # scripted is scripted:normal; scripted:easy is the honest baseline

An LLM seat with neither model nor base_url plays on the embedded model. A bad file is one TableError line.
"""

from __future__ import annotations

import math
import tomllib
from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from agents.providers.profiles import PROVIDERS, GenOptions
from engine.errors import KillerError
from hygiene import files

# what a seat (or a tournament contestant) may be played by; scripted:LEVEL names a bot level (agents/bots)
# (a bot kind with +voice: the bot decides, a model words its speeches, agents/voice/; the same list as
# agents/bots/levels.py's kinds, tests/agents/voice/test_voice_setup.py)
AgentKind = Literal["llm", "scripted", "scripted:easy", "scripted:normal", "scripted:hard", "random", "scripted+voice",
                    "scripted:easy+voice", "scripted:normal+voice", "scripted:hard+voice"]
Provider = Literal["auto", "openai", "openai-reasoning", "vllm", "ollama", "llamacpp", "deepseek", "generic"]
assert set(PROVIDERS) == set(get_args(Provider))  # one list of profiles


class TableError(KillerError, ValueError):
    """The table file is missing, not TOML or not a valid table: one line naming the problem."""


# extra_body is sent as is, merged into the request: it may add options, never replace what the agent asks
RESERVED_BODY = frozenset({"model", "messages", "stream", "stream_options", "response_format", "tools",
                           "tool_choice", "functions", "function_call"})
MAX_BODY_DEPTH = 8  # levels of nesting in extra_body (vLLM's and Ollama's options need two or three)


def check_body(value: Any, depth: int = 1) -> None:
    """ValueError unless `value` is plain JSON of finite numbers, nested at most MAX_BODY_DEPTH levels."""
    if depth > MAX_BODY_DEPTH:
        raise ValueError(f"extra_body is nested more than {MAX_BODY_DEPTH} levels deep")
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"extra_body holds {value}, not a finite number")
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for child in children:
        check_body(child, depth + 1)


class Generation(BaseModel):
    """Generation options of a seat (seat table) or a contestant (tournament file); unset = the profile's."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    provider: Provider | None = None
    temperature: float | None = Field(default=None, ge=0, le=2)
    top_p: float | None = Field(default=None, gt=0, le=1)
    max_tokens: int | None = Field(default=None, gt=0, le=1_000_000)
    reasoning_effort: str | None = Field(default=None, pattern=r"^[a-z]{1,12}$")
    seed: int | None = None
    extra_body: dict[str, Any] | None = None

    @field_validator("extra_body")
    @classmethod
    def _body(cls, value: dict[str, Any] | None) -> dict[str, Any] | None:
        reserved = sorted(RESERVED_BODY & set(value or {}))
        if reserved:
            raise ValueError(f"extra_body may not set {reserved[0]} (the agent sets model, messages, stream, "
                             "response_format and tools itself)")
        check_body(value)
        return value

    def gen_options(self) -> GenOptions:
        """The options as the LLM agent takes them."""
        return GenOptions(temperature=self.temperature, top_p=self.top_p, max_tokens=self.max_tokens,
                          reasoning_effort=self.reasoning_effort, seed=self.seed,
                          extra_body=dict(self.extra_body or {}))


class SeatSpec(Generation):
    """One seat's settings (every field optional: unset fields come from [defaults], then the run options)."""

    agent: AgentKind | None = None
    model: str | None = None
    base_url: str | None = None
    api_key_env: str | None = None
    timeout: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    response_format: Literal["auto", "json_object", "json_schema"] | None = None
    prompt_profile: Literal["auto", "full", "small"] | None = None  # agents/llm/prompt_profiles.py

    def over(self, base: SeatSpec) -> SeatSpec:
        """This spec with unset fields taken from `base`."""
        return base.model_copy(update=self.model_dump(exclude_none=True))


class Table(BaseModel):
    """The whole file: defaults and per-seat overrides keyed by seat number."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    defaults: SeatSpec = SeatSpec()
    seats: dict[int, SeatSpec] = {}

    @field_validator("seats")
    @classmethod
    def _positive(cls, value: dict[int, SeatSpec]) -> dict[int, SeatSpec]:
        bad = [s for s in value if s < 1]
        if bad:
            raise ValueError(f"seat numbers start at 1 (got {bad[0]})")
        return value

    def spec(self, seat: int) -> SeatSpec:
        """The settings of `seat`: its own section over [defaults]."""
        own = self.seats.get(seat)
        return own.over(self.defaults) if own else self.defaults

    def check_players(self, players: int) -> None:
        """Raises TableError if the table names a seat the game does not have."""
        extra = sorted(s for s in self.seats if s > players)
        if extra:
            raise TableError(f"table names seat {extra[0]} but the game has {players} players")


MAX_TOML_BYTES = files.MB  # a table or tournament file is a few KB


def read_toml(path: Path, what: str, error: type[Exception]) -> dict[str, Any]:
    """A TOML file as a dict; an unreadable, too large, too deeply nested or invalid file raises `error` with
    one line naming it."""
    try:
        return tomllib.loads(files.read_text(path, MAX_TOML_BYTES))
    except files.FileRefused as exc:
        raise error(str(exc)) from None
    except RecursionError:
        raise error(f"{path}: the {what} is nested too deeply") from None
    except OSError as exc:
        raise error(f"{path}: cannot read the {what} ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise error(f"{path}: the {what} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{path}: not valid TOML ({exc})") from None


def first_problem(exc: ValidationError, where: str) -> str:
    """A pydantic error as one line: the first problem's location and message, and how many more there are."""
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err["loc"]) or where
    more = f" (and {len(exc.errors()) - 1} more)" if len(exc.errors()) > 1 else ""
    msg = "unknown key" if err["type"] == "extra_forbidden" else str(err["msg"]).removeprefix("Value error, ")
    return f"{loc}: {msg}{more}"


def load_table(path: Path | str) -> Table:
    """Reads and checks a table file; any problem is a one-line TableError."""
    path = Path(path)
    raw = read_toml(path, "table", TableError)
    _refuse_keys(path, raw)
    try:
        return Table.model_validate(raw)
    except ValidationError as exc:
        raise TableError(f"{path}: {first_problem(exc, 'table')}") from None


def _refuse_keys(path: Path, raw: dict[str, object]) -> None:
    """An API key written in the file is refused outright, wherever it is."""
    sections = [("defaults", raw.get("defaults"))]
    seats = raw.get("seats")
    if isinstance(seats, dict):
        sections += [(f"seats.{k}", v) for k, v in seats.items()]
    for name, section in sections:
        if isinstance(section, dict) and "api_key" in section:
            raise TableError(f"{path}: {name}.api_key: never put a key in the table; name an environment "
                             "variable with api_key_env instead")
