"""Night choices by an action's effect, not its id (issue 37): a new harmful night power a good role holds (a
"hex", added as one row of engine/roles.py with Effect.HARMFUL) is used as the forest old man's silence is (on the
seat it suspects most, only when sure enough, else it passes), by the normal and hard bots, where before any
action whose id they did not know was a random pick. The protective side (a new guard played as the doctor's
save) is tests/engine/test_protective_role_walkthrough.py."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import engine
from agents.bots.scripted import ScriptedAgent
from agents.view import SeatView
from engine.roles import NIGHT_ACTIONS, Effect, NightAction

HEX = NightAction("hex", Effect.HARMFUL, "hex", "咒", "choose one seat to hex", "选择要诅咒的人",
                  "{who} choose a seat to hex", "{who}选择一名玩家诅咒")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_new_harmful_power_is_used_as_the_silence_is(monkeypatch: pytest.MonkeyPatch, level: str) -> None:
    monkeypatch.setitem(NIGHT_ACTIONS, "hex", HEX)
    asked = named = 0
    for seed in range(12):
        rng, bot = random.Random(seed), ScriptedAgent(seed, level=level)
        state, events = engine.new_game("v4-classic", rng)
        events, n = list(events), len(state.seats)
        while not state.is_over():
            request = engine.current_batch(state)[0]
            view = SeatView(request.seat, "v4-classic", n, tuple(engine.observation(events, request.seat)))
            action = bot.choose(view, request).action
            if request.action == "silence":
                # asked with a pass allowed, so that no seeded draw (keyed on the action's id) decides either
                free = replace(request, targets=(None, *(t for t in request.targets if t is not None)))
                silenced = bot.choose(view, free).action.target
                hexed = bot.choose(view, replace(free, action="hex")).action.target
                assert hexed == silenced, (seed, level, request)
                asked += 1
                named += silenced is not None
            state, more = engine.apply(state, action, rng)
            events += more
    assert asked > 20 and 0 < named < asked  # it both silences and passes: the two branches are compared
