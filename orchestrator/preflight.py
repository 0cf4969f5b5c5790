"""Before the first night: one request per distinct (endpoint, model, provider, options) in the production
request shape. A refusal that survives the profile's one adaptation, an authentication failure, an unknown model
or an unreadable answer is one line naming the seat(s), the model and the provider's own message."""

from __future__ import annotations

import asyncio
from typing import Any

import engine
from agents.base import Agent, ModelSeat, PreflightRefused
from agents.view import SeatView
from engine import DecisionKind, KillerError, Request
from hygiene.sanitize import clean
from hygiene.secrets import redact, redact_url
from orchestrator.replay_cache import Position


class PreflightError(KillerError, ValueError):
    """An endpoint refused the game's requests before the game began: one line for the user (exit 2)."""


def probe_request(pos: Position, seat: int) -> tuple[SeatView, Request]:
    """The seat's start view and a day statement: the answer shape with the most fields (speech, claimed role,
    accusation, suspicions, reasoning); the agent sends it as a connection check, never as a turn of the game
    (agents/llm/prompting.py `check_messages`)."""
    events = tuple(engine.observation(pos.events, seat))
    view = SeatView(seat=seat, ruleset=pos.state.ruleset, players=len(pos.state.seats), events=events)
    return view, Request(seat, DecisionKind.STATEMENT)


def groups(agents: dict[int, Agent]) -> dict[tuple[Any, ...], list[int]]:
    """LLM seats grouped by what they send."""
    out: dict[tuple[Any, ...], list[int]] = {}
    for seat, agent in sorted(agents.items()):
        if isinstance(agent, ModelSeat):
            out.setdefault(agent.endpoint_key(), []).append(seat)
    return out


async def resolve_all(agents: dict[int, Agent]) -> None:
    """Resolves every LLM seat's provider "auto" (one detection per endpoint and model)."""
    done: dict[tuple[str, str], str] = {}
    for agent in agents.values():
        if isinstance(agent, ModelSeat) and agent.provider == "auto":
            key = (agent.base_url, agent.model)
            if key in done:
                agent.adopt(done[key])  # the same endpoint and model: detected once
            else:
                done[key] = await agent.resolve()


async def preflight(agents: dict[int, Agent], pos: Position) -> None:
    """Raises PreflightError naming the seats, model and provider message of the first refused group."""
    await resolve_all(agents)
    found = groups(agents)

    async def check(seats: list[int]) -> str | None:
        agent = agents[seats[0]]
        assert isinstance(agent, ModelSeat)
        view, request = probe_request(pos, seats[0])
        try:
            await agent.preflight(view, request)
        except PreflightRefused as exc:
            names = ", ".join(str(s) for s in seats)
            return clean(redact(f"seat{'s' if len(seats) > 1 else ''} {names}: {agent.model} at "
                                f"{redact_url(agent.base_url)} ({agent.provider}) refused the game's request: {exc}"),
                         max_chars=600)
        return None

    problems = await asyncio.gather(*(check(seats) for seats in found.values()))
    first = next((p for p in problems if p), None)
    if first is not None:
        raise PreflightError(first)
