"""The engine state behind the graph: rebuilt from (seed, applied actions), cached in-process by length.

The graph state holds only the actions as dicts (small, serializable); the engine is deterministic given one
random.Random(seed) for new_game and every apply, so replaying the actions reproduces state, events and draws.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import engine
from engine import Action, Event, GameState


@dataclass
class Position:
    """The engine at one point of the game: the state, every event so far, and the rng to go on with."""

    state: GameState
    events: list[Event]
    rng: random.Random
    applied: int = 0  # how many actions led here
    decision_index: list[int] = field(default_factory=list)  # event index of each applied action's record

    def why_illegal(self, action: Action) -> str | None:
        """The engine's refusal of `action` here, or None (nothing is applied or drawn)."""
        return engine.why_illegal(self.state, action)

    def apply(self, action: Action) -> list[Event]:
        """Applies one action in place; returns the events it caused (the first records the decision)."""
        self.state, new = engine.apply(self.state, action, self.rng)
        self.decision_index.append(len(self.events))
        self.events.extend(new)
        self.applied += 1
        return new


class ReplayCache:
    """Positions of one game keyed by how many actions were applied; a miss replays from the seed."""

    def __init__(self, ruleset: str, seed: int, players: int | None, team_talk: int = 0,
                 card_talk: bool | None = None, revision: int = engine.RULES_REVISION) -> None:
        self.ruleset = ruleset
        self.seed = seed
        self.players = players
        self.team_talk = team_talk  # rounds of team talk at night (engine.new_game; ruling R-team-talk)
        self.revision = revision  # the rules revision (a resumed game keeps its deal's: engine.recorded_revision)
        self.card_talk = card_talk  # v5 killer cards talk (R-v5-killer-talk; None: as new games do)
        self._pos: Position | None = None
        self.replays = 0  # how often a miss forced a full replay (tests and benchmarks read it)

    def start(self) -> Position:
        rng = random.Random(self.seed)
        state, events = engine.new_game(self.ruleset, rng, players=self.players, team_talk=self.team_talk,
                                        card_talk=self.card_talk, revision=self.revision)
        return Position(state, list(events), rng)

    def at(self, actions: list[dict[str, Any]]) -> Position:
        """The position after `actions`; the cached one when it is at that length, else a fresh replay."""
        pos = self._pos
        if pos is None or pos.applied != len(actions):
            self.replays += 1
            pos = self.start()
            for raw in actions:
                pos.apply(Action.from_dict(raw))
            self._pos = pos
        return pos

    def forget(self) -> None:
        """Drops the cached position (after a failed step left it ahead of the graph state)."""
        self._pos = None
