"""Game-specific behaviour per seat: police checks, night-kill targeting, jump kills (docs/metrics.md).

- Police checks: the check results a police seat saw (basic rulesets show them to the whole police team), how
  many found a killer (its chance: the killers' share of the living seats outside the team that saw the result),
  and how many it reported truthfully in a public claim (evaluation.games.grounded counts those; only games that
  record public claims count: older transcripts could not report any).
- Night-kill targeting: a killer-side seat's own night choices as a killer naming a seat; special = the target
  holds a good card other than civilian (the seeds advise killing the special roles first); its chance: the
  special good seats' share of the living seats other than the killer and the partners it knows.
- Jump kills (跳杀, 004 V2.5 other rule 3): a killer-side seat that confessed and died by it.
Only the seat's own decisions count (fallbacks are the program's).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine import Event, EventKind
from engine.record.catalog import Cause, CheckResult
from engine.roles import is_special
from evaluation.games.facts import SeatFacts
from evaluation.games.grounded import own
from evaluation.games.rates import Rate


def _seat(target: Any) -> int | None:
    if isinstance(target, list | tuple):
        return int(target[0])
    return None if target is None else int(target)


def count_behaviour(seats: dict[int, SeatFacts], pairs: Iterable[tuple[Event, Mapping[str, Any] | None]],
                    grounded: bool) -> None:
    """Adds check, night-kill and jump-kill counts to every seat (`grounded`: the game records public claims,
    so a check result could have been reported). A killer's night kill is its last choice of the night: a later
    team-talk round replaces its earlier proposal (ruling R-team-talk), and a fallback there leaves it uncounted."""
    kills: dict[int, tuple[int, float]] = {}  # tonight's latest own kill choice per killer-side seat, its chance
    living, partners = set(seats), dict[int, set[int]]()
    for event, note in pairs:
        data = event.data
        if event.kind == EventKind.CHECK_RESULT and event.visible_to is not None:
            _check(seats, event, living, grounded)
        elif event.kind == EventKind.DEATH:
            living.discard(int(data["seat"]))
            if data.get("public_cause") == Cause.JUMP_KILL:
                seats[int(data["seat"])].jump_kills += 1
        elif event.kind == EventKind.TEAMMATES and data.get("role") == "killer":
            for s in data.get("seats") or ():
                partners.setdefault(int(s), set()).update(int(t) for t in data["seats"])
        elif event.kind == EventKind.NIGHT_CHOICE and data.get("role") in (None, "killer"):
            seat, target = int(data["seat"]), _seat(data.get("target"))
            kills.pop(seat, None)
            if own(note) and seat in seats and seats[seat].side == "killers" and target in seats:
                options = living - partners.get(seat, set()) - {seat}
                chance = sum(_special(seats[s]) for s in options) / len(options) if options else 0.0
                kills[seat] = (target, chance)
        elif event.kind in (EventKind.DAWN, EventKind.GAME_OVER):
            _count_kills(seats, kills)
    _count_kills(seats, kills)


def _check(seats: dict[int, SeatFacts], event: Event, living: set[int], grounded: bool) -> None:
    """One check result, for every police seat that saw it."""
    team = event.visible_to or frozenset()
    options = [seats[s] for s in living - team if s in seats]
    chance = sum(o.side == "killers" for o in options) / len(options) if options else 0.0
    for s in team:
        if s in seats and "police" in seats[s].cards:
            seats[s].checks_seen += 1
            seats[s].checks_reportable += grounded
            seats[s].checks_on_killers += event.data.get("result") == CheckResult.KILLER
            seats[s].checks_chance += chance


def _special(seat: SeatFacts) -> bool:
    """A good seat holding a special identity (the role row's `special`, engine/roles.py)."""
    return seat.side == "good" and any(is_special(c) for c in seat.cards)


def _count_kills(seats: dict[int, SeatFacts], kills: dict[int, tuple[int, float]]) -> None:
    """Counts the night's last kill choices and forgets them."""
    for seat, (target, chance) in kills.items():
        seats[seat].night_kills += 1
        seats[seat].night_kills_special += _special(seats[target])
        seats[seat].night_kills_chance += chance
    kills.clear()


RATES = (
    Rate("checks_on_killers", "checks_on_killers", "checks_seen", chance="checks_chance", by_choice=True),
    Rate("checks_reported_true", "true_checks", "checks_reportable"),
    Rate("night_kills_special", "night_kills_special", "night_kills", "killers", chance="night_kills_chance",
         by_choice=True),
    Rate("jump_kill", "jump_killed", side="killers"),
)
