"""The person behind a human seat: turns the judge's request (the orchestrator's interrupt payload) into
prompts offering only the legal choices, and the answers into the dict orchestrator.graph.human_action reads.

Hot-seat (several human seats): the table falls back to the public view between turns, and an opaque privacy
screen asks the next seat to take the keyboard before its private panel is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import MALFORMED, Claim, DecisionKind, Request
from engine.legality.validate import target_rule
from engine.moves.decisions import target_from_json
from engine.record.view import PUBLIC
from tui.format import target_text
from tui.i18n import action, role, tr
from tui.screens.claim_form import CONFESS, claim_form
from tui.screens.privacy import PrivacyScreen
from tui.screens.prompts.choice_list import TargetScreen
from tui.screens.prompts.confirm import ConfirmScreen
from tui.screens.prompts.entry import Refuse, typed_target
from tui.screens.prompts.notice import NoticeScreen
from tui.screens.prompts.speech import SpeechScreen
from tui.screens.team_message import TeamMessageScreen, partners_of
from words.prompt_card import talk_text
from words.refusals import judge_refusal, refusal

if TYPE_CHECKING:
    from tui.app import KillerApp


def choices(lang: str, request: dict[str, Any], values: list[Any]) -> list[tuple[str, Any]]:
    """(label, value) for each legal value; None reads 'nobody (pass)' or 'keep the hand down'."""
    none = "no_hand" if request["kind"] == DecisionKind.VOTE else "pass"
    return [(tr(lang, none) if v is None else target_text(lang, v), v) for v in values]


def ask_text(lang: str, request: dict[str, Any]) -> str:
    """What the judge asks, in a line (the prompt's title and the player's panel)."""
    kind = request["kind"]
    if kind == DecisionKind.NIGHT:
        asked = tr(lang, "ask_night", role=role(lang, request.get("role")), action=action(lang, request.get("action")))
        talk = team_talk_text(lang, request)
        return f"{asked}\n{talk}" if talk else asked
    if kind == DecisionKind.VOTE:
        return tr(lang, "ask_vote")
    return tr(lang, f"ask_{kind}")


def team_talk_text(lang: str, request: dict[str, Any]) -> str:
    """The team-talk view of a later round (R-team-talk): the round, every member's proposal of the round before
    and what each told the team, in the same words the models read (words.prompt_card.talk_text); empty for any
    other request."""
    try:
        proposals = tuple((int(s), target_from_json(t)) for s, t in request.get("proposals") or ())
        messages = tuple((int(s), str(m)) for s, m in request.get("messages") or ())
        asked = Request(int(request["seat"]), DecisionKind(request["kind"]), round=int(request.get("round", 1)),
                        rounds=int(request.get("rounds", 1)), proposals=proposals, messages=messages)
    except MALFORMED:
        return ""
    return talk_text(asked, lang)


def seat_refusal(app: KillerApp, seat: int, kind: str, night: bool = False) -> Refuse:
    """Why a typed seat is not a choice, in the judge's words (its rule from what the seat knows: the table's
    size, who is dead, its teammates at night): "Seat 9 is dead.", "You cannot accuse yourself."."""
    def refuse(typed: str) -> str:
        target = typed_target(typed)
        if target is None:
            return refusal(app.lang, "not_a_choice", typed=typed)
        seats = app.model().seats
        rule = target_rule(seat, target, len(seats), lambda n: n not in seats or seats[n].alive,
                           lambda n: night and n in seats and seats[n].teammate)
        return refusal(app.lang, rule, target, kind)
    return refuse


def refused_answer(app: KillerApp, seat: int, request: dict[str, Any], error: str | None) -> str | None:
    """The judge's refusal of the person's last answer, as a sentence naming what was refused."""
    if not error:
        return None
    last = app.last_answer if app.last_answer and app.last_answer.get("seat") == seat else {}
    accused = "accus" in error
    target = last.get("accusation" if accused else "target")
    return judge_refusal(app.lang, error, target, "accusation" if accused else str(request.get("kind")))


async def answer(app: KillerApp, payload: dict[str, Any]) -> dict[str, Any]:
    """The person's answer to one interrupt payload {"seat", "request", "error"}."""
    request, seat = payload["request"], int(payload["seat"])
    error = refused_answer(app, seat, request, payload.get("error"))
    lang = app.lang
    if len(app.humans) > 1:
        app.pending_text = ""
        app.set_view(PUBLIC)
        await app.ask(PrivacyScreen(seat, lang))
    app.pending_text = tr(lang, "pending", what=ask_text(lang, request))
    app.pending_request = request
    app.set_view(seat)
    try:
        if request["kind"] in (DecisionKind.NIGHT, DecisionKind.VOTE):
            answered = await _choose_target(app, request, error)
        else:
            answered = await _speak(app, request, error)
        app.last_answer = {"seat": seat, **answered}
        return answered
    finally:
        app.pending_text = ""
        app.pending_request = None
        app.set_view(PUBLIC if len(app.humans) > 1 else seat)


