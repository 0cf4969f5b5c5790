"""The claim form: a person at a speech (statement, defence, last words) may attach a public claim, as a model
does (issue 10 "a human in the TUI gets a claim form"): the role claimed (or none) and the check results reported,
each a night so far, a seat of the table (v5: a card) and the judge's nod or shake. Every screen offers only
legal values (the ruleset's roles, nights 1 to the latest, the other seats or their cards); the engine checks the
claim again (engine/legality/claims.py) and a refusal comes back as the speech's error. The speech event carries the
claim, so every other seat's record shows it.

The form starts from what the seat knows: its own checks (the judge's nods and shakes it saw) are pre-filled, the
nights already reported in an earlier claim are marked, and checks are asked for only when the claimed role has
them (a police claim, or "checks only"). Every item of the role list has a fixed key (issue 39: the list never
renumbers itself): 1 no claim, 2 on the ruleset's roles in its order, then "checks only"; a seat that claimed
before keeps that claim on its own key, 0 (first and highlighted, its own new checks added), so a key that claimed
the Police yesterday claims the Police today. A claim of a killer-side role, or a change of the role claimed
before, asks for confirmation; where the ruleset has a jump-kill, claiming a role that may jump-kill asks whether
the person means to confess (004 other rule 3: "承认自己是杀手" is a jump-kill), and the two stay distinct. Esc goes
back a step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from textual.screen import Screen

from engine import MALFORMED, SPEECHES, EventKind, get_ruleset
from engine.moves.decisions import CLAIM_RESULTS, MAX_CLAIMED_CHECKS, Claim, ClaimedCheck, Target, target_from_json
from engine.roles import Team, team_of
from tui.format import target_text
from tui.i18n import role, tr
from tui.screens.prompts.choice_list import TargetScreen
from tui.screens.prompts.confirm import ConfirmScreen
from tui.screens.prompts.entry import BACK
from tui.state.model import TableModel

NO_CLAIM = "-"  # the "no claim" choice (None is a claim with no role: checks only)
KEEP = "keep"  # the claim made before, with the seat's own new checks
DONE, ADD = "done", "add"
CONFESS = "confess"  # what the form answers when the person meant a jump-kill, not a claim in words
WORDS_ONLY = "words"
KEEP_KEY, NO_CLAIM_KEY = "0", "1"  # the role list's fixed keys (the roles follow from 2)


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
    jumpers: frozenset[str] = frozenset()  # the roles that may jump-kill in this ruleset (004 other rule 3)

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
    if not players:
        return None
    return ClaimScope(seat, players, rules.roles(), rules.cards_per_seat, model.night, checkers,
                      frozenset(rules.jump_kill))


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
    except MALFORMED:  # a claim no game of ours wrote (a replayed file)
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


def role_keys(scope: ClaimScope, options: list[tuple[str, Any]]) -> list[str]:
    """The fixed key of each role option: the same item whatever else the list holds (issue 39)."""
    fixed = {KEEP: KEEP_KEY, NO_CLAIM: NO_CLAIM_KEY, None: str(len(scope.roles) + 2)}
    fixed.update({r: str(i) for i, r in enumerate(scope.roles, start=2)})
    return [fixed[value] for _, value in options]


def check_options(lang: str, scope: ClaimScope, taken: frozenset[int] = frozenset()) -> tuple[
        list[tuple[str, Any]], list[tuple[str, Any]], list[tuple[str, Any]]]:
    """(nights, targets, results) a new reported check may name: the nights not reported in this claim yet."""
    nights = [(tr(lang, "claim_night", n=n), n) for n in range(scope.night, 0, -1) if n not in taken]  # latest first
    targets = [(target_text(lang, t), t) for t in scope.targets]
    results = [(tr(lang, f"claim_{r}"), r) for r in CLAIM_RESULTS]
    return nights, targets, results


async def claim_form(app: FormHost, seat: int, may_confess: bool = False) -> Claim | str | None:
    """Asks the person for a public claim; None when it makes none, CONFESS when the person, asked, meant a
    jump-kill (only where `may_confess`: the judge's request allows one now)."""
    lang = app.lang
    scope = claim_scope(app, seat)
    if scope is None:
        return None
    app.pending_text = tr(lang, "pending_claim")
    app.redraw()
    before, own = last_claim(app, seat), own_checks(app, seat)
    kept = Claim(before.role, merged(before.checks, own)) if before is not None else None
    while True:
        options = role_options(lang, scope, kept)
        picked = await app.ask(TargetScreen(tr(lang, "ask_claim"), options, lang, keys=role_keys(scope, options)))
        if picked == KEEP and kept is not None:
            return kept
        if picked in (NO_CLAIM, BACK):
            return None
        meant = await _meant(app, scope, picked, before.role if before is not None else None, may_confess)
        if meant == CONFESS:
            return CONFESS
        if meant is BACK:
            continue
        if picked is not None and picked not in scope.checkers:
            return Claim(role=picked, checks=())  # a civilian's (or a killer's) claim reports no checks
        reported = before.checks if before is not None else ()
        checks = await _checks(app, scope, merged(own, reported), frozenset(c.night for c in reported))
        if checks is None:
            continue  # Esc: back to the role
        return Claim(role=picked, checks=checks) if picked is not None or checks else None


async def _meant(app: FormHost, scope: ClaimScope, picked: str | None, claimed: str | None,
                 may_confess: bool) -> Any:
    """The person's word that a claim is what they mean: a role that may jump-kill asks whether they mean to
    confess; a killer-side role, or a role other than the one claimed before, asks to confirm. WORDS_ONLY to go
    on, CONFESS, or BACK (to the role list)."""
    lang = app.lang
    if picked is None:
        return WORDS_ONLY
    change = claimed is not None and claimed != picked
    said = tr(lang, "claim_change", old=role(lang, claimed), new=role(lang, picked)) if change else \
        tr(lang, "claim_role", role=role(lang, picked))
    if picked in scope.jumpers:
        options: list[tuple[str, Any]] = [(tr(lang, "claim_words_only", role=role(lang, picked)), WORDS_ONLY)]
        if may_confess:
            options.append((tr(lang, "claim_meant_confess"), CONFESS))
        options.append((tr(lang, "claim_back"), BACK))
        title = tr(lang, "ask_confess_or_claim", claim=said, role=role(lang, picked))
        return await app.ask(TargetScreen(title, options, lang, back=True))
    if change or team_of(picked) != Team.GOOD:
        sure = await app.ask(ConfirmScreen(said, lang, title=tr(lang, "claim_confirm_title")))
        return WORDS_ONLY if sure else BACK
    return WORDS_ONLY


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
