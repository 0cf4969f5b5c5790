"""A role is one row: a guard (a new protective night action) in a new ruleset, added in engine files only.

docs/engine.md's second walkthrough, run. The test adds exactly what it adds, with monkeypatch instead of edits:
in `engine/roles.py` the role's row and its action's row (with its effect, PROTECTIVE), a ruleset (a family module
of `engine/rulesets/`) and its entry in the registry (`engine/rulesets/__init__.py`): three engine files, nothing
outside `engine/`. Then the guard plays right: the judge's resolution saves the victim it guards and says who saved
it, the narrator names the role and its act, the rules card, the seat's brief (its help line, by default) and the
TUI's help have their lines, the normal and hard bots guard as they save with the doctor (by the action's effect,
not its id), and the speech reader reads a claim of it.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

import engine
from agents.bots.scripted import ScriptedAgent
from agents.llm import prompting
from agents.view import SeatView
from engine import EventKind, rulesets
from engine.record.events import Event
from engine.roles import NIGHT_ACTIONS, ROLES, Effect, NightAction, RoleInfo, Team
from engine.ruleset import NightStep
from tui.screens.help import explain
from words import reader
from words.narrator import sentence
from words.rules_card import card_text, rules_card

GUARD = RoleInfo("guard", Team.GOOD, "Guard", "守卫", "guards one seat each night from the killers",
                 "每晚守护一人，使他不被杀手杀死", special=True)
GUARDS = NightAction("guard", Effect.PROTECTIVE, "guard", "守护", "choose one seat to guard", "选择要守护的人",
                     "{who} choose a seat to guard from tonight's kill", "{who}选择一名玩家，守护他免于当晚被杀")
READER = ("words.reader.vocab", "words.reader.english", "words.reader.chinese")  # built from the table at import


def reload_reader() -> None:
    """The reader compiles its role words when imported; a real edit of engine/roles.py precedes that import."""
    for name in READER:
        importlib.reload(importlib.import_module(name))


@pytest.fixture
def guard_ruleset(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    # engine/roles.py: the role's row and its power's row.
    monkeypatch.setitem(ROLES, "guard", GUARD)
    monkeypatch.setitem(NIGHT_ACTIONS, "guard", GUARDS)
    # engine/rulesets/family_guard.py: v2-classic with a guard in a civilian's place, called after the police.
    base = rulesets.get_ruleset("v2-classic")

    def composition(n: int) -> tuple[str, ...]:
        roles = list(base.composition(n))
        roles[roles.index("civilian")] = "guard"
        return tuple(roles)

    steps = (*base.night_steps, NightStep("guard", "guard", "the walkthrough's guard: 守护一人"))
    guard = replace(base, id="v2-guard", composition=composition, night=replace(base.night, steps=steps),
                    title_zh="v2.0 守卫版", summary_zh="加入守卫")
    # engine/rulesets/__init__.py: the registry lists it.
    monkeypatch.setitem(rulesets._REGISTRY, "v2-guard", guard)
    reload_reader()
    yield guard.id
    monkeypatch.undo()
    reload_reader()


def play(ruleset: str, seed: int, level: str) -> list[Event]:
    """One game of scripted bots at `level`; every guard request is also asked as the doctor's save, and the bot
    must choose the same seat for both."""
    rng, bot = random.Random(seed), ScriptedAgent(seed, level=level)
    state, events = engine.new_game(ruleset, rng, players=10)
    events = list(events)
    while not state.is_over():
        request = engine.current_batch(state)[0]
        view = SeatView(request.seat, ruleset, 10, tuple(engine.observation(events, request.seat)))
        action = bot.choose(view, request).action
        assert engine.is_legal(state, action)
        if request.action == "guard":
            as_doctor = bot.choose(view, replace(request, role="doctor", action="save")).action
            assert action.target == as_doctor.target, (seed, level, request)
        state, more = engine.apply(state, action, rng)
        events += more
    assert engine.replay(ruleset, events)[0].winner == state.winner
    return events


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_guard_plays_as_the_doctor_does_and_saves(guard_ruleset: str, level: str) -> None:
    guarded = saved = 0
    for seed in range(12):
        for e in play(guard_ruleset, seed, level):
            if e.kind == EventKind.NIGHT_CHOICE and e.data.get("role") == "guard":
                guarded += 1
                assert sentence(e, "en").startswith(f"Seat {e.data['seat']} (Guard) chooses to guard ")
                assert "（守卫）选择守护" in sentence(e, "zh")
            if e.kind == EventKind.SAVED:
                saved += 1
                assert e.data["by"] == "guard" and e.visible_to == frozenset()
                assert sentence(e, "en") == f"The Guard saves seat {e.data['seat']} from the killers."
                assert sentence(e, "zh") == f"守卫救下了{e.data['seat']}号。"
    assert guarded > 20 and saved > 0


@pytest.mark.parametrize(("lang", "line", "name"), [("en", "Guard chooses a seat to guard from tonight's kill.",
                                                     "Guard"),
                                                    ("zh", "守卫选择一名玩家，守护他免于当晚被杀。", "守卫")])
def test_the_card_the_brief_and_the_help_have_the_guard(guard_ruleset: str, lang: str, line: str,
                                                        name: str) -> None:
    card = card_text(rules_card(guard_ruleset, lang, players=10)).splitlines()
    assert any(row.strip().endswith(line) for row in card), card  # the guard's call on the rules card
    assert explain(lang, {"kind": "night", "role": "guard", "action": "guard", "seat": 1}) == [line]
    rng = random.Random(1)
    state, events = engine.new_game(guard_ruleset, rng, players=10)
    seat = next(s.number for s in state.seats if "guard" in s.cards)
    view = SeatView(seat, guard_ruleset, 10, tuple(engine.observation(events, seat)), lang)
    text = "\n".join(m["content"] for m in prompting.messages(view, "", lang))
    assert (GUARD.help_zh if lang == "zh" else GUARD.help_en) in text  # its brief: the row's help line
    assert name in text and line.rstrip(".。") in text


@pytest.mark.parametrize(("lang", "said"), [("en", "I am the guard. Seat 4 is a killer, I am sure."),
                                            ("zh", "我是守卫，4号是杀手。")])
def test_the_reader_reads_a_claim_of_the_guard(guard_ruleset: str, lang: str, said: str) -> None:
    reading = reader.read_statement(said, lang, players=10, speaker=3, day=2)
    assert reading.said_role == "guard" and reading.said_side == "good"
