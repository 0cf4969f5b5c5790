"""Every phrasing of a bot's grounds (agents/bots/strategies/ground_phrases.py, issue 38) read by the speech reader
as what it says, template by template, with every joint and conclusion, in both languages: a seat's own role and
checks only where the ground is its own check (said as the police), the accusation the conclusion names and no
other, and another seat quoted only with what the ground's facts say it did (the bots' misquote oracle,
tests/agents/bots/test_attributions.py `quote_backed`)."""

from __future__ import annotations

import itertools

import pytest

from agents.bots.strategies.ground_phrases import EN, ZH
from engine import Event, EventKind, display_name
from tests.agents.bots.test_attributions import quote_backed
from words.narrator import Words
from words.reader import read_statement

PLAYERS, SPEAKER, DAY = 13, 1, 3
SEAT, BY, TARGET, NIGHT = 6, 8, 9, 2
WORDS = {"en": EN, "zh": ZH}
PARTS = {"join", "conclude", "join_quiet", "hold", "defend_lead", "defend_self", "defend_close", "believe"}
# the grounds that say the speaker's own check, or that it is the police: (role, checks) it claims
OWN = {"why_check": ("police", {(SEAT, "killer", NIGHT)}), "why_impostor": ("police", set()),
       "why_accused_checked": ("police", {(TARGET, "not_killer", NIGHT)}),
       "why_voted_checked": ("police", {(TARGET, "not_killer", NIGHT)})}


def _speech(seat: int, role: str | None = None, checks: tuple[tuple[int, str], ...] = (),
            accusation: int | None = None) -> Event:
    claim = {"role": role, "checks": [{"night": 1, "target": t, "result": r} for t, r in checks]}
    return Event(EventKind.STATEMENT, {"seat": seat, "kind": "statement", "speech": "-", "accusation": accusation,
                                       "claim": claim if role or checks else None})


def record(intent: str) -> list[Event]:
    """The public record a ground of `intent` rests on (the seats: SEAT accused, BY the claimant believed)."""
    mine = {"why_contradicted_killer": "not_killer", "why_disagrees_not_killer": "not_killer"}.get(intent, "killer")
    by_reports = {"why_countered": ((SEAT, "killer"),), "why_reported": ((SEAT, "killer"),),
                  "why_reported_dead": ((SEAT, "killer"),), "why_disagrees_killer": ((TARGET, "not_killer"),),
                  "why_disagrees_not_killer": ((TARGET, "killer"),)}
    out = [_speech(BY, "police", by_reports.get(intent, ((TARGET, "not_killer"),)))]
    if intent.startswith(("why_contradicted", "why_disagrees")):
        out.append(_speech(SEAT, "police", ((TARGET, mine),)))
    if intent == "why_countered":
        out.append(_speech(SEAT, "police"))
    if intent in ("why_accused_claimed", "why_voted_claimed"):
        out.append(_speech(TARGET, "police"))
    if intent == "why_led":
        out.append(_speech(SEAT, accusation=TARGET))
    if intent == "why_accused_me":
        out.append(_speech(SEAT, accusation=SPEAKER))
    if intent == "why_pointed_police":
        out.append(_speech(BY, accusation=SEAT))
    if intent == "why_count":
        out.append(_speech(SEAT, "police"))
    if intent.startswith("why_accused"):
        out.append(_speech(SEAT, accusation=TARGET))
    if intent.startswith("why_voted"):
        out.append(Event(EventKind.VOTE, {"seat": SEAT, "kind": "vote", "target": TARGET}))
    return out


def values(lang: str) -> dict[str, object]:
    w = Words(lang)
    role = display_name("police", lang)
    return {"seat": w.seat(SEAT), "by": w.seat(BY), "target": w.seat(TARGET), "night": NIGHT, "n": 3, "cards": 1,
            "dead": w.seat(4), "role": role.lower() if lang == "en" else role}


def sentences(lang: str, intent: str) -> list[str]:
    """Every phrasing of `intent` with every joint and conclusion, as speech.py puts them together."""
    p, v = WORDS[lang], values(lang)
    end = "." if lang == "en" else "。"
    out = []
    for t in p[intent]:
        for join in p["join"]:
            for c in p["conclude"]:
                text = f"{t}{join}{c}".format(**v)
                out.append(text[0].upper() + text[1:] + end)
    return out


