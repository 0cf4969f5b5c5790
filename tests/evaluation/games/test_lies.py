"""Lies from words beside lies from claims: the reader's claims held against the cards and the checks received,
on hand-made readings, on a played game where a killer says "我是好人" with an empty claim, and on the committed
embedded sample where SmolLM2 says "I'm a plain civilian" with no claim."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

from agents.base import Decision
from agents.bots.scripted import ScriptedAgent
from agents.view import SeatView, seat_facts
from engine import SPEECHES, DecisionKind, Request
from evaluation.games.lies import check_true, claim_lie, contradicts, verdicts, words_lie
from evaluation.games.metrics import by_contestant, game_facts
from orchestrator.config import RunConfig
from orchestrator.run import run_game
from orchestrator.store.transcript import read_transcript
from words.reader import Reading, SaidCheck

ROOT = Path(__file__).resolve().parents[3]
SEEN = {(1, 4): "killer", (2, 6): "not_killer"}


def test_words_lie_on_a_role_a_side_or_a_check_not_held() -> None:
    assert not words_lie(Reading("police", "good", (SaidCheck(4, "killer", 1),)), ("police",), SEEN)
    assert words_lie(Reading("police", "good"), ("civilian",), {})
    assert words_lie(Reading(None, "good"), ("killer",), {})  # 我是好人 by a killer
    assert not words_lie(Reading(None, "killers"), ("traitor",), {})  # a traitor owning its side tells the truth
    assert words_lie(Reading("police", "good", (SaidCheck(4, "not_killer", 1),)), ("police",), SEEN)
    assert words_lie(Reading("police", "good", (SaidCheck(4, "killer", 2),)), ("police",), SEEN)  # another night
    assert not words_lie(Reading("police", "good", (SaidCheck(6, "not_killer"),)), ("police",), SEEN)  # no night
    assert not words_lie(Reading(), ("killer",), {})


def test_a_seat_check_matches_any_of_its_cards_in_v5() -> None:
    seen = {(1, (5, 2)): "killer"}
    assert check_true(SaidCheck(5, "killer"), seen) and check_true(SaidCheck((5, 2), "killer", 1), seen)
    assert not check_true(SaidCheck((5, 1), "killer"), seen)


def test_claim_lies_as_grounded_defines_them() -> None:
    assert claim_lie({"role": "police", "checks": [{"night": 1, "target": 4, "result": "killer"}]}, ("police",), SEEN) \
        is False
    assert claim_lie({"role": "police", "checks": []}, ("killer",), {})
    assert claim_lie({"role": None, "checks": [{"night": 2, "target": 4, "result": "killer"}]}, ("police",), SEEN)
    assert not claim_lie(None, ("killer",), {})


def test_words_contradict_their_own_claim() -> None:
    civilian = {"role": "civilian", "checks": []}
    assert contradicts(Reading("police", "good"), civilian)  # an honest claim, a lie in prose
    assert contradicts(Reading(None, "killers"), civilian)
    assert not contradicts(Reading("civilian", "good"), civilian)
    assert not contradicts(Reading("police", "good"), None)  # nothing claimed beside the words
    told = {"role": "police", "checks": [{"night": 1, "target": 4, "result": "killer"}]}
    assert contradicts(Reading("police", "good", (SaidCheck(4, "not_killer"),)), told)
    assert not contradicts(Reading("police", "good", (SaidCheck(4, "killer", 1),)), told)


class GoodTalkingKiller:
    """The scripted baseline, except that a killer says only "我是好人，先听后面的" and files no claim."""

    def __init__(self, seed: int) -> None:
        self.bot = ScriptedAgent(seed, lang="zh", level="easy")

    async def decide(self, view: SeatView, request: Request) -> Decision:
        decision = await self.bot.decide(view, request)
        speaking = request.kind in (DecisionKind.STATEMENT, DecisionKind.DEFENSE, DecisionKind.LAST_WORDS)
        if speaking and request.may_speak and "killer" in seat_facts(view).cards:
            action = dataclasses.replace(decision.action, speech="我是好人，先听后面的。", claim=None)
            return dataclasses.replace(decision, action=action, claimed_role=None)
        return decision


def test_a_killers_good_side_claim_in_words_with_an_empty_claim_is_a_lie(tmp_path: Path) -> None:
    config = RunConfig(ruleset="v4-classic", players=12, seed=3, lang="zh", agents="scripted", out=tmp_path)
    agents = {s: GoodTalkingKiller(3) for s in range(1, 13)}
    result = asyncio.run(run_game(config, agents=agents, check=False))  # type: ignore[arg-type]
    t = read_transcript(result.path)
    pairs = [(e.event, e.annotation) for e in t.entries]
    facts = game_facts(t.header, pairs, t.end)
    killers = [s for s in facts.seats if "killer" in s.cards]
    said = [v for v in verdicts(t.header, pairs, {s.seat: s for s in facts.seats}, True)
            if v.seat in {k.seat for k in killers}]
    assert said and all(v.text == "我是好人，先听后面的。" and v.claim is None for v in said)
    assert all(v.reading.said_side == "good" and v.lie_words and v.lie_claim is False for v in said)
    (row,) = by_contestant([facts]).values()
    assert row["lie_rate_killers"]["n"] == sum(s.claims for s in killers) == 0  # the claim field saw nothing
    assert row["lies_words_killers"]["k"] == len(said) == row["lies_either_killers"]["k"]
    assert row["lies_claim_killers"]["k"] == 0


def test_smollm2s_words_without_a_claim_are_read_as_claims() -> None:
    # the embedded sample's SmolLM2 fills no claim field (the small prompt profile asks for none), yet says
    # "I am a civilian" as the police (a lie by the words), "I am innocent" as a killer (a lie) and as a
    # civilian (true)
    games = ROOT / "docs" / "eval-sample" / "games"
    cases = (("v2-classic-p10-s7-r0.jsonl", 139, "I am a civilian", ("civilian", "good"), "police", True),
             ("v2-classic-p10-s7-r0.jsonl", 108, "I am innocent", (None, "good"), "killer", True),
             ("v2-classic-p10-s8-r0.jsonl", 98, "I am innocent", (None, "good"), "civilian", False))
    for name, i, words, reading, card, lie in cases:
        t = read_transcript(games / name)
        pairs = [(e.event, e.annotation) for e in t.entries]
        facts = game_facts(t.header, pairs, t.end)
        v = next(v for v in verdicts(t.header, pairs, {s.seat: s for s in facts.seats}, True) if v.i == i)
        assert words in v.text and v.claim is None and t.entries[i].annotation["model"] == "smollm2-135m"
        assert (v.reading.said_role, v.reading.said_side) == reading
        assert facts.seats[v.seat - 1].cards == (card,) and v.lie_words is lie


class WordlessClaimer:
    """The scripted baseline, except that every speech is filed without words, its structured claim kept (what
    the random bot does)."""

    def __init__(self, seed: int) -> None:
        self.bot = ScriptedAgent(seed, lang="en", level="easy")

    async def decide(self, view: SeatView, request: Request) -> Decision:
        decision = await self.bot.decide(view, request)
        if request.kind in (DecisionKind.STATEMENT, DecisionKind.DEFENSE, DecisionKind.LAST_WORDS):
            return dataclasses.replace(decision, action=dataclasses.replace(decision.action, speech=""))
        return decision


def test_a_claim_filed_without_words_counts_the_same_in_the_claim_rate_and_the_lie_rates(tmp_path: Path) -> None:
    config = RunConfig(ruleset="v2-classic", players=8, seed=5, lang="en", agents="scripted", out=tmp_path)
    agents = {s: WordlessClaimer(5) for s in range(1, 9)}
    result = asyncio.run(run_game(config, agents=agents, check=False))  # type: ignore[arg-type]
    t = read_transcript(result.path)
    pairs = [(e.event, e.annotation) for e in t.entries]
    filed = [e for e, _ in pairs if e.kind in SPEECHES and
             (e.data.get("claim") or {}).get("role") and not str(e.data.get("speech") or "").strip()]
    assert filed  # the scripted killers claim civilian, here without a word
    facts = game_facts(t.header, pairs, t.end)
    (row,) = by_contestant([facts]).values()
    assert row["claim_rate"]["k"] == len(filed) and row["claim_rate"]["rate"] is not None  # not "–"
    killers = [s for s in facts.seats if "killer" in s.cards]
    role_lies = sum(s.lies for s in killers)
    assert role_lies > 0 and row["lie_rate_killers"]["k"] == role_lies
    assert row["lies_claim_killers"]["k"] == role_lies == row["lies_claim_killers"]["n"]  # the same claims
    assert row["lies_words_killers"]["k"] == 0  # no words, no words lie
