"""Asking a seat: build its view from engine.observation, call its agent, guard against a failing agent.

The orchestrator never judges legality: the engine does (engine.why_illegal). A seat whose agent raises or
answers illegally gets the engine's one legal default (engine.default_action), and the transcript says why.
"""

from __future__ import annotations

import time
from dataclasses import asdict, replace
from typing import Any

import engine
from agents.base import Agent, Annotation, Decision
from agents.view import NotebookData, SeatView, SpeechListener
from engine import Action, Request, default_action
from orchestrator.replay_cache import Position


def seat_view(pos: Position, seat: int, lang: str, on_speech: SpeechListener | None = None,
              notebook: NotebookData = "") -> SeatView:
    """All `seat` may know now: engine.observation and nothing else (plus, optionally, where its speech streams,
    and its own notebook from its previous decision)."""
    events = tuple(engine.observation(pos.events, seat))
    return SeatView(seat=seat, ruleset=pos.state.ruleset, players=len(pos.state.seats), events=events, lang=lang,
                    on_speech=on_speech, notebook=notebook)


async def ask(agent: Agent, pos: Position, request: Request, lang: str,
              on_speech: SpeechListener | None = None, notebook: NotebookData = "") -> Decision:
    """The seat's decision, or a recorded legal fallback if its agent fails or answers illegally."""
    started = time.perf_counter()
    try:
        decision = await agent.decide(seat_view(pos, request.seat, lang, on_speech, notebook), request)
    except Exception as exc:  # one seat's failure never stops the game
        return _fallback(request, f"agent error: {type(exc).__name__}: {exc}", started)
    reason = _illegal(pos, request, decision.action)
    if reason is not None:
        return _fallback(request, reason, started, decision.annotation)
    return decision


def _illegal(pos: Position, request: Request, action: Action) -> str | None:
    if action.key() != request.key():
        return f"answered {action.key()} to request {request.key()}"
    reason = pos.why_illegal(action)
    return None if reason is None else f"illegal action: {reason}"


def _fallback(request: Request, reason: str, started: float, base: Annotation | None = None) -> Decision:
    note = base or Annotation("unknown")
    note = replace(note, fallback=reason, latency_s=note.latency_s or time.perf_counter() - started,
                   errors=(*note.errors, reason))
    return Decision(action=default_action(request), annotation=note)


def annotation_dict(decision: Decision) -> dict[str, Any]:
    """What the transcript records beside a decision event (private: never shown to other seats)."""
    out = asdict(decision.annotation)
    for name in ("voice", "voice_fallback"):  # a voiced bot's only: every other transcript stays as it was
        if out[name] is None:
            del out[name]
    out["errors"] = list(decision.annotation.errors)
    out["claimed_role"] = decision.claimed_role
    out["reasoning"] = decision.reasoning
    out["suspicions"] = {str(k): v for k, v in sorted(decision.suspicions.items())}
    return out


def decision_to_dict(decision: Decision) -> dict[str, Any]:
    """A held decision in the graph state (JSON-ready)."""
    return {"action": decision.action.to_dict(), "annotation": annotation_dict(decision)}
