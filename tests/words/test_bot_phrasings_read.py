"""Every phrasing a bot can say a claim with is read as that claim: the strategic bots' templates
(agents/bots/strategies/phrases.py) and the scripted baseline's (prompts/<lang>/scripted.j2), enumerated
template by template, for every claimable role and both languages — not a sample (issue 35). The other intents
claim nothing of the speaker's own, so a bot's words-based lie rate does not rest on a misreading."""

from __future__ import annotations

import itertools
import random

import pytest

from agents.bots.strategies.phrases import PHRASES
from agents.bots.strategies.speech import Voice
from agents.llm.prompting import environment
from engine import display_name
from words.narrator import Words
from words.reader import read_statement
from words.reader.vocab import CLAIMABLE, side_of_role

LANGS = tuple(PHRASES)
PLAYERS, SPEAKER, DAY = 12, 1, 3
# the intents that claim something of the speaker's own: its role, its checks, that it is the police or not a killer
CLAIM_INTENTS = {"civilian", "role", "checks", "checked_killer", "checked_good", "again", "why_check", "why_impostor",
                 "why_accused_checked", "why_voted_checked"}
GOOD_SIDE = {"defend", "why_accused_me", "defend_self", "defend_close"}  # may say the speaker is good, never more


def _identities(lang: str) -> list[tuple[str, str]]:
    """(text, role) for every identity template and claimable role, alone and after every 'again' prefix."""
    out = []
    for role in CLAIMABLE:
        templates = PHRASES[lang]["civilian"] if role == "civilian" else PHRASES[lang]["role"]
        for t in templates:
            text = t.format(role=display_name(role, lang))
            out.append((text, role))
            out += [((" " if lang == "en" else "").join((again, text)), role) for again in PHRASES[lang]["again"]]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_identity_template_reads_as_its_role(lang: str) -> None:
    cases = _identities(lang)
    assert len(cases) == len(CLAIMABLE) * 5 * (1 + len(PHRASES[lang]["again"]))
    wrong = [(text, role, r.said_role) for text, role in cases
             if (r := read_statement(text, lang, PLAYERS, SPEAKER, day=DAY)).said_role != role
             or r.said_side != side_of_role(role)]
    assert wrong == []


# what happened, said before the claim in the same sentence (speech.py `Voice.run_on`)
NEWS = ("dead", "peaceful", "executed", "verdict_side", "verdict_votes", "pointed", "overclaimed")


@pytest.mark.parametrize("lang", LANGS)
def test_every_identity_after_the_news_reads_as_its_role(lang: str) -> None:
    """A statement runs its claim on from what happened ("Seat 4 died in the night; I am a civilian."): every
    opening template with every identity template and claimable role."""
    voice, values = Voice(lang, random.Random(0)), _values(lang)
    news = [t.format(**values) for intent in NEWS for t in PHRASES[lang][intent]]
    bare = _identities(lang)[::1 + len(PHRASES[lang]["again"])]
    assert len(bare) == len(CLAIMABLE) * 5 and len(news) >= 30
    wrong = []
    for (text, role), opening in itertools.product(bare, news):
        said = voice.run_on(opening, text)
        r = read_statement(said, lang, PLAYERS, SPEAKER, day=DAY)
        if r.said_role != role or r.said_side != side_of_role(role):
            wrong.append((said, r.said_role))
    assert wrong == []


