"""The judge at work during one apply(): announces events, draws lots, kills, and moves the game on."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields, replace
from typing import Any, TypeVar

from engine.moves.decisions import DecisionKind, Request
from engine.record.catalog import EventKind
from engine.record.events import JUDGE_ONLY, Event
from engine.rng import Rng
from engine.roles import Team, team_of
from engine.ruleset import Ruleset, Victory
from engine.state import GameState, Phase, Seat, Winner

T = TypeVar("T")

MAX_DAYS = 60  # ruling R-endless: a game still running on day 60 is declared a draw (no seed covers it)


class Judge:
    """A working copy of the state plus the events it produced; apply() freezes the result."""

    def __init__(self, state: GameState, rules: Ruleset, rng: Rng) -> None:
        self.state = _clone(state)  # a private copy: update() may set its fields until apply() returns
        self.rules = rules
        self.rng = rng
        self.events: list[Event] = []

    # -- announcing -------------------------------------------------------------------------
    def emit(self, event_kind: str, visible_to: frozenset[int] | None = None, /, **data: Any) -> None:
        """Records an event; visible_to None means public."""
        self.events.append(Event(event_kind, data, visible_to))

    def update(self, **changes: Any) -> None:
        """Sets fields of the private working copy (never a state anyone else holds)."""
        self.state.__dict__.update(changes)

    def draw(self, options: list[Any], reason: str, visible_to: frozenset[int] | None = None) -> Any:
        """A recorded random draw (coin flip, rock-paper-scissors): the log alone replays it."""
        if len(options) == 1:
            return options[0]
        result = self.rng.choice(options)
        shown = [list(o) if isinstance(o, tuple) else o for o in options]
        res = list(result) if isinstance(result, tuple) else result
        self.emit(EventKind.DRAW, visible_to, reason=reason, options=shown, result=res)
        return result

    def ask(self, *requests: Request) -> None:
        """Makes `requests` the pending step (simultaneous when there are several)."""
        if len(requests) > 1:
            requests = tuple(r if r.simultaneous else _copy(r, simultaneous=True) for r in requests)
        self.update(pending=tuple(requests), answers=())

    # -- seats ------------------------------------------------------------------------------
    def kill(self, seat: int, cause: str, slot: int | None = None) -> bool:
        """Kills a seat (every card) or one card; True if the seat died now."""
        old = self.state.seat(seat)
        if not old.alive:
            return False
        alive = tuple(
            False if slot is None or i + 1 == slot else a for i, a in enumerate(old.alive_cards)
        )
        new = replace(old, alive_cards=alive)
        seats = (*self.state.seats[: seat - 1], new, *self.state.seats[seat:])
        self.update(seats=seats)
        self.emit(EventKind.CAUSE_OF_DEATH, JUDGE_ONLY, seat=seat, slot=slot, cause=cause)
        if new.alive:
            return False
        self.update(death_order=(*self.state.death_order, seat))
        return True

    def speaking_order(self, after: int | None, direction: int = 1, include: bool = False) -> list[int]:
        """Living seats going round the table from the seat after `after` (or from seat 1)."""
        n = len(self.state.seats)
        start = 1 if after is None else after if include else after + direction
        order = [((start - 1 + direction * i) % n) + 1 for i in range(n)]
        return [s for s in order if self.state.seat(s).alive]

    # -- victory ----------------------------------------------------------------------------
    def settle(self) -> bool:
        """Checks the victory conditions after deaths; ends the game and reveals the cards if met."""
        winner = decide_winner(self.state, self.rules.victory)
        if winner is None and self.state.day >= MAX_DAYS:
            winner = Winner.DRAW
            self.emit(EventKind.RULING, rule="R-endless", text=f"day {MAX_DAYS} reached: the judge declares a draw")
        if winner is None:
            return False
        self.update(winner=winner, phase=Phase.OVER, pending=(), answers=())
        self.emit(EventKind.GAME_OVER, winner=winner.value)
        self.emit(EventKind.REVEAL, cards={s.number: list(s.cards) for s in self.state.seats},
                  judge_card=self.state.judge_card)
        return True

    # -- the flow of the game -----------------------------------------------------------------
    def start_night(self) -> None:
        """天黑请闭眼: the ruleset's night procedure takes over (symmetric with start_day)."""
        night = self.state.night + 1
        self.update(phase=Phase.NIGHT, night=night, silenced=frozenset(), day_state=None, night_dead=())
        self.emit(EventKind.NIGHT_FALLS, night=night)
        self.rules.night.begin(self)

    def after_night(self, dead: list[int], **extra: Any) -> None:
        """Dawn: announce the dead, settle, then last words and the day. `extra` joins the dawn event
        (v5: `cards`, the (seat, slot) cards that died)."""
        self.update(night_dead=tuple(dead))
        self.emit(EventKind.DAWN, night=self.state.night, dead=dead, silenced=sorted(self.state.silenced), **extra)
        if self.settle():
            return
        self.update(day=self.state.day + 1)
        words = [s for s in dead if self.rules.last_words(self.state, s, "night")]
        self.queue_last_words(words, then="day")

    def queue_last_words(self, seats: list[int], then: str) -> None:
        """Asks each seat in turn for last words (silenced seats keep silent), then goes on."""
        speakers = tuple(s for s in seats if s not in self.state.silenced)
        self.update(words_queue=speakers, after_words=then, last_words_given=self.state.last_words_given
                    + len(speakers))
        self.next_last_words()

    def next_last_words(self) -> None:
        """Asks the next queued seat for last words, or moves on."""
        queue = self.state.words_queue
        if queue:
            self.update(phase=Phase.LAST_WORDS, words_queue=queue[1:])
            seat = queue[0]
            others = (*(s for s in self.state.living() if s != seat), None)
            self.ask(Request(seat, DecisionKind.LAST_WORDS, accusations=others))
            return
        if self.state.after_words == "night":
            self.start_night()
        else:
            self.start_day()

    def start_day(self) -> None:
        """天亮了: the ruleset's day procedure takes over."""
        self.update(phase=Phase.DAY, day_state=None)
        self.emit(EventKind.DAY_BEGINS, day=self.state.day)
        self.rules.day.begin(self)

    def execute(self, seat: int | None, how: str = "vote") -> None:
        """The day's verdict: kills `seat` (or nobody), settles, then last words and night. From rules revision 2 a
        v5 verdict names the (seat, slot) cards that leave with the player, every living one (R-v5-verdict-cards)."""
        extra: dict[str, Any] = {}
        if seat is not None and self.rules.cards_per_seat > 1 and self.state.revision >= 2:
            hand = self.state.seat(seat)
            extra["cards"] = [[seat, i + 1] for i, alive in enumerate(hand.alive_cards) if alive]
        self.emit(EventKind.VERDICT, day=self.state.day, executed=seat, how=how, **extra)
        if seat is None:
            self.queue_last_words([], then="night")
            return
        self.kill(seat, "executed")
        self.emit(EventKind.DEATH, seat=seat, public_cause="executed")
        if self.settle():
            return
        words = [seat] if self.rules.last_words(self.state, seat, "executed") else []
        self.queue_last_words(words, then="night")