def _pending(app: KillerApp, key: str) -> None:
    """The player's panel says what the open prompt asks (not what the last one did)."""
    app.pending_text = tr(app.lang, key)
    app.redraw()


async def _choose_target(app: KillerApp, request: dict[str, Any], error: str | None) -> dict[str, Any]:
    lang = app.lang
    options = choices(lang, request, list(request["targets"]))
    kind = str(request["kind"])
    refuse = seat_refusal(app, int(request["seat"]), kind, night=kind == DecisionKind.NIGHT)
    while True:
        target = await app.ask(TargetScreen(ask_text(lang, request), options, lang, error, refuse=refuse))
        if request.get("irreversible") and target is not None:
            what = tr(lang, "confirm_what", asked=ask_text(lang, request), target=target_text(lang, target))
            if not await app.ask(ConfirmScreen(what, lang)):
                error = None
                continue
        partners = partners_of(request)  # a team night choice: a word to the partners too (issue 19)
        message = await app.ask(TeamMessageScreen(partners, lang)) if partners else ""
        return {"target": target, "speech": "", "accusation": None, "message": message or ""}


async def _claim(app: KillerApp, request: dict[str, Any]) -> Claim | str | None:
    """The claim form until it answers a claim (or none), or a confession the person confirmed (CONFESS)."""
    while True:
        claim = await claim_form(app, int(request["seat"]), bool(request.get("may_confess")))
        if claim != CONFESS or await app.ask(ConfirmScreen(tr(app.lang, "confess"), app.lang)):
            return claim


async def _speak(app: KillerApp, request: dict[str, Any], error: str | None) -> dict[str, Any]:
    lang = app.lang
    if request.get("may_confess"):
        _pending(app, "pending_confess")
        picked = await app.ask(TargetScreen(tr(lang, "speak_or_confess"),
                                            [(tr(lang, "speak"), False), (tr(lang, "confess"), True)], lang, error))
        if picked and await app.ask(ConfirmScreen(tr(lang, "confess"), lang)):
            return {"target": None, "speech": "", "accusation": None, "confess": True}
    app.pending_text = tr(lang, "pending", what=ask_text(lang, request))
    app.redraw()
    if request.get("may_speak", True):
        speech = await app.ask(SpeechScreen(ask_text(lang, request), lang, error))
    else:
        await app.ask(NoticeScreen(tr(lang, "silenced_notice"), lang))
        speech = ""
    # a public claim goes with the words (tui/screens/claim_form.py): the role claimed and the checks reported
    claim = await _claim(app, request) if speech else None
    if claim == CONFESS:
        return {"target": None, "speech": "", "accusation": None, "confess": True}
    accusation = None
    # the engine lists every legal accusation; the person is asked for one where the judge counts it, with
    # "no accusation" first and highlighted: a stray Enter (the speech's own) never accuses the first seat
    legal = list(request.get("accusations") or []) if request.get("counts_accusation") else []
    legal.sort(key=lambda a: a is not None)
    if legal:
        options = [(tr(lang, "no_accusation") if a is None else target_text(lang, a), a) for a in legal]
        _pending(app, "pending_accusation")
        refuse = seat_refusal(app, int(request["seat"]), "accusation")
        accusation = await app.ask(TargetScreen(tr(lang, "ask_accusation"), options, lang, refuse=refuse))
    return {"target": None, "speech": speech, "accusation": accusation, "confess": False,
            "claim": claim.to_dict() if isinstance(claim, Claim) else None}
