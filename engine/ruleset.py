"""A ruleset is data plus small named resolution functions (STYLE.md: a role is a definition)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from engine.moves.decisions import Action, Request, Target
from engine.record.events import Event
from engine.state import GameState

if TYPE_CHECKING:
    from engine.rng import Rng


@dataclass(frozen=True, slots=True)
class Choice:
    """What one actor (or a whole team, actor 0) chose at night after the team's majority."""

    actor: int
    slot: int
    target: Target | None


NightChoices = dict[str, list[Choice]]  # keyed by the step's action name: "kill", "check", ...


@dataclass(frozen=True)
class NightStep:
    """One call of the judge at night: `role` opens its eyes and does `action` to someone."""

    role: str
    action: str
    cites: str  # the seed sentence this step implements
    team: bool = False  # all living holders decide together; the judge takes the majority
    self_target: bool = True
    may_pass: bool = False  # may choose nobody
    not_teammates: bool = False  # may not target a living holder of the same role
    irreversible: bool = False  # a once-per-game power: the TUI asks to confirm
    targets: Callable[[GameState, int], list[Target]] | None = None  # custom legal targets
    active: Callable[[GameState, int, int], bool] | None = None  # (state, seat, slot) may act tonight
    members: Callable[[GameState], list[int]] | None = None  # custom team (v3.8: police + undercover)
    # v5: the holders talk as a team before each card gives its own order (no majority; R-v5-killer-talk), in a
    # game whose deal says so (GameState.card_talk)
    talk: bool = False


@dataclass(frozen=True)
class Victory:
    """When each side has won; both at once is a draw (docs/rules.md ruling R-draw)."""

    cites: str
    killer_roles: frozenset[str] = frozenset({"killer"})  # all dead: the good side wins
    wipe_out: tuple[frozenset[str], ...] = ()  # any of these groups all dead: the killers win
    parity: bool = False  # killers >= everyone else: the killers win (000/002 v4.0)


class Judge(Protocol):
    """What a procedure may ask of the judge during one apply() (engine/judge.py is the implementation;
    typing procedures against this protocol keeps the judge and the procedures free of an import circle)."""

    state: GameState
    rules: Ruleset
    events: list[Event]

    def emit(self, event_kind: str, visible_to: frozenset[int] | None = None, /, **data: Any) -> None: ...

    def update(self, **changes: Any) -> None: ...

    def draw(self, options: list[Any], reason: str, visible_to: frozenset[int] | None = None) -> Any: ...

    def ask(self, *requests: Request) -> None: ...

    def kill(self, seat: int, cause: str, slot: int | None = None) -> bool: ...

    def speaking_order(self, after: int | None, direction: int = 1, include: bool = False) -> list[int]: ...

    def settle(self) -> bool: ...

    def after_night(self, dead: list[int], **extra: Any) -> None: ...

    def queue_last_words(self, seats: list[int], then: str) -> None: ...

    def execute(self, seat: int | None, how: str = "vote") -> None: ...


class DayProcedure(Protocol):
    """How a ruleset's day runs: it asks, then handles the answers, until it ends the day. `key` names the
    procedure for the words that describe it (the rules card, the prompt), never its class name."""

    @property
    def key(self) -> str: ...

    def begin(self, judge: Judge) -> None: ...

    def on_answers(self, judge: Judge, answers: tuple[Action, ...]) -> None: ...


class NightProcedure(Protocol):
    """How a ruleset's night runs, symmetric with the day: `begin` asks the night's choices (or resolves an
    empty night at once), `on_answers` resolves them and ends in judge.after_night(). `steps` are the calls
    of the judge in order (prompts, scenarios and the TUI read them)."""

    @property
    def steps(self) -> tuple[NightStep, ...]: ...

    def begin(self, judge: Judge) -> None: ...

    def on_answers(self, judge: Judge, answers: tuple[Action, ...]) -> None: ...


Resolver = Callable[[Judge, NightChoices], None]
LastWordsPolicy = Callable[[GameState, int, str], bool]  # (state, seat, cause) -> gets last words
Introductions = Callable[[Judge], None]
Dealer = Callable[["Ruleset", int, "Rng"], tuple[tuple[tuple[str, ...], ...], str | None]]
DealCheck = Callable[[tuple[tuple[str, ...], ...], str | None], str | None]  # (hands, judge card) -> why refused


@dataclass(frozen=True)
class LastWords:
    """Who leaves last words: a policy, and the key the words tables name it by (the rules card's sentence)."""

    key: str
    policy: LastWordsPolicy

    def __call__(self, state: GameState, seat: int, cause: str) -> bool:
        return self.policy(state, seat, cause)


def _none(state: GameState, seat: int, cause: str) -> bool:
    """004 V2.5/V3.5/V3.8/V4.0: "任何人没有遗言"."""
    return False


NO_LAST_WORDS = LastWords("none", _none)


@dataclass(frozen=True)
class Ruleset:
    """Everything that distinguishes one rule system from another."""

    id: str
    title: str
    sources: tuple[str, ...]
    players: tuple[int, int]
    default_players: int
    composition: Callable[[int], tuple[str, ...]]  # the seed's role table for n players
    night: NightProcedure
    day: DayProcedure
    victory: Victory
    last_words: LastWords = NO_LAST_WORDS
    jump_kill: frozenset[str] = frozenset()  # roles allowed to 跳杀 (004 V2.5 other rule 3)
    introductions: Introductions | None = None  # who learns whom when the cards are dealt
    cards_per_seat: int = 1
    dealer: Dealer | None = None  # custom deal (v5); default: shuffle the composition
    check_deal: DealCheck | None = None  # refuses a given or replayed deal the seeds call invalid (v5: J and K)
    summary: str = ""
    title_zh: str = ""  # the title and summary in Chinese (prompts, renders and the TUI in zh)
    summary_zh: str = ""
    extra_roles: tuple[str, ...] = field(default=())  # roles allowed in scenario files beyond the table

    def name(self, lang: str = "en") -> str:
        """The ruleset's title in `lang`."""
        return self.title_zh or self.title if lang == "zh" else self.title

    def short_name(self, lang: str = "en") -> str:
        """The title's head ("v2.0 classic" / "v2.0 经典版"), without its list of roles."""
        return self.name(lang).split(" — ")[0].split("：")[0]

    def brief(self, lang: str = "en") -> str:
        """The ruleset's one-line summary in `lang`."""
        return self.summary_zh or self.summary if lang == "zh" else self.summary

    @property
    def night_steps(self) -> tuple[NightStep, ...]:
        """The night's calls, in order."""
        return self.night.steps

    def orders_alone(self, request: Request) -> bool:
        """Whether the request is for a card that talks with its partners but gives its own order (v5's killer
        cards, ruling R-v5-killer-talk): the partners' proposals are orders beside the seat's, not votes for one
        target, and no majority is taken."""
        return bool(request.partners) and any(step.talk and step.role == request.role
                                              and step.action == request.action for step in self.night_steps)

    def roles(self) -> tuple[str, ...]:
        """Every role id this ruleset uses, in a stable order."""
        seen: dict[str, None] = {}
        for role in self.composition(self.default_players) + self.extra_roles:
            seen.setdefault(role, None)
        return tuple(seen)
