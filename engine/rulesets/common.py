"""Shared definitions: the killers' and the police's night calls, and who knows whom at the deal."""

from __future__ import annotations

from engine.record.catalog import EventKind
from engine.record.events import seats
from engine.ruleset import Judge, NightStep

SEED_000 = "000_89911a2759051884.txt"
SEED_002 = "002_4e4c28d8d6647ade.txt"
SEED_003 = "003_dc7ac717b0b126d4.txt"
SEED_004 = "004_874b1eec9c5848c5.txt"


def killers_step(self_target: bool, cites: str, not_teammates: bool = False) -> NightStep:
    """The killers open their eyes together and agree on one victim (majority: 004 V2.0 III.4)."""
    return NightStep("killer", "kill", cites, team=True, self_target=self_target, not_teammates=not_teammates)


def police_step(cites: str) -> NightStep:
    """The police open their eyes together and point at one suspect; the judge nods or shakes."""
    return NightStep("police", "check", cites, team=True, self_target=False, not_teammates=True)


def introduce(judge: Judge, role: str, cites: str) -> None:
    """Holders of `role` open their eyes together and learn each other (000 v2.0: "get to know each other")."""
    team = judge.state.holders(role)
    if len(team) > 0:
        judge.emit(EventKind.TEAMMATES, seats(team), role=role, seats=team, cites=cites)


def introduce_killers_and_police(judge: Judge) -> None:
    """000 v2.0: killers, then police, open their eyes on the first night and know each other."""
    introduce(judge, "killer", "000 v2.0: The three killers can get to know each other at this time")
    introduce(judge, "police", "000 v2.0: The police ... open their eyes, get to know each other")


def introduce_killers(judge: Judge) -> None:
    """000 v1.0: only the killers open their eyes and know each other."""
    introduce(judge, "killer", "000 v1.0: the killers open their eyes and decide to kill one person")


def ratio_table(n: int, killers: int, police: int, extra: tuple[str, ...] = ()) -> tuple[str, ...]:
    """A role table: killers, police, the extra roles, the rest civilians."""
    civilians = n - killers - police - len(extra)
    return ("killer",) * killers + ("police",) * police + extra + ("civilian",) * civilians
