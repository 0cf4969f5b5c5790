"""Every ruleset's prompt, for each role at night, at a speech, at a vote and at last words, in both languages,
checked against the engine: the card's win conditions are the victory table's, the legal values are the
request's, the request says what follows from it, and the card sits in the shared front of the prompt."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest

import engine
from agents.bots.random_bot import choose
from agents.llm import prompting
from agents.llm.schema import answer_schema, target_json
from agents.view import SeatView
from engine import Claim, DecisionKind, Request
from words.prompt_card import ACCUSATIONS, LINES, VOTES, consequence
from words.rules_card import victory_lines

RULESETS = [r.id for r in engine.all_rulesets()]
LEGAL = {"en": r'Legal "{field}" values: ([^\n(]*?)(?: \(null[^)]*\))?\.\n',
         "zh": r'合法的 "{field}" 值：([^\n（]*?)(?:（null[^）]*）)?。\n'}


def requests_by_role(ruleset: str) -> dict[tuple[str, DecisionKind], tuple[Request, SeatView]]:
    """The first request of each (card, kind) met in a few random games (speeches claim a role)."""
    found: dict[tuple[str, DecisionKind], tuple[Request, SeatView]] = {}
    for seed in range(4):
        rng, agent_rng = random.Random(seed), random.Random(seed + 100)
        state, events = engine.new_game(ruleset, rng)
        while not state.is_over():
            request = state.pending[0]
            view = SeatView(request.seat, ruleset, len(state.seats), tuple(engine.observation(events, request.seat)))
            for card in state.seat(request.seat).cards:
                found.setdefault((card, request.kind), (request, view))
            action = choose(request, agent_rng)
            if request.kind in (DecisionKind.STATEMENT, DecisionKind.LAST_WORDS) and request.may_speak:
                action = replace(action, claim=Claim("civilian"), confess=False)
            state, more = engine.apply(state, action, rng)
            events += more
    return found


def legal_values(text: str, field: str, lang: str) -> list[object] | None:
    match = re.search(LEGAL[lang].format(field=field), text)
    return None if match is None else [json.loads(v) for v in match.group(1).split(", ")]


def request_part(request: Request, view: SeatView, lang: str) -> str:
    choices = prompting.choices_for(view, request)
    props = answer_schema(choices)["properties"]
    return prompting.request_text(
        request, lang, list(props), [target_json(t) for t in request.targets],
        list(choices.accusations or ()) if "accusation" in props else [],
        list(choices.roles) if "claim" in props else [], 240,
        list(choices.claim_targets) if "claim" in props else [], choices.night, ruleset=view.ruleset)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_each_role_and_request_kind_gets_the_card_and_its_legal_values(ruleset: str, lang: str) -> None:
    rules = engine.get_ruleset(ruleset)
    found = requests_by_role(ruleset)
    assert {k for _, k in found} >= {DecisionKind.NIGHT, DecisionKind.VOTE}
    assert all((step.role, DecisionKind.NIGHT) in found for step in rules.night_steps), "a night role is untested"
    players = next(iter(found.values()))[1].players
    system = prompting.system_prompt(ruleset, players, lang)
    heading = "Victory:" if lang == "en" else "胜负："
    after = system.split(heading + "\n", 1)[1].splitlines()
    ends = next(i for i, line in enumerate(after) if not line.startswith("  "))
    card_conditions = [line.strip() for line in after[:ends]]
    assert card_conditions == list(victory_lines(rules.victory, lang))
    for (card, kind), (request, view) in found.items():
        view = replace(view, lang=lang)
        messages = prompting.messages(view, request_part(request, view, lang), lang)
        assert messages[0]["content"] == system, "the card is the same shared front for every seat"
        text = messages[-1]["content"]
        if kind in (DecisionKind.NIGHT, DecisionKind.VOTE):
            assert legal_values(text, "target", lang) == [target_json(t) for t in request.targets], (card, kind)
        if request.accusations and kind in (DecisionKind.STATEMENT, DecisionKind.LAST_WORDS):
            assert legal_values(text, "accusation", lang) == list(request.accusations), (card, kind)
        follows = consequence(request, ruleset, lang)
        if follows:
            assert follows in text, (card, kind)
        if kind is DecisionKind.VOTE:
            assert VOTES[rules.day.key][lang] in text
        if request.counts_accusation and rules.day.key in ACCUSATIONS:
            assert ACCUSATIONS[rules.day.key][lang] in text
        if request.irreversible:
            assert LINES["night_once"][lang] in text
        if request.action == "check":
            partners = [s for s in request.team if s != request.seat]
            assert (LINES["check_team"] if partners else LINES["check_alone"])[lang].split("{")[0] in text


def test_the_butterfly_is_described_one_way() -> None:
    text = prompting.system_prompt("v4-classic", 13, "en")
    assert "happens to both" not in text and "it shares what befalls the hugger" in text  # the hugger's fate only
    assert "同生共死" not in prompting.system_prompt("v4-classic", 13, "zh")
