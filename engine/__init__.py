"""The judge: a pure, deterministic rules engine for every rule system in the seeds.

Entry points: new_game, apply, pending, replay, observation; rulesets by id via get_ruleset.
No I/O, no clock, no global random: randomness comes in as a seeded Rng and every draw is an event.
"""

from __future__ import annotations

from engine.drivers import current_batch, default_action, is_batch, is_legal, why_illegal
from engine.errors import MALFORMED, IllegalActionError, KillerError, SetupError, UnknownRulesetError
from engine.game import (
    MAX_TEAM_TALK,
    RULES_REVISION,
    TEAM_TALK_ROUNDS,
    apply,
    decisions,
    new_game,
    pending,
    recorded_card_talk,
    recorded_revision,
    recorded_team_talk,
    replay,
)
from engine.moves.decisions import SPEAKING, Action, Claim, ClaimedCheck, DecisionKind, Request, Target
from engine.record.catalog import CATALOGUE, DECISIONS, SPEECHES, EventKind
from engine.record.events import Event
from engine.record.view import GOD, PUBLIC, View, can_see, observation
from engine.roles import ROLES, Team, display_name, team_of
from engine.rulesets import all_rulesets, get_ruleset
from engine.state import GameState, Phase, Seat, Winner

__all__ = [
    "CATALOGUE",
    "DECISIONS",
    "GOD",
    "MALFORMED",
    "MAX_TEAM_TALK",
    "PUBLIC",
    "ROLES",
    "RULES_REVISION",
    "SPEAKING",
    "SPEECHES",
    "TEAM_TALK_ROUNDS",
    "Action",
    "Claim",
    "ClaimedCheck",
    "DecisionKind",
    "Event",
    "EventKind",
    "GameState",
    "IllegalActionError",
    "KillerError",
    "Phase",
    "Request",
    "Seat",
    "SetupError",
    "Target",
    "Team",
    "UnknownRulesetError",
    "View",
    "Winner",
    "all_rulesets",
    "apply",
    "can_see",
    "current_batch",
    "decisions",
    "default_action",
    "display_name",
    "get_ruleset",
    "is_batch",
    "is_legal",
    "new_game",
    "observation",
    "pending",
    "recorded_card_talk",
    "recorded_revision",
    "recorded_team_talk",
    "replay",
    "team_of",
    "why_illegal",
]
