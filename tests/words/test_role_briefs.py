"""Every role of every ruleset has its brief (what it knows, what it wants, typical plays) in English and Chinese,
and a seat's prompt carries its own cards' briefs (v5: both) and no other role's. What a brief says of the game
dealt is checked against the engine in tests/words/test_fitted_cards.py."""

from __future__ import annotations

import random
import re

import pytest

import engine
from agents.llm import prompting
from agents.view import SeatView
from engine import display_name
from engine.roles import ROLE_IDS
from words.role_briefs import BRIEFS, NEEDS, brief, tips
from words.table import table

RULESETS = [r.id for r in engine.all_rulesets()]
DEALT = sorted({role for r in engine.all_rulesets() for role in r.roles()})


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("role", sorted({*DEALT, *ROLE_IDS}))
def test_every_role_has_its_brief_in_both_languages(role: str, lang: str) -> None:
    if role not in BRIEFS:  # optional (docs/engine.md): a role new to the table reads its help line as its brief
        help_line = engine.roles.role_help(role, lang)
        assert help_line.strip() and help_line in brief(role, lang, display_name(role, lang), table("v2-classic"))
        return
    parts = BRIEFS[role]
    for tip in (*parts.knows, *parts.wants, *parts.plays):
        assert tip.en.strip() and tip.zh.strip()
        assert all(n.removeprefix("not:") in NEEDS for n in tip.needs)
        if lang == "zh":  # written in Chinese, not English left in place
            placeholders = re.sub(r"\{(?:specials|jump|wipe)\}", "", tip.zh)
            assert not any(c.isascii() and c.isalpha() for c in placeholders)
    for rules in engine.all_rulesets():
        if role not in rules.roles():
            continue
        tab = table(rules.id)
        text = brief(role, lang, display_name(role, lang), tab)
        assert display_name(role, lang) in text
        assert all(tips(role, part, tab) for part in ("knows", "wants", "plays")), (rules.id, role)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_seat_reads_its_own_cards_briefs_only(ruleset: str, lang: str) -> None:
    rng = random.Random(7)
    state, events = engine.new_game(ruleset, rng)
    tab = table(ruleset, len(state.seats))
    roles = engine.get_ruleset(ruleset).roles()
    for seat in state.seats:
        view = SeatView(seat.number, ruleset, len(state.seats), tuple(engine.observation(events, seat.number)), lang)
        text = "\n".join(m["content"] for m in prompting.messages(view, "", lang))
        own = set(seat.cards)
        for role in roles:
            assert (brief(role, lang, display_name(role, lang), tab) in text) == (role in own), (seat.number, role)
    assert "要点" not in prompting.system_prompt(ruleset, len(state.seats), "zh")
    assert "Your brief" not in prompting.system_prompt(ruleset, len(state.seats), "en")
