"""The tournament file (TOML, validated by pydantic): contestants, rulesets, seeds, parallelism.

    name = "scripted-vs-random"
    seeds = 4              # deals per ruleset; each deal is played once per rotation of the roster
    first_seed = 1000
    lang = "en"
    parallel = 4

    [[rulesets]]
    id = "v2-classic"
    players = 10           # optional: the ruleset's default

    [[contestants]]
    name = "scripted"
    agent = "scripted"     # llm | scripted (scripted:easy, scripted:normal = scripted, scripted:hard) | random
                           # (a bot kind with +voice: a model words its speeches, as an llm contestant's)

    [[contestants]]
    name = "gpt"
    agent = "llm"
    model = "gpt-4o-mini"
    base_url = "https://api.openai.com/v1"
    api_key_env = "OPENAI_API_KEY"   # the NAME of a variable; a key in the file is refused
    provider = "auto"                # and generation options, as in a seat table (docs/models.md):
    temperature = 0.7                # temperature, top_p, max_tokens, reasoning_effort, seed, extra_body

    [prices."gpt-4o-mini"]  # optional: USD per 1M tokens, keyed by model (or contestant name)
    prompt = 0.15
    completion = 0.60

An llm (or voiced bot) contestant with neither model nor base_url plays on the embedded model. `anchors = ["hard"]`
names contestants as anchors (an anchored, side-pure schedule); `primary = [...]` and `primary_pairs` declare the
primary family of comparisons (docs/metrics.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from agents.bots.levels import uses_model
from agents.providers.seat_table import AgentKind, Generation, first_problem, read_toml
from engine import KillerError, UnknownRulesetError, get_ruleset

MAX_SCHEDULED = 100_000  # games in one tournament's schedule (a list of them is built before the first game)
MAX_PRICE = 10_000.0  # USD per million tokens
MAX_BUDGET_USD = 1_000_000.0
MAX_TIMEOUT_S = 86_400.0  # a day per call
WORDS_BASED = ("lies_words_", "words_")  # the figures the reader takes from the words (docs/metrics.md)


class ConfigError(KillerError, ValueError):
    """The tournament file is missing, not TOML or not valid: one line naming the problem."""


class Contestant(Generation):
    """One player in the tournament: an agent kind, and for llm its model, endpoint, provider profile and
    generation options."""

    name: str = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_.:+-]+$")
    agent: AgentKind = "llm"
    model: str | None = None
    base_url: str | None = None
    api_key_env: str | None = None
    timeout: float = Field(default=60.0, gt=0, le=MAX_TIMEOUT_S)
    response_format: Literal["auto", "json_object", "json_schema"] = "auto"
    concurrency: int | None = Field(default=None, ge=1, le=10_000)  # decisions in flight at once, over all its games
    rpm: int | None = Field(default=None, ge=1, le=1_000_000)  # decisions started per minute, over all its games

    @property
    def embedded(self) -> bool:
        """Whether this contestant plays (or, a voiced bot, speaks) on the embedded model."""
        return uses_model(self.agent) and self.model is None and self.base_url is None


class RulesetSpec(BaseModel):
    """A ruleset and a table size."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    id: str
    players: int | None = None

    @model_validator(mode="after")
    def _known(self) -> RulesetSpec:
        try:
            rules = get_ruleset(self.id)
        except UnknownRulesetError as exc:
            raise ValueError(str(exc)) from None
        low, high = rules.players
        if self.players is not None and not low <= self.players <= high:
            raise ValueError(f"{self.id} is played by {low} to {high} players, not {self.players}")
        return self

    @property
    def seats(self) -> int:
        return self.players or get_ruleset(self.id).default_players


