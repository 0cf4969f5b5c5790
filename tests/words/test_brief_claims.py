"""Issue 42, item 1 of what is left: the briefs' advice checked like the card. Every tip a brief says, in all 11
rulesets x every table size x every role dealt, names the moves and effects it relies on (words/role_briefs.py
`relies_on`, words/claims/advice.py keys); words/claims/check_advice.py holds each against the engine. A tip that
names a move in its words carries the claim of that move; the mutation tests show a brief advising a move the
ruleset does not offer (or the engine changing the effect a tip relies on) failing the check."""

from __future__ import annotations

import re

import pytest

import engine
import engine.night.basic
import words.role_briefs as role_briefs
from engine.rulesets import all_rulesets
from words.claims import Claim
from words.claims.advice import advice_claim
from words.claims.check_advice import advice_problems
from words.claims.render import confess_effect, names
from words.role_briefs import BRIEFS, Tip, advice, brief
from words.table import table

CASES = [(r.id, n) for r in all_rulesets() for n in range(r.players[0], r.players[1] + 1)]

# This test's own vocabulary for what a tip's words speak of -> the advice keys one of which it must carry.
SPOKEN = {
    r"hold (?:fire|the shot)": ("pass:",),
    r"\byou must\b": ("must:",),
    r"\byourself\b": ("self:",),
    r"jump-kill": ("jump",),
    r"\bclaim|\breport": ("claim",),
    r"\bvot(?:e|es|ed|ing)\b": ("vote", "silenced:votes"),
    r"\baccuses\b": ("silenced:accuses",),
    r"\bcheck(?:s|ed)?\b": ("call:*:check", "call:@:check", "call:police:check", "together:@:check", "answer:",
                            "ruling:undercover_nods", "ruling:hug_blocks_check"),
    r"\bsav(?:e|ed)\b|needle": ("call:@:save", "self:@:save", "ruling:empty_needles", "ruling:killed_and_sniped"),
    r"\bsnip(?:e|ed)\b": ("call:@:snipe", "pass:@:snipe", "must:@:snipe", "ruling:killed_and_sniped"),
    r"\bhug(?:s|ged)?\b": ("call:@:hug", "call:butterfly:hug", "ruling:hug_blocks_check"),
    r"\bsilenc(?:e|ed)\b": ("call:@:silence", "silenced:"),
    r"\btake away|\btook\b": ("call:@:take",),
    r"\b(?:shot|bullet|fire)\b": ("call:@:shoot", "pass:@:shoot", "pass:@:snipe", "ruling:sp_immune",
                                 "ruling:rifle_any"),
    r"\bpartners?\b|\bfellow\b|open (?:your|their) eyes with": ("knows:", "together:"),
    r"know your seat|judge shows you": ("shown:", "knows:"),
    r"\bother card\b": ("two_sided", "judge_out"),
}


def _all_tips() -> list[tuple[str, Tip]]:
    return [(role, t) for role, b in BRIEFS.items() for t in (*b.knows, *b.wants, *b.plays)]


@pytest.mark.parametrize(("ruleset", "players"), CASES, ids=[f"{r}-{n}" for r, n in CASES])
def test_every_tip_said_is_proven_by_the_judge(ruleset: str, players: int) -> None:
    tab = table(ruleset, players)
    failed = [f"{role}: {tip.en!r} relies on {c.act}/{c.rule}: {p}"
              for role in tab.roles() for tip, claims in advice(role, tab) for c in claims
              for p in advice_problems(c, ruleset, players)]
    assert failed == []


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("ruleset", "players"), CASES, ids=[f"{r}-{n}" for r, n in CASES])
def test_what_a_tip_says_of_a_jump_kill_or_a_win_is_its_claim(ruleset: str, players: int, lang: str) -> None:
    """A jump-kill tip says the jump-kill claim's effect; the police's win tip names the claim's wipe-out group."""
    tab = table(ruleset, players)
    for role in tab.roles():
        text = brief(role, lang, role, tab)
        for _, claims in advice(role, tab):
            for c in claims:
                if c.act == "jump_kill":
                    assert confess_effect(c, lang) in text
                if c.act == "wins":
                    assert names(c.subject, lang) in text


