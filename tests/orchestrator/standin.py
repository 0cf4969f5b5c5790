"""Stand-in agents for orchestrator tests (the real ones live in agents/; these only need the Agent contract)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from agents.base import Annotation, Decision
from agents.view import SeatView
from engine import Action, DecisionKind, Request

SPEAKING = (DecisionKind.STATEMENT, DecisionKind.DEFENSE, DecisionKind.LAST_WORDS)


def first_legal(request: Request, view: SeatView) -> Action:
    """Picks the first legal target (not the seat itself where possible) and accuses like it votes."""
    targets = [t for t in request.targets if t is not None and t != request.seat] or list(request.targets)
    target = targets[0] if targets else None
    accusations = [a for a in request.accusations if a != request.seat]
    speech = f"Seat {request.seat} has seen {len(view.events)} events." if request.may_speak else ""
    return Action(request.seat, request.kind, target=target, slot=request.slot,
                  accusation=accusations[0] if accusations else None,
                  speech=speech if request.kind in SPEAKING else "")


@dataclass
class StandIn:
    """A deterministic Agent: first legal choice; records what it was shown and how many ran at once."""

    delay: float = 0.0
    calls: list[tuple[SeatView, Request]] = field(default_factory=list)
    in_flight: int = 0
    max_in_flight: dict[str, int] = field(default_factory=dict)
    kind: str = "standin"

    async def decide(self, view: SeatView, request: Request) -> Decision:
        self.calls.append((view, request))
        self.in_flight += 1
        k = request.kind.value
        self.max_in_flight[k] = max(self.max_in_flight.get(k, 0), self.in_flight)
        try:
            await asyncio.sleep(self.delay)
        finally:
            self.in_flight -= 1
        return Decision(first_legal(request, view), reasoning=f"private note of seat {view.seat}",
                        suspicions={s: 0.5 for s in range(1, view.players + 1) if s != view.seat},
                        annotation=Annotation("standin", latency_s=self.delay))


def table(agent: object, players: int) -> dict[int, object]:
    return {s: agent for s in range(1, players + 1)}