def _check_lists(lang: str) -> list[tuple[str, set[tuple[int, str, int]]]]:
    """Every 'checks' template with every pair of a killer and a good item, and each item alone."""
    p, w = PHRASES[lang], Words(lang)
    sep = str(w("item_sep"))
    out = []
    for t in p["checks"]:
        for k, g in itertools.product(p["checked_killer"], p["checked_good"]):
            items = [k.format(seat=w.seat(5), night=1), g.format(seat=w.seat(7), night=2)]
            out.append((t.format(checks=sep.join(items)), {(5, "killer", 1), (7, "not_killer", 2)}))
            out.append((t.format(checks=sep.join(items[::-1])), {(5, "killer", 1), (7, "not_killer", 2)}))
        out += [(t.format(checks=k.format(seat=w.seat(9), night=2)), {(9, "killer", 2)}) for k in p["checked_killer"]]
        out += [(t.format(checks=g.format(seat=w.seat(4), night=1)), {(4, "not_killer", 1)}) for g in p["checked_good"]]
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("claimed", [False, True])
def test_every_check_template_reads_its_checks(lang: str, claimed: bool) -> None:
    """The list as the bots say it, with the police claim before it (speech.py) or alone."""
    police = PHRASES[lang]["role"][0].format(role=display_name("police", lang)) if claimed else ""
    wrong = []
    for text, want in _check_lists(lang):
        said = (" " if lang == "en" else "").join(filter(None, (police, text)))
        r = read_statement(said, lang, PLAYERS, SPEAKER, day=DAY)
        if {(c.target, c.result, c.night) for c in r.said_checks} != want or r.said_role != "police":
            wrong.append((said, r))
    assert wrong == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_police_bot_accusing_on_its_own_check_reports_that_check(lang: str) -> None:
    """Its ground (agents/bots/strategies/ground_phrases.py "why_check"), with every joint and conclusion."""
    w, p = Words(lang), PHRASES[lang]
    for t, join, end in itertools.product(p["why_check"], p["join"], p["conclude"]):
        text = "".join((t.format(seat=w.seat(6), night=2), join, end.format(seat=w.seat(6))))
        r = read_statement(text, lang, PLAYERS, SPEAKER, day=DAY)
        assert [(c.seat(), c.result, c.night) for c in r.said_checks] == [(6, "killer", 2)], text
        assert r.said_role == "police" and r.accuses == (6,), text


def _values(lang: str) -> dict[str, object]:
    w = Words(lang)
    return {"dead": w.seat(4), "seat": w.seat(6), "by": w.seat(8), "target": w.seat(9), "good": w.seat(10),
            "bad": w.seat(11), "n": 3, "cards": 1, "role": display_name("police", lang), "side": w("side_good"),
            "night": 2}


@pytest.mark.parametrize("lang", LANGS)
def test_the_other_intents_claim_no_role_or_check_of_the_speaker(lang: str) -> None:
    """What happened, accusations, doubts, farewells: no role, no check of the speaker's own; a defence may
    say the speaker is good, never more."""
    values, wrong = _values(lang), []
    for intent, templates in PHRASES[lang].items():
        if intent in CLAIM_INTENTS:
            continue
        for t in templates:
            r = read_statement(t.format(**values), lang, PLAYERS, SPEAKER, day=DAY)
            side_ok = r.said_side is None or (intent in GOOD_SIDE and r.said_side == "good")
            if r.said_role is not None or r.said_checks or not side_ok:
                wrong.append((intent, t, r))
    assert wrong == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_scripted_baseline_identity_and_check_lines(lang: str) -> None:
    lines = environment(lang).get_template("scripted.j2").module
    for role in CLAIMABLE:
        r = read_statement(str(lines.identity(role)), lang, PLAYERS, SPEAKER, day=DAY)  # type: ignore[attr-defined]
        assert (r.said_role, r.said_side) == (role, side_of_role(role)), role
    for killer in (True, False):
        said = " ".join((str(lines.identity("police")), str(lines.check(5, killer))))  # type: ignore[attr-defined]
        r = read_statement(said, lang, PLAYERS, SPEAKER, day=DAY)
        assert [(c.target, c.result) for c in r.said_checks] == [(5, "killer" if killer else "not_killer")]
    for intent in ("no_read", "farewell"):
        r = read_statement(str(getattr(lines, intent)()), lang, PLAYERS, SPEAKER, day=DAY)
        assert not r.claims, intent
    r = read_statement(str(lines.defend()), lang, PLAYERS, SPEAKER, day=DAY)  # type: ignore[attr-defined]
    assert (r.said_role, r.said_side) == (None, "good")