def problems(lang: str, intent: str, text: str, accuses: tuple[int, ...] | None = (SEAT,),
             record_more: tuple[Event, ...] = (), subset: bool = False) -> list[str]:
    """What the reader gets wrong in `text`, a sentence on a ground of `intent` (`accuses`: the accusation it
    concludes with, or with `subset` the seats it may be read as accusing; None: not checked, a defence may read as
    accusing its accuser)."""
    r = read_statement(text, lang, PLAYERS, SPEAKER, day=DAY)
    role, checks = OWN.get(intent, (None, set()))
    out = []
    if r.said_role != role:
        out.append(f"role {r.said_role}")
    if {(c.target, c.result, c.night) for c in r.said_checks} != checks:
        out.append(f"checks {r.said_checks}")
    if accuses is not None and r.accuses != accuses and not (subset and set(r.accuses) <= set(accuses)):
        out.append(f"accuses {r.accuses}")
    out += [f"misquotes {q}" for q in r.quotes if not quote_backed(q, [*record(intent), *record_more])]
    return out


GROUNDS = sorted(k for k in EN if k.startswith("why_"))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("intent", GROUNDS)
def test_every_ground_reads_as_what_it_says(lang: str, intent: str) -> None:
    wrong = [(text, p) for text in sentences(lang, intent) if (p := problems(lang, intent, text))]
    assert wrong == []


def test_both_languages_word_the_same_grounds_as_often() -> None:
    assert EN.keys() == ZH.keys()
    assert all(len(EN[k]) == len(ZH[k]) for k in EN)
    assert EN.keys() >= PARTS


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_other_parts_claim_nothing_of_the_speaker(lang: str) -> None:
    """Naming nobody and a defence: no role, no check, no accusation of the speaker's own; a defence may say the
    speaker is good."""
    p, v = WORDS[lang], values(lang)
    wrong = []
    for quiet in (*p["quiet_dead"], *p["quiet_executed"]):
        for join in p["join_quiet"]:
            for hold in p["hold"]:
                text = f"{quiet}{join}{hold}".format(**v)
                r = read_statement(text, lang, PLAYERS, SPEAKER, day=DAY)
                if r.said_role or r.said_checks or r.accuses or r.said_side:
                    wrong.append((text, r))
    for lead, mine, close in itertools.product(p["defend_lead"], p["defend_self"], p["defend_close"]):
        text = (f"{_cap(lead)}. {_cap(mine)}; {close}." if lang == "en" else f"{lead}。{mine}，{close}。").format(**v)
        r = read_statement(text, lang, PLAYERS, SPEAKER, day=DAY)
        if r.said_role or r.said_checks or r.said_side not in (None, "good"):
            wrong.append((text, r))
    assert wrong == []


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("intent", GROUNDS)
def test_every_ground_reads_right_in_a_defence(lang: str, intent: str) -> None:
    """A defence (speech.py `_defence`): who accuses the speaker, then the ground against that accuser (SEAT) and a
    closing clause."""
    p, v = WORDS[lang], values(lang)
    accused = (_speech(SEAT, accusation=SPEAKER),)
    wrong = []
    for lead in p["defend_lead"]:
        for t in p[intent]:
            for close in p["defend_close"]:
                text = (f"{_cap(lead)}. {_cap(t)}; {close}." if lang == "en" else f"{lead}。{t}，{close}。").format(**v)
                if p_ := problems(lang, intent, text, None, accused):
                    wrong.append((text, p_))
    assert wrong == []


DOUBTS = sorted(k for k in GROUNDS if k.startswith(("why_countered", "why_contradicted", "why_disagrees")))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("intent", [*DOUBTS, "why_impostor"])
def test_every_doubt_reads_right_as_a_stance(lang: str, intent: str) -> None:
    """Two police claims weighed aloud (speech.py `_stance`): the doubt's ground, then whom the speaker believes
    (`good`, a seat that claimed the police): no accusation but of the doubted seat, nothing of its own but what the
    ground says."""
    p, v = WORDS[lang], {**values(lang), "good": Words(lang).seat(10)}
    good = (_speech(10, "police"),)
    wrong = []
    for t in p[intent]:
        for join in p["join"]:
            for believe in p["believe"]:
                text = _cap(f"{t}{join}{believe}".format(**v)) + ("." if lang == "en" else "。")
                if p_ := problems(lang, intent, text, (SEAT,), good, subset=True):
                    wrong.append((text, p_))
    assert wrong == []