class Price(BaseModel):
    """What a model costs: USD per million prompt and completion tokens."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    prompt: float = Field(ge=0, le=MAX_PRICE)
    completion: float = Field(ge=0, le=MAX_PRICE)
    cached: float | None = Field(default=None, ge=0, le=MAX_PRICE)  # cached prompt tokens, if billed less


class TournamentConfig(BaseModel):
    """The whole file."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    # the run folder's name under runs/: no path separators, no leading dot (nothing written outside runs/)
    name: str = Field(default="tournament", min_length=1, max_length=80, pattern=r"^[A-Za-z0-9_][A-Za-z0-9_.+-]*$")
    rulesets: list[RulesetSpec] = Field(min_length=1)
    contestants: list[Contestant] = Field(min_length=1)
    seeds: int = Field(default=4, ge=1, le=MAX_SCHEDULED)
    games: int | None = Field(default=None, ge=1, le=MAX_SCHEDULED)  # only the first N games of the schedule
    first_seed: int = Field(default=0, ge=0, le=2**63)
    rotate: bool = True  # play every deal once per rotation of the roster (else one rotation per deal)
    # rotate: the roster rotates over the seats; side-pure: one contestant holds every killer-side card, the other
    # every good card, then swapped, on the same deal; field: each other contestant alone in one seat (every
    # seat in turn) against the `field` contestant in all the others (evaluation/tournament/schedules.py)
    schedule: Literal["rotate", "side-pure", "field"] = "rotate"
    field: str | None = None  # the field contestant of the field schedule
    # side-pure against fixed anchors (contestants named here): on every deal each other contestant holds the
    # killer side against each anchor's good side and the good side against its killer side, and each anchor
    # plays itself (the baseline). Naming anchors makes the schedule side-pure.
    anchors: list[str] = Field(default_factory=list, max_length=8)
    # the primary family, declared before play (docs/metrics.md, "The primary family"): its metrics (None: the
    # schedule's default) and its pairs: "anchors" (each contestant against each anchor) or "all" (every pair)
    primary: list[str] | None = Field(default=None, max_length=32)
    primary_pairs: Literal["anchors", "all"] = "anchors"
    shuffle_seats: bool = False  # rotate: seat order shuffled per deal from the seed (always for the others)
    # rotate: the killer-side seats all go to one contestant per rotation (each game's killer team is one model,
    # each contestant's in turn); false: the contestants alternate along the seating order, teams mixed as dealt
    killers_together: bool = True
    lang: Literal["en", "zh"] = "en"
    parallel: int = Field(default=1, ge=1, le=64)
    prices: dict[str, Price] = Field(default_factory=dict)  # by model name, else contestant name
    budget_usd: float | None = Field(default=None, gt=0, le=MAX_BUDGET_USD)  # no new game starts past this cost

    @field_validator("rulesets", mode="before")
    @classmethod
    def _strings(cls, value: Any) -> Any:
        """`rulesets = ["v3", "v2-classic:10"]` is short for tables."""
        if isinstance(value, list):
            return [_short(v) if isinstance(v, str) else v for v in value]
        return value

    @model_validator(mode="before")
    @classmethod
    def _anchored(cls, value: Any) -> Any:
        """Anchors imply the side-pure schedule where none is named."""
        if isinstance(value, dict) and value.get("anchors") and "schedule" not in value:
            return {**value, "schedule": "side-pure"}
        return value

    @field_validator("primary")
    @classmethod
    def _known_metrics(cls, value: list[str] | None) -> list[str] | None:
        """Every metric of the primary family is a figure of docs/metrics.md (a rate, or a rate's `_lift`); never
        an operational one (fallbacks are never tested)."""
        from evaluation.games.metrics import RATES

        known = {r.key for r in RATES} | {f"{r.key}_lift" for r in RATES if r.chance}
        for name in value or []:
            if name.startswith(WORDS_BASED):  # read from the words by the reader, not yet validated (issue 35)
                raise ValueError(f"primary metric {name!r} is read from the words: it joins the primary family "
                                 "only once the reader is validated (docs/metrics.md, The primary family)")
            if name == "fallback" or name not in known:
                raise ValueError(f"primary metric {name!r} is not a tested figure (docs/metrics.md, "
                                 "The primary family)")
        return value

    @field_validator("contestants")
    @classmethod
    def _unique(cls, value: list[Contestant]) -> list[Contestant]:
        names = [c.name for c in value]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise ValueError(f"contestant name {dup[0]!r} is used twice")
        return value

    @model_validator(mode="after")
    def _matchup(self) -> TournamentConfig:
        names = [c.name for c in self.contestants]
        self._check_anchors(names)
        self._check_primary()
        if self.schedule == "field" and (self.field not in names or len(names) < 2):
            raise ValueError("a field schedule needs `field` naming one of its contestants, and at least one other")
        total = self.seeds * sum(self._per_deal(spec.seats) for spec in self.rulesets)
        if total > MAX_SCHEDULED:
            raise ValueError(f"the schedule has {total:,} games, more than {MAX_SCHEDULED:,}: lower seeds (or "
                             "split the tournament)")
        return self

    def _check_anchors(self, names: list[str]) -> None:
        unknown = [a for a in self.anchors if a not in names]
        if unknown:
            raise ValueError(f"anchor {unknown[0]!r} is not one of the contestants")
        if len(set(self.anchors)) != len(self.anchors):
            raise ValueError("an anchor is named twice")
        if self.anchors and self.schedule != "side-pure":
            raise ValueError(f"anchors play a side-pure schedule, not {self.schedule}")
        blind = [a for a in self.anchors if self.contestant(a).agent == "random"]
        if blind:  # it rates no seat and votes blindly: no deception or detection figure can be anchored on it
            raise ValueError(f"anchor {blind[0]!r} plays at random: it rates no seat and votes blindly, so it "
                             "cannot anchor lies believed or detection; anchor on a contestant that plays")
        if self.schedule == "side-pure" and not self.anchors and len(names) != 2:
            raise ValueError(f"a side-pure schedule plays exactly 2 contestants (or name `anchors`), not "
                             f"{len(names)}")
        if self.anchors and len(self.anchors) == len(names):
            raise ValueError("every contestant is an anchor: name at least one contestant that is not")

    def _check_primary(self) -> None:
        """Every declared primary metric is one this schedule compares (docs/metrics.md, What each schedule
        identifies): a per-side figure needs anchors (or a field), and an anchored run compares only per side."""
        from evaluation.games.rates import compared

        held = compared(bool(self.anchors), self.schedule == "field")
        for name in self.primary or []:
            if name not in held:
                need = "per side: name `anchors`" if not self.anchors else "overall: an anchored run compares per side"
                raise ValueError(f"primary metric {name!r} is not compared under this schedule ({need}; it compares "
                                 f"{', '.join(held)})")

    @property
    def anchored(self) -> bool:
        """Whether the schedule is side-pure against named anchors."""
        return bool(self.anchors)

    def _per_deal(self, players: int) -> int:
        """Games per deal of a table of `players` (evaluation/tournament/schedules.py)."""
        if self.anchors:
            return len(self.anchors) * (2 * (len(self.contestants) - len(self.anchors)) + 1)
        if self.schedule == "side-pure":
            return 2
        if self.schedule == "field":
            return (len(self.contestants) - 1) * players
        return len(self.contestants) if self.rotate else 1

    def contestant(self, name: str) -> Contestant:
        return next(c for c in self.contestants if c.name == name)

    def price(self, name: str) -> Price | None:
        """The price of a contestant's model (looked up by model, then by contestant name), if given."""
        c = self.contestant(name)
        return self.prices.get(c.model or "") or self.prices.get(c.name)


def _short(text: str) -> dict[str, Any]:
    rid, _, players = text.partition(":")
    return {"id": rid, "players": int(players)} if players else {"id": rid}


def load_config(path: Path | str, **overrides: Any) -> TournamentConfig:
    """Reads and checks a tournament file; `overrides` (e.g. parallel, seeds) replace its values."""
    path = Path(path)
    raw = read_toml(path, "tournament file", ConfigError)
    for i, section in enumerate(raw.get("contestants") or []):
        if isinstance(section, dict) and "api_key" in section:
            raise ConfigError(f"{path}: contestants.{i}.api_key: never put a key in the file; name an "
                              "environment variable with api_key_env instead")
    raw.update({k: v for k, v in overrides.items() if v is not None})
    return parse_config(raw, str(path))


def parse_config(raw: dict[str, Any], where: str = "tournament") -> TournamentConfig:
    """Validates a tournament given as a dict (the file's content, or the copy kept in a run folder)."""
    try:
        return TournamentConfig.model_validate(raw)
    except ValidationError as exc:
        raise ConfigError(f"{where}: {first_problem(exc, 'file')}") from None
