"""The bots' speeches say their reason (issue 38): each speech records on its Decision the reason its words give
(agents/base.py `Reason`), and that reason is checked against the engine's events by evaluation/games/reasons.py,
which reads the record, never the bot: a good seat's reason is always true; a killer's is true but for the checks
its false police invents. The words name the seats the reason rests on, vary from speech to speech, carry no
pile-on line, and Chinese takes no space after its punctuation."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass

import pytest

import engine
from agents.base import Attribution, Decision, Reason
from agents.bots.scripted import ScriptedAgent
from agents.view import SeatView
from engine import SPEECHES, Event, EventKind, Team, team_of
from evaluation.games.reasons import checkable, piled_on, reason_true

GAMES = [("v3.8-std", 13, 2), ("v3.8-std", 13, 3), ("v2-classic", 8, 1), ("v3", 10, 4), ("v4-classic", 12, 2),
         ("v2.5-std", 12, 5), ("v3.5-std", 13, 6)]


@dataclass(frozen=True)
class Said:
    """One bot speech: the decision, the events before it, the speaker's side."""

    decision: Decision
    events: tuple[Event, ...]
    killer: bool


def speeches(ruleset: str, players: int, seed: int, lang: str) -> list[Said]:
    rng = random.Random(seed)
    state, first = engine.new_game(ruleset, rng, players=players)
    events: list[Event] = list(first)
    hands = first[0].data["hands"]
    bot, out = ScriptedAgent(seed, lang, level="hard"), []
    while not state.is_over():
        for request in engine.current_batch(state):
            if state.is_over() or request not in state.pending:
                break
            view = SeatView(request.seat, ruleset, players, tuple(engine.observation(events, request.seat)), lang)
            d = bot.choose(view, request)
            if request.kind in SPEECHES and d.action.speech:
                killer = any(team_of(c) is Team.KILLERS for c in hands[request.seat - 1])
                out.append(Said(d, tuple(events), killer))
            state, more = engine.apply(state, d.action, rng)
            events += more
    return out


@pytest.fixture(scope="module")
def played() -> dict[tuple[str, str], list[Said]]:
    return {(f"{r}-{n}-s{s}", lang): speeches(r, n, s, lang) for r, n, s in GAMES for lang in ("en", "zh")}


def test_every_reason_is_true_but_a_false_police_s_invented_checks(played: dict[tuple[str, str], list[Said]]) -> None:
    untrue, sure, total = [], 0, 0
    for game, said in played.items():
        for s in said:
            total += 1
            reason = s.decision.reason
            assert reason is not None, (game, s.decision.action.speech)
            if not checkable(reason):
                continue
            sure += 1
            if not reason_true(reason, s.events, len(s.events)):
                untrue.append((game, s))
    # a killer's bluff: the false police's own "check", which the judge never gave it
    lies = [(g, s) for g, s in untrue if s.killer and s.decision.reason is not None
            and s.decision.reason.kind == "check"
            and all(f.act == "checked" and f.seat == s.decision.action.seat for f in s.decision.reason.evidence)]
    assert [(g, s.decision.action.speech) for g, s in untrue if (g, s) not in lies] == []
    assert sure >= 0.75 * total  # most speeches rest on facts, so the check above is not vacuous
    assert len(lies) <= 0.06 * sure


def test_the_words_name_the_seats_the_reason_rests_on(played: dict[tuple[str, str], list[Said]]) -> None:
    wrong = []
    for said in played.values():
        for s in said:
            d = s.decision
            assert d.reason is not None
            roles = Counter(f.role for f in d.reason.evidence if f.act == "claimed")
            for fact in d.reason.evidence:
                named = {fact.seat, fact.target} - {None, d.action.seat}
                if fact.act == "claimed" and roles[fact.role] > 1:
                    continue  # a count names the seat it accuses and how many claim, not every claimant
                if not named <= seats_named(d.action.speech):
                    wrong.append((fact, d.action.speech))
    assert wrong == []


def test_no_pile_on_line(played: dict[tuple[str, str], list[Said]]) -> None:
    """No reason made only of others' accusations, and none of the old lines that agreed with them."""
    for said in played.values():
        for s in said:
            assert s.decision.reason is not None and not piled_on(s.decision.reason)
            text = s.decision.action.speech
            assert not re.search(r"I agree|I join .* in accusing|Like seats? .*, I suspect", text), text
            assert "我同意" not in text and "一起指认" not in text, text


