"""Which win condition ended the game, read from the finished table (the reveal, the deaths, lost cards)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine import EventKind, Winner
from engine.record.view import GOD
from engine.roles import Team, team_of
from orchestrator.store.transcript import Entry
from tui.i18n import tr
from tui.state.model import build
from words.rules_card import met_conditions


def win_condition(header: dict[str, Any], entries: Sequence[Entry], lang: str) -> str | None:
    """`every Police is dead` and the like; None while the game is not over (or the ruleset is unknown)."""
    model = build(header, entries, GOD, lang)
    if not model.over:
        return None
    living: Counter[str] = Counter()
    killers = alive = 0
    for seat in model.seats.values():
        if not seat.alive:
            continue
        alive += 1
        cards = [c for slot, c in enumerate(seat.roles, start=1) if slot not in seat.lost_cards]
        living.update(cards)
        killers += any(team_of(c) is Team.KILLERS for c in cards if c in _KNOWN)
    endless = any(e.event.kind == EventKind.RULING and e.event.data.get("rule") == "R-endless" for e in entries)
    try:
        met = met_conditions(model.ruleset, lang, living, killers, alive, endless)
    except Exception:
        return None
    return ("；" if lang == "zh" else "; ").join(met) or None


def over_line(header: dict[str, Any], entries: Sequence[Entry], lang: str, winner: str | None) -> str:
    """`The killers win when every Police is dead.` — the condition met (a draw names both)."""
    condition = win_condition(header, entries, lang)  # its sentence names the side that won
    if condition and winner != Winner.DRAW:
        return condition
    who = tr(lang, f"winner_{winner}") if winner else "?"
    return tr(lang, "won_title", winner=who, condition=condition) if condition else who


def _known() -> frozenset[str]:
    from engine.roles import ROLES

    return frozenset(ROLES)


_KNOWN = _known()