def test_each_tip_naming_a_move_relies_on_its_claim() -> None:
    """The words of a tip cannot speak of a move it does not tie to a claim: each move word (this test's own
    vocabulary) is matched by an advice key of the tip; a tip with a {jump} or {wipe} field relies on its claim."""
    for role, tip in _all_tips():
        for pattern, keys in SPOKEN.items():
            if re.search(pattern, tip.en):
                assert any(k.startswith(want) for k in tip.relies_on for want in keys), (role, tip.en, pattern)
        if "{jump}" in tip.en:
            assert "jump" in tip.relies_on
        if "{wipe}" in tip.en:
            assert any(k.startswith("wins:") for k in tip.relies_on)
        for key in tip.relies_on:  # every key is one advice.py reads
            advice_claim(key, role, table("v5-dual") if key == "two_sided" else table("v4-std"))


# -- mutations: a brief advising a move the ruleset does not have fails ----------------------------------------------
def test_advice_to_hold_fire_where_the_sniper_must_fire_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    tab = table("v4-std", 14)
    assert all(not advice_problems(c, "v4-std", 14) for _, cs in advice("sniper", tab) for c in cs)
    monkeypatch.setitem(role_briefs.NEEDS, "pass", lambda t, r: True)  # the tip's need no longer guards it
    said = [c for tip, cs in advice("sniper", tab) for c in cs if tip.en.startswith("a good seat sniped")]
    assert said and any("may name nobody" in p for c in said for p in advice_problems(c, "v4-std", 14))


def test_advice_on_a_move_no_night_offers_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """v1 has no police check: a civilian told to weigh the claimed checks fails; so would a doctor saving
    itself, a butterfly's hug, a silenced vote where the ruleset has none of them."""
    monkeypatch.setitem(role_briefs.NEEDS, "check", lambda t, r: True)
    claims = [c for _, cs in advice("civilian", table("v1")) for c in cs if c.act == "offers"]
    assert any("never calls any role to check" in p for c in claims for p in advice_problems(c, "v1", 9))
    for claim in (Claim("offers", "doctor:save", ("doctor",), effect="save", may_target_self=True),
                  Claim("offers", "butterfly:hug", ("butterfly",), effect="hug"),
                  Claim("silenced", "R-silenced", effect="votes")):
        assert advice_problems(claim, "v2-classic", 9)


def test_advice_on_an_engine_effect_it_lacks_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """The traitor's tip "a police check shows you as not a killer" fails on an engine whose check nods at him;
    the old man's "a silenced seat still accuses and votes" fails on a ruleset whose day counts no accusation."""
    claim = advice_claim("answer:@:not_killer", "traitor", table("v3.5-std"))
    assert advice_problems(claim, "v3.5-std", 12) == ()
    advice_problems.cache_clear()
    monkeypatch.setattr(engine.night.basic, "check_answer", lambda state, target: "killer")
    try:
        assert any("answered" in p for p in advice_problems(claim, "v3.5-std", 12))
    finally:
        advice_problems.cache_clear()
    accuses = advice_claim("silenced:accuses", "old_man", table("v4-std"))
    assert advice_problems(accuses, "v4-std", 14) == ()
    assert any("counted accusation" in p for p in advice_problems(accuses, "v4-classic", table("v4-classic").players))


def test_a_partner_tip_where_the_role_has_no_partner_fails() -> None:
    knows = advice_claim("knows:@", "police", table("v4-classic"))
    assert any("another seat" in p for p in advice_problems(knows, "v4-classic", table("v4-classic").players))
    shown = advice_claim("shown:@", "undercover", table("v5-dual"))
    assert any("shown" in p for p in advice_problems(shown, "v5-dual", 10))
