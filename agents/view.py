"""What a seat may know and what it reads off that: its view (built only from engine.observation(events, seat))
and the facts every player derives from it (its cards, the public deaths, its partners, its check results)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from engine import Event, EventKind, Target, Team, get_ruleset, team_of

NotebookData = dict[str, Any] | str  # a stored notebook: its object (agents/llm/notebook.py) or old free text
SpeechListener = Callable[[str], Awaitable[None] | None]  # the seat's public speech so far (sync or async)


@dataclass(frozen=True)
class SeatView:
    """All a seat may know: built only from engine.observation(events, seat)."""

    seat: int
    ruleset: str
    players: int
    events: tuple[Event, ...]
    lang: str = "en"
    # the seat's own private notebook, as it returned it with its previous decision (agents/llm/notebook.py: an object;
    # an old transcript's free text when a game is resumed)
    notebook: NotebookData = ""
    # Optional, for live display: an agent that can stream hands it the speech so far while it writes a
    # statement, defense or last words (never its private reasoning). Agents may ignore it.
    on_speech: SpeechListener | None = field(default=None, compare=False, repr=False)


@dataclass
class SeatFacts:
    """What a seat knows about itself and the table, read from its own view only."""

    seat: int
    players: int
    cards: tuple[str, ...] = ()
    dead: set[int] = field(default_factory=set)
    teammates: dict[str, tuple[int, ...]] = field(default_factory=dict)  # role -> seats (self included)
    checks: dict[Target, str] = field(default_factory=dict)  # check target -> "killer" / "not_killer"
    check_nights: dict[Target, int] = field(default_factory=dict)  # check target -> the night of its check
    night: int = 0  # the latest night that has fallen
    shown: dict[int, str] = field(default_factory=dict)  # shown partners: seat -> the card it was shown as

    @property
    def living(self) -> tuple[int, ...]:
        return tuple(s for s in range(1, self.players + 1) if s not in self.dead)

    @property
    def friends(self) -> frozenset[int]:
        """Seats the seat knows are on its team (its own card's team mates and every partner it was shown,
        `shown_partners`), itself excluded."""
        own = set(self.cards)
        mates = {s for role, seats in self.teammates.items() if role in own for s in seats}
        return frozenset((mates | set(self.shown)) - {self.seat})


def known_partners(facts: SeatFacts, ruleset: str) -> frozenset[int]:
    """The partners a seat knows to be on its own side, whom it is not asked to rate: a killer's partners always;
    a good seat's where no card of the other side opens its eyes with them (000 v5.0: the undercover opens its
    eyes at the police call, "everyone knows that one person is an undercover")."""
    if any(team_of(c) is Team.KILLERS for c in facts.cards):
        return facts.friends
    mixed = "undercover" in get_ruleset(ruleset).roles()
    return frozenset() if mixed else facts.friends


def killers_partners(facts: SeatFacts) -> frozenset[int]:
    """The partners a seat on the killers' side knows (the easy bot's own rule: it rates everyone else)."""
    return facts.friends if any(team_of(c) is Team.KILLERS for c in facts.cards) else frozenset()


def _night(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def visible_events(view: SeatView) -> list[Event]:
    """The view's events the seat may see (the orchestrator already filters: this is a second guard)."""
    return [e for e in view.events if e.visible(view.seat)]


def shown_partners(view: SeatView) -> dict[int, str]:
    """Every partner the judge showed this seat, as seat -> the card it was shown as, read from the seat's own
    view: the traitor or undercover the killers are shown (`shown_to_killers`, 004 V3.5 III.5 "此时法官将匪民的
    号码告诉杀手", V3.8 卧底), and v5's night-1 killer introduction (`teammates`, role killer), whose `undercover`
    field names the 7 holder to the killers and whose `seats` name the killers to the undercover (000 v5.0: "you
    must find ways to ensure the safety of your undercover agent"). They play for the seat's side, so the seat is
    not asked to rate them and its notes and kill list mark them. The seat itself is left out; a seat shown
    nobody gets {}. (The police's opening together with v5's undercover, R-v5-police-eyes, shows no partner: the
    police do not learn which of them is the undercover.)"""
    shown: dict[int, str] = {}
    for e in visible_events(view):
        d = e.data
        if e.kind == EventKind.SHOWN_TO_KILLERS and _is_seat(d.get("seat")):
            shown[int(d["seat"])] = str(d.get("role"))
        elif e.kind == EventKind.TEAMMATES and d.get("role") == "killer" and d.get("undercover"):
            killers = [s for s in d.get("seats") or () if _is_seat(s)]
            undercover = [s for s in d.get("undercover") or () if _is_seat(s)]
            if view.seat in killers:
                shown.update(dict.fromkeys(undercover, "undercover"))
            elif view.seat in undercover:
                shown.update(dict.fromkeys(killers, "killer"))
    shown.pop(view.seat, None)
    return shown


def _is_seat(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seat_facts(view: SeatView) -> SeatFacts:
    """Reads the seat's cards, the public deaths, its teammates, the partners it was shown and its check results
    from its view."""
    facts = SeatFacts(view.seat, view.players, shown=shown_partners(view))
    for e in visible_events(view):
        d = e.data
        if e.kind == EventKind.YOUR_CARDS and d.get("seat") == view.seat:
            facts.cards = tuple(d["cards"])
        elif e.kind == EventKind.NIGHT_FALLS:
            facts.night = max(facts.night, _night(d.get("night")))
        elif e.kind == EventKind.DEATH and e.visible_to is None:
            facts.dead.add(int(d["seat"]))
        elif e.kind == EventKind.TEAMMATES:
            facts.teammates[str(d["role"])] = tuple(d["seats"])
        elif e.kind == EventKind.CHECK_RESULT:
            target = d["target"]
            key = tuple(target) if isinstance(target, list) else target
            facts.checks[key] = str(d["result"])
            facts.check_nights[key] = int(d.get("night") or 0)
    return facts
