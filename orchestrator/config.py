"""How a game is run: ruleset, seats, seed, language, agents and where the transcript goes."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from agents.bots.levels import BOT_KINDS, VOICED_KINDS, uses_model
from engine import TEAM_TALK_ROUNDS
from hygiene.secrets import redact_url

AGENT_KINDS = ("llm", *BOT_KINDS, "random", *VOICED_KINDS)
# What `killer run` plays when no endpoint is named (no --model, --base-url, $OPENAI_BASE_URL or --table): the
# winner of the first-game rule, fixed before measuring (docs/models.md, "The offline first game"). The measured
# figures are in benchmarks/data/first-game/; tests/agents/test_bench_first_game.py holds this to the rule's verdict.
FIRST_GAME_AGENTS = "scripted:hard+voice"
LANGS = ("en", "zh")
DEFAULT_OUT = Path("transcripts")
RECURSION_LIMIT = 10_000  # one graph step per decision; a long game has a few hundred


@dataclass(frozen=True)
class RunConfig:
    """Everything `killer run` needs. The API key never leaves memory (not in headers, not in logs)."""

    ruleset: str = "v2-classic"
    players: int | None = None
    seed: int | None = None
    agents: str = "llm"
    model: str | None = None
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    api_key_env: str | None = None  # the NAME of the variable holding the key (recorded; the key never is)
    allow_key_env: tuple[str, ...] = ()  # variables a seat table may name (agents/key_rule.py; never from a header)
    allow_endpoint: tuple[str, ...] = ()  # origins a seat table may send a key to (the same; never from a header)
    provider: str = "auto"  # agents/providers/profiles.py; the embedded launcher sets "llamacpp"
    prompt_profile: str = "auto"  # agents/llm/prompt_profiles.py: auto | full | small (a table's seat may override it)
    table: Path | None = None
    lang: str = "en"
    timeout: float = 60.0
    out: Path = DEFAULT_OUT
    humans: frozenset[int] = frozenset()  # seats played by a person (the TUI answers the interrupts)
    game_id: str | None = None
    # a tournament game's contestant per seat, prices, schedule and name (evaluation/tournament/runs.py reads it)
    tournament: dict[str, Any] | None = None
    talk_rounds: int = TEAM_TALK_ROUNDS  # rounds a night team may talk after its proposals differ (R-team-talk)

    def with_seed(self) -> RunConfig:
        """The same config with a concrete seed (drawn now if none was given)."""
        if self.seed is not None:
            return self
        return replace(self, seed=random.SystemRandom().randrange(2**31))

    @property
    def embedded(self) -> bool:
        """Whether the LLM seats (or a voiced bot's speeches, agents/voice/) play on the embedded model (no model
        options, no table)."""
        return uses_model(self.agents) and self.model is None and self.base_url is None and self.table is None

    def to_header(self) -> dict[str, Any]:
        """The options worth recording in a transcript: everything but the key (and no credentials in URLs)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name in ("api_key", "allow_key_env", "allow_endpoint"):  # the key, the user's leave (given on resume)
                continue
            value = getattr(self, f.name)
            if isinstance(value, Path):
                value = str(value)
            elif isinstance(value, frozenset):
                value = sorted(value)
            elif f.name == "base_url" and value:
                value = redact_url(value)
            out[f.name] = value
        return out

    @staticmethod
    def from_header(options: dict[str, Any], **overrides: Any) -> RunConfig:
        """Rebuilds the config a transcript recorded (for `killer resume`); keys come from `overrides`."""
        known = {f.name for f in fields(RunConfig)}
        kwargs: dict[str, Any] = {k: v for k, v in options.items() if k in known}
        for name in ("table", "out"):
            if kwargs.get(name) is not None:
                kwargs[name] = Path(kwargs[name])
        kwargs["humans"] = frozenset(kwargs.get("humans") or ())
        kwargs.update({k: v for k, v in overrides.items() if v is not None})
        kwargs["allow_key_env"] = tuple(kwargs.get("allow_key_env") or ())
        kwargs["allow_endpoint"] = tuple(kwargs.get("allow_endpoint") or ())
        return RunConfig(**kwargs)
