"""docs/engine.md's walkthrough, run: a witch who sees the killers' victim before choosing whether to heal it.

The test adds exactly what the walkthrough adds (a role row, a NEW night action row carrying its own help and
rules-card sentences, a catalogued event, that event's two sentences in words/phrases.py, a night procedure, a
ruleset), with monkeypatch instead of edits, and then drives the new ruleset through the drivers' API, the
narrator, the rules card, a seat's prompt, the TUI's help and the scripted bot: none of them changes."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest

import engine
from agents.bots.scripted import ScriptedAgent
from agents.llm import prompting
from agents.view import SeatView
from engine import rulesets
from engine.moves.decisions import Action, DecisionKind, Request
from engine.night.basic import announce, police_check, team_target
from engine.night.common import collect_choices, night_requests
from engine.record.catalog import CATALOGUE, EventSpec, Seen
from engine.record.events import seats
from engine.roles import NIGHT_ACTIONS, ROLES, Effect, NightAction, RoleInfo, Team
from engine.ruleset import Judge, NightStep
from tui.screens.help import explain
from words.narrator import sentence, unworded_kinds
from words.phrases import PHRASES
from words.rules_card import card_text, rules_card

WITCH_SEES = "witch_sees"  # step 2: a new kind in engine/record/catalog.py's EventKind and catalogue


@dataclass(frozen=True)
class WitchNight:
    """Step 3, engine/night/witch.py: the killers and police choose; then the witch is shown the victim and
    chooses whether to heal it; then dawn. `steps` are the judge's calls in order, the witch's last."""

    steps: tuple[NightStep, ...]

    def first(self) -> tuple[NightStep, ...]:
        return tuple(s for s in self.steps if s.role != "witch")

    def begin(self, judge: Judge) -> None:
        judge.ask(*night_requests(judge, self.first()))

    def on_answers(self, judge: Judge, answers: tuple[Action, ...]) -> None:
        if judge.state.day_state is None:  # the first stage is in: show the victim to the witch
            choices = collect_choices(judge, self.first(), answers)
            victim = team_target(choices, "kill")
            witch = next((s for s in judge.state.holders("witch") if judge.state.seat(s).alive), None)
            judge.update(day_state=(victim, choices))
            if witch is not None and isinstance(victim, int):
                judge.emit(WITCH_SEES, seats([witch]), seat=witch, target=victim)
                judge.ask(Request(witch, DecisionKind.NIGHT, role="witch", action="heal", targets=(victim, None)))
                return
            answers = ()
        victim, choices = judge.state.day_state
        healed = next((a.target for a in answers if a.kind is DecisionKind.NIGHT), None)
        police_check(judge, choices)
        dead = [victim] if isinstance(victim, int) and victim != healed and judge.kill(victim, "killed") else []
        announce(judge, dead)


@pytest.fixture
def witch_ruleset(monkeypatch: pytest.MonkeyPatch) -> str:
    # Step 1, engine/roles.py: the role and its night action, with names and help in both languages.
    monkeypatch.setitem(ROLES, "witch", RoleInfo("witch", Team.GOOD, "Witch", "女巫",
                                                 "sees the killers' victim, then may heal it",
                                                 "看到被杀的人后可以救他", special=True))
    monkeypatch.setitem(NIGHT_ACTIONS, "heal", NightAction(
        "heal", Effect.PROTECTIVE, "heal", "治", "heal tonight's victim", "救今晚被杀的人",
        "{who} see tonight's victim and may heal it", "{who}看到当晚被杀的人，可以把他治好"))
    # Step 2, engine/record/catalog.py: the event, who sees it, its fields and its meaning; its sentence in each
    # language is words/phrases.py's (the one table of sentences).
    monkeypatch.setitem(CATALOGUE, WITCH_SEES, EventSpec(
        WITCH_SEES, Seen.SEAT, ("seat", "target"), "The witch is shown the killers' victim."))
    monkeypatch.setitem(PHRASES["en"], WITCH_SEES, "The judge shows the witch ({seat}) tonight's victim: {target}.")
    monkeypatch.setitem(PHRASES["zh"], WITCH_SEES, "法官告诉女巫（{seat}）今晚被杀的是{target}。")
    # Step 4, engine/rulesets/family_witch.py: v2-classic with a witch.
    base = rulesets.get_ruleset("v2-classic")
    witch = replace(base, id="v2-witch", composition=lambda n: ("witch", *base.composition(n)[1:]),
                    night=WitchNight((*base.night_steps, NightStep("witch", "heal", "the walkthrough's witch"))),
                    title_zh="v2.0 女巫版", summary_zh="加入女巫")
    monkeypatch.setitem(rulesets._REGISTRY, "v2-witch", witch)
    return witch.id


@pytest.mark.parametrize(("lang", "line", "third"), [("en", "Witch sees tonight's victim and may heal it.", "3. "),
                                                     ("zh", "女巫看到当晚被杀的人，可以把他治好。", "3、")])
def test_the_new_power_reaches_the_rules_card_and_the_help(witch_ruleset: str, lang: str, line: str,
                                                           third: str) -> None:
    card = card_text(rules_card(witch_ruleset, lang, players=10)).splitlines()
    assert f"  {third}{line}" in card  # the night's third call, after the killers and the police
    request = {"kind": "night", "role": "witch", "action": "heal", "seat": 1}
    assert explain(lang, request) == [line]  # the TUI's help screen for the witch's request
    assert WITCH_SEES not in unworded_kinds()


def test_a_witch_needs_only_the_engine_and_the_role_table(witch_ruleset: str) -> None:
    shown = 0
    for seed in range(20):
        rng, bot = random.Random(seed), ScriptedAgent(seed)
        state, events = engine.new_game(witch_ruleset, rng, players=10)
        events = list(events)
        while not state.is_over():
            request = engine.current_batch(state)[0]
            view = SeatView(request.seat, witch_ruleset, 10, tuple(engine.observation(events, request.seat)))
            action = bot.choose(view, request).action
            assert engine.is_legal(state, action)
            if request.role == "witch":
                text = "\n".join(m["content"] for m in prompting.messages(view, "", "zh"))
                assert "法官告诉女巫" in text  # the seat's prompt, from the event's sentence
                assert "女巫看到当晚被杀的人，可以把他治好" in text  # its rules card, from the action's row
            state, more = engine.apply(state, action, rng)
            events += more
        for e in events:
            if e.kind == WITCH_SEES:
                shown += 1
                assert sentence(e, "en").startswith("The judge shows the witch (seat ")
                assert e.visible_to == frozenset({e.data["seat"]})
            if e.kind == "night_choice" and e.data["role"] == "witch":
                assert "Witch" in sentence(e, "en") and "女巫" in sentence(e, "zh")
        assert engine.replay(witch_ruleset, [e for e in events])[0].winner == state.winner
    assert shown > 0
