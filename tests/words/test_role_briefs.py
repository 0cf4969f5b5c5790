"""Every role of every ruleset has its brief (what it knows, what it wants, typical plays) in English and Chinese,
and a seat's prompt carries its own cards' briefs (v5: both) and no other role's."""

from __future__ import annotations

import random

import pytest

import engine
from agents.llm import prompting
from agents.view import SeatView
from engine import display_name
from engine.roles import ROLE_IDS
from words.role_briefs import BRIEFS, brief

RULESETS = [r.id for r in engine.all_rulesets()]
DEALT = sorted({role for r in engine.all_rulesets() for role in r.roles()})


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("role", sorted({*DEALT, *ROLE_IDS}))
def test_every_role_has_its_brief_in_both_languages(role: str, lang: str) -> None:
    b = BRIEFS[role][lang]
    assert b.knows.strip() and b.wants.strip() and b.plays.strip()
    text = brief(role, lang, display_name(role, lang))
    assert display_name(role, lang) in text and b.plays in text
    if lang == "zh":  # written in Chinese, not English left in place
        assert not any(c.isascii() and c.isalpha() for c in b.knows + b.wants + b.plays)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_seat_reads_its_own_cards_briefs_only(ruleset: str, lang: str) -> None:
    rng = random.Random(7)
    state, events = engine.new_game(ruleset, rng)
    roles = engine.get_ruleset(ruleset).roles()
    for seat in state.seats:
        view = SeatView(seat.number, ruleset, len(state.seats), tuple(engine.observation(events, seat.number)), lang)
        text = "\n".join(m["content"] for m in prompting.messages(view, "", lang))
        own = set(seat.cards)
        for role in roles:
            assert (BRIEFS[role][lang].plays in text) == (role in own), (seat.number, role)
        assert prompting.system_prompt(ruleset, len(state.seats), lang).count(BRIEFS["civilian"][lang].plays) == 0
