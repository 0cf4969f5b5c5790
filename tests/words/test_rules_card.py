"""The rules card: every ruleset's calls, rulings, day and win conditions have their sentence, in en and zh, for
every table size; the Chinese card is set in Chinese punctuation."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from engine import display_name
from engine.roles import action_card
from engine.rulesets import all_rulesets
from words.card_phrases import DAYS, HEAD, LAST_WORDS, RULINGS
from words.claims import V5_KILL, day_claims, night_claims
from words.claims.render import render
from words.rules_card import call_line, card_text, met_conditions, rules_card, victory_lines
from words.table import table

RULESETS = [r.id for r in all_rulesets()]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_power_and_win_condition_has_its_sentence(ruleset: str, lang: str) -> None:
    rules = next(r for r in all_rulesets() if r.id == ruleset)
    for players in range(rules.players[0], rules.players[1] + 1):
        tab = table(ruleset, players)
        text = card_text(rules_card(ruleset, lang, players))
        calls = [c for c in night_claims(tab) if c.act == "call"]
        assert [(c.subject[0], c.rule.split(":")[-1]) for c in calls if c.rule != V5_KILL] == [
            (c.role, c.action) for c in tab.calls if not (c.role == "killer" and rules.cards_per_seat > 1)]
        for call, claim in zip(tab.calls, calls, strict=True):
            assert render(claim, lang) in text
            if claim.rule == V5_KILL:  # R-v5-killer-orders: each killer card's own order, never "choose together"
                assert not claim.team and rules.cards_per_seat > 1
                continue
            power = action_card(call.action, lang)
            if rules.cards_per_seat > 1:  # v5: every target is a card (R-v5-card-targets)
                power = power.replace("a seat", "a card").replace("一名玩家", "一张牌").replace("一个人", "一张牌")
            if lang == "en":  # its subject and verb agree with the seats the call wakes (test below)
                assert power.split(" ", 2)[2] in text
            else:
                assert power.format(who=display_name(call.role, lang)) in text
            if rules.cards_per_seat == 1:
                assert call_line(call, lang) in text
        day = next(c for c in day_claims(tab) if c.act == "day")
        assert (DAYS[rules.day.key] if not day.effect else DAYS[f"{day.rule}_{day.effect}"])[lang] in text
        assert LAST_WORDS[rules.last_words.key][lang] in text
        for ruling in tab.rulings:
            assert RULINGS[ruling][lang] in text
        for role in rules.jump_kill:
            assert display_name(role, lang) in text
        conditions = victory_lines(rules.victory, lang)
        assert len(conditions) == 1 + len(rules.victory.wipe_out) + int(rules.victory.parity) + 1  # + the draw
        for line in conditions:
            assert line in text
        for role, n in Counter(rules.composition(players)).items():
            assert HEAD["count"][lang].format(role=display_name(role, lang), n=n) in text
        if lang == "zh":
            assert "Killer" not in text and "night" not in text.lower()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_chinese_card_is_set_in_chinese_punctuation(ruleset: str) -> None:
    """Issue 20 item 9: no English left in the title, no "1." alone before a line of Chinese, no ASCII colon or
    comma after Chinese text."""
    rules = next(r for r in all_rulesets() if r.id == ruleset)
    card = rules_card(ruleset, "zh", rules.default_players)
    text = card_text(card)
    assert not re.search(r"[A-Za-z]{3,}", card.title)  # "v4.0" may stay: it is the version's name
    assert not re.search(r"^\s*\d+\.\s", text, re.MULTILINE)
    assert not re.search(r"[\u4e00-\u9fff）][:,;]", text), re.search(r".{5}[\u4e00-\u9fff）][:,;].{5}", text)


def test_every_named_ruling_is_worded_in_both_languages() -> None:
    used = {r for rules in all_rulesets() for r in getattr(rules.night, "rulings", ())}
    assert used and used <= set(RULINGS)
    assert all(set(RULINGS[r]) == {"en", "zh"} for r in RULINGS)


def test_the_met_condition_is_named() -> None:
    living = Counter({"killer": 2, "civilian": 3})
    assert met_conditions("v2-classic", "en", living, 2, 5) == ["The killers win when every Police is dead."]
    assert met_conditions("v4-classic", "zh", Counter({"killer": 2, "civilian": 2}), 2, 4)[-1] == \
        "活着的杀手人数不少于其他活人时，杀手胜。"
    assert met_conditions("v2-classic", "en", Counter({"police": 1, "civilian": 1}), 0, 2) == \
        ["The good side wins when every Killer is dead."]


@pytest.mark.parametrize(("ruleset", "players", "lines"), [
    ("v2-classic", 8, ("Killers choose a seat to kill", "Police check a seat")),
    ("v4-classic", 12, ("Sniper chooses a seat to snipe", "Doctor chooses a seat to save", "Butterfly hugs a seat",
                        "Police checks a seat")),
    ("v3", 13, ("Secret police may shoot a seat once per game",))])
def test_an_english_call_agrees_with_the_seats_it_wakes(ruleset: str, players: int, lines: tuple[str, ...]) -> None:
    """A team of several is plural ("Killers choose"), one seat singular ("Sniper chooses"): never "Killer choose"
    (issue 20)."""
    text = card_text(rules_card(ruleset, "en", players))
    assert all(line in text for line in lines), text
    assert "Killer choose" not in text and "Killers chooses" not in text
