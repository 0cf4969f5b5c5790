"""The speech reader's interface as other packages use it (issue 19's bots check their speech with it), and the
cases the issue names: own claims, side claims, checks, negation, reported speech, retractions and corrections,
in both languages. The corpus benchmark (tests/evaluation/statements/test_corpus.py) measures it at scale."""

from __future__ import annotations

import pytest

from words.reader import Quote, Reading, SaidCheck, read_statement


def test_the_interface_other_packages_rely_on() -> None:
    r = read_statement("I'm the police. I checked 5 last night: shake.", "en", players=8, speaker=2, day=2)
    assert isinstance(r, Reading)
    assert (r.said_role, r.said_side, r.said_checks) == ("police", "good", (SaidCheck(5, "not_killer", 2),))
    assert r.clears == (5,) and r.accuses == () and r.quotes == ()
    assert read_statement("", "en", 8, 1) == Reading() and not Reading().claims


@pytest.mark.parametrize(("text", "lang", "quote"), [
    ("5号说12号是杀手", "zh", Quote(seat=5, accuses=(12,))),
    ("seat 2 says he is the police", "en", Quote(seat=2, said_role="police", said_side="good")),
])
def test_reported_speech_is_a_quote_not_a_claim(text: str, lang: str, quote: Quote) -> None:
    r = read_statement(text, lang, players=12, speaker=1)
    assert r.quotes == (quote,)
    assert (r.said_role, r.said_side, r.said_checks, r.accuses) == (None, None, (), ())


@pytest.mark.parametrize(("text", "lang", "role", "side"), [
    ("I'm just a plain civilian, no power at night.", "en", "civilian", "good"),
    ("I'm the cop.", "en", "police", "good"),
    ("I'm not the police.", "en", None, None),
    ("I'm not a killer, I'm on the good side.", "en", None, "good"),
    ("If I were the police I would have checked 2 by now.", "en", None, None),
    ("I'm the police and I will check 3 if I survive.", "en", "police", "good"),  # the "if" is about the plan
    ("I'm the police — no, I'm a civilian.", "en", "civilian", "good"),  # the later claim wins
    ("我是好人，先听后面的。", "zh", None, "good"),
    ("我是民，过。", "zh", "civilian", "good"),
    ("我跳警察。", "zh", "police", "good"),
    ("我不是警察，别乱说。", "zh", None, None),
    ("3号说自己是警察，我不信。", "zh", None, None),
])
def test_role_and_side_claims(text: str, lang: str, role: str | None, side: str | None) -> None:
    r = read_statement(text, lang, players=12, speaker=1)
    assert (r.said_role, r.said_side) == (role, side)


@pytest.mark.parametrize(("text", "lang", "day", "checks"), [
    ("As police I checked 5: nod.", "en", 1, (SaidCheck(5, "killer"),)),
    ("As the cop: night 1 I looked into seat 6 and got a nod.", "en", 2, (SaidCheck(6, "killer", 1),)),
    ("I checked 5: shake... wait, nod.", "en", 1, (SaidCheck(5, "killer"),)),  # corrected at once
    ("I checked 5: clean, and 7: nod.", "en", 2, (SaidCheck(5, "not_killer"), SaidCheck(7, "killer"))),
    ("5 is clean.", "en", 1, ()),  # an opinion, not a check, from a speaker claiming no police
    ("I'll check 5 tonight.", "en", 1, ()),  # a plan
    ("我是警察，昨晚验了3号，查杀。", "zh", 2, (SaidCheck(3, "killer", 2),)),
    ("我是警察，4号是我的金水。", "zh", 1, (SaidCheck(4, "not_killer"),)),
    ("7号说12号是杀手。", "zh", 1, ()),
])
def test_checks_reported_in_the_speakers_own_voice(text: str, lang: str, day: int,
                                                   checks: tuple[SaidCheck, ...]) -> None:
    assert read_statement(text, lang, players=12, speaker=1, day=day).said_checks == checks