_FIELDS: dict[type, tuple[str, ...]] = {}


def _copy(value: T, **changes: Any) -> T:
    """dataclasses.replace for frozen slotted values, without its per-call introspection (a hot path)."""
    cls = type(value)
    names = _FIELDS.get(cls) or _FIELDS.setdefault(cls, tuple(f.name for f in fields(cls)))  # type: ignore[arg-type]
    new = object.__new__(cls)
    for name in names:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(value, name))
    return new


def _clone(state: GameState) -> GameState:
    """A private copy of the state for one apply(): a frozen dataclass without slots copies through its
    __dict__ in one C call (this runs once per apply, the engine's hottest line)."""
    new = object.__new__(GameState)
    new.__dict__.update(state.__dict__)
    return new


def decide_winner(state: GameState, victory: Victory) -> Winner | None:
    """Applies a ruleset's victory table to the living cards; both sides at once is a draw."""
    living = Counter(c for s in state.seats for c, a in zip(s.cards, s.alive_cards, strict=True) if a)
    good_won = all(living[r] == 0 for r in victory.killer_roles)
    killers_won = any(all(living[r] == 0 for r in group) for group in victory.wipe_out)
    if victory.parity:
        killers = sum(1 for s in state.seats if s.alive and _is_killer_seat(s))
        killers_won = killers_won or killers >= sum(1 for s in state.seats if s.alive) - killers
    if good_won and killers_won:
        return Winner.DRAW
    if good_won:
        return Winner.GOOD
    return Winner.KILLERS if killers_won else None


def _is_killer_seat(seat: Seat) -> bool:
    return any(team_of(c) is Team.KILLERS and a for c, a in zip(seat.cards, seat.alive_cards, strict=True))
