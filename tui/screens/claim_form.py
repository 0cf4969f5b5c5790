"""The claim form: a person at a speech (statement, defence, last words) may attach a public claim, as a model
does (issue 10 "a human in the TUI gets a claim form"): the role claimed (or none) and the check results reported,
each a night so far, a seat of the table (v5: a card) and the judge's nod or shake. Every screen offers only
legal values (the ruleset's roles, nights 1 to the latest, the other seats or their cards); the engine checks the
claim again (engine/moves/claims.py) and a refusal comes back as the speech's error. The speech event carries the claim,
so every other seat's record shows it.

The first choice of each screen is the one that adds nothing (no claim; done): a stray Enter claims nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine import get_ruleset
from engine.moves.decisions import CLAIM_RESULTS, MAX_CLAIMED_CHECKS, Claim, ClaimedCheck, Target
from tui.format import target_text
from tui.i18n import role, tr
from tui.screens.prompts import TargetScreen

if TYPE_CHECKING:
    from tui.app import KillerApp

NO_CLAIM = "-"  # the "no claim" choice (None is a claim with no role: checks only)
DONE, ADD = "done", "add"


@dataclass(frozen=True)
class ClaimScope:
    """What the form may offer a seat: the ruleset's roles, the other seats (or their cards), the nights so far."""

    seat: int
    players: int
    roles: tuple[str, ...]
    cards_per_seat: int
    night: int

    @property
    def targets(self) -> list[Target]:
        seats = [s for s in range(1, self.players + 1) if s != self.seat]
        if self.cards_per_seat > 1:
            return [(s, k) for s in seats for k in range(1, self.cards_per_seat + 1)]
        return list(seats)


def claim_scope(app: KillerApp, seat: int) -> ClaimScope | None:
    """The scope from the game on screen; None when the ruleset or the table is not known yet."""
    try:
        rules = get_ruleset(str(app.header.get("ruleset") or ""))
    except Exception:  # an unknown ruleset: no form (the speech goes without a claim)
        return None
    model = app.model()
    players = model.players or len(model.seats)
    return ClaimScope(seat, players, rules.roles(), rules.cards_per_seat, model.night) if players else None


def role_options(lang: str, scope: ClaimScope) -> list[tuple[str, Any]]:
    """No claim first, then each role of the ruleset, then "no role, checks only" (where a night has passed)."""
    options: list[tuple[str, Any]] = [(tr(lang, "no_claim"), NO_CLAIM)]
    options += [(tr(lang, "claim_role", role=role(lang, r)), r) for r in scope.roles]
    if scope.night >= 1:
        options.append((tr(lang, "claim_checks_only"), None))
    return options


def check_options(lang: str, scope: ClaimScope) -> tuple[list[tuple[str, Any]], list[tuple[str, Any]],
                                                         list[tuple[str, Any]]]:
    """(nights, targets, results) a reported check may name."""
    nights = [(tr(lang, "claim_night", n=n), n) for n in range(scope.night, 0, -1)]  # the latest first
    targets = [(target_text(lang, t), t) for t in scope.targets]
    results = [(tr(lang, f"claim_{r}"), r) for r in CLAIM_RESULTS]
    return nights, targets, results


async def claim_form(app: KillerApp, seat: int) -> Claim | None:
    """Asks the person for a public claim; None when it makes none."""
    lang = app.lang
    scope = claim_scope(app, seat)
    if scope is None:
        return None
    app.pending_text = tr(lang, "pending_claim")
    app.redraw()
    picked = await app.ask(TargetScreen(tr(lang, "ask_claim"), role_options(lang, scope), lang))
    if picked == NO_CLAIM:
        return None
    checks: list[ClaimedCheck] = []
    nights, targets, results = check_options(lang, scope)
    while nights and len(checks) < MAX_CLAIMED_CHECKS:
        told = "; ".join(_told(lang, c) for c in checks)
        title = tr(lang, "ask_check", told=told or tr(lang, "claim_none_yet"))
        more = await app.ask(TargetScreen(title, [(tr(lang, "claim_done"), DONE), (tr(lang, "claim_add"), ADD)],
                                          lang))
        if more != ADD:
            break
        night = await app.ask(TargetScreen(tr(lang, "ask_check_night"), nights, lang))
        target = await app.ask(TargetScreen(tr(lang, "ask_check_target"), targets, lang))
        result = await app.ask(TargetScreen(tr(lang, "ask_check_result"), results, lang))
        checks.append(ClaimedCheck(int(night), tuple(target) if isinstance(target, list) else target, str(result)))
    if picked is None and not checks:
        return None  # "checks only" with no check is no claim
    return Claim(role=picked, checks=tuple(checks))


def _told(lang: str, check: ClaimedCheck) -> str:
    return tr(lang, "claim_told", night=check.night, target=target_text(lang, check.target),
              result=tr(lang, f"claim_{check.result}"))
