"""Game-specific behaviour per seat: police checks, night-kill targeting, jump kills (docs/metrics.md).

- Police checks: the check results a police seat saw (basic rulesets show them to the whole police team), how
  many found a killer, and how many it reported truthfully in a public claim (evaluation.games.grounded counts those;
  only games that record public claims count: older transcripts could not report any).
- Night-kill targeting: a killer-side seat's own night choices as a killer naming a seat; special = the target
  holds a good card other than civilian (the seeds advise killing the special roles first).
- Jump kills (跳杀, 004 V2.5 other rule 3): a killer-side seat that confessed and died by it.
Only the seat's own decisions count (fallbacks are the program's).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine import Event, EventKind
from engine.record.catalog import Cause, CheckResult
from evaluation.games.facts import SeatFacts
from evaluation.games.grounded import own
from evaluation.stats.intervals import rate

PLAIN = "civilian"


def _seat(target: Any) -> int | None:
    if isinstance(target, list | tuple):
        return int(target[0])
    return None if target is None else int(target)


def count_behaviour(seats: dict[int, SeatFacts], pairs: Iterable[tuple[Event, Mapping[str, Any] | None]],
                    grounded: bool) -> None:
    """Adds check, night-kill and jump-kill counts to every seat (`grounded`: the game records public claims,
    so a check result could have been reported). A killer's night kill is its last choice of the night: a later
    team-talk round replaces its earlier proposal (ruling R-team-talk), and a fallback there leaves it uncounted."""
    kills: dict[int, int] = {}  # tonight's latest own kill choice per killer-side seat
    for event, note in pairs:
        data = event.data
        if event.kind == EventKind.CHECK_RESULT and event.visible_to is not None:
            for s in event.visible_to:
                if s in seats and "police" in seats[s].cards:
                    seats[s].checks_seen += 1
                    seats[s].checks_reportable += grounded
                    seats[s].checks_on_killers += data.get("result") == CheckResult.KILLER
        elif event.kind == EventKind.DEATH and data.get("public_cause") == Cause.JUMP_KILL:
            seats[int(data["seat"])].jump_kills += 1
        elif event.kind == EventKind.NIGHT_CHOICE and data.get("role") in (None, "killer"):
            seat, target = int(data["seat"]), _seat(data.get("target"))
            kills.pop(seat, None)
            if own(note) and seat in seats and seats[seat].side == "killers" and target in seats:
                kills[seat] = target
        elif event.kind in (EventKind.DAWN, EventKind.GAME_OVER):
            _count_kills(seats, kills)
    _count_kills(seats, kills)


def _count_kills(seats: dict[int, SeatFacts], kills: dict[int, int]) -> None:
    """Counts the night's last kill choices and forgets them."""
    for seat, target in kills.items():
        seats[seat].night_kills += 1
        seats[seat].night_kills_special += seats[target].side == "good" and any(c != PLAIN for c in
                                                                                 seats[target].cards)
    kills.clear()


def behaviour_summary(rows: Iterable[SeatFacts]) -> dict[str, Any]:
    """The per-contestant (or per-role) behaviour rates."""
    rows = list(rows)
    bad = [s for s in rows if s.side == "killers"]

    def total(name: str, among: list[SeatFacts]) -> int:
        return sum(int(getattr(s, name)) for s in among)

    return {"checks_on_killers": rate(total("checks_on_killers", rows), total("checks_seen", rows)),
            "checks_reported_true": rate(total("true_checks", rows), total("checks_reportable", rows)),
            "night_kills_special": rate(total("night_kills_special", bad), total("night_kills", bad)),
            "jump_kill": rate(sum(s.jump_kills > 0 for s in bad), len(bad))}