def test_the_same_reason_is_said_in_varied_words(played: dict[tuple[str, str], list[Said]]) -> None:
    """Per game, at least three sentences in four are new once seat numbers are masked; per kind of reason, the
    sentences that say it take several forms."""
    forms: dict[str, set[str]] = {}
    shares = []
    for (_, lang), said in played.items():
        sentences = [mask(x) for s in said for x in split(s.decision.action.speech)]
        shares.append(len(set(sentences)) / len(sentences))
        for s in said:
            reason = s.decision.reason
            if reason is not None and checkable(reason):
                forms.setdefault(f"{lang}:{reason.kind}", set()).add(mask(split(s.decision.action.speech)[-1]))
    assert sum(shares) / len(shares) >= 0.75, shares
    counts = {k: len(f) for k, f in forms.items()}
    assert all(n >= 3 for k, n in counts.items() if not k.endswith(":verdict")), counts


def test_chinese_takes_no_space_after_its_punctuation(played: dict[tuple[str, str], list[Said]]) -> None:
    for (_, lang), said in played.items():
        if lang == "zh":
            for s in said:
                text = s.decision.action.speech
                assert not re.search(r"[。，；：！？] |\s\s|[,;:] ", text), text


def seats_named(text: str) -> set[int]:
    """The seats a speech names: "seat 5", "seats 3, 5", "5号", "3、5号"."""
    runs = re.findall(r"\b[Ss]eats? (\d+(?:, \d+)*)", text) + re.findall(r"(\d+(?:、\d+)*)号", text)
    return {int(n) for run in runs for n in re.split(r", |、", run)}


def split(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+|(?<=[。！？])", text) if s.strip()]


def mask(sentence: str) -> str:
    return re.sub(r"\d+(?:、\d+)*号", "#号", re.sub(r"\b([Ss]eats?) \d+(?:, \d+)*", r"\1 #", sentence))


def _said(seat: int, **data: object) -> Event:
    return Event(EventKind.STATEMENT, {"seat": seat, "kind": "statement", "speech": "-", **data})


def test_the_oracle_refuses_a_check_not_got_a_vote_not_cast_and_a_count_the_cards_allow() -> None:
    """evaluation/games/reasons.py is not vacuous: a check the seat did not get (or another seat got), a vote
    never cast, an accusation never made, and more claims than cards where the deal holds enough are refused."""
    deal = Event(EventKind.DEAL, {"hands": [["police"], ["killer"], ["civilian"], ["civilian"], ["doctor"]]},
                 frozenset())
    check = Event(EventKind.CHECK_RESULT, {"night": 1, "by": "police", "target": 2, "result": "killer"},
                  frozenset({1}))
    events = [deal, check, _said(3, accusation=2, claim={"role": "civilian", "checks": []}),
              _said(4, claim={"role": "civilian", "checks": []}), _said(5, claim={"role": "civilian", "checks": []}),
              Event(EventKind.VOTE, {"seat": 4, "kind": "vote", "target": 2})]
    true = [Reason("check", (Attribution(1, "checked", 2, result="killer"),)),
            Reason("vote", (Attribution(4, "voted", 2),)), Reason("accusation", (Attribution(3, "led", 2),)),
            Reason("count", tuple(Attribution(s, "claimed", role="civilian") for s in (3, 4, 5))),
            Reason("doubt", (Attribution(2, "lacks", role="police"), Attribution(1, "holds", role="police")))]
    false = [Reason("check", (Attribution(1, "checked", 3, result="killer"),)),  # a check it never got
             Reason("check", (Attribution(1, "checked", 2, result="not_killer"),)),  # not the judge's answer
             Reason("check", (Attribution(3, "checked", 2, result="killer"),)),  # another seat's check
             Reason("vote", (Attribution(3, "voted", 2),)),  # a vote never cast
             Reason("accusation", (Attribution(4, "accuses", 2),)),  # an accusation never made
             Reason("accusation", (Attribution(4, "led", 2),)),
             Reason("count", tuple(Attribution(s, "claimed", role="civilian") for s in (3, 4))),  # two cards dealt
             Reason("doubt", (Attribution(1, "lacks", role="police"),))]
    assert [r for r in true if not reason_true(r, events, len(events))] == []
    assert [r for r in false if reason_true(r, events, len(events))] == []
    assert not reason_true(true[1], events, len(events) - 1)  # the vote comes after the speech
    assert not checkable(Reason("hunch")) and not checkable(Reason("pointed", (Attribution(3, "accuses", 2),)))


def test_the_benchmark_counts_hold(played: dict[tuple[str, str], list[Said]]) -> None:
    """The kinds the bots give are the ones docs/bots.md lists."""
    kinds = Counter(s.decision.reason.kind for said in played.values() for s in said if s.decision.reason)
    assert set(kinds) <= {"check", "claimed", "doubt", "vote", "count", "death", "verdict", "defence", "accusation",
                          "hunch"}
    assert {"check", "claimed", "doubt", "count", "defence", "accusation"} <= set(kinds)
