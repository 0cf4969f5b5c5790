"""The rules card: every ruleset's powers and win conditions have their sentence, in en and zh."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import display_name
from engine.roles import action_card
from engine.rulesets import all_rulesets
from words.rules_card import DAYS, LAST_WORDS, card_text, met_conditions, rules_card, victory_lines

RULESETS = [r.id for r in all_rulesets()]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_power_and_win_condition_has_its_sentence(ruleset: str, lang: str) -> None:
    rules = next(r for r in all_rulesets() if r.id == ruleset)
    text = card_text(rules_card(ruleset, lang))
    for step in rules.night_steps:
        assert action_card(step.action, lang).format(who=display_name(step.role, lang)) in text
    assert DAYS[rules.day.key][lang] in text
    assert LAST_WORDS[rules.last_words.key][lang] in text
    for role in rules.jump_kill:
        assert display_name(role, lang) in text
    conditions = victory_lines(rules.victory, lang)
    assert len(conditions) == 1 + len(rules.victory.wipe_out) + int(rules.victory.parity) + 1  # + the draw
    for line in conditions:
        assert line in text
    for role, n in Counter(rules.composition(rules.default_players)).items():
        assert f"{display_name(role, lang)} ×{n}" in text
    if lang == "zh":
        assert "Killer" not in text and "night" not in text.lower()


def test_the_met_condition_is_named() -> None:
    living = Counter({"killer": 2, "civilian": 3})
    assert met_conditions("v2-classic", "en", living, 2, 5) == ["The killers win when every Police is dead."]
    assert met_conditions("v4-classic", "zh", Counter({"killer": 2, "civilian": 2}), 2, 4)[-1] == \
        "活着的杀手人数不少于其他活人时，杀手胜。"
    assert met_conditions("v2-classic", "en", Counter({"police": 1, "civilian": 1}), 0, 2) == \
        ["The good side wins when every Killer is dead."]
