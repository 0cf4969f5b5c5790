"""The claim form: a person at a speech (statement, defence, last words) may attach a public claim, as a model
does (issue 10 "a human in the TUI gets a claim form"): the role claimed (or none) and the check results reported,
each a night so far, a seat of the table (v5: a card) and the judge's nod or shake. Every screen offers only
legal values (the ruleset's roles, nights 1 to the latest, the other seats or their cards); the engine checks the
claim again (engine/legality/claims.py) and a refusal comes back as the speech's error. The speech event carries the
claim, so every other seat's record shows it.

The form starts from what the seat knows: its own checks (the judge's nods and shakes it saw) are pre-filled, the
nights already reported in an earlier claim are marked, and checks are asked for only when the claimed role has
them (a police claim, or "checks only"). A seat that claimed before keeps that claim with one key (Enter on the
first choice, its own new checks added). Otherwise the first choice adds nothing (no claim; done), so a stray
Enter claims nothing. Esc goes back a step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from textual.screen import Screen

from engine import SPEECHES, EventKind, get_ruleset
from engine.moves.decisions import CLAIM_RESULTS, MAX_CLAIMED_CHECKS, Claim, ClaimedCheck, Target, target_from_json
from tui.format import target_text
from tui.i18n import role, tr
from tui.screens.prompts import BACK, TargetScreen
from tui.state.model import TableModel

NO_CLAIM = "-"  # the "no claim" choice (None is a claim with no role: checks only)
KEEP = "keep"  # the claim made before, with the seat's own new checks
DONE, ADD = "done", "add"


class FormHost(Protocol):
    """What the form needs of the app it runs in (tui/app.py's KillerApp): the game on screen, the language, the
    pending line it redraws, and a screen to ask on. A protocol, so that tui.screens never imports tui.app."""

    header: dict[str, Any]
    lang: str
    pending_text: str

    def model(self) -> TableModel: ...

    def redraw(self) -> None: ...

    async def ask(self, screen: Screen[Any]) -> Any: ...


@dataclass(frozen=True)
class ClaimScope:
    """What the form may offer a seat: the ruleset's roles, the other seats (or their cards), the nights so far."""

    seat: int
    players: int
    roles: tuple[str, ...]
    cards_per_seat: int
    night: int
    checkers: frozenset[str] = frozenset({"police"})  # the roles whose claim reports checks

    @property
    def targets(self) -> list[Target]:
        seats = [s for s in range(1, self.players + 1) if s != self.seat]
        if self.cards_per_seat > 1:
            return [(s, k) for s in seats for k in range(1, self.cards_per_seat + 1)]
        return list(seats)


def claim_scope(app: FormHost, seat: int) -> ClaimScope | None:
    """The scope from the game on screen; None when the ruleset or the table is not known yet."""
    try:
        rules = get_ruleset(str(app.header.get("ruleset") or ""))
    except Exception:  # an unknown ruleset: no form (the speech goes without a claim)
        return None
    model = app.model()
    players = model.players or len(model.seats)
    checkers = frozenset(step.role for step in rules.night_steps if step.action == "check")
    return ClaimScope(seat, players, rules.roles(), rules.cards_per_seat, model.night, checkers) if players else None


def own_checks(app: FormHost, seat: int) -> list[ClaimedCheck]:
    """The checks the judge answered this seat (or its team), by night: what a true claim reports."""
    night, out = 0, []
    for entry in app.model().entries:
        event = entry.event
        if event.kind == EventKind.NIGHT_FALLS:
            night = int(event.data.get("night") or night + 1)
        elif event.kind == EventKind.CHECK_RESULT and event.visible_to and seat in event.visible_to:
            target = target_from_json(event.data.get("target"))
            if target is not None:
                out.append(ClaimedCheck(night, target, str(event.data.get("result"))))
    return out


def last_claim(app: FormHost, seat: int) -> Claim | None:
    """The latest public claim this seat made (None before its first)."""
    said = [e.event.data.get("claim") for e in app.model().entries
            if e.event.kind in SPEECHES and e.event.data.get("seat") == seat and e.event.data.get("claim")]
    try:
        return Claim.from_dict(said[-1]) if said else None
    except (KeyError, TypeError, ValueError):
        return None


def merged(*lists: tuple[ClaimedCheck, ...] | list[ClaimedCheck]) -> tuple[ClaimedCheck, ...]:
    """The checks of every list, one per night (an earlier list wins), in night order."""
    by_night: dict[int, ClaimedCheck] = {}
    for checks in lists:
        for check in checks:
            by_night.setdefault(check.night, check)
    return tuple(by_night[n] for n in sorted(by_night))[:MAX_CLAIMED_CHECKS]


def role_options(lang: str, scope: ClaimScope, kept: Claim | None = None) -> list[tuple[str, Any]]:
    """The claim made before (kept as it was, with new checks) first when there is one, then no claim, each role
    of the ruleset, and "no role, checks only" (where a night has passed)."""
    options: list[tuple[str, Any]] = [(tr(lang, "claim_keep", claim=claim_text(lang, kept)), KEEP)] if kept else []
    options.append((tr(lang, "no_claim"), NO_CLAIM))
    options += [(tr(lang, "claim_role", role=role(lang, r)), r) for r in scope.roles]
    if scope.night >= 1:
        options.append((tr(lang, "claim_checks_only"), None))
    return options


def check_options(lang: str, scope: ClaimScope, taken: frozenset[int] = frozenset()) -> tuple[
        list[tuple[str, Any]], list[tuple[str, Any]], list[tuple[str, Any]]]:
    """(nights, targets, results) a new reported check may name: the nights not reported in this claim yet."""
    nights = [(tr(lang, "claim_night", n=n), n) for n in range(scope.night, 0, -1) if n not in taken]  # latest first
    targets = [(target_text(lang, t), t) for t in scope.targets]
    results = [(tr(lang, f"claim_{r}"), r) for r in CLAIM_RESULTS]
    return nights, targets, results


async def claim_form(app: FormHost, seat: int) -> Claim | None:
    """Asks the person for a public claim; None when it makes none."""
    lang = app.lang
    scope = claim_scope(app, seat)
    if scope is None:
        return None
    app.pending_text = tr(lang, "pending_claim")
    app.redraw()
    before, own = last_claim(app, seat), own_checks(app, seat)
    kept = Claim(before.role, merged(before.checks, own)) if before is not None else None
    while True:
        picked = await app.ask(TargetScreen(tr(lang, "ask_claim"), role_options(lang, scope, kept), lang))
        if picked == KEEP and kept is not None:
            return kept
        if picked in (NO_CLAIM, BACK):
            return None
        if picked is not None and picked not in scope.checkers:
            return Claim(role=picked, checks=())  # a civilian's (or a killer's) claim reports no checks
        reported = before.checks if before is not None else ()
        checks = await _checks(app, scope, merged(own, reported), frozenset(c.night for c in reported))
        if checks is None:
            continue  # Esc: back to the role
        return Claim(role=picked, checks=checks) if picked is not None or checks else None


async def _checks(app: FormHost, scope: ClaimScope, offered: tuple[ClaimedCheck, ...],
                  reported: frozenset[int]) -> tuple[ClaimedCheck, ...] | None:
    """The checks to report: the offered ones ticked (Enter on one unticks it), more added by night; None: Esc."""
    lang, checks, ticked = app.lang, list(offered), set(range(len(offered)))
    at = 0
    while True:
        told = [(tr(lang, "claim_tick" if i in ticked else "claim_untick",
                    check=_told(lang, c), before=tr(lang, "claim_before") if c.night in reported else ""), i)
                for i, c in enumerate(checks)]
        nights = check_options(lang, scope, frozenset(c.night for c in checks))[0]
        options = [(tr(lang, "claim_done", n=len(ticked)), DONE), *told]
        if nights and len(checks) < MAX_CLAIMED_CHECKS:
            options.append((tr(lang, "claim_add"), ADD))
        picked = await app.ask(TargetScreen(tr(lang, "ask_check"), options, lang, default=at, back=True))
        if picked == BACK:
            return None
        if picked == DONE:
            return tuple(c for i, c in enumerate(checks) if i in ticked)
        if picked == ADD:
            added = await _new_check(app, scope, nights)
            if added is not None:
                checks.append(added)
                ticked.add(len(checks) - 1)
            at = 0  # the check is in: Enter now reports
            continue
        ticked.symmetric_difference_update({picked})
        at = picked + 1


async def _new_check(app: FormHost, scope: ClaimScope, nights: list[tuple[str, Any]]) -> ClaimedCheck | None:
    """Night, seat (v5: card) and the judge's answer of one more check; None when the person goes back."""
    lang = app.lang
    _, targets, results = check_options(lang, scope)
    night = await app.ask(TargetScreen(tr(lang, "ask_check_night"), nights, lang, back=True))
    if night == BACK:
        return None
    target = await app.ask(TargetScreen(tr(lang, "ask_check_target"), targets, lang, back=True))
    if target == BACK:
        return None
    result = await app.ask(TargetScreen(tr(lang, "ask_check_result"), results, lang, back=True))
    if result == BACK:
        return None
    return ClaimedCheck(int(night), tuple(target) if isinstance(target, list) else target, str(result))


def claim_text(lang: str, claim: Claim) -> str:
    """A claim in a few words: its role and its checks."""
    parts = [role(lang, claim.role)] if claim.role else []
    parts += [_told(lang, c) for c in claim.checks]
    return ("；" if lang == "zh" else "; ").join(parts) or tr(lang, "claim_none_yet")


def _told(lang: str, check: ClaimedCheck) -> str:
    return tr(lang, "claim_told", night=check.night, target=target_text(lang, check.target),
              result=tr(lang, f"claim_{check.result}_short"))
